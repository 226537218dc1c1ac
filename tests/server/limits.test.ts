// Limits kept in PostgreSQL are one limit for every server process on the database: two apps
// over one PostgreSQL share a per-address limit (@fastify/rate-limit's store over the shared
// counters) and a key's API limit, at the apps' own clock. The API's limit is a token bucket:
// a burst straddling a minute boundary (where a fixed window would start counting again) is
// held to the limit, on PGlite, on PostgreSQL and through two apps, the clock driven by the test.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_KINDS, json, startServer, type TestServer } from './harness';
import { apiError, expectAnswersFollowOpenApi } from './openapi-answers';

const MINUTE = 60_000;

/** Moves the apps' clocks to `before` ms before the next minute boundary. */
function toBoundary(servers: TestServer[], before: number) {
  const step = MINUTE - (servers[0].clock.time % MINUTE) - before;
  for (const server of servers) server.clock.advance(step < 0 ? step + MINUTE : step);
}

/** Sends `count` requests with `secret` (round robin over `servers`) and returns their statuses. */
async function burst(servers: TestServer[], secret: string, count: number) {
  const statuses: number[] = [];
  for (let i = 0; i < count; i++) statuses.push((await servers[i % servers.length].client().get('/api/v1/inventory?limit=1', { authorization: `Bearer ${secret}` })).statusCode);
  return statuses;
}

describe.each(DB_KINDS)('the API limit as a token bucket on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(kind, { apiLimits: { perKey: { max: 10, windowMs: MINUTE } }, webhooks: { deliverEveryMs: false } });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('holds a 2-second burst straddling a minute boundary to the limit, then refills evenly', async () => {
    const owner = await server.signIn('owner');
    const { secret } = json<{ secret: string }>(await owner.post('/developer/keys', { role: 'Viewer' }));
    toBoundary([server], 1000);
    const before = await burst([server], secret, 15);
    server.clock.advance(2000);
    const after = await burst([server], secret, 15);
    // 10 at once, and in 2 s a third of a request refilled: nothing more (a fixed window gave 20).
    expect([...before, ...after].filter((status) => status === 200)).toHaveLength(10);
    expect(before.slice(0, 10)).toEqual(Array(10).fill(200));
    const refused = await server.client().get('/api/v1/inventory', { authorization: `Bearer ${secret}` });
    expect(refused.statusCode).toBe(429);
    // Empty now: full again in 60 s less the 2 s refilled, and one request back in 4 s.
    expect(refused.headers).toMatchObject({ 'ratelimit-limit': '10', 'ratelimit-remaining': '0', 'ratelimit-reset': '58', 'retry-after': '4', 'ratelimit-policy': '10;w=60' });
    expect(json(refused)).toEqual(apiError(refused, 'rateLimited', 'Rate limit of 10 requests per 60 seconds reached. Try again in 4 seconds.'));
    // One request back every 6 s.
    server.clock.advance(4000);
    expect(await burst([server], secret, 2)).toEqual([200, 429]);
    server.clock.advance(6000);
    expect(await burst([server], secret, 2)).toEqual([200, 429]);
    // A minute idle fills it again, and no more than full.
    server.clock.advance(5 * MINUTE);
    const full = await burst([server], secret, 11);
    expect(full.filter((status) => status === 200)).toHaveLength(10);
  });

  it('holds requests without a valid key to their address’s bucket, and says so on each 401', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const response = await server.app.inject({ method: 'GET', url: '/api/v1/inventory', remoteAddress: '192.0.2.50', headers: { authorization: `Bearer sk_test_${'0'.repeat(48)}` } });
      statuses.push(response.statusCode);
      if (i === 0) expect(response.headers).toMatchObject({ 'ratelimit-limit': '10', 'ratelimit-remaining': '9' });
    }
    expect(statuses).toEqual([...Array(10).fill(401), 429]);
    // Another address, and a valid key from the same address, count apart.
    expect((await server.app.inject({ method: 'GET', url: '/api/v1/inventory', remoteAddress: '192.0.2.51' })).statusCode).toBe(401);
  });

  it('gave every public API answer above as its OpenAPI document declares it (status, body and headers)', async () => {
    await expectAnswersFollowOpenApi(server, 20);
  });
});

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

  it('holds a burst straddling a minute boundary through both apps to the one limit', async () => {
    const owner = await one.signIn('owner');
    const { secret } = json<{ secret: string }>(await owner.post('/developer/keys', { role: 'Viewer' }));
    toBoundary([one, two], 1000);
    const before = await burst([one, two], secret, 8);
    for (const server of [one, two]) server.clock.advance(2000);
    const after = await burst([one, two], secret, 8);
    // 5 at once and 2 s of a 12-second refill: 5 in all, not 5 per app nor 5 per minute.
    expect([...before, ...after].filter((status) => status === 200)).toHaveLength(5);
  });

  it('gave every public API answer above as its OpenAPI document declares it (status, body and headers)', async () => {
    await expectAnswersFollowOpenApi(one, 4);
    await expectAnswersFollowOpenApi(two, 4);
  });
});
