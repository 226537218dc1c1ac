// Failed sign-ins per account: after `max` failures inside `windowMs`, the account refuses
// sign-in (429) until the window ends, whatever address the attempts come from. Kept in
// memory: per server process, reset on restart; the per-address limit (@fastify/rate-limit)
// covers the rest.
export class FailureLimiter {
  private readonly entries = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    private readonly now: () => number,
  ) {}

  /** Milliseconds until `key` may try again; 0 when it may try now. */
  blockedFor(key: string): number {
    const entry = this.entries.get(key);
    if (!entry) return 0;
    const left = entry.resetAt - this.now();
    if (left <= 0) {
      this.entries.delete(key);
      return 0;
    }
    return entry.count >= this.max ? left : 0;
  }

  fail(key: string): void {
    const time = this.now();
    const entry = this.entries.get(key);
    if (!entry || entry.resetAt <= time) this.entries.set(key, { count: 1, resetAt: time + this.windowMs });
    else entry.count += 1;
    if (this.entries.size > 10_000) this.prune(time);
  }

  reset(key: string): void {
    this.entries.delete(key);
  }

  private prune(time: number) {
    for (const [key, entry] of this.entries) if (entry.resetAt <= time) this.entries.delete(key);
  }
}
