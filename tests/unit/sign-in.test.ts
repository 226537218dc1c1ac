// The sign-in wait rule: free failures, then a wait that doubles up to 15 minutes.
import { describe, expect, it } from 'vitest';
import { MAX_SIGN_IN_DELAY_SECONDS, signInDelaySeconds, signInWaitMs } from '../../lib/domain/sign-in';
import { MemoryCounters } from '../../server/auth/counters';

describe('signInDelaySeconds', () => {
  it('costs nothing for the free failures, then doubles from 2 seconds to at most 15 minutes', () => {
    expect([0, 1, 4].map((n) => signInDelaySeconds(n, 5))).toEqual([0, 0, 0]);
    expect([5, 6, 7, 8, 13, 14, 50, 10_000].map((n) => signInDelaySeconds(n, 5))).toEqual([2, 4, 8, 16, 512, 900, 900, 900]);
    expect(MAX_SIGN_IN_DELAY_SECONDS).toBe(900);
  });

  it('counts the wait from the last failure', () => {
    expect(signInWaitMs(6, 5, 1_000, 1_000)).toBe(4_000);
    expect(signInWaitMs(6, 5, 1_000, 4_500)).toBe(500);
    expect(signInWaitMs(6, 5, 1_000, 5_000)).toBe(0);
    expect(signInWaitMs(2, 5, 1_000, 1_000)).toBe(0);
  });
});

describe('MemoryCounters', () => {
  it('counts hits in fixed windows aligned to the epoch', async () => {
    const counters = new MemoryCounters();
    expect(await counters.hit('k', 60_000, 120_500)).toEqual({ count: 1, resetAt: 180_000 });
    expect(await counters.hit('k', 60_000, 179_999)).toEqual({ count: 2, resetAt: 180_000 });
    expect(await counters.hit('k', 60_000, 180_000)).toEqual({ count: 1, resetAt: 240_000 });
    expect(await counters.hit('other', 60_000, 180_000)).toEqual({ count: 1, resetAt: 240_000 });
  });

  it('forgets failures a while after the last one, and on clear', async () => {
    const counters = new MemoryCounters();
    await counters.fail('a', 1_000, 0);
    expect(await counters.fail('a', 1_000, 999)).toEqual({ count: 2, lastAt: 999 });
    expect((await counters.failures(['a', 'b'], 1_000, 1_500)).get('a')).toEqual({ count: 2, lastAt: 999 });
    expect((await counters.failures(['a'], 1_000, 1_999)).size).toBe(0);
    expect(await counters.fail('a', 1_000, 2_000)).toEqual({ count: 1, lastAt: 2_000 });
    await counters.clear('a');
    expect((await counters.failures(['a'], 1_000, 2_001)).size).toBe(0);
  });
});
