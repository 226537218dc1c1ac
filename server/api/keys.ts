// API keys: sk_test_ + 48 hex characters, of which the database keeps the SHA-256 and the last
// four. A request's key is found by its hash; a revoked or regenerated key finds nothing.
import { randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { API_KEY_BYTES, apiKeyFromBytes } from '../../lib/domain/developer';
import { hashToken } from '../auth/tokens';
import { ApiProblem } from './errors';
import type { CounterStore } from '../auth/counters';
import type { Executor } from '../db/client';
import * as t from '../db/schema';

export type ApiKeyRow = typeof t.apiKeys.$inferSelect;

export function newApiKey(): { secret: string; hash: string; lastFour: string } {
  const secret = apiKeyFromBytes(randomBytes(API_KEY_BYTES));
  return { secret, hash: hashToken(secret), lastFour: secret.slice(-4) };
}

const KEY_SHAPE = /^sk_test_[0-9a-f]{16,128}$/;

export const MISSING_KEY = 'Send your API key as Authorization: Bearer sk_test_…';
export const INVALID_KEY = 'This API key is not valid: it may have been revoked or regenerated';

/** The live key of a request's Authorization header, or a 401. */
export async function keyOfRequest(db: Executor, request: FastifyRequest): Promise<ApiKeyRow> {
  const header = request.headers.authorization;
  const match = typeof header === 'string' ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  if (!match) throw new ApiProblem(401, MISSING_KEY, 'missingKey');
  if (!KEY_SHAPE.test(match[1])) throw new ApiProblem(401, INVALID_KEY, 'invalidKey');
  const [row] = await db
    .select()
    .from(t.apiKeys)
    .where(and(eq(t.apiKeys.keyHash, hashToken(match[1])), isNull(t.apiKeys.revokedAt)));
  if (!row) throw new ApiProblem(401, INVALID_KEY, 'invalidKey');
  return row;
}

export interface RateLimitTake {
  allowed: boolean;
  /** Requests that would pass now, after this one. */
  remaining: number;
  /** Seconds until the whole limit is available again (RateLimit-Reset). */
  resetSeconds: number;
  /** Seconds until a refused request may be made again (Retry-After); 0 when allowed. */
  retrySeconds: number;
}

/**
 * A token bucket per key (and per address for requests without a valid key): `max` requests
 * at once, refilled evenly over `windowMs`, kept in `store` (shared across processes on
 * PostgreSQL). No window starts or ends, so no burst passes more than `max` plus what refilled
 * meanwhile (2 seconds of a 120-a-minute limit: 124, never 240).
 */
export class KeyRateLimiter {
  constructor(
    readonly max: number,
    readonly windowMs: number,
    private readonly now: () => number,
    private readonly store: CounterStore,
  ) {}

  async take(bucket: string): Promise<RateLimitTake> {
    const now = this.now();
    const { allowed, fullAt } = await this.store.take(`api:${bucket}`, this.max, this.windowMs, now);
    const perRequest = this.windowMs / this.max;
    const untilFull = Math.max(0, fullAt - now);
    const remaining = allowed ? Math.max(0, Math.min(this.max, Math.floor((this.windowMs - untilFull) / perRequest + 1e-9))) : 0;
    const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));
    return { allowed, remaining, resetSeconds: seconds(untilFull), retrySeconds: allowed ? 0 : seconds(untilFull - this.windowMs + perRequest) };
  }
}
