// API keys: sk_test_ + 48 hex characters, of which the database keeps the SHA-256 and the last
// four. A request's key is found by its hash; a revoked or regenerated key finds nothing.
import { randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { API_KEY_BYTES, apiKeyFromBytes } from '../../lib/domain/developer';
import { hashToken } from '../auth/tokens';
import { HttpError } from '../context';
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
  if (!match) throw new HttpError(401, MISSING_KEY);
  if (!KEY_SHAPE.test(match[1])) throw new HttpError(401, INVALID_KEY);
  const [row] = await db
    .select()
    .from(t.apiKeys)
    .where(and(eq(t.apiKeys.keyHash, hashToken(match[1])), isNull(t.apiKeys.revokedAt)));
  if (!row) throw new HttpError(401, INVALID_KEY);
  return row;
}

/** A fixed window per key: `max` requests per `windowMs`, counted in `store` (shared across processes on PostgreSQL). */
export class KeyRateLimiter {
  constructor(
    readonly max: number,
    readonly windowMs: number,
    private readonly now: () => number,
    private readonly store: CounterStore,
  ) {}

  async take(keyId: string): Promise<{ allowed: boolean; remaining: number; resetSeconds: number }> {
    const now = this.now();
    const { count, resetAt } = await this.store.hit(`api:${keyId}`, this.windowMs, now);
    const resetSeconds = Math.max(1, Math.ceil((resetAt - now) / 1000));
    return { allowed: count <= this.max, remaining: Math.max(0, this.max - count), resetSeconds };
  }
}
