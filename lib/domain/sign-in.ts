// How long a sign-in waits after failed attempts. Instead of locking an account (which lets
// anyone who knows an email lock its owner out), each failure past the free ones doubles the
// wait, from 2 seconds up to 15 minutes; the count is forgotten a while after the last failure.

/** The longest wait, in seconds. */
export const MAX_SIGN_IN_DELAY_SECONDS = 15 * 60;

/** Seconds to wait after the last of `failures` failed attempts, when the first `free` cost nothing. */
export function signInDelaySeconds(failures: number, free: number): number {
  if (failures < free) return 0;
  return Math.min(MAX_SIGN_IN_DELAY_SECONDS, 2 ** Math.min(failures - free + 1, 20));
}

/** Milliseconds still to wait at `now` after `failures` failures, the last at `lastAt` (0: may try now). */
export function signInWaitMs(failures: number, free: number, lastAt: number, now: number): number {
  return Math.max(0, lastAt + signInDelaySeconds(failures, free) * 1000 - now);
}
