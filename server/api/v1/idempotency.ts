// The public API's answers to a mutation's outcome, and Idempotency-Key: a write sent again
// with the same key gets the first answer.
import { and, eq } from 'drizzle-orm';
import type { ApiKeyRow } from '../keys';
import { HttpError } from '../../context';
import { apiErrorBody, ApiProblem } from '../errors';
import type { DbTx } from '../../db/client';
import * as t from '../../db/schema';
import type { MutationOutcome } from '../../db/tx';

export const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;

/** A replay of the first answer to an Idempotency-Key. */
export class IdempotentReplay extends Error {
  constructor(
    readonly statusCode: number,
    readonly response: unknown,
  ) {
    super('replay');
  }
}

/** The API's answer to a mutation's outcome: its value, or the error with the rule's message. */
export function answerOf(outcome: MutationOutcome): { statusCode: number; value?: unknown; error?: HttpError } {
  if (outcome.status === 'applied') return { statusCode: 200, value: outcome.value };
  if (outcome.status === 'forbidden') {
    const statusCode = outcome.error === 'You are signed out. Sign in to make changes.' ? 401 : 403;
    return { statusCode, error: new HttpError(statusCode, outcome.error) };
  }
  if (outcome.status === 'invalid') return { statusCode: 400, error: new HttpError(400, outcome.error, outcome.field) };
  // A rule's refusal of one input names it (422); any other refusal is a conflict with what is stored (409).
  if (outcome.status === 'rejected') return outcome.field ? { statusCode: 422, error: new HttpError(422, outcome.error, outcome.field) } : { statusCode: 409, error: new HttpError(409, outcome.error) };
  if (outcome.status === 'skipped') return { statusCode: 409, error: new HttpError(409, 'This change was already made') };
  throw new Error(outcome.error);
}

/**
 * An Idempotency-Key's row is inserted first in the mutation's own transaction. A retry sent
 * while the first still runs waits on that row (PostgreSQL's unique index; PGlite runs one
 * transaction at a time), then finds it committed with the first answer and replays it. A
 * refusal of the key itself (401, 403) or a crash stores nothing: the row goes with it.
 */
export function idempotencyOf(now: () => Date, key: ApiKeyRow, idempotencyKey: string, route: string, fingerprint: string, answer: (outcome: MutationOutcome) => { statusCode: number; body: unknown } | null) {
  const where = and(eq(t.apiIdempotency.keyId, key.id), eq(t.apiIdempotency.idempotencyKey, idempotencyKey));
  return {
    async reserve(tx: DbTx) {
      const reserved = await tx
        .insert(t.apiIdempotency)
        .values({ keyId: key.id, idempotencyKey, route, statusCode: 0, body: { request: fingerprint, response: null }, createdAt: now() })
        .onConflictDoNothing()
        .returning({ keyId: t.apiIdempotency.keyId });
      if (reserved.length > 0) return;
      const [earlier] = await tx.select().from(t.apiIdempotency).where(where);
      const stored = earlier?.body as { request: string; response: unknown } | undefined;
      if (!earlier || !stored) throw new Error('An Idempotency-Key row vanished between its conflict and its read');
      if (earlier.route !== route || stored.request !== fingerprint) throw new ApiProblem(409, 'This Idempotency-Key was used for a different request', 'idempotencyKeyReused', 'Idempotency-Key');
      throw new IdempotentReplay(earlier.statusCode, stored.response);
    },
    async record(tx: DbTx, outcome: MutationOutcome) {
      const stored = answer(outcome);
      if (stored) await tx.update(t.apiIdempotency).set({ statusCode: stored.statusCode, body: { request: fingerprint, response: stored.body } }).where(where);
      else await tx.delete(t.apiIdempotency).where(where);
    },
  };
}

/** A stored refusal replayed as this request's answer: the API's error body with this request's id (rows stored before codes get their status's). */
export function replayedError(requestId: string, statusCode: number, stored: unknown) {
  const { error, field, code } = (stored ?? {}) as { error?: unknown; field?: unknown; code?: unknown };
  return apiErrorBody(requestId, statusCode, typeof error === 'string' ? error : 'Refused', typeof field === 'string' ? field : undefined, typeof code === 'string' ? code : undefined);
}
