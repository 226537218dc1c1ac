// A campaign end to end through the public API over real HTTP, on PGlite and PostgreSQL: add
// creators (by the CSV import's rules), start funnels for any creator, complete steps, send
// outreach, take an order, move it to Processing, set stock, and the webhook events each
// change queues (order.created, order.status.updated, inventory.low_stock once per crossing).
// Every role's key, bad input named by field, and every answer checked against the document.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadRecords } from '../../server/db/records';
import * as t from '../../server/db/schema';
import { DB_KINDS, json, startServer, type Client, type TestServer, OFFLINE_WEBHOOKS } from './harness';
import { apiError, expectAnswersFollowOpenApi } from './openapi-answers';

type Role = 'Admin' | 'Editor' | 'Viewer';
interface FunnelView {
  id: string;
  status: string;
  type: string;
  creator: { id: string; name: string; handle: string };
  steps: { name: string; completed: boolean; current: boolean }[];
}
const ADDRESS = { line1: '1 Main St', city: 'Austin', state: 'TX', postalCode: '78701', country: 'US' };

describe.each(DB_KINDS)('the API runs a campaign on %s', (kind) => {
  let server: TestServer;
  let owner: Client;
  const secrets = {} as Record<Role, string>;

  beforeAll(async () => {
    server = await startServer(kind, { limits: { perAddress: { max: 1000, windowMs: 60_000 } }, apiLimits: { perKey: { max: 10_000, windowMs: 60_000 } }, webhooks: { deliverEveryMs: false, ...OFFLINE_WEBHOOKS } });
    owner = await server.signIn('owner');
    for (const role of ['Admin', 'Editor', 'Viewer'] as const) secrets[role] = json<{ secret: string }>(await owner.post('/developer/keys', { role })).secret;
  });
  afterAll(async () => {
    await server?.close();
  });

  const api = (role: Role, method: 'GET' | 'POST' | 'PATCH', url: string, body?: unknown, headers: Record<string, string> = {}) =>
    server.client().request(method, url, body, { authorization: `Bearer ${secrets[role]}`, ...headers });
  const funnels = async () => (await loadRecords(server.db.handle.db, 'acme', 'funnels')).map((r) => r.record);
  const item = async (sku: string) => (await loadRecords(server.db.handle.db, 'acme', 'inventory')).map((r) => r.record).find((i) => i.sku === sku)!;
  const queued = async () => (await server.db.handle.db.select().from(t.webhookDeliveries)).map((d) => ({ type: d.eventType, data: (d.payload as { data: Record<string, unknown> }).data }));

  it('adds a creator by the CSV import’s rules: 201 with the funnel at Brief', async () => {
    const response = await api('Editor', 'POST', '/api/v1/creators', { name: 'Maya Chen', handle: 'mayachen', platform: 'TikTok', email: 'maya@example.com', followers: '12,500', engagementRate: '6.8%', category: 'Influencer' });
    expect(response.statusCode).toBe(201);
    const created = json<FunnelView>(response);
    expect(created).toMatchObject({ status: 'Brief', creator: { name: 'Maya Chen', handle: '@mayachen', platform: 'TikTok' } });
    expect(created.steps[0]).toMatchObject({ name: 'Creator Confirmation', current: true, completed: false });
    expect(created.steps).toHaveLength(7);
    const stored = (await funnels()).find((f) => f.id === created.id)!;
    expect(stored).toMatchObject({ email: 'maya@example.com', followers: 12500, engagementRate: 6.8, category: 'Influencer', assignedTo: `API key …${secrets.Editor.slice(-4)}` });

    const read = json<{ name: string; funnelIds: string[]; followers: number }>(await api('Viewer', 'GET', `/api/v1/creators/${created.id}`));
    expect(read).toMatchObject({ name: 'Maya Chen', followers: 12500, funnelIds: [created.id] });
    expect((await api('Viewer', 'GET', '/api/v1/creators/CR99999')).statusCode).toBe(404);
  });

  // Off the declared shape: 400; of the shape but refused by the CSV import's rules: 422.
  it.each([
    [{ handle: 'nameless' }, 400, 'name', 'name is required'],
    [{ name: 'Bad Handle', handle: 'has space' }, 422, 'handle', 'handle "has space" may only use letters, digits, dots, underscores and hyphens'],
    [{ name: 'Bad Mail', handle: 'badmail', email: 'not-an-email' }, 422, 'email', 'email "not-an-email" is not a valid email address'],
    [{ name: 'Bad Count', handle: 'badcount', followers: 'lots' }, 422, 'followers', 'followers must be a whole number (got "lots")'],
    [{ name: 'Bad Rate', handle: 'badrate', engagementRate: 140 }, 422, 'engagementRate', 'engagementRate must be a percentage from 0 to 100'],
    [{ name: 'Bad Type', handle: 'badtype', followers: true }, 400, 'followers', 'followers must be a number'],
  ])('refuses %j with %i naming %s, changing nothing', async (body, status, field, error) => {
    const before = await funnels();
    const response = await api('Admin', 'POST', '/api/v1/creators', body);
    expect(response.statusCode).toBe(status);
    expect(json(response)).toEqual(apiError(response, status === 400 ? 'invalidRequest' : 'invalidValue', error, field));
    expect(await funnels()).toEqual(before);
  });

  it('refuses a handle the workspace has, a Viewer key, and a batch with one bad creator (naming its index)', async () => {
    const taken = await api('Admin', 'POST', '/api/v1/creators', { name: 'Again', handle: '@MayaChen' });
    expect(taken.statusCode).toBe(409);
    expect(json(taken).error).toMatch(/^A creator with the handle @MayaChen already exists \(CR\d+\)$/);
    const viewer = await api('Viewer', 'POST', '/api/v1/creators', { name: 'Viewer Made', handle: 'viewermade' });
    expect(viewer.statusCode).toBe(403);
    expect(json(viewer)).toEqual(apiError(viewer, 'forbidden', 'Your role cannot make changes in this workspace'));

    const before = await funnels();
    const batch = await api('Admin', 'POST', '/api/v1/creators/batch', { creators: [{ name: 'Fine One', handle: 'fineone' }, { name: 'Broken', handle: 'bro ken' }] });
    expect(batch.statusCode).toBe(422);
    expect(json(batch)).toEqual(apiError(batch, 'invalidValue', 'creators.1.handle "bro ken" may only use letters, digits, dots, underscores and hyphens', 'creators.1.handle'));
    const twice = await api('Admin', 'POST', '/api/v1/creators/batch', { creators: [{ name: 'Twin', handle: 'twin' }, { name: 'Twin Again', handle: 'TWIN' }] });
    expect(twice.statusCode).toBe(409);
    expect(json(twice)).toEqual(apiError(twice, 'conflict', 'The handle @TWIN is given twice'));
    expect(await funnels()).toEqual(before);

    const ok = await api('Admin', 'POST', '/api/v1/creators/batch', { creators: [{ name: 'Batch A', handle: 'batcha' }, { name: 'Batch B', handle: 'batchb' }] });
    expect(ok.statusCode).toBe(201);
    expect(json<{ funnels: FunnelView[] }>(ok).funnels.map((f) => [f.creator.handle, f.status])).toEqual([
      ['@batcha', 'Brief'],
      ['@batchb', 'Brief'],
    ]);
  });

  it('replays a creator POST retried with the same Idempotency-Key, and refuses the key for another body', async () => {
    const body = { name: 'Idem Potent', handle: 'idempotent' };
    const first = await api('Admin', 'POST', '/api/v1/creators', body, { 'idempotency-key': 'creator-idem-1' });
    const again = await api('Admin', 'POST', '/api/v1/creators', body, { 'idempotency-key': 'creator-idem-1' });
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(first.body);
    expect((await funnels()).filter((f) => f.creatorHandle === '@idempotent')).toHaveLength(1);
    const other = await api('Admin', 'POST', '/api/v1/creators', { ...body, handle: 'other' }, { 'idempotency-key': 'creator-idem-1' });
    expect(other.statusCode).toBe(409);
    expect(json(other)).toEqual(apiError(other, 'idempotencyKeyReused', 'This Idempotency-Key was used for a different request', 'Idempotency-Key'));
  });

  it('starts a funnel for a known creator only when their last engagement is finished; 404 for an unknown id', async () => {
    const maya = (await funnels()).find((f) => f.creatorHandle === '@mayachen')!;
    const open = await api('Editor', 'POST', '/api/v1/funnels', { creatorId: maya.id, type: 'Reel' });
    expect(open.statusCode).toBe(409);
    expect(json(open)).toEqual(apiError(open, 'conflict', `Maya Chen already has an open funnel (${maya.id})`));
    expect((await api('Editor', 'POST', '/api/v1/funnels', { creatorId: 'CR99999', type: 'Reel' })).statusCode).toBe(404);
    expect((await api('Viewer', 'POST', '/api/v1/funnels', { creatorId: 'CR99999', type: 'Reel' })).statusCode).toBe(403);

    // Finish the engagement (every step), then a new one gets its own funnel.
    // Finishing: the last step completes every step before it.
    expect(json<FunnelView>(await api('Editor', 'POST', `/api/v1/funnels/${maya.id}/steps/7/complete`, {})).steps.every((s) => s.completed)).toBe(true);
    const next = await api('Editor', 'POST', '/api/v1/funnels', { creatorId: maya.id, type: 'Reel' });
    expect(next.statusCode).toBe(201);
    const { id } = json<{ id: string; status: string }>(next);
    expect(id).not.toBe(maya.id);
    const engagement = json<FunnelView>(await api('Viewer', 'GET', `/api/v1/funnels/${id}`));
    expect(engagement).toMatchObject({ status: 'Brief', type: 'Reel', creator: { name: 'Maya Chen', handle: '@mayachen' } });
    expect(json<{ funnelIds: string[] }>(await api('Viewer', 'GET', `/api/v1/creators/${maya.id}`)).funnelIds.sort()).toEqual([id, maya.id].sort());
    // A suggested creator still works as before.
    expect((await api('Admin', 'POST', '/api/v1/funnels', { creatorId: 'SC2', type: 'Unboxing Video' })).statusCode).toBe(201);
  });

  it('completes steps and sends outreach through the board’s rules, with funnel.status.updated queued', async () => {
    await owner.post('/developer/webhooks', { url: 'https://hooks.example.com/campaign', events: ['funnel.status.updated', 'order.created', 'order.status.updated', 'inventory.low_stock'] });
    const created = json<FunnelView>(await api('Editor', 'POST', '/api/v1/creators', { name: 'Step Walker', handle: 'stepwalker' }));
    const step2 = await api('Editor', 'POST', `/api/v1/funnels/${created.id}/steps/2/complete`, { description: 'Confirmed by phone' });
    expect(step2.statusCode).toBe(200);
    expect(json<FunnelView>(step2).status).toBe('Confirmation');
    expect(json<FunnelView>(step2).steps.map((s) => [s.completed, s.current])).toEqual([[true, false], [true, false], [false, true], [false, false], [false, false], [false, false], [false, false]]);
    const step3 = json<FunnelView>(await api('Editor', 'POST', `/api/v1/funnels/${created.id}/steps/3/complete`, {}));
    expect(step3.status).toBe('Contract');

    // A step this funnel does not have is a rule's refusal (422); a malformed one a bad input (400).
    for (const [url, body, field, status] of [
      [`/api/v1/funnels/${created.id}/steps/8/complete`, {}, 'step', 422],
      [`/api/v1/funnels/${created.id}/steps/two/complete`, {}, 'step', 400],
      [`/api/v1/funnels/${created.id}/outreach`, { message: '  ' }, 'message', 400],
      [`/api/v1/funnels/${created.id}/outreach`, {}, 'message', 400],
    ] as const) {
      const response = await api('Editor', 'POST', url, body);
      expect(response.statusCode, url).toBe(status);
      expect(json(response).field, url).toBe(field);
    }
    expect((await api('Viewer', 'POST', `/api/v1/funnels/${created.id}/steps/4/complete`, {})).statusCode).toBe(403);
    expect((await api('Editor', 'POST', '/api/v1/funnels/CR99999/steps/1/complete', {})).statusCode).toBe(404);

    const outreach = await api('Editor', 'POST', `/api/v1/funnels/${created.id}/outreach`, { message: 'Your contract is ready' });
    expect(outreach.statusCode).toBe(200);
    expect((await funnels()).find((f) => f.id === created.id)!.outreach?.at(-1)).toMatchObject({ message: 'Your contract is ready' });
    expect((await api('Viewer', 'POST', `/api/v1/funnels/${created.id}/outreach`, { message: 'Hi' })).statusCode).toBe(403);

    const moves = (await queued()).filter((e) => e.type === 'funnel.status.updated' && (e.data.funnel as { id: string }).id === created.id);
    expect(moves.map((e) => (e.data.funnel as { status: string }).status)).toEqual(['Confirmation', 'Contract']);
  });

  it('lists funnels by status, assignee and last update, in cursor pages', async () => {
    const all = json<{ funnels: FunnelView[]; total: number }>(await api('Viewer', 'GET', '/api/v1/funnels?limit=100'));
    expect(all.total).toBe((await funnels()).length);
    const brief = json<{ funnels: FunnelView[]; total: number }>(await api('Viewer', 'GET', '/api/v1/funnels?status=Brief&limit=100'));
    expect(brief.funnels.every((f) => f.status === 'Brief')).toBe(true);
    const editorName = `API key …${secrets.Editor.slice(-4)}`;
    const mine = json<{ funnels: { assignedTo: string }[]; total: number }>(await api('Viewer', 'GET', `/api/v1/funnels?assignee=${encodeURIComponent(editorName.toUpperCase())}&limit=100`));
    expect(mine.total).toBeGreaterThanOrEqual(2);
    expect(mine.funnels.every((f) => f.assignedTo === editorName)).toBe(true);
    const recent = json<{ total: number }>(await api('Viewer', 'GET', `/api/v1/funnels?updated_since=${encodeURIComponent(server.clock.now().toISOString())}`));
    expect(recent.total).toBe((await funnels()).filter((f) => Date.parse(f.lastUpdated) >= server.clock.time).length);
    expect(recent.total).toBeGreaterThan(0);

    const seen: string[] = [];
    let after = '';
    for (;;) {
      const page = json<{ funnels: FunnelView[]; has_more: boolean }>(await api('Viewer', 'GET', `/api/v1/funnels?limit=3${after ? `&starting_after=${after}` : ''}`));
      seen.push(...page.funnels.map((f) => f.id));
      if (!page.has_more) break;
      after = page.funnels.at(-1)!.id;
    }
    expect(seen).toEqual(all.funnels.map((f) => f.id));
    for (const [query, field] of [
      ['updated_since=yesterday', 'updated_since'],
      ['status=Done', 'status'],
      ['assignee=a&assignee=b', 'assignee'],
      ['owner=me', undefined],
    ] as const) {
      const response = await api('Viewer', 'GET', `/api/v1/funnels?${query}`);
      expect(response.statusCode, query).toBe(400);
      if (field) expect(json(response).field, query).toBe(field);
    }
  });

  it('takes an order with the spec’s tax and shipping, deducts stock at Processing, and queues order and low-stock events once', async () => {
    const earbuds = await item('SKU-001');
    const created = await api('Editor', 'POST', '/api/v1/orders', {
      source: 'Shopify',
      customerName: 'Jo Buyer',
      customerEmail: 'jo@example.com',
      shippingAddress: ADDRESS,
      items: [{ sku: 'sku-001', quantity: 2, price: 50 }],
    });
    expect(created.statusCode).toBe(201);
    const order = json<{ id: string; status: string; source: string; subtotal: number; tax: number; shipping: number; total: number; items: { sku: string; inInventory: boolean }[] }>(created);
    expect(order).toMatchObject({ status: 'New', source: 'Shopify', subtotal: 100, tax: 8.25, shipping: 8.95, total: 117.2, items: [{ sku: 'SKU-001', inInventory: true }] });
    expect((await item('SKU-001')).quantity).toBe(earbuds.quantity);

    for (const [body, field] of [
      [{ customerName: 'X', customerEmail: 'x@example.com', shippingAddress: { ...ADDRESS, city: '' }, items: [{ sku: 'SKU-001', quantity: 1 }] }, 'shippingAddress.city'],
      [{ customerName: 'X', customerEmail: 'x@example.com', shippingAddress: ADDRESS, items: [] }, 'items'],
      [{ customerName: 'X', customerEmail: 'x@example.com', shippingAddress: ADDRESS, items: [{ sku: 'SKU-001', quantity: 1.5 }] }, 'items.0.quantity'],
      [{ customerName: 'X', customerEmail: 'x@example.com', shippingAddress: ADDRESS, items: [{ sku: 'SKU-001', quantity: 1 }], source: 'Etsy' }, 'source'],
      [{ customerEmail: 'x@example.com', shippingAddress: ADDRESS, items: [{ sku: 'SKU-001', quantity: 1 }] }, 'customerName'],
    ] as const) {
      const response = await api('Editor', 'POST', '/api/v1/orders', body);
      expect(response.statusCode, field).toBe(400);
      expect(json(response).field).toBe(field);
    }
    // Well-formed, but the New Order rules refuse it: 422 naming the input.
    for (const [body, field, error] of [
      [{ items: [{ sku: 'NOPE-1', quantity: 1 }] }, 'items.0.sku', 'SKU NOPE-1 is not in inventory'],
      [{ customerEmail: 'nope' }, 'customerEmail', 'Please enter a valid customer email'],
      [{ items: [{ sku: 'SKU-001', quantity: 1, price: 0 }] }, 'items.0.price', 'Price of SKU-001 must be a positive amount, like 24.99'],
      [{ items: [{ sku: 'SKU-001', quantity: 1 }, { sku: 'SKU-001', quantity: 1, price: 1.005 }] }, 'items.1.price', 'Price of SKU-001 must be a positive amount, like 24.99'],
    ] as const) {
      const fine: Record<string, unknown> = { customerName: 'X', customerEmail: 'x@example.com', shippingAddress: ADDRESS, items: [{ sku: 'SKU-001', quantity: 1 }] };
      const refused = await api('Editor', 'POST', '/api/v1/orders', { ...fine, ...body });
      expect(refused.statusCode, field).toBe(422);
      expect(json(refused)).toEqual(apiError(refused, 'invalidValue', error, field));
    }
    expect((await api('Viewer', 'POST', '/api/v1/orders', { customerName: 'X', customerEmail: 'x@example.com', shippingAddress: ADDRESS, items: [{ sku: 'SKU-001', quantity: 1 }] })).statusCode).toBe(403);

    // Stock just above the threshold, so Processing crosses it: one low-stock event.
    const set = await api('Editor', 'PATCH', '/api/v1/inventory/sku-001', { quantity: earbuds.lowStockThreshold + 1 });
    expect(set.statusCode).toBe(200);
    expect(json(set)).toMatchObject({ sku: 'SKU-001', quantity: earbuds.lowStockThreshold + 1, stockStatus: 'in-stock' });
    const moved = await api('Editor', 'PATCH', `/api/v1/orders/${order.id}`, { status: 'Processing' });
    expect(moved.statusCode).toBe(200);
    expect((await item('SKU-001')).quantity).toBe(earbuds.lowStockThreshold - 1);
    // Lower again while low: no second event until it rises above the threshold.
    expect((await api('Admin', 'PATCH', '/api/v1/inventory/SKU-001', { quantity: 0 })).statusCode).toBe(200);

    const events = (await queued()).filter((e) => e.type !== 'funnel.status.updated');
    expect(events).toEqual([
      { type: 'order.created', data: { order: expect.objectContaining({ id: order.id, status: 'New', source: 'Shopify', total: 117.2 }) } },
      { type: 'order.status.updated', data: { order: expect.objectContaining({ id: order.id, status: 'Processing', previousStatus: 'New' }) } },
      { type: 'inventory.low_stock', data: { item: expect.objectContaining({ sku: 'SKU-001', quantity: earbuds.lowStockThreshold - 1, stockStatus: 'low-stock' }) } },
    ]);
    expect((await api('Admin', 'PATCH', '/api/v1/inventory/SKU-001', { quantity: earbuds.lowStockThreshold + 5 })).statusCode).toBe(200);
    expect((await api('Admin', 'PATCH', '/api/v1/inventory/SKU-001', { quantity: 1 })).statusCode).toBe(200);
    expect((await queued()).filter((e) => e.type === 'inventory.low_stock')).toHaveLength(2);
  });

  it('sets stock by SKU by the inventory rules, naming the field, for Admin and Editor keys only', async () => {
    for (const quantity of [-1, 2.5, '7']) {
      const response = await api('Admin', 'PATCH', '/api/v1/inventory/SKU-002', { quantity });
      expect(response.statusCode, String(quantity)).toBe(400);
      expect(json(response).field).toBe('quantity');
    }
    expect((await api('Admin', 'PATCH', '/api/v1/inventory/NO-SUCH', { quantity: 1 })).statusCode).toBe(404);
    expect((await api('Viewer', 'PATCH', '/api/v1/inventory/SKU-002', { quantity: 1 })).statusCode).toBe(403);
    expect((await item('SKU-002')).quantity).not.toBe(1);
    const read = json<{ items: { sku: string; quantity: number }[] }>(await api('Viewer', 'GET', '/api/v1/inventory?limit=100'));
    expect(read.items.find((i) => i.sku === 'SKU-001')?.quantity).toBe((await item('SKU-001')).quantity);
  });

  it('attributes an order to the creator whose code it names, in any letter case; a code naming no creator keeps it unattributed', async () => {
    const order = (code: string) => ({ customerName: 'Jo Buyer', customerEmail: 'jo@example.com', shippingAddress: ADDRESS, items: [{ sku: 'SKU-001', quantity: 1, price: 40 }], attribution: { code } });
    const attributed = await api('Editor', 'POST', '/api/v1/orders', order('sarahjstyle'));
    expect(attributed.statusCode).toBe(201);
    expect(json(attributed)).toMatchObject({ kind: 'sale', attribution: { funnelId: 'CR12345', code: 'SARAHJSTYLE', handle: '@sarahjstyle', rule: 'code' } });
    const nobody = await api('Editor', 'POST', '/api/v1/orders', order('NOSUCHCODE'));
    expect(nobody.statusCode).toBe(201);
    expect(json(nobody)).toMatchObject({ kind: 'sale', attribution: null });
    const bad = await api('Editor', 'POST', '/api/v1/orders', { ...order(''), attribution: { code: '' } });
    expect(bad.statusCode).toBe(400);
    expect(json(bad).field).toBe('attribution.code');
  });

  it('gave every answer above as its OpenAPI document declares it', async () => {
    await expectAnswersFollowOpenApi(server, 50);
  });
});
