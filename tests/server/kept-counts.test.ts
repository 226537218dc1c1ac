// The public API's totals come from counts the database keeps (record_counts, kept by triggers):
// after every kind of write (a record added, its status changed, one deleted)
// each list's total, by status and in all, is what the records themselves count.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FUNNEL_STATUSES, ORDER_STATUSES } from '../../lib/domain/types';
import type { PushResponse } from '../../lib/sync/protocol';
import { loadRecords } from '../../server/db/records';
import { DB_KINDS, json, startServer, type Client, type TestServer } from './harness';

describe.each(DB_KINDS)('kept counts on %s', (kind) => {
  let server: TestServer;
  let owner: Client;
  let secret: string;

  beforeAll(async () => {
    server = await startServer(kind, { apiLimits: { perKey: { max: 10_000, windowMs: 60_000 } }, webhooks: { deliverEveryMs: false } });
    owner = await server.signIn('owner');
    const created = await owner.post('/developer/keys', { role: 'Viewer', name: 'counts' });
    expect(created.statusCode).toBe(201);
    secret = json<{ secret: string }>(created).secret;
  });
  afterAll(async () => {
    await server?.close();
  });

  const total = async (path: string) => {
    const response = await server.client().get(path, { authorization: `Bearer ${secret}` });
    expect(response.statusCode).toBe(200);
    return json<{ total: number }>(response).total;
  };

  /** Every list's total, all and by each status, against the records as stored. */
  async function expectTotalsAsStored() {
    const db = server.db.handle.db;
    const funnels = (await loadRecords(db, 'acme', 'funnels')).map((l) => l.record);
    const orders = (await loadRecords(db, 'acme', 'orders')).map((l) => l.record);
    const inventory = await loadRecords(db, 'acme', 'inventory');
    expect(await total('/api/v1/creators')).toBe(funnels.length);
    expect(await total('/api/v1/funnels')).toBe(funnels.length);
    for (const status of FUNNEL_STATUSES) expect(await total(`/api/v1/creators?status=${status}`), status).toBe(funnels.filter((f) => f.status === status).length);
    expect(await total('/api/v1/orders')).toBe(orders.length);
    for (const status of ORDER_STATUSES) expect(await total(`/api/v1/orders?status=${status}`), status).toBe(orders.filter((o) => o.status === status).length);
    expect(await total('/api/v1/inventory')).toBe(inventory.length);
    return { funnels, orders, inventory };
  }

  const push = async (name: string, args: unknown) => {
    const pushed = await owner.push(name, args);
    expect(pushed.result, `${name}: ${pushed.response.body}`).toEqual({ id: expect.any(Number), ok: true });
    return pushed.response.json<PushResponse>();
  };

  it('follow records added, moved to another status and deleted', async () => {
    const start = await expectTotalsAsStored();
    expect(start.orders.length).toBeGreaterThan(0);

    const order = start.orders.find((o) => o.status === 'New')!;
    await push('orders.changeStatus', { id: order.id, status: 'Canceled' });
    const moved = await expectTotalsAsStored();
    expect(moved.orders.filter((o) => o.status === 'Canceled').length).toBe(start.orders.filter((o) => o.status === 'Canceled').length + 1);

    await push('inventory.addItem', { draft: { sku: 'COUNT-1', name: 'Counted', quantity: 1 } });
    const added = await expectTotalsAsStored();
    expect(added.inventory.length).toBe(start.inventory.length + 1);

    await push('inventory.deleteItem', { id: added.inventory.find((i) => i.record.sku === 'COUNT-1')!.record.id });
    expect((await expectTotalsAsStored()).inventory.length).toBe(start.inventory.length);
  });
});
