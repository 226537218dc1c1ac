// One record at a time through the public API, over real HTTP (a listening server, the typed
// client creatorflow/client) on PGlite and PostgreSQL: read an order by id and an inventory item
// by SKU in any letter case; ship an order with its tracking number and carrier and set its
// notes in one PATCH; add an inventory item, once per Idempotency-Key; set a creator's bio and
// interest tags. Another workspace's
// record is a 404, a Viewer key may read but not write, bad input is named by field, and every
// refusal leaves the records as they were. Every answer is checked against the OpenAPI document.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../lib/client';
import { loadRecords } from '../../server/db/records';
import { DB_KINDS, json, startServer, type Exchange, type TestServer } from './harness';
import { answerProblems } from './openapi-answers';

const ADDRESS = { line1: '1 Main St', city: 'Austin', state: 'TX', postalCode: '78701', country: 'US' };
type Who = 'Admin' | 'Viewer' | 'globex';

describe.each(DB_KINDS)('one record at a time on the API on %s', (kind) => {
  let server: TestServer;
  let baseUrl = '';
  const keys: Record<Who, string> = { Admin: '', Viewer: '', globex: '' };
  const exchanges: Exchange[] = [];

  /** A fetch that records each answer as it arrived, for the OpenAPI check. */
  const recording: typeof fetch = async (input, init) => {
    const request = new Request(input, init);
    const response = await fetch(request);
    const url = new URL(request.url);
    exchanges.push({ method: request.method as Exchange['method'], url: url.pathname + url.search, status: response.status, headers: Object.fromEntries(response.headers), body: await response.clone().text() });
    return response;
  };
  const client = (who: Who) => createClient({ baseUrl, apiKey: keys[who], fetch: recording, sleep: async () => {} });
  const stored = async <C extends 'orders' | 'inventory'>(collection: C) =>
    (await loadRecords(server.db.handle.db, 'acme', collection)).map((r) => r.record).sort((a, b) => a.id.localeCompare(b.id));
  const newOrder = async (quantity = 1) => {
    const created = await client('Admin').POST('/api/v1/orders', { body: { customerName: 'Pat Buyer', customerEmail: 'pat@buyer.test', shippingAddress: ADDRESS, items: [{ sku: 'SKU-001', quantity }] } });
    expect(created.response.status).toBe(201);
    return created.data!;
  };
  const getOrder = (who: Who, id: string) => client(who).GET('/api/v1/orders/{id}', { params: { path: { id } } });
  const patchOrder = (who: Who, id: string, body: Record<string, unknown>) =>
    client(who).PATCH('/api/v1/orders/{id}', { params: { path: { id } }, body: body });

  beforeAll(async () => {
    server = await startServer(kind, { limits: { perAddress: { max: 1000, windowMs: 60_000 } }, apiLimits: { perKey: { max: 10_000, windowMs: 60_000 } }, webhooks: { deliverEveryMs: false } });
    baseUrl = await server.app.listen({ port: 0, host: '127.0.0.1' });
    const owner = await server.signIn('owner');
    keys.Admin = json<{ secret: string }>(await owner.post('/developer/keys', { role: 'Admin' })).secret;
    keys.Viewer = json<{ secret: string }>(await owner.post('/developer/keys', { role: 'Viewer' })).secret;
    keys.globex = json<{ secret: string }>(await (await server.signIn('globexOwner')).post('/developer/keys', { role: 'Admin' })).secret;
  });
  afterAll(async () => {
    await server?.close();
  });

  it('reads one order by id and one item by SKU in any letter case; another workspace’s or an unknown one is a 404', async () => {
    const order = await newOrder();
    const read = await getOrder('Viewer', order.id);
    expect(read.data).toEqual(order);
    const listed = await client('Viewer').GET('/api/v1/orders', { params: { query: { limit: 100 } } });
    expect(listed.data!.orders.find((o) => o.id === order.id)).toEqual(read.data);

    const item = await client('Viewer').GET('/api/v1/inventory/{sku}', { params: { path: { sku: 'sku-001' } } });
    expect(item.data).toMatchObject({ sku: 'SKU-001', stockStatus: expect.any(String) });
    const stock = (await stored('inventory')).find((i) => i.sku === 'SKU-001')!;
    expect(item.data).toMatchObject({ id: stock.id, quantity: stock.quantity, name: stock.name });

    const refusals = [
      [await getOrder('globex', order.id), 404, `No order ${order.id}`],
      [await getOrder('Admin', 'ord_nothing'), 404, 'No order ord_nothing'],
      [await client('globex').GET('/api/v1/inventory/{sku}', { params: { path: { sku: 'SKU-001' } } }), 404, 'No inventory item with SKU SKU-001'],
      [await client('Admin').GET('/api/v1/inventory/{sku}', { params: { path: { sku: 'NOPE-9' } } }), 404, 'No inventory item with SKU NOPE-9'],
      [await getOrder('Admin', 'bad id!'), 400, 'id is malformed'],
    ] as const;
    for (const [answer, status, error] of refusals) {
      expect(answer.response.status, error).toBe(status);
      expect(answer.error, error).toMatchObject({ error, code: status === 404 ? 'notFound' : 'invalidRequest' });
    }
  });

  it('ships an order with its tracking number and carrier and saves its notes in one PATCH', async () => {
    const order = await newOrder();
    const stockBefore = (await stored('inventory')).find((i) => i.sku === 'SKU-001')!.quantity;
    const shipped = await patchOrder('Admin', order.id, { trackingNumber: ' 1Z999AA10123456784 ', carrierName: 'UPS', notes: 'Left at the door' });
    expect(shipped.response.status).toBe(200);
    expect(shipped.data).toMatchObject({ id: order.id, status: 'Shipped', trackingNumber: '1Z999AA10123456784', carrierName: 'UPS', notes: 'Left at the door' });
    expect((await getOrder('Viewer', order.id)).data).toEqual(shipped.data);
    // Shipping takes the stock, as Save & Ship does.
    expect((await stored('inventory')).find((i) => i.sku === 'SKU-001')!.quantity).toBe(stockBefore - 1);

    // Shipped already: new tracking keeps the status; notes alone change only the notes; a status alone moves it.
    const retracked = await patchOrder('Admin', order.id, { trackingNumber: '9400111', carrierName: 'USPS', status: 'Shipped' });
    expect(retracked.data).toMatchObject({ status: 'Shipped', trackingNumber: '9400111', carrierName: 'USPS', notes: 'Left at the door' });
    expect((await patchOrder('Admin', order.id, { notes: '' })).data).toMatchObject({ status: 'Shipped', trackingNumber: '9400111', notes: null });
    expect((await patchOrder('Admin', order.id, { status: 'Delivered' })).data).toMatchObject({ status: 'Delivered', trackingNumber: '9400111' });
  });

  it('refuses a change that is half there, contradicts itself, is too much for the stock, or comes from a Viewer key or another workspace, changing nothing', async () => {
    const order = await newOrder();
    const greedy = await newOrder(100_000);
    const before = await stored('orders');
    const stockBefore = await stored('inventory');
    const cases: [Who, string, Record<string, unknown>, number, string, string, string | undefined][] = [
      ['Admin', order.id, { trackingNumber: '1Z1' }, 422, 'invalidValue', 'carrierName is required with trackingNumber: shipping needs both', 'carrierName'],
      ['Admin', order.id, { carrierName: 'UPS', notes: 'n' }, 422, 'invalidValue', 'trackingNumber is required with carrierName: shipping needs both', 'trackingNumber'],
      ['Admin', order.id, { trackingNumber: '1Z1', carrierName: 'UPS', status: 'Processing' }, 422, 'invalidValue', 'An order given a tracking number is Shipped: send status Shipped or leave status out', 'status'],
      ['Admin', order.id, {}, 400, 'invalidRequest', 'Send at least one of status, trackingNumber, carrierName and notes', undefined],
      ['Admin', order.id, { trackingNumber: '  ', carrierName: 'UPS' }, 400, 'invalidRequest', 'trackingNumber is required', 'trackingNumber'],
      ['Admin', order.id, { tracking: '1Z1' }, 400, 'unknownField', 'Unknown field: tracking', 'tracking'],
      ['Admin', order.id, { notes: 7 }, 400, 'invalidRequest', 'notes must be text', 'notes'],
      ['Admin', greedy.id, { trackingNumber: '1Z2', carrierName: 'UPS', notes: 'never saved' }, 409, 'conflict', 'Insufficient inventory for this order', undefined],
      ['Admin', order.id, { status: 'New' }, 409, 'conflict', 'The order is already New', undefined],
      ['Viewer', order.id, { notes: 'viewer was here' }, 403, 'forbidden', 'Your role cannot make changes in this workspace', undefined],
      ['globex', order.id, { notes: 'globex was here' }, 404, 'notFound', `No order ${order.id}`, undefined],
    ];
    for (const [who, id, body, status, code, error, field] of cases) {
      const answer = await patchOrder(who, id, body);
      expect([body, answer.response.status]).toEqual([body, status]);
      expect(answer.error, JSON.stringify(body)).toMatchObject({ code, error, ...(field ? { field } : {}) });
      if (!field) expect(answer.error).not.toHaveProperty('field');
    }
    expect(await stored('orders')).toEqual(before);
    expect(await stored('inventory')).toEqual(stockBefore);
  });

  it('adds an inventory item once per Idempotency-Key; its SKU is unique in the workspace in any letter case', async () => {
    const body = { sku: 'API-TEE-01', name: 'API Tee', quantity: 12, lowStockThreshold: 3, reorderPoint: 5, location: 'Warehouse B' };
    const first = await client('Admin').POST('/api/v1/inventory', { body, headers: { 'Idempotency-Key': 'add-tee' } });
    expect(first.response.status).toBe(201);
    expect(first.data).toMatchObject({ sku: 'API-TEE-01', name: 'API Tee', quantity: 12, lowStockThreshold: 3, reorderPoint: 5, location: 'Warehouse B', stockStatus: 'in-stock' });
    const again = await client('Admin').POST('/api/v1/inventory', { body, headers: { 'Idempotency-Key': 'add-tee' } });
    expect(again.response.status).toBe(201);
    expect(again.response.headers.get('idempotent-replayed')).toBe('true');
    expect(again.data).toEqual(first.data);
    expect((await stored('inventory')).filter((i) => i.sku === 'API-TEE-01')).toHaveLength(1);
    expect((await client('Viewer').GET('/api/v1/inventory/{sku}', { params: { path: { sku: 'api-tee-01' } } })).data).toEqual(first.data);
    // Defaults as the Add Item form's.
    const plain = await client('Admin').POST('/api/v1/inventory', { body: { sku: 'API-CAP', name: 'API Cap' } });
    expect(plain.data).toMatchObject({ quantity: 0, stockStatus: 'out-of-stock', location: '' });
    // Another workspace has its own SKUs.
    expect((await client('globex').POST('/api/v1/inventory', { body: { sku: 'api-tee-01', name: 'Globex Tee' } })).response.status).toBe(201);

    const before = await stored('inventory');
    const cases: [Who, Record<string, unknown>, number, string, string, string | undefined][] = [
      ['Admin', { sku: 'api-tee-01', name: 'Again' }, 409, 'conflict', 'SKU api-tee-01 already exists', undefined],
      ['Admin', { sku: 'API-NEG', name: 'Negative', quantity: -1 }, 400, 'invalidRequest', 'quantity cannot be negative', 'quantity'],
      ['Admin', { sku: 'API-HALF', name: 'Half', reorderPoint: 1.5 }, 400, 'invalidRequest', 'reorderPoint must be a whole number', 'reorderPoint'],
      ['Admin', { sku: 'API-NONAME' }, 400, 'invalidRequest', 'name is required', 'name'],
      ['Admin', { sku: 'A/B', name: 'Slash' }, 400, 'invalidRequest', 'sku cannot contain /', 'sku'],
      ['Admin', { sku: 'API-X', name: 'X', colour: 'red' }, 400, 'unknownField', 'Unknown field: colour', 'colour'],
      ['Viewer', { sku: 'API-VIEW', name: 'Viewer Tee' }, 403, 'forbidden', 'Your role cannot make changes in this workspace', undefined],
    ];
    for (const [who, sent, status, code, error, field] of cases) {
      const answer = await client(who).POST('/api/v1/inventory', { body: sent as typeof body });
      expect([sent, answer.response.status]).toEqual([sent, status]);
      expect(answer.error, JSON.stringify(sent)).toMatchObject({ code, error, ...(field ? { field } : {}) });
    }
    expect(await stored('inventory')).toEqual(before);
  });

  it('updates a creator’s bio and interest tags as the Profile Optimizer does; a refusal changes nothing', async () => {
    const creator = (await client('Admin').POST('/api/v1/creators', { body: { name: 'Profile Person', handle: '@profileperson' } })).data!;
    const patch = (who: Who, id: string, body: Record<string, unknown>) => client(who).PATCH('/api/v1/creators/{id}', { params: { path: { id } }, body });
    const updated = await patch('Admin', creator.id, { bio: 'Runs and rides.', interestTags: [' Fitness ', 'Cycling'] });
    expect(updated.response.status).toBe(200);
    expect(updated.data).toMatchObject({ id: creator.id, name: 'Profile Person', bio: 'Runs and rides.', interestTags: ['Fitness', 'Cycling'], funnelIds: [creator.id] });
    expect((await client('Viewer').GET('/api/v1/creators/{id}', { params: { path: { id: creator.id } } })).data).toEqual(updated.data);
    // Only what is sent changes.
    expect((await patch('Admin', creator.id, { interestTags: [] })).data).toMatchObject({ bio: 'Runs and rides.', interestTags: [] });

    const funnels = async () => (await loadRecords(server.db.handle.db, 'acme', 'funnels')).map((r) => r.record).sort((a, b) => a.id.localeCompare(b.id));
    const before = await funnels();
    const cases: [Who, string, Record<string, unknown>, number, string, string, string | undefined][] = [
      ['Admin', creator.id, { bio: 'Kept?', interestTags: ['Travel', 'travel'] }, 422, 'invalidValue', 'travel is already added', 'interestTags.1'],
      ['Admin', creator.id, { bio: 'Kept?', interestTags: ['  '] }, 422, 'invalidValue', 'Type a tag first', 'interestTags.0'],
      ['Admin', creator.id, {}, 400, 'invalidRequest', 'Send at least one of bio and interestTags', undefined],
      ['Admin', creator.id, { bio: 5 }, 400, 'invalidRequest', 'bio must be text', 'bio'],
      ['Admin', creator.id, { name: 'Renamed' }, 400, 'unknownField', 'Unknown field: name', 'name'],
      ['Admin', 'CR00000', { bio: 'Nobody' }, 404, 'notFound', 'No creator CR00000', undefined],
      ['Viewer', creator.id, { bio: 'Viewer bio' }, 403, 'forbidden', 'Your role cannot make changes in this workspace', undefined],
      ['globex', creator.id, { bio: 'Globex bio' }, 404, 'notFound', `No creator ${creator.id}`, undefined],
    ];
    for (const [who, id, body, status, code, error, field] of cases) {
      const answer = await patch(who, id, body);
      expect([body, answer.response.status]).toEqual([body, status]);
      expect(answer.error, JSON.stringify(body)).toMatchObject({ code, error, ...(field ? { field } : {}) });
    }
    expect(await funnels()).toEqual(before);
  });

  it('answers only as the OpenAPI document declares', async () => {
    const doc = json<Parameters<typeof answerProblems>[0]>(await server.client().get('/api/v1/openapi.json'));
    const { problems, checked } = answerProblems(doc, exchanges);
    expect(problems).toEqual([]);
    expect(checked).toBeGreaterThanOrEqual(40);
    for (const path of ['/api/v1/orders/{id}', '/api/v1/inventory/{sku}', '/api/v1/creators/{id}']) expect(Object.keys(doc.paths)).toContain(path);
    expect(Object.keys(doc.paths['/api/v1/inventory/{sku}'])).toEqual(expect.arrayContaining(['get', 'patch']));
    expect(Object.keys(doc.paths['/api/v1/inventory'])).toEqual(expect.arrayContaining(['get', 'post']));
  });
});
