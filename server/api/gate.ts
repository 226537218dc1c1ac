// The public API's door, passed by every /api/v1 request before anything else is answered:
// its key (401), then its rate limit (429), with the RateLimit headers on the answer whatever it
// turns out to be. Routes pass it as their auth hook; a path the API does not have (404), one
// too long for the router (414) and one with a bad escape (400) pass it too, so a caller
// without a valid key learns nothing of which paths exist. Requests without a valid key count
// against their address's bucket, so guessing keys is held to the same limit.
import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpError, type ServerContext } from '../context';
import * as t from '../db/schema';
import { ApiProblem } from './errors';
import { KeyRateLimiter, keyOfRequest, type ApiKeyRow, type RateLimitTake } from './keys';

export interface ApiLimits {
  /** Requests per key (and per address without a valid key): `max` at once, refilled evenly over `windowMs`. */
  perKey: { max: number; windowMs: number };
}
export const DEFAULT_API_LIMITS: ApiLimits = { perKey: { max: 120, windowMs: 60_000 } };

export type ApiGate = (request: FastifyRequest, reply: FastifyReply) => Promise<ApiKeyRow>;

export function createApiGate(ctx: Pick<ServerContext, 'db' | 'now' | 'counters'>, limits: ApiLimits): ApiGate {
  const limiter = new KeyRateLimiter(limits.perKey.max, limits.perKey.windowMs, () => ctx.now().getTime(), ctx.counters);
  const windowSeconds = Math.round(limiter.windowMs / 1000);

  const limited = async (bucket: string, reply: FastifyReply): Promise<RateLimitTake> => {
    const take = await limiter.take(bucket);
    reply.header('ratelimit-limit', String(limiter.max));
    reply.header('ratelimit-remaining', String(take.remaining));
    reply.header('ratelimit-reset', String(take.resetSeconds));
    reply.header('ratelimit-policy', `${limiter.max};w=${windowSeconds}`);
    if (!take.allowed) {
      reply.header('retry-after', String(take.retrySeconds));
      throw new ApiProblem(429, `Rate limit of ${limiter.max} requests per ${windowSeconds} seconds reached. Try again in ${take.retrySeconds} seconds.`, 'rateLimited');
    }
    return take;
  };

  return async (request, reply) => {
    let key: ApiKeyRow;
    try {
      key = await keyOfRequest(ctx.db, request);
    } catch (refused) {
      if (refused instanceof HttpError) await limited(`address:${request.ip}`, reply);
      throw refused;
    }
    await limited(key.id, reply);
    request.apiKey = key;
    // Last use is shown in the Developer area; a minute's precision is plenty.
    const now = ctx.now();
    if (!key.lastUsedAt || now.getTime() - key.lastUsedAt.getTime() > 60_000) await ctx.db.update(t.apiKeys).set({ lastUsedAt: now }).where(eq(t.apiKeys.id, key.id));
    return key;
  };
}
