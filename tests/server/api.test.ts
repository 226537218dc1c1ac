// The public API over real HTTP on PGlite and PostgreSQL: keys made by Admins (shown once,
// stored hashed), every route for each key role, bad parameters named, idempotent retries,
// the per-key rate limit, revoked and regenerated keys, and one workspace's key seeing
// nothing of another's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { loadRecords } from '../../server/db/records';
import * as t from '../../server/db/schema';
import { hashToken } from '../../server/auth/tokens';
import { DB_KINDS, json, startServer, type Client, type TestServer } from './harness';
import { apiError, expectAnswersFollowOpenApi } from './openapi-answers';

interface KeyView {
  id: string;
  role: string;
  lastFour: string;
  revokedAt: string | null;
}
interface Created {
  key: KeyView;
  secret: string;
}
type Page = { total: number; has_more: boolean } & Record<string, { id: string; status?: string }[]>;

describe.each(DB_KINDS)('public API on %s', (kind) => {
  let server: TestServer;
  let owner: Client;
  let globex: Client;
  const secrets: Record<'Admin' | 'Editor' | 'Viewer', string> = { Admin: '', Editor: '', Viewer: '' };

  beforeAll(async () => {
    server = await startServer(kind, { limits: { perAddress: { max: 1000, windowMs: 60_000 } }, webhooks: { deliverEveryMs: false } });
    owner = await server.signIn('owner');
    globex = await server.signIn('globexOwner');
    for (const role of ['Admin', 'Editor', 'Viewer'] as const) secrets[role] = (await createKey(owner, role)).secret;
  });
  afterAll(async () => {
    await server?.close();
  });

  async function createKey(client: Client, role: string, name = '') {
    const response = await client.post('/developer/keys', { role, name });
    expect(response.statusCode).toBe(201);
    return json<Created>(response);
  }
  const api = (method: 'GET' | 'POST' | 'PATCH', url: string, secret: string | null, body?: unknown, headers: Record<string, string> = {}) =>
    server.client().request(method, url, body, { ...(secret ? { authorization: `Bearer ${secret}` } : {}), ...headers });
  const activity = async () => (await loadRecords(server.db.handle.db, 'acme', 'activity')).map((l) => l.record);

  it('makes keys for Admins only, shows the secret once and keeps only its hash and last four', async () => {
    const editor = await server.signIn('editor');
    expect((await editor.post('/developer/keys', { role: 'Viewer' })).statusCode).toBe(403);
    expect(json(await editor.get('/developer/keys'))).toEqual({ error: 'Only Admins can manage API keys and webhooks' });
    expect((await server.client().get('/developer/keys')).statusCode).toBe(401);
    expect(json(await owner.post('/developer/keys', { role: 'Owner' }))).toMatchObject({ field: 'role' });

    const created = await createKey(owner, 'Editor', 'CRM sync');
    expect(created.secret).toMatch(/^sk_test_[0-9a-f]{48}$/);
    expect(created.key).toMatchObject({ role: 'Editor', lastFour: created.secret.slice(-4), revokedAt: null });
    const listed = await owner.get('/developer/keys');
    expect(listed.body).not.toContain(created.secret);
    expect(json<{ keys: KeyView[] }>(listed).keys.map((k) => k.id)).toContain(created.key.id);
    const [row] = await server.db.handle.db.select().from(t.apiKeys).where(eq(t.apiKeys.id, created.key.id));
    expect(row.keyHash).toBe(hashToken(created.secret));
    expect(JSON.stringify(row)).not.toContain(created.secret);
    expect((await activity()).some((a) => a.action === 'API key created' && a.details === `API key …${created.secret.slice(-4)} (Editor): CRM sync`)).toBe(true);
    // The other workspace's Admin sees none of Acme's keys.
    expect(json<{ keys: KeyView[] }>(await globex.get('/developer/keys')).keys).toEqual([]);
  });

  it('refuses a request without a key or with a malformed or unknown key', async () => {
    const none = await api('GET', '/api/v1/creators', null);
    expect(none.statusCode).toBe(401);
    expect(json(none)).toEqual(apiError(none, 'missingKey', 'Send your API key as Authorization: Bearer sk_test_…'));
    for (const secret of ['sk_test_nothex', `sk_test_${'0'.repeat(48)}`]) {
      const wrong = await api('GET', '/api/v1/creators', secret);
      expect(wrong.statusCode).toBe(401);
      expect(json(wrong)).toEqual(apiError(wrong, 'invalidKey', 'This API key is not valid: it may have been revoked or regenerated'));
    }
  });

  it('lists creators for every role, filtered by status and paged with a cursor', async () => {
    for (const role of ['Admin', 'Editor', 'Viewer'] as const) {
      const response = await api('GET', '/api/v1/creators', secrets[role]);
      expect(response.statusCode).toBe(200);
      const body = json<Page>(response);
      expect(body.creators.length).toBeGreaterThan(0);
      expect(body.total).toBeGreaterThanOrEqual(body.creators.length);
    }
    const all = json<Page>(await api('GET', '/api/v1/creators?limit=100', secrets.Viewer));
    const first = json<Page>(await api('GET', '/api/v1/creators?limit=2', secrets.Viewer));
    expect(first.creators.map((c) => c.id)).toEqual(all.creators.slice(0, 2).map((c) => c.id));
    expect(first).toMatchObject({ total: all.total, has_more: all.total > 2 });
    const second = json<Page>(await api('GET', `/api/v1/creators?limit=2&starting_after=${first.creators[1].id}`, secrets.Viewer));
    expect(second.creators.map((c) => c.id)).toEqual(all.creators.slice(2, 4).map((c) => c.id));
    const brief = json<Page>(await api('GET', '/api/v1/creators?status=Brief', secrets.Viewer));
    expect(brief.creators.every((c) => c.status === 'Brief')).toBe(true);
    expect(brief.total).toBe(all.creators.filter((c) => c.status === 'Brief').length);
  });

  it.each([
    ['/api/v1/creators?limit=0', 'limit', 'limit must be a whole number from 1 to 100'],
    ['/api/v1/creators?limit=101', 'limit', 'limit must be a whole number from 1 to 100'],
    ['/api/v1/creators?limit=ten', 'limit', 'limit must be a whole number from 1 to 100'],
    ['/api/v1/creators?status=Done', 'status', 'status must be one of Brief, Confirmation, Contract, Production, Shipped'],
    ['/api/v1/creators?starting_after=CR00000', 'starting_after', 'starting_after is not an id in this list'],
    ['/api/v1/orders?status=Lost', 'status', 'status must be one of New, Processing, Shipped, Delivered, Canceled, Refunded'],
    ['/api/v1/inventory?limit=-1', 'limit', 'limit must be a whole number from 1 to 100'],
    ['/api/v1/creators?colour=red', 'colour', 'Unknown parameter colour'],
  ])('answers %s with a 400 naming the parameter', async (url, field, error) => {
    const response = await api('GET', url, secrets.Viewer);
    expect(response.statusCode).toBe(400);
    expect(json(response)).toEqual(apiError(response, 'invalidRequest', error, field));
  });

  it('checks the key first: without one, a bad parameter, a bad body, a non-JSON body or a path the router cannot take is a 401', async () => {
    for (const [method, url, body, headers] of [
      ['GET', '/api/v1/creators?limit=ten', undefined, {}],
      ['GET', '/api/v1/creators?limit=1&limit=2', undefined, {}],
      ['POST', '/api/v1/funnels', { creatorId: 42 }, {}],
      ['POST', '/api/v1/funnels', 'creatorId=SC1', { 'content-type': 'text/plain' }],
      ['PATCH', '/api/v1/orders/ord_1', '{not json', {}],
      ['GET', `/api/v1/funnels/${'x'.repeat(150)}`, undefined, {}],
      ['GET', '/api/v1/funnels/%E0%A4%A', undefined, {}],
      ['GET', '/api/v1/no-such-path', undefined, {}],
    ] as const) {
      const response = await api(method, url, null, body, headers);
      expect(response.statusCode, url).toBe(401);
      expect(json(response)).toEqual(apiError(response, 'missingKey', 'Send your API key as Authorization: Bearer sk_test_…'));
      // Counted against the address: its headers are there too.
      expect(response.headers['ratelimit-limit']).toBe('120');
    }
  });

  it('answers a path the router cannot take, after the key, in the API’s error body with the RateLimit headers', async () => {
    const long = await api('GET', `/api/v1/funnels/${'x'.repeat(150)}`, secrets.Viewer);
    expect(long.statusCode).toBe(414);
    expect(json(long)).toEqual(apiError(long, 'pathTooLong', 'A part of this path is longer than 100 characters'));
    const escape = await api('GET', '/api/v1/funnels/%E0%A4%A', secrets.Viewer);
    expect(escape.statusCode).toBe(400);
    expect(json(escape)).toEqual(apiError(escape, 'badEscape', 'This path has a % escape that is not valid'));
    const missing = await api('GET', '/api/v1/no-such-path', secrets.Viewer);
    expect(missing.statusCode).toBe(404);
    expect(json(missing)).toEqual(apiError(missing, 'notFound', 'Not found'));
    for (const response of [long, escape, missing]) expect(response.headers).toMatchObject({ 'ratelimit-limit': '120', 'ratelimit-policy': '120;w=60' });
  });

  it('counts refusals against the limit and says so on them, once the key is known', async () => {
    const key = (await createKey(owner, 'Viewer')).secret;
    const first = await api('GET', '/api/v1/creators?limit=ten', key);
    expect(first.statusCode).toBe(400);
    expect(first.headers).toMatchObject({ 'ratelimit-limit': '120', 'ratelimit-remaining': '119' });
    const second = await api('GET', '/api/v1/funnels/CR00000', key);
    expect(second.statusCode).toBe(404);
    expect(second.headers['ratelimit-remaining']).toBe('118');
    const third = await api('POST', '/api/v1/funnels', key, { creatorId: 'SC1', type: 'Sponsored Post' });
    expect(third.statusCode).toBe(403);
    expect(third.headers['ratelimit-remaining']).toBe('117');
  });

  it('answers a body that is not JSON with 415, and a repeated parameter with one plain sentence', async () => {
    const plain = await api('POST', '/api/v1/funnels', secrets.Editor, 'creatorId=SC1&type=Post', { 'content-type': 'text/plain' });
    expect(plain.statusCode).toBe(415);
    expect(json(plain)).toEqual(apiError(plain, 'unsupportedMediaType', 'Send the body as JSON with Content-Type: application/json', 'Content-Type'));
    expect(plain.headers['ratelimit-limit']).toBe('120');
    const form = await api('PATCH', '/api/v1/orders/ord_1', secrets.Editor, 'status=Shipped', { 'content-type': 'application/x-www-form-urlencoded' });
    expect(form.statusCode).toBe(415);
    const broken = await api('POST', '/api/v1/funnels', secrets.Editor, '{"creatorId":', {});
    expect(broken.statusCode).toBe(400);
    const empty = await server.client().request('POST', '/api/v1/funnels', undefined, { authorization: `Bearer ${secrets.Editor}` });
    expect(empty.statusCode).toBe(400);
    expect(json(empty)).toMatchObject({ field: 'creatorId' });
    const huge = await api('POST', '/api/v1/funnels', secrets.Editor, { creatorId: 'SC1', type: 'x'.repeat(1024 * 1024) });
    expect(huge.statusCode).toBe(413);
    expect(json(huge)).toEqual(apiError(huge, 'requestTooLarge', expect.any(String) as string));
    expect(huge.headers['ratelimit-limit']).toBe('120');
    const twice = await api('GET', '/api/v1/orders?limit=1&limit=2', secrets.Viewer);
    expect(twice.statusCode).toBe(400);
    expect(json(twice)).toEqual(apiError(twice, 'repeatedParameter', 'Give limit only once', 'limit'));
    const status = await api('GET', '/api/v1/creators?status=Brief&status=Contract', secrets.Viewer);
    expect(json(status)).toEqual(apiError(status, 'repeatedParameter', 'Give status only once', 'status'));
  });

  it('starts a funnel through the same mutator and rules as the UI, as the key, for Admin and Editor keys only', async () => {
    const viewer = await api('POST', '/api/v1/funnels', secrets.Viewer, { creatorId: 'SC1', type: 'Product Review' });
    expect(viewer.statusCode).toBe(403);
    expect(json(await api('POST', '/api/v1/funnels', secrets.Editor, { type: 'Product Review' }))).toMatchObject({ field: 'creatorId' });
    expect(json(await api('POST', '/api/v1/funnels', secrets.Editor, { creatorId: 'SC1', type: '  ' }))).toMatchObject({ field: 'type' });
    const created = await api('POST', '/api/v1/funnels', secrets.Editor, { creatorId: 'SC1', type: 'Product Review' });
    expect(created.statusCode).toBe(201);
    const { id, status } = json<{ id: string; status: string }>(created);
    expect(status).toBe('Brief');
    // The rule the dashboard's invite follows: a creator has one funnel.
    const again = await api('POST', '/api/v1/funnels', secrets.Admin, { creatorId: 'SC1', type: 'Product Review' });
    expect(again.statusCode).toBe(409);
    expect(json(again)).toEqual(apiError(again, 'conflict', `Lena Park already has a funnel (${id})`));
    const funnel = json<{ id: string; type: string; creator: { name: string }; steps: unknown[] }>(await api('GET', `/api/v1/funnels/${id}`, secrets.Viewer));
    expect(funnel).toMatchObject({ id, type: 'Product Review', creator: { name: 'Lena Park' } });
    expect(funnel.steps.length).toBeGreaterThan(0);
    const entry = (await activity()).find((a) => a.action === 'Creator invited' && a.details.startsWith('Lena Park'));
    expect(entry?.userName).toBe(`API key …${secrets.Editor.slice(-4)}`);
    expect((await api('GET', '/api/v1/funnels/CR00000', secrets.Viewer)).statusCode).toBe(404);
  });

  it('honours Idempotency-Key: a retry returns the first answer and creates nothing more', async () => {
    const headers = { 'idempotency-key': 'retry-me-1' };
    const first = await api('POST', '/api/v1/funnels', secrets.Admin, { creatorId: 'SC2', type: 'Sponsored Post' }, headers);
    expect(first.statusCode).toBe(201);
    const second = await api('POST', '/api/v1/funnels', secrets.Admin, { creatorId: 'SC2', type: 'Sponsored Post' }, headers);
    expect(second.statusCode).toBe(201);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(json(second)).toEqual(json(first));
    const funnels = (await loadRecords(server.db.handle.db, 'acme', 'funnels')).filter((f) => f.record.creatorName === 'Marcus Hale');
    expect(funnels).toHaveLength(1);
    const other = await api('POST', '/api/v1/funnels', secrets.Admin, { creatorId: 'SC1', type: 'Sponsored Post' }, headers);
    expect(other.statusCode).toBe(409);
    expect(json(other)).toEqual(apiError(other, 'idempotencyKeyReused', 'This Idempotency-Key was used for a different request', 'Idempotency-Key'));
  });

  it('lists orders and inventory, and changes an order status through the stock rules', async () => {
    const orders = json<Page>(await api('GET', '/api/v1/orders?status=New', secrets.Viewer));
    expect(orders.orders.length).toBeGreaterThan(0);
    const target = orders.orders[0];
    expect((await api('PATCH', `/api/v1/orders/${target.id}`, secrets.Viewer, { status: 'Processing' })).statusCode).toBe(403);
    expect(json(await api('PATCH', `/api/v1/orders/${target.id}`, secrets.Editor, { status: 'Lost' }))).toMatchObject({ field: 'status' });
    expect((await api('PATCH', '/api/v1/orders/ord_none', secrets.Editor, { status: 'Processing' })).statusCode).toBe(404);
    const changed = await api('PATCH', `/api/v1/orders/${target.id}`, secrets.Editor, { status: 'Processing' });
    expect(changed.statusCode).toBe(200);
    expect(json(changed)).toMatchObject({ id: target.id, status: 'Processing' });
    const inventory = json<Page>(await api('GET', '/api/v1/inventory?limit=100', secrets.Viewer));
    expect(inventory.items.length).toBe(inventory.total);
    expect(inventory.items[0]).toMatchObject({ stockStatus: expect.stringMatching(/stock/) });
  });

  it('keeps one workspace’s key out of another’s data', async () => {
    const key = await createKey(globex, 'Admin');
    const creators = json<Page & { creators: { name: string; id: string }[] }>(await api('GET', '/api/v1/creators', key.secret));
    expect(creators.creators.map((c) => c.name)).toEqual(['Globex Creator']);
    const acmeOrders = json<Page>(await api('GET', '/api/v1/orders', secrets.Viewer));
    expect(json<Page>(await api('GET', '/api/v1/orders', key.secret)).total).toBe(0);
    expect((await api('PATCH', `/api/v1/orders/${acmeOrders.orders[0].id}`, key.secret, { status: 'Canceled' })).statusCode).toBe(404);
    const acmeOnly = json<Page>(await api('GET', '/api/v1/creators?limit=100', secrets.Viewer)).creators.find((c) => c.id !== creators.creators[0].id)!;
    expect((await api('GET', `/api/v1/funnels/${acmeOnly.id}`, key.secret)).statusCode).toBe(404);
    expect((await globex.request('DELETE', `/developer/keys/${(json<{ keys: KeyView[] }>(await owner.get('/developer/keys')).keys[0]).id}`)).statusCode).toBe(404);
  });

  it('stops a revoked key at once, and a regenerated key’s old secret with it', async () => {
    const revoked = await createKey(owner, 'Viewer');
    expect((await api('GET', '/api/v1/inventory', revoked.secret)).statusCode).toBe(200);
    expect((await owner.request('DELETE', `/developer/keys/${revoked.key.id}`)).statusCode).toBe(200);
    expect((await api('GET', '/api/v1/inventory', revoked.secret)).statusCode).toBe(401);

    const regenerated = await createKey(owner, 'Editor');
    const fresh = json<Created>(await owner.post(`/developer/keys/${regenerated.key.id}/regenerate`, {}));
    expect(fresh.secret).not.toBe(regenerated.secret);
    expect(fresh.key).toMatchObject({ id: regenerated.key.id, role: 'Editor', lastFour: fresh.secret.slice(-4) });
    expect((await api('GET', '/api/v1/inventory', regenerated.secret)).statusCode).toBe(401);
    expect((await api('GET', '/api/v1/inventory', fresh.secret)).statusCode).toBe(200);
    expect((await activity()).some((a) => a.action === 'API key regenerated' && a.details === `New key ending in ${fresh.secret.slice(-4)}`)).toBe(true);
  });

  it('serves an OpenAPI 3.1 document of every route, from the route schemas', async () => {
    const response = await server.client().get('/api/v1/openapi.json');
    expect(response.statusCode).toBe(200);
    const doc = json<{ openapi: string; paths: Record<string, Record<string, { parameters?: { name: string; schema: Record<string, unknown> }[]; requestBody?: unknown }>> }>(response);
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths).sort()).toEqual([
      '/api/v1/creators',
      '/api/v1/creators/batch',
      '/api/v1/creators/{id}',
      '/api/v1/embed_sessions',
      '/api/v1/funnels',
      '/api/v1/funnels/{id}',
      '/api/v1/funnels/{id}/outreach',
      '/api/v1/funnels/{id}/performance',
      '/api/v1/funnels/{id}/steps/{step}/complete',
      '/api/v1/inventory',
      '/api/v1/inventory/{sku}',
      '/api/v1/orders',
      '/api/v1/orders/{id}',
    ]);
    const limit = doc.paths['/api/v1/creators'].get.parameters?.find((p) => p.name === 'limit');
    expect(limit?.schema).toMatchObject({ type: 'integer', minimum: 1, maximum: 100 });
    expect(doc.paths['/api/v1/funnels'].post.requestBody).toMatchObject({ content: { 'application/json': { schema: { required: ['creatorId', 'type'] } } } });
    expect(Object.keys(doc.paths['/api/v1/orders/{id}'])).toEqual(['get', 'patch']);
  });

  it('refuses body fields a route does not declare, naming them, and writes nothing', async () => {
    const before = (await server.client().get('/api/v1/creators?limit=1', { authorization: `Bearer ${secrets.Editor}` })).json<{ total: number }>().total;
    const misspelt = await api('POST', '/api/v1/creators', secrets.Editor, { handle: '@unknown_fields', name: 'Unknown Fields', emial: 'typo@example.com', extra: 1 });
    expect(misspelt.statusCode).toBe(400);
    expect(json(misspelt)).toEqual(apiError(misspelt, 'unknownField', 'Unknown fields: emial, extra', 'emial'));
    const session = await api('POST', '/api/v1/embed_sessions', secrets.Editor, { screens: ['orders'], roles: 'Admin' });
    expect(session.statusCode).toBe(400);
    expect(json(session)).toEqual(apiError(session, 'unknownField', 'Unknown field: roles', 'roles'));
    expect((await server.client().get('/api/v1/creators?limit=1', { authorization: `Bearer ${secrets.Editor}` })).json<{ total: number }>().total).toBe(before);
  });

  it('refuses undeclared fields inside the body’s objects too, naming each by its path, and writes nothing', async () => {
    const orders = json<{ total: number }>(await api('GET', '/api/v1/orders?limit=1', secrets.Viewer)).total;
    const order = {
      customerName: 'Nested Fields',
      customerEmail: 'nested@example.com',
      shippingAddress: { line1: '1 Main St', city: 'Austin', state: 'TX', postalCode: '78701', country: 'US', zip: '78701' },
      items: [{ sku: 'SKU-001', quantity: 1 }, { sku: 'SKU-001', quantity: 1, colour: 'red' }],
    };
    const nested = await api('POST', '/api/v1/orders', secrets.Editor, order);
    expect(nested.statusCode).toBe(400);
    expect(json(nested)).toEqual(apiError(nested, 'unknownField', 'Unknown fields: shippingAddress.zip, items.1.colour', 'shippingAddress.zip'));
    const batch = await api('POST', '/api/v1/creators/batch', secrets.Editor, { creators: [{ name: 'Nested One', handle: 'nestedone', bio: 'x' }] });
    expect(json(batch)).toEqual(apiError(batch, 'unknownField', 'Unknown field: creators.0.bio', 'creators.0.bio'));
    const attributed = await api('POST', '/api/v1/orders', secrets.Editor, { ...order, shippingAddress: { ...order.shippingAddress, zip: undefined }, items: [order.items[0]], attribution: { code: 'X', rule: 'code' } });
    expect(json(attributed)).toEqual(apiError(attributed, 'unknownField', 'Unknown field: attribution.rule', 'attribution.rule'));
    expect(json<{ total: number }>(await api('GET', '/api/v1/orders?limit=1', secrets.Viewer)).total).toBe(orders);
  });

  it('gives each error the id of its Request-Id header and of the request’s log lines', async () => {
    const missing = await api('GET', '/api/v1/funnels/CR00001x', secrets.Viewer);
    expect(missing.statusCode).toBe(404);
    const { requestId } = json<{ requestId: string }>(missing);
    expect(requestId).toBe(missing.headers['request-id']);
    const lines = server.logs.filter((line) => line.includes(`"requestId":"${requestId}"`)).map((line) => JSON.parse(line) as { res?: { statusCode?: number } });
    expect(lines.some((line) => line.res?.statusCode === 404)).toBe(true);
    // Each answer its own id.
    const again = await api('GET', '/api/v1/funnels/CR00001x', secrets.Viewer);
    expect(json<{ requestId: string }>(again).requestId).not.toBe(requestId);
  });

  it('gave every answer above as its OpenAPI document declares it (status, body and headers)', async () => {
    await expectAnswersFollowOpenApi(server, 40);
  });
});

describe.each(DB_KINDS)('API rate limit on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(kind, { apiLimits: { perKey: { max: 3, windowMs: 60_000 } }, webhooks: { deliverEveryMs: false } });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('counts each key on its own, says so in RateLimit-* headers and answers 429 past the limit', async () => {
    const owner = await server.signIn('owner');
    const a = json<Created>(await owner.post('/developer/keys', { role: 'Viewer' })).secret;
    const b = json<Created>(await owner.post('/developer/keys', { role: 'Viewer' })).secret;
    const call = (secret: string) => server.client().get('/api/v1/inventory', { authorization: `Bearer ${secret}` });
    const first = await call(a);
    // A bucket of 3 refilled over 60 s: one request back every 20 s.
    expect(first.headers).toMatchObject({ 'ratelimit-limit': '3', 'ratelimit-remaining': '2', 'ratelimit-reset': '20' });
    await call(a);
    await call(a);
    const limited = await call(a);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers).toMatchObject({ 'retry-after': '20', 'ratelimit-remaining': '0', 'ratelimit-reset': '60' });
    expect(json(limited)).toEqual(apiError(limited, 'rateLimited', 'Rate limit of 3 requests per 60 seconds reached. Try again in 20 seconds.'));
    expect((await call(b)).statusCode).toBe(200);
    server.clock.advance(60_000);
    expect((await call(a)).statusCode).toBe(200);
  });

  it('gave every answer above as its OpenAPI document declares it (status, body and headers)', async () => {
    await expectAnswersFollowOpenApi(server, 6);
  });
});
