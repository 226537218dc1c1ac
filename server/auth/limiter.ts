// Failed password attempts, per account and per address, in the shared counters (PostgreSQL
// when DATABASE_URL is set, so every server process sees the same counts). Past the free
// failures each attempt waits longer (lib/domain/sign-in.ts) rather than locking the account.
import { signInWaitMs } from '../../lib/domain/sign-in';
import type { CounterStore } from './counters';

export interface FailureBucket {
  bucket: string;
  /** Failures that cost no wait. */
  free: number;
}

export class FailureLimiter {
  constructor(
    private readonly store: CounterStore,
    /** A count is forgotten this long after its last failure. */
    private readonly forgetMs: number,
    private readonly now: () => number,
  ) {}

  /**
   * In one read: milliseconds until an attempt on all of `buckets` may be made (the longest of
   * their waits; 0 when it may be made now), and each bucket's failure count.
   */
  async state(buckets: readonly FailureBucket[]): Promise<{ wait: number; counts: number[] }> {
    const now = this.now();
    const found = await this.store.failures(
      buckets.map((b) => b.bucket),
      this.forgetMs,
      now,
    );
    let wait = 0;
    const counts = buckets.map(({ bucket, free }) => {
      const count = found.get(bucket);
      if (count) wait = Math.max(wait, signInWaitMs(count.count, free, count.lastAt, now));
      return count?.count ?? 0;
    });
    return { wait, counts };
  }

  async fail(buckets: readonly FailureBucket[]): Promise<void> {
    const now = this.now();
    await Promise.all(buckets.map(({ bucket }) => this.store.fail(bucket, this.forgetMs, now)));
  }

  async reset(bucket: string): Promise<void> {
    await this.store.clear(bucket);
  }
}
