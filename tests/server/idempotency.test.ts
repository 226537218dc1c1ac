// Idempotency-Key under concurrency, over real HTTP on PGlite and PostgreSQL: twenty copies of
// one POST sent at once make one funnel and give twenty identical answers, the first a 201 and
// nineteen replays, ten runs out of ten; a rule's refusal is replayed as it was; a key reused
// for another request is a 409 that stores nothing.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as t from '../../server/db/schema';
import { DB_KINDS, json, startServer, type TestServer } from './harness';
import { apiError, expectAnswersFollowOpenApi } from './openapi-answers';

describe.each(DB_KINDS)('Idempotency-Key under concurrency on %s', (kind) => {
  let server: TestServer;
  let secret: string;

  beforeAll(async () => {
    server = await startServer(kind, { apiLimits: { perKey: { max: 10_000, windowMs: 60_000 } }, webhooks: { deliverEveryMs: false } });
    const owner = await server.signIn('owner');
    secret = json<{ secret: string }>(await owner.post('/developer/keys', { role: 'Editor' })).secret;
  });
  afterAll(async () => {
    await server?.close();
  });

  const post = (body: unknown, idempotencyKey: string) =>
    server.client().request('POST', '/api/v1/funnels', body, { authorization: `Bearer ${secret}`, 'idempotency-key': idempotencyKey });
  const funnelsOf = (handle: string) =>
    server.db.handle.db
      .select({ id: t.funnels.id })
      .from(t.funnels)
      .where(and(eq(t.funnels.workspaceId, 'acme'), eq(t.funnels.creatorHandle, handle)));

  it('answers 20 concurrent POSTs with one key once: one 201 and 19 identical replays, 10 runs out of 10', async () => {
    for (let run = 0; run < 10; run++) {
      // Each run starts with Lena Park free to invite again.
      await server.db.handle.db.delete(t.funnels).where(and(eq(t.funnels.workspaceId, 'acme'), eq(t.funnels.creatorHandle, '@lenaparkstyle')));
      const answers = await Promise.all(Array.from({ length: 20 }, () => post({ creatorId: 'SC1', type: 'Sponsored Post' }, `concurrent-${run}`)));
      expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(201));
      expect(answers.filter((a) => a.headers['idempotent-replayed'] === undefined)).toHaveLength(1);
      expect(answers.filter((a) => a.headers['idempotent-replayed'] === 'true')).toHaveLength(19);
      expect(new Set(answers.map((a) => a.body)).size).toBe(1);
      const made = await funnelsOf('@lenaparkstyle');
      expect(made).toEqual([{ id: json<{ id: string }>(answers[0]).id }]);
    }
  });

  it('replays a rule’s refusal as it was, to concurrent retries too', async () => {
    // Lena Park has a funnel from the runs above: the rule refuses, and that refusal is the key's answer.
    const answers = await Promise.all(Array.from({ length: 5 }, () => post({ creatorId: 'SC1', type: 'Sponsored Post' }, 'refused-once')));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(5).fill(409));
    // The same refusal each time, each with its own request's id.
    const error = json<{ error: string }>(answers[0]).error;
    expect(error).toMatch(/^Lena Park already has a funnel/);
    for (const answer of answers) expect(json(answer)).toEqual(apiError(answer, 'conflict', error));
    expect(answers.filter((a) => a.headers['idempotent-replayed'] === 'true')).toHaveLength(4);
    // Freed, the same key still answers what it answered first.
    await server.db.handle.db.delete(t.funnels).where(and(eq(t.funnels.workspaceId, 'acme'), eq(t.funnels.creatorHandle, '@lenaparkstyle')));
    const later = await post({ creatorId: 'SC1', type: 'Sponsored Post' }, 'refused-once');
    expect(later.statusCode).toBe(409);
    expect(later.headers['idempotent-replayed']).toBe('true');
    expect(json(later)).toEqual(apiError(later, 'conflict', error));
    expect(await funnelsOf('@lenaparkstyle')).toEqual([]);
  });

  it('refuses a key reused for a different request with a 409 naming the header, and keeps the first answer', async () => {
    const first = await post({ creatorId: 'SC2', type: 'Product Review' }, 'one-request');
    expect(first.statusCode).toBe(201);
    const other = await post({ creatorId: 'SC2', type: 'Unboxing' }, 'one-request');
    expect(other.statusCode).toBe(409);
    expect(json(other)).toEqual(apiError(other, 'idempotencyKeyReused', 'This Idempotency-Key was used for a different request', 'Idempotency-Key'));
    const again = await post({ creatorId: 'SC2', type: 'Product Review' }, 'one-request');
    expect(again.body).toBe(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await funnelsOf('@marcusoutdoors')).toHaveLength(1);
  });

  it('stores nothing for a malformed key or a key of a role that may not write', async () => {
    const malformed = await post({ creatorId: 'SC2', type: 'Product Review' }, 'two words');
    expect(malformed.statusCode).toBe(400);
    expect(json(malformed)).toEqual(apiError(malformed, 'invalidRequest', 'Idempotency-Key must be 1-255 visible ASCII characters', 'Idempotency-Key'));
    const owner = await server.signIn('owner');
    const viewer = json<{ secret: string }>(await owner.post('/developer/keys', { role: 'Viewer' })).secret;
    const refused = await server.client().request('POST', '/api/v1/funnels', { creatorId: 'SC1', type: 'Post' }, { authorization: `Bearer ${viewer}`, 'idempotency-key': 'viewer-try' });
    expect(refused.statusCode).toBe(403);
    const rows = await server.db.handle.db.select().from(t.apiIdempotency).where(eq(t.apiIdempotency.idempotencyKey, 'viewer-try'));
    expect(rows).toEqual([]);
  });

  it('gave every public API answer above as its OpenAPI document declares it (status, body and headers)', async () => {
    await expectAnswersFollowOpenApi(server, 200);
  });
});
