// Who may call what on the public API, over real HTTP on PGlite and PostgreSQL: every /api/v1
// route × every kind of caller (a key of each role, a revoked key, the old secret of a
// regenerated key, a key of another workspace, no key, an expired embed client secret), each
// cell allowed or refused as the permission table says (reads for every role, measured results
// and writes for Admin and Editor keys, embed sessions for every role at no more than its own). Then the sync routes
// embed sessions use × an expired session and a session limited to another screen. Every
// refused call is checked to change nothing in Acme.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PullResponse, PushResponse } from '../../lib/sync/protocol';
import { API_ROUTES } from '../../server/api/v1';
import { EMBED_SESSION_TTL_MS } from '../../server/api/embed';
import { SEED_TIME } from './fixture';
import { DB_KINDS, json, startServer, type Client, type TestServer } from './harness';
import { apiError, expectAnswersFollowOpenApi } from './openapi-answers';

type Caller = 'Admin' | 'Editor' | 'Viewer' | 'revoked' | 'regeneratedOld' | 'otherWorkspace' | 'noKey' | 'expiredEmbed';
const CALLERS: Caller[] = ['Admin', 'Editor', 'Viewer', 'revoked', 'regeneratedOld', 'otherWorkspace', 'noKey', 'expiredEmbed'];

type RouteName = keyof typeof API_ROUTES;
interface Cell {
  method: 'GET' | 'POST' | 'PATCH';
  url: string;
  body?: unknown;
}
interface Ids {
  funnel: string;
  /** An order the API cells change (Admin: Canceled, then Editor: Refunded). */
  order: string;
  /** Another order, for the embed sessions' writes, and a status it is not in. */
  other: { id: string; status: string };
}

/** A valid call of each route; `n` makes the writes of one caller differ from another's. */
const CALLS: { [R in RouteName]: (ids: Ids, n: number) => Cell } = {
  listCreators: () => ({ method: 'GET', url: '/api/v1/creators' }),
  createFunnel: (_ids, n) => ({ method: 'POST', url: '/api/v1/funnels', body: { creatorId: `SC${n || 1}`, type: 'Product Review' } }),
  getFunnel: (ids) => ({ method: 'GET', url: `/api/v1/funnels/${ids.funnel}` }),
  funnelPerformance: (ids) => ({ method: 'GET', url: `/api/v1/funnels/${ids.funnel}/performance?from=2026-01-01&to=2026-01-31` }),
  listOrders: () => ({ method: 'GET', url: '/api/v1/orders' }),
  getOrder: (ids) => ({ method: 'GET', url: `/api/v1/orders/${ids.order}` }),
  updateOrder: (ids, n) => ({ method: 'PATCH', url: `/api/v1/orders/${ids.order}`, body: { status: n === 1 ? 'Canceled' : 'Refunded', notes: `Matrix ${n}` } }),
  listInventory: () => ({ method: 'GET', url: '/api/v1/inventory' }),
  getInventoryItem: () => ({ method: 'GET', url: '/api/v1/inventory/sku-001' }),
  createInventoryItem: (_ids, n) => ({ method: 'POST', url: '/api/v1/inventory', body: { sku: `MATRIX-${n}`, name: `Matrix item ${n}`, quantity: 5 } }),
  createEmbedSession: () => ({ method: 'POST', url: '/api/v1/embed_sessions', body: { screens: ['orders'] } }),
  createCreator: (_ids, n) => ({ method: 'POST', url: '/api/v1/creators', body: { name: `Matrix ${n}`, handle: `@matrix${n}` } }),
  createCreators: (_ids, n) => ({ method: 'POST', url: '/api/v1/creators/batch', body: { creators: [{ name: `Batch ${n}`, handle: `@batch${n}` }] } }),
  getCreator: (ids) => ({ method: 'GET', url: `/api/v1/creators/${ids.funnel}` }),
  updateCreator: (ids, n) => ({ method: 'PATCH', url: `/api/v1/creators/${ids.funnel}`, body: { bio: `Matrix bio ${n}`, interestTags: [`matrix-${n}`] } }),
  listFunnels: () => ({ method: 'GET', url: '/api/v1/funnels?status=Brief' }),
  completeStep: (ids) => ({ method: 'POST', url: `/api/v1/funnels/${ids.funnel}/steps/1/complete`, body: {} }),
  sendOutreach: (ids, n) => ({ method: 'POST', url: `/api/v1/funnels/${ids.funnel}/outreach`, body: { message: `Hello ${n}` } }),
  createOrder: (_ids, n) => ({
    method: 'POST',
    url: '/api/v1/orders',
    body: { customerName: `Matrix ${n}`, customerEmail: `m${n}@matrix.test`, shippingAddress: { line1: '1 Main St', city: 'Austin', state: 'TX', postalCode: '78701', country: 'US' }, items: [{ sku: 'SKU-001', quantity: 1 }] },
  }),
  setInventory: (_ids, n) => ({ method: 'PATCH', url: '/api/v1/inventory/sku-001', body: { quantity: 40 + n } }),
};
const WRITES = new Set<RouteName>(['createFunnel', 'updateOrder', 'createInventoryItem', 'updateCreator', 'createCreator', 'createCreators', 'completeStep', 'sendOutreach', 'createOrder', 'setInventory']);
const CREATES = new Set<RouteName>(['createFunnel', 'createEmbedSession', 'createInventoryItem', 'createCreator', 'createCreators', 'createOrder']);
/** Routes that name one of Acme's records: another workspace does not find it. */
const ACME_RECORD = new Set<RouteName>(['getFunnel', 'funnelPerformance', 'getOrder', 'getInventoryItem', 'updateOrder', 'updateCreator', 'getCreator', 'completeStep', 'sendOutreach', 'setInventory']);

/** The table's answer for a cell, read independently of the server's code. */
function expected(route: RouteName, caller: Caller): { status: number; code?: string; error?: string } {
  if (caller === 'noKey') return { status: 401, code: 'missingKey', error: 'Send your API key as Authorization: Bearer sk_test_…' };
  if (caller === 'revoked' || caller === 'regeneratedOld' || caller === 'expiredEmbed')
    return { status: 401, code: 'invalidKey', error: 'This API key is not valid: it may have been revoked or regenerated' };
  if (caller === 'otherWorkspace') {
    // Its own workspace only: Acme's records are not found; its own writes are its own.
    if (ACME_RECORD.has(route)) return { status: 404 };
    // Its inventory is empty: an order of SKU-001 is refused by the New Order rule, naming the item.
    if (route === 'createOrder') return { status: 422, code: 'invalidValue', error: 'SKU SKU-001 is not in inventory' };
    return { status: CREATES.has(route) ? 201 : 200 };
  }
  // Measured results are analytics: a Viewer key may not read them.
  if (route === 'funnelPerformance' && caller === 'Viewer') return { status: 403, code: 'forbidden', error: 'This key’s role may not view analytics: use an Admin or Editor key' };
  if (WRITES.has(route) && caller === 'Viewer') return { status: 403, code: 'forbidden', error: 'Your role cannot make changes in this workspace' };
  if (CREATES.has(route)) return { status: 201 };
  return { status: 200 };
}

const PARTNER = 'https://partner.test:8443';

describe.each(DB_KINDS)('public API authorization matrix on %s', (kind) => {
  let server: TestServer;
  let owner: Client;
  const secrets = {} as Record<Exclude<Caller, 'noKey'>, string>;
  let ids: Ids;

  const pull = async (since = 0) => json<PullResponse>(await owner.get(`/sync/pull?since=${since}`));
  const snapshot = async () => {
    const { version, records } = await pull();
    return { version, records: [...records].sort((a, b) => `${a.collection}/${a.id}`.localeCompare(`${b.collection}/${b.id}`)) };
  };
  const call = (cell: Cell, caller: Caller) =>
    server.client().request(cell.method, cell.url, cell.body, caller === 'noKey' ? {} : { authorization: `Bearer ${secrets[caller]}` });
  const makeKey = async (client: Client, role: string) => {
    const response = await client.post('/developer/keys', { role, allowedOrigins: [PARTNER] });
    expect(response.statusCode).toBe(201);
    return json<{ key: { id: string }; secret: string }>(response);
  };
  const embedSession = async (secret: string, screens: string[]) => {
    const response = await server.client().post('/api/v1/embed_sessions', { screens }, { authorization: `Bearer ${secret}` });
    expect(response.statusCode).toBe(201);
    return json<{ client_secret: string }>(response).client_secret;
  };

  beforeAll(async () => {
    server = await startServer(kind, { limits: { perAddress: { max: 10_000, windowMs: 60_000 } }, apiLimits: { perKey: { max: 10_000, windowMs: 60_000 } }, webhooks: { deliverEveryMs: false } });
    owner = await server.signIn('owner');
    for (const role of ['Admin', 'Editor', 'Viewer'] as const) secrets[role] = (await makeKey(owner, role)).secret;
    const revoked = await makeKey(owner, 'Admin');
    expect((await owner.request('DELETE', `/developer/keys/${revoked.key.id}`)).statusCode).toBe(200);
    secrets.revoked = revoked.secret;
    const regenerated = await makeKey(owner, 'Admin');
    expect((await owner.post(`/developer/keys/${regenerated.key.id}/regenerate`, {})).statusCode).toBe(200);
    secrets.regeneratedOld = regenerated.secret;
    secrets.otherWorkspace = (await makeKey(await server.signIn('globexOwner'), 'Admin')).secret;
    // An Admin key's session, used after its fifteen minutes (on the API it is no key at all).
    secrets.expiredEmbed = await embedSession(secrets.Admin, ['orders']);

    const { records } = await pull();
    // A funnel id Globex does not have (ids are per workspace)
    const globexIds = new Set(json<PullResponse>(await (await server.signIn('globexOwner')).get('/sync/pull?since=0')).records.map((r) => r.id));
    // (and will not make: its funnels take the next ids after its own, so take Acme's highest).
    const funnel = records.filter((r) => r.collection === 'funnels' && !globexIds.has(r.id)).sort((a, b) => a.id.localeCompare(b.id)).at(-1)!;
    const orders = records.filter((r) => r.collection === 'orders').map((r) => ({ id: r.id, status: (r.value as { status: string }).status }));
    const open = orders.filter((o) => o.status !== 'Canceled');
    expect(open.length).toBeGreaterThanOrEqual(2);
    ids = { funnel: funnel.id, order: open[0].id, other: { id: open[1].id, status: 'Canceled' } };
    server.clock.advance(EMBED_SESSION_TTL_MS);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('covers every route the API declares', () => {
    expect(Object.keys(CALLS).sort()).toEqual(Object.keys(API_ROUTES).sort());
  });

  it.each(Object.keys(API_ROUTES) as RouteName[])('%s: each caller allowed or refused as the table says; a refusal changes nothing', async (route) => {
    // Refused and foreign cells first, against one snapshot of Acme; then the allowed ones.
    const before = await snapshot();
    const acmeCallers = CALLERS.filter((c) => c === 'Admin' || c === 'Editor' || c === 'Viewer');
    const refusedFirst = [...CALLERS.filter((c) => expected(route, c).status >= 400 || c === 'otherWorkspace'), ...acmeCallers.filter((c) => expected(route, c).status < 400)];
    let checked = false;
    for (const caller of refusedFirst) {
      const want = expected(route, caller);
      if (want.status < 400 && caller !== 'otherWorkspace' && !checked) {
        expect(await snapshot(), `${route}: refused calls changed Acme`).toEqual(before);
        checked = true;
      }
      const response = await call(CALLS[route](ids, acmeCallers.indexOf(caller as never) + 1), caller);
      expect(response.statusCode, `${route} × ${caller}: ${response.body}`).toBe(want.status);
      if (want.error) expect(json(response), `${route} × ${caller}`).toEqual(apiError(response, want.code!, want.error, route === 'createOrder' && caller === 'otherWorkspace' ? 'items.0.sku' : undefined));
      if (want.status >= 400) expect(response.headers['content-type']).toMatch(/^application\/json/);
    }
    if (!checked) expect(await snapshot(), `${route}: refused calls changed Acme`).toEqual(before);
    if (!WRITES.has(route) && route !== 'createEmbedSession') expect((await snapshot()).version).toBe(before.version);
  });

  it('a key of another workspace reads only its own workspace', async () => {
    const creators = json<{ creators: { id: string }[] }>(await call({ method: 'GET', url: '/api/v1/creators?limit=100' }, 'otherWorkspace')).creators;
    const theirs = json<PullResponse>(await (await server.signIn('globexOwner')).get('/sync/pull?since=0')).records.filter((r) => r.collection === 'funnels');
    expect(creators.map((c) => c.id).sort()).toEqual(theirs.map((r) => r.id).sort());
    expect(json<{ total: number }>(await call(CALLS.listOrders(ids, 0), 'otherWorkspace')).total).toBe(0);
  });

  it('the OpenAPI document is public: every caller reads the same one', async () => {
    const bodies = new Set<string>();
    for (const caller of CALLERS) {
      const response = await call({ method: 'GET', url: '/api/v1/openapi.json' }, caller);
      expect(response.statusCode, caller).toBe(200);
      bodies.add(response.body);
    }
    expect(bodies.size).toBe(1);
  });

  describe('sync routes with embed sessions', () => {
    const push = (secret: string, name: string, args: unknown) =>
      server.client().post(
        '/sync/push',
        { clientID: `matrix-${name.replace(/\W/g, '-')}`, mutations: [{ id: 1, name, args, meta: { now: SEED_TIME.toISOString(), idSeed: `mx${Math.random().toString(36).slice(2, 8)}` } }] },
        { authorization: `Bearer ${secret}`, origin: PARTNER },
      );
    const pullAs = (secret: string) => server.client().get('/sync/pull?since=0', { authorization: `Bearer ${secret}`, origin: PARTNER });

    it('an expired client secret is refused on pull, push and events, and changes nothing', async () => {
      const before = await snapshot();
      for (const response of [
        await pullAs(secrets.expiredEmbed),
        await push(secrets.expiredEmbed, 'orders.changeStatus', { id: ids.other.id, status: ids.other.status }),
        await server.client().get(`/sync/events?client_secret=${secrets.expiredEmbed}`),
      ]) {
        expect(response.statusCode).toBe(401);
        expect(json(response)).toEqual({ error: 'This embed session has expired: fetch a new client secret' });
      }
      expect(await snapshot()).toEqual(before);
    });

    it('a session limited to another screen neither reads nor writes that screen’s data', async () => {
      const inventoryOnly = await embedSession(secrets.Admin, ['inventory']);
      const pulled = json<PullResponse>(await pullAs(inventoryOnly));
      const collections = new Set(pulled.records.map((r) => r.collection));
      expect(collections.has('inventory')).toBe(true);
      for (const hidden of ['funnels', 'orders', 'events', 'activity']) expect(collections.has(hidden), hidden).toBe(false);
      // Of the team, only the member the session acts as (the key with the session's role).
      expect(pulled.records.filter((r) => r.collection === 'team').map((r) => r.id)).toEqual([pulled.memberId]);

      const before = await snapshot();
      const writes: [string, unknown][] = [
        ['orders.changeStatus', { id: ids.other.id, status: ids.other.status }],
        ['funnels.togglePriority', { funnelId: ids.funnel }],
        ['team.invite', { name: 'Embed Intruder', email: 'intruder@partner.test', role: 'Admin' }],
      ];
      for (const [name, args] of writes) {
        const response = await push(inventoryOnly, name, args);
        expect(response.statusCode, name).toBe(200);
        expect(json<PushResponse>(response).results, name).toEqual([{ id: 1, ok: false, error: 'This embedded screen cannot make this change', code: 'rejected', status: 409 }]);
      }
      expect(await snapshot()).toEqual(before);

      // The same write from a session of that screen goes through: the refusal is the screen's.
      const ordersSession = await embedSession(secrets.Admin, ['orders']);
      expect(json<PushResponse>(await push(ordersSession, 'orders.changeStatus', { id: ids.other.id, status: ids.other.status })).results).toEqual([{ id: 1, ok: true }]);
    });
  });

  it('gave every public API answer above as its OpenAPI document declares it (status, body and headers)', async () => {
    await expectAnswersFollowOpenApi(server, 20);
  });
});
