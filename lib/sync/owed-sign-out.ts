// A sign-out the server has not heard yet. Signing out while the server cannot be reached ends
// the session in this browser at once (the workspace is cleared) and leaves a mark; the mark is
// delivered (POST /auth/signout) on the next contact with the server, before anything else is
// asked of it: when the network comes back in that tab, or when any page of the app opens. The
// session cookie is HttpOnly, so only the server can end it; until it has, no pull or push goes.
import { signal, type ReadonlySignal, type Signal } from '@preact/signals-core';
import { createTransport, serverOrigin, type Request } from './transport';

const markOf = (server: string) => `creatorflow:sign-out-owed:${server}`;

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

function read(server: string): boolean {
  try {
    return storage()?.getItem(markOf(server)) === '1';
  } catch {
    return false;
  }
}

const owed = new Map<string, Signal<boolean>>();
const owedSignal = (server: string) => {
  let found = owed.get(server);
  if (!found) owed.set(server, (found = signal<boolean>(read(server))));
  return found;
};

/** Whether this browser still owes `server` a sign-out (the session may still be valid there). */
export const signOutOwed = (server: string): ReadonlySignal<boolean> => owedSignal(server);

/** Marks a sign-out the server did not hear: it is delivered on the next contact. */
export function oweSignOut(server: string) {
  try {
    storage()?.setItem(markOf(server), '1');
  } catch {
    // No storage (a private window that refuses it): the tab's own listener still delivers it.
  }
  owedSignal(server).value = true;
}

/** Forgets the mark: the server ended the session, or a new sign-in replaced it. */
export function forgetOwedSignOut(server: string) {
  try {
    storage()?.removeItem(markOf(server));
  } catch {
    // Nothing kept, nothing to forget.
  }
  owedSignal(server).value = false;
}

const paying = new Map<string, Promise<boolean>>();

/**
 * Delivers an owed sign-out, once at a time per server. Resolves true when nothing is owed any
 * more (the server answered: the session is over), false when the server could not be reached.
 */
export function payOwedSignOut(server: string, request: Request): Promise<boolean> {
  if (!read(server) && !owedSignal(server).peek()) return Promise.resolve(true);
  let running = paying.get(server);
  if (!running) {
    running = request('/auth/signout', { method: 'POST', body: '{}' }).then(
      () => {
        forgetOwedSignOut(server);
        return true;
      },
      () => false,
    );
    paying.set(server, running);
    void running.finally(() => paying.delete(server));
  }
  return running;
}

/** On opening any page of the app: delivers the sign-out this browser owes its server, if any. */
export function deliverOwedSignOut() {
  const server = serverOrigin();
  if (signOutOwed(server).peek()) void payOwedSignOut(server, createTransport({ server }));
}
