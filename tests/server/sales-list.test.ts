// Sales stay on the server, over real HTTP on PGlite and PostgreSQL: a sync pull carries gifts but
// no sale, the Orders screen's sales list is read a page at a time (a Viewer too), searched by
// the start of the order number, customer name or email, filtered by status, and never shows
// another workspace's sales; a bad cursor is a 400 that says so; a sale is attributed by hand
// through the one runner (a Viewer is refused, a refusal says why).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../../lib/domain/types';
import type { PullResponse } from '../../lib/sync/protocol';
import { recordToRow } from '../../server/db/records';
import * as t from '../../server/db/schema';
import { DB_KINDS, json, startServer, type Client, type TestServer } from './harness';

const address = { line1: '1 Main St', city: 'Austin', state: 'TX', postalCode: '78701', country: 'US' };
interface Page {
  sales: Order[];
  nextCursor: string | null;
}

/** A sale as a shop would have sent it, numbered `n`. */
function saleRecord(workspace: string, n: number, extra: Partial<Order> = {}): Order {
  const at = new Date(Date.UTC(2026, 10, 1, 12, 0, n)).toISOString();
  return {
    id: `ord_bulk_${workspace}_${n}`,
    kind: 'sale',
    source: 'Shopify',
    orderNumber: `ORD-${5000 + n}`,
    status: n % 5 === 0 ? 'Shipped' : 'New',
    customerName: n === 7 ? 'Zoë Quill' : `Buyer ${n}`,
    customerEmail: `buyer${n}@${workspace}.test`,
    shippingAddress: address,
    items: [{ id: `oi_${n}`, productId: '', name: 'Tee', sku: 'TEE', quantity: 1, price: 20 }],
    subtotal: 20,
    tax: 0,
    shipping: 0,
    total: 20,
    createdAt: at,
    updatedAt: at,
    history: [],
    tags: [`Shopify #${n}`],
    stockDeducted: false,
    ...extra,
  };
}

describe.each(DB_KINDS)('sales on the server on %s', (kind) => {
  let server: TestServer;
  let owner: Client;
  let viewer: Client;

  beforeAll(async () => {
    server = await startServer(kind, { limits: { perAddress: { max: 1000, windowMs: 60_000 } } });
    owner = await server.signIn('owner');
    viewer = await server.signIn('viewer');
    // 60 sales in Acme (newest first in display order: lower positions first), 3 in Globex.
    const rows = [
      ...Array.from({ length: 60 }, (_, i) => recordToRow('orders', saleRecord('acme', i + 1), { workspaceId: 'acme', version: 1, position: -1000 - (i + 1) })),
      ...Array.from({ length: 3 }, (_, i) => recordToRow('orders', saleRecord('globex', i + 1), { workspaceId: 'globex', version: 1, position: -1000 - i })),
    ];
    await server.db.handle.db.insert(t.orders).values(rows as never);
  });
  afterAll(async () => {
    await server?.close();
  });

  const page = async (client: Client, query = '') => {
    const response = await client.get(`/orders/sales${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return json<Page>(response);
  };

  const giftOf = (client: Client) =>
    client.push('orders.create', {
      draft: { source: 'Manual', customerName: 'Sarah Johnson', customerEmail: 'sarah@creator.test', shippingAddress: address, items: [{ sku: 'SKU-001', quantity: 1 }], creatorId: 'CR12345' },
    });

  it('a sync pull carries gift orders and no sale order, whole or since a version', async () => {
    expect((await giftOf(owner)).status).toBe(200);
    const whole = json<PullResponse>(await viewer.get('/sync/pull?since=0'));
    const orders = whole.records.filter((r) => r.collection === 'orders').map((r) => r.value as Order);
    expect(orders.length).toBeGreaterThan(0);
    expect(orders.filter((o) => o.kind === 'sale')).toEqual([]);
    expect(orders.every((o) => o.kind === 'gift')).toBe(true);
    // A new sale written after that version does not come in the next pull; a gift does.
    const pushed = await owner.push('orders.create', {
      draft: { source: 'API', customerName: 'Ann Buyer', customerEmail: 'ann@buyer.test', shippingAddress: address, items: [{ sku: 'SKU-001', quantity: 1, price: 10 }] },
    });
    expect(pushed.status).toBe(200);
    expect((await giftOf(owner)).status).toBe(200);
    const since = json<PullResponse>(await viewer.get(`/sync/pull?since=${whole.version}`));
    const pulled = since.records.filter((r) => r.collection === 'orders').map((r) => r.value as Order);
    expect(pulled.map((o) => o.kind)).toEqual(['gift']);
    // A paged first pull leaves sales out too.
    const first = json<PullResponse>(await viewer.get('/sync/pull?since=0&pageSize=100'));
    expect(first.records.filter((r) => r.collection === 'orders' && (r.value as Order).kind === 'sale')).toEqual([]);
  });

  it('a Viewer reads the sales a page at a time, newest first, and never another workspace\'s', async () => {
    const one = await page(viewer);
    expect(one.sales).toHaveLength(50);
    expect(one.sales.every((s) => s.kind === 'sale')).toBe(true);
    expect(one.nextCursor).toEqual(expect.any(String));
    const two = await page(viewer, `?cursor=${encodeURIComponent(one.nextCursor!)}`);
    const all = [...one.sales, ...two.sales];
    expect(two.nextCursor).toBeNull();
    // Every Acme sale once (60 seeded, the one pushed above, any the seed holds), no Globex one.
    expect(new Set(all.map((s) => s.id)).size).toBe(all.length);
    expect(all.filter((s) => s.id.startsWith('ord_bulk_acme_'))).toHaveLength(60);
    expect(all.some((s) => s.id.includes('globex'))).toBe(false);
    expect(all.findIndex((s) => s.id === 'ord_bulk_acme_60')).toBeLessThan(all.findIndex((s) => s.id === 'ord_bulk_acme_1'));
    // Globex's owner sees Globex's.
    const globex = await page(await server.signIn('globexOwner'));
    expect(globex.sales.map((s) => s.id).sort()).toEqual(['ord_bulk_globex_1', 'ord_bulk_globex_2', 'ord_bulk_globex_3']);
  });

  it('searches by the start of the order number, customer name or email in any letter case, and filters by status', async () => {
    expect((await page(viewer, '?q=ord-5007')).sales.map((s) => s.orderNumber)).toEqual(['ORD-5007']);
    expect((await page(viewer, '?q=zo%C3%AB')).sales.map((s) => s.customerName)).toEqual(['Zoë Quill']);
    expect((await page(viewer, '?q=BUYER12%40')).sales.map((s) => s.customerEmail)).toEqual(['buyer12@acme.test']);
    expect((await page(viewer, '?q=nobody')).sales).toEqual([]);
    const shipped = await page(viewer, '?status=Shipped');
    expect(shipped.sales.filter((s) => s.id.startsWith('ord_bulk_acme_'))).toHaveLength(12);
    expect(shipped.sales.every((s) => s.status === 'Shipped')).toBe(true);
  });

  it('a bad cursor, status or another workspace\'s cursor is a 400 that says so', async () => {
    const bad = await viewer.get('/orders/sales?cursor=not-a-cursor');
    expect(bad.statusCode).toBe(400);
    expect(json<{ error: string }>(bad).error).toBe('cursor is not one this list gave: start again without it');
    const globexCursor = Buffer.from(JSON.stringify({ w: 'globex', p: 0, i: 'x' })).toString('base64url');
    expect((await viewer.get(`/orders/sales?cursor=${globexCursor}`)).statusCode).toBe(400);
    const status = await viewer.get('/orders/sales?status=Lost');
    expect(status.statusCode).toBe(400);
    expect(json<{ error: string }>(status).error).toContain('status is one of');
    expect((await server.client().get('/orders/sales')).statusCode).toBe(401);
  });

  it('reads one sale; another workspace\'s or a gift is not found', async () => {
    expect(json<{ sale: Order }>(await viewer.get('/orders/sales/ord_bulk_acme_3')).sale).toMatchObject({ orderNumber: 'ORD-5003', kind: 'sale' });
    expect((await viewer.get('/orders/sales/ord_bulk_globex_1')).statusCode).toBe(404);
    const gift = json<PullResponse>(await viewer.get('/sync/pull?since=0')).records.find((r) => r.collection === 'orders')!;
    expect((await viewer.get(`/orders/sales/${gift.id}`)).statusCode).toBe(404);
  });

  it('attributes a sale by hand through the runner: a Viewer is refused, a refusal says why, an Editor attributes and removes', async () => {
    const refused = await viewer.request('PUT', '/orders/sales/ord_bulk_acme_3/attribution', { funnelId: 'CR12345' });
    expect(refused.statusCode).toBe(403);
    const editor = await server.signIn('editor');
    const gone = await editor.request('PUT', '/orders/sales/ord_bulk_acme_3/attribution', { funnelId: 'CR_NOPE' });
    expect(gone.statusCode).toBe(422);
    expect(json<{ error: string }>(gone).error).toMatch(/\S/);
    const saved = await editor.request('PUT', '/orders/sales/ord_bulk_acme_3/attribution', { funnelId: 'CR12345' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(json<{ sale: Order }>(saved).sale.attribution).toMatchObject({ funnelId: 'CR12345', rule: 'manual', handle: expect.any(String) });
    expect(json<{ sale: Order }>(await viewer.get('/orders/sales/ord_bulk_acme_3')).sale.attribution).toMatchObject({ funnelId: 'CR12345' });
    const removed = await editor.request('PUT', '/orders/sales/ord_bulk_acme_3/attribution', { funnelId: null });
    expect(removed.statusCode).toBe(200);
    expect(json<{ sale: Order }>(removed).sale.attribution).toBeUndefined();
    expect((await editor.request('PUT', '/orders/sales/ord_bulk_globex_1/attribution', { funnelId: 'CR12345' })).statusCode).toBe(404);
  });
});
