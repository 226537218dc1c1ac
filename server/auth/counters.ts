// Counters behind every limit: the public API's requests per key, failed sign-ins per account
// and per address. On PostgreSQL they live in `rate_counters`, so every server process behind
// a load balancer counts into the same row, one upsert per check; PGlite is one process, so
// its counters stay in memory.
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { inArray, lt, sql } from 'drizzle-orm';
import type { DatabaseHandle, Executor } from '../db/client';
import * as t from '../db/schema';

export interface WindowCount {
  /** Hits in this window, the one just counted included. */
  count: number;
  /** When the window ends (ms since the epoch). */
  resetAt: number;
}

/** A request offered to a token bucket. */
export interface BucketTake {
  /** Whether it fitted (a refused request takes nothing from the bucket). */
  allowed: boolean;
  /** When the bucket is full again (ms since the epoch), this request counted if it fitted. */
  fullAt: number;
}

export interface FailureCount {
  count: number;
  /** The last failure (ms since the epoch). */
  lastAt: number;
}

export interface CounterStore {
  /** Counts a hit in the fixed window (aligned to the epoch, so every process agrees) that holds `now`. */
  hit(bucket: string, windowMs: number, now: number): Promise<WindowCount>;
  /**
   * Offers a request to a token bucket of `max` requests that refills evenly over `windowMs`
   * (GCRA: the bucket is kept as one time, the moment it is full again). No window boundary
   * exists, so no burst across one passes more than the bucket holds plus what refilled.
   */
  take(bucket: string, max: number, windowMs: number, now: number): Promise<BucketTake>;
  /** Counts a failure; a count whose last failure is `forgetMs` old starts again at 1. */
  fail(bucket: string, forgetMs: number, now: number): Promise<FailureCount>;
  /** The live failure counts of `buckets` (absent: none, or forgotten). */
  failures(buckets: readonly string[], forgetMs: number, now: number): Promise<Map<string, FailureCount>>;
  clear(bucket: string): Promise<void>;
}

const windowStartOf = (windowMs: number, now: number) => Math.floor(now / windowMs) * windowMs;

/** A request fits while the bucket's full-again time stays within a window of now (a millisecond's slack for rounding). */
const BUCKET_SLACK_MS = 1;

/** One process's counters (PGlite, and tests of the limits themselves). */
export class MemoryCounters implements CounterStore {
  private readonly rows = new Map<string, { windowStart: number; count: number; updatedAt: number }>();

  async hit(bucket: string, windowMs: number, now: number): Promise<WindowCount> {
    const windowStart = windowStartOf(windowMs, now);
    const row = this.rows.get(bucket);
    const count = row && row.windowStart >= windowStart ? row.count + 1 : 1;
    this.rows.set(bucket, { windowStart: Math.max(windowStart, row?.windowStart ?? 0), count, updatedAt: now });
    this.prune(now, windowMs);
    return { count, resetAt: Math.max(windowStart, row?.windowStart ?? 0) + windowMs };
  }

  async take(bucket: string, max: number, windowMs: number, now: number): Promise<BucketTake> {
    const row = this.rows.get(bucket);
    // `windowStart` holds the time the bucket is full again.
    const fullAt = Math.max(row?.windowStart ?? now, now) + windowMs / max;
    if (fullAt - now > windowMs + BUCKET_SLACK_MS) return { allowed: false, fullAt: row!.windowStart };
    this.rows.set(bucket, { windowStart: fullAt, count: 0, updatedAt: now });
    this.prune(now, windowMs);
    return { allowed: true, fullAt };
  }

  async fail(bucket: string, forgetMs: number, now: number): Promise<FailureCount> {
    const row = this.rows.get(bucket);
    const count = row && now - row.updatedAt < forgetMs ? row.count + 1 : 1;
    this.rows.set(bucket, { windowStart: now, count, updatedAt: now });
    this.prune(now, forgetMs);
    return { count, lastAt: now };
  }

  async failures(buckets: readonly string[], forgetMs: number, now: number): Promise<Map<string, FailureCount>> {
    const found = new Map<string, FailureCount>();
    for (const bucket of buckets) {
      const row = this.rows.get(bucket);
      if (row && now - row.updatedAt < forgetMs) found.set(bucket, { count: row.count, lastAt: row.updatedAt });
    }
    return found;
  }

  async clear(bucket: string): Promise<void> {
    this.rows.delete(bucket);
  }

  private prune(now: number, ageMs: number) {
    if (this.rows.size <= 10_000) return;
    for (const [bucket, row] of this.rows) if (now - row.updatedAt > ageMs) this.rows.delete(bucket);
  }
}

/** Counters in PostgreSQL, shared by every process on the database. */
export class DatabaseCounters implements CounterStore {
  private lastSweep = 0;
  constructor(private readonly db: Executor) {}

  async hit(bucket: string, windowMs: number, now: number): Promise<WindowCount> {
    const windowStart = new Date(windowStartOf(windowMs, now));
    const c = t.rateCounters;
    // A row of an older window starts again at 1; a process whose clock lags a little counts into the newer window.
    const [row] = await this.db
      .insert(c)
      .values({ bucket, windowStart, count: 1, updatedAt: new Date(now) })
      .onConflictDoUpdate({
        target: c.bucket,
        set: {
          count: sql`case when ${c.windowStart} >= excluded.window_start then ${c.count} + 1 else 1 end`,
          windowStart: sql`greatest(${c.windowStart}, excluded.window_start)`,
          updatedAt: sql`excluded.updated_at`,
        },
      })
      .returning({ count: c.count, windowStart: c.windowStart });
    this.sweep(now, windowMs);
    return { count: row.count, resetAt: row.windowStart.getTime() + windowMs };
  }

  async take(bucket: string, max: number, windowMs: number, now: number): Promise<BucketTake> {
    const c = t.rateCounters;
    const perRequest = windowMs / max;
    // For a bucket, window_start is the time it is full again, and count the requests refused since the last that fitted.
    const fullAt = sql`greatest(${c.windowStart}, excluded.updated_at) + ${perRequest}::float8 * interval '1 millisecond'`;
    const fits = sql`(${fullAt}) <= excluded.updated_at + ${windowMs + BUCKET_SLACK_MS}::float8 * interval '1 millisecond'`;
    const [row] = await this.db
      .insert(c)
      .values({ bucket, windowStart: new Date(now + perRequest), count: 0, updatedAt: new Date(now) })
      .onConflictDoUpdate({
        target: c.bucket,
        set: {
          windowStart: sql`case when ${fits} then ${fullAt} else ${c.windowStart} end`,
          count: sql`case when ${fits} then 0 else ${c.count} + 1 end`,
          updatedAt: sql`excluded.updated_at`,
        },
      })
      .returning({ count: c.count, windowStart: c.windowStart });
    this.sweep(now, windowMs);
    return { allowed: row.count === 0, fullAt: row.windowStart.getTime() };
  }

  async fail(bucket: string, forgetMs: number, now: number): Promise<FailureCount> {
    const c = t.rateCounters;
    const at = new Date(now);
    const forgotten = new Date(now - forgetMs);
    const [row] = await this.db
      .insert(c)
      .values({ bucket, windowStart: at, count: 1, updatedAt: at })
      .onConflictDoUpdate({
        target: c.bucket,
        set: {
          count: sql`case when ${c.updatedAt} > ${forgotten.toISOString()}::timestamptz then ${c.count} + 1 else 1 end`,
          updatedAt: sql`greatest(${c.updatedAt}, excluded.updated_at)`,
        },
      })
      .returning({ count: c.count, updatedAt: c.updatedAt });
    this.sweep(now, forgetMs);
    return { count: row.count, lastAt: row.updatedAt.getTime() };
  }

  async failures(buckets: readonly string[], forgetMs: number, now: number): Promise<Map<string, FailureCount>> {
    const found = new Map<string, FailureCount>();
    if (buckets.length === 0) return found;
    const rows = await this.db.select().from(t.rateCounters).where(inArray(t.rateCounters.bucket, [...buckets]));
    for (const row of rows) if (now - row.updatedAt.getTime() < forgetMs) found.set(row.bucket, { count: row.count, lastAt: row.updatedAt.getTime() });
    return found;
  }

  async clear(bucket: string): Promise<void> {
    await this.db.delete(t.rateCounters).where(sql`${t.rateCounters.bucket} = ${bucket}`);
  }

  /** Now and then (not on every check), rows idle for a day go: buckets are per key, account and address. */
  private sweep(now: number, windowMs: number) {
    if (now - this.lastSweep < 10 * 60_000) return;
    this.lastSweep = now;
    const idle = new Date(now - Math.max(windowMs, 24 * 60 * 60_000));
    this.db
      .delete(t.rateCounters)
      .where(lt(t.rateCounters.updatedAt, idle))
      // A sweep that fails (the database away a moment) is simply made again at the next one.
      .then(
        () => undefined,
        () => undefined,
      );
  }
}

/** Shared counters on PostgreSQL; in memory on PGlite (one process per data folder). */
export const countersFor = (handle: DatabaseHandle): CounterStore => (handle.kind === 'postgres' ? new DatabaseCounters(handle.db) : new MemoryCounters());

/**
 * @fastify/rate-limit's store over these counters, so its per-address limits (password
 * changes, invitation and setup look-ups) count across processes too. Each route counts apart.
 */
export function rateLimitStore(counters: CounterStore, now: () => number): FastifyRateLimitStoreCtor {
  class Store implements FastifyRateLimitStore {
    constructor(
      _options?: unknown,
      private readonly route = '',
    ) {}
    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number) {
      const at = now();
      counters.hit(`limit:${this.route}:${key}`, timeWindow, at).then(
        ({ count, resetAt }) => callback(null, { current: count, ttl: Math.max(0, resetAt - at) }),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }
    // The plugin passes the route's merged limit options, its route under `routeInfo`.
    child(options: object) {
      const route = (options as { routeInfo?: { method?: unknown; url?: string } }).routeInfo;
      return new Store(undefined, `${JSON.stringify(route?.method ?? '')} ${route?.url ?? ''}`);
    }
  }
  return Store;
}
