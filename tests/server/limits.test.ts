// Limits kept in PostgreSQL are one limit for every server process on the database: two apps
// over one PostgreSQL share a per-address limit (@fastify/rate-limit's store over the shared
// counters) and a key's API limit, at the apps' own clock.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, startServer, type TestServer } from './harness';
import { expectAnswersFollowOpenApi } from './openapi-answers';

describe('limits shared by two apps on one PostgreSQL', () => {
  let one: TestServer;
  let two: TestServer;
  beforeAll(async () => {
    const options = { limits: { tokenLookups: { max: 4, windowMs: 60_000 } }, apiLimits: { perKey: { max: 5, windowMs: 60_000 } }, webhooks: { deliverEveryMs: false as const } };
    one = await startServer('postgres', options);
    two = await startServer('postgres', options, { database: one.db });
  });
  afterAll(async () => {
    await two?.close();
    await one?.close();
  });

  it('counts an address’s setup-link look-ups through both apps as one', async () => {
    const lookup = (server: TestServer) => server.app.inject({ method: 'GET', url: `/auth/setup/${'x'.repeat(43)}`, remoteAddress: '192.0.2.90' });
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await lookup(i % 2 === 0 ? one : two)).statusCode);
    expect(statuses).toEqual([404, 404, 404, 404, 429, 429]);
    // Another address has its own count.
    expect((await two.app.inject({ method: 'GET', url: `/auth/setup/${'x'.repeat(43)}`, remoteAddress: '192.0.2.91' })).statusCode).toBe(404);
  });

  it('counts a key’s API requests through both apps as one', async () => {
    const owner = await one.signIn('owner');
    const { secret } = json<{ secret: string }>(await owner.post('/developer/keys', { role: 'Viewer' }));
    const statuses = [];
    for (let i = 0; i < 7; i++) statuses.push((await (i % 2 === 0 ? one : two).client().get('/api/v1/inventory', { authorization: `Bearer ${secret}` })).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
    one.clock.advance(60_000);
    two.clock.advance(60_000);
    expect((await two.client().get('/api/v1/inventory', { authorization: `Bearer ${secret}` })).statusCode).toBe(200);
  });

  it('gave every public API answer above as its OpenAPI document declares it (status, body and headers)', async () => {
    await expectAnswersFollowOpenApi(one, 4);
    await expectAnswersFollowOpenApi(two, 4);
  });
});
