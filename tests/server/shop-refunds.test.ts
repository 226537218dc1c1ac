// Refunds and cancellations from shops over real HTTP (a listening server, fetch) on PGlite and
// PostgreSQL: Shopify's orders/updated listing refunds and its refunds/create (from the
// documented sample), WooCommerce's order.updated with refunds and status refunded, each signed
// as the shop signs it. Each refund is taken back once, by its id; the same delivery twice
// changes nothing; the API shows each order's refunds and revenue after them, and subscribers
// get order.attributed, its body as the OpenAPI document declares. A Viewer cannot attribute a
// sale by hand; an Editor can, and the activity log says so.
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PullResponse } from '../../lib/sync/protocol';
import { loadRecords } from '../../server/db/records';
import * as t from '../../server/db/schema';
import { wooCommerceOrder } from '../helpers/woocommerce-order';
import { DB_KINDS, json, OFFLINE_WEBHOOKS, startServer, type Client, type TestServer } from './harness';
import { expectAnswersFollowOpenApi } from './openapi-answers';

const ORDER = JSON.parse(readFileSync(new URL('./fixtures/shopify-orders-create.json', import.meta.url), 'utf8')) as Record<string, unknown>;
const REFUND_RAW = readFileSync(new URL('./fixtures/shopify-refunds-create.json', import.meta.url), 'utf8');
const SECRET = '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';
const sign = (body: string) => createHmac('sha256', SECRET).update(body, 'utf8').digest('base64');

const SHOPIFY_ID = '9101';
const shopifyOrder = (extra: Record<string, unknown> = {}) =>
  JSON.stringify({ ...ORDER, id: Number(SHOPIFY_ID), admin_graphql_api_id: `gid://shopify/Order/${SHOPIFY_ID}`, name: '#9101', discount_codes: [{ code: 'sarahjstyle', amount: '0.00', type: 'percentage' }], ...extra });
/** A refund as Shopify lists it on its order: its line items' subtotals after discounts. */
const shopifyRefund = (id: string, amount: string) => ({
  id: Number(id),
  admin_graphql_api_id: `gid://shopify/Refund/${id}`,
  refund_line_items: [{ id: 1, quantity: 1, subtotal: Number(amount), subtotal_set: { shop_money: { amount, currency_code: 'USD' }, presentment_money: { amount, currency_code: 'USD' } } }],
  order_adjustments: [],
});

interface ApiOrder {
  id: string;
  status: string;
  attribution: { funnelId: string; rule: string } | null;
  refunds: { id: string; amount: number }[];
  refunded: number;
  netRevenue: number | null;
}

describe.each(DB_KINDS)('refunds and cancellations from shops on %s', (kind) => {
  let server: TestServer;
  let owner: Client;
  let baseUrl = '';
  let apiKey = '';
  let endpointId = '';

  beforeAll(async () => {
    server = await startServer(kind, { limits: { perAddress: { max: 1000, windowMs: 60_000 } }, webhooks: { deliverEveryMs: false, ...OFFLINE_WEBHOOKS } });
    owner = await server.signIn('owner');
    for (const shop of ['shopify', 'woocommerce']) expect((await owner.request('PUT', `/integrations/${shop}/signing-secret`, { secret: SECRET })).statusCode).toBe(200);
    endpointId = json<{ endpoint: { id: string } }>(await owner.post('/developer/webhooks', { url: 'https://hooks.example.com/refunds', events: ['order.attributed'] })).endpoint.id;
    apiKey = json<{ secret: string }>(await owner.post('/developer/keys', { role: 'Viewer' })).secret;
    baseUrl = await server.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await server?.close();
  });

  /** Posts a delivery over HTTP, signed as the shop signs it. */
  async function deliver(shop: 'shopify' | 'woocommerce', body: string, topic: string, deliveryId: string) {
    const headers: Record<string, string> =
      shop === 'shopify'
        ? { 'x-shopify-hmac-sha256': sign(body), 'x-shopify-topic': topic, 'x-shopify-webhook-id': deliveryId, 'x-shopify-shop-domain': 'acme.myshopify.com' }
        : { 'x-wc-webhook-signature': sign(body), 'x-wc-webhook-topic': topic, 'x-wc-webhook-delivery-id': deliveryId };
    const response = await fetch(`${baseUrl}/integrations/${shop}/webhooks/acme`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
    return { status: response.status, body: (await response.json()) as { received: boolean; duplicate?: boolean; orderId?: string } };
  }
  const apiOrder = async (id: string) => {
    const listed = json<{ orders: ApiOrder[] }>(await server.client().get('/api/v1/orders?limit=100', { authorization: `Bearer ${apiKey}` }));
    return listed.orders.find((o) => o.id === id)!;
  };
  const stored = async (id: string) => (await loadRecords(server.db.handle.db, 'acme', 'orders', { ids: [id] }))[0].record;
  const table = async () => {
    const db = server.db.handle.db;
    return { orders: await db.select().from(t.orders), deliveries: await db.select().from(t.webhookDeliveries), activity: await db.select().from(t.activity) };
  };
  interface AttributedBody {
    type: string;
    data: { reason: string; order: { id: string; refunded: number; attribution: { rule: string } | null } };
  }
  /** The order.attributed bodies queued for an order, by what they say (reason, rule, refunded). */
  const attributedEvents = async (orderId: string) =>
    (await server.db.handle.db.select().from(t.webhookDeliveries))
      .filter((d) => d.endpointId === endpointId && d.eventType === 'order.attributed')
      .map((d) => d.payload as unknown as AttributedBody)
      .filter((body) => body.data.order.id === orderId)
      .sort((a, b) => a.data.order.refunded - b.data.order.refunded || a.data.reason.localeCompare(b.data.reason) || (a.data.order.attribution?.rule ?? '').localeCompare(b.data.order.attribution?.rule ?? ''));

  it('Shopify: orders/updated and refunds/create take back exactly each refund, once; the same delivery twice changes nothing', async () => {
    const id = `ord_shopify_${SHOPIFY_ID}`;
    expect((await deliver('shopify', shopifyOrder(), 'orders/create', 'r-create')).body).toEqual({ received: true, orderId: id });
    expect(await apiOrder(id)).toMatchObject({ attribution: { funnelId: 'CR12345', rule: 'code' }, refunds: [], refunded: 0, netRevenue: 388 });

    // A partial refund on orders/updated.
    const partial = shopifyOrder({ financial_status: 'partially_refunded', refunds: [shopifyRefund('509562969', '120.50')] });
    expect((await deliver('shopify', partial, 'orders/updated', 'r-upd-1')).status).toBe(200);
    expect(await apiOrder(id)).toMatchObject({ refunds: [{ id: '509562969', amount: 120.5 }], refunded: 120.5, netRevenue: 267.5 });

    // The same delivery again, and the same refund in another delivery: nothing changes.
    const before = await table();
    expect((await deliver('shopify', partial, 'orders/updated', 'r-upd-1')).body).toMatchObject({ received: true, duplicate: true });
    expect(await table()).toEqual(before);
    expect((await deliver('shopify', partial, 'orders/updated', 'r-upd-2')).status).toBe(200);
    expect((await table()).orders).toEqual(before.orders);

    // refunds/create, Shopify's documented sample for this order: 199.00 of goods, once.
    const refund = REFUND_RAW.replaceAll('820982911946154508', SHOPIFY_ID);
    expect((await deliver('shopify', refund, 'refunds/create', 'r-refund-1')).body).toEqual({ received: true, orderId: id });
    const afterRefund = await table();
    expect((await deliver('shopify', refund, 'refunds/create', 'r-refund-1')).body).toMatchObject({ duplicate: true });
    expect(await table()).toEqual(afterRefund);
    expect(await apiOrder(id)).toMatchObject({ refunds: [{ id: '509562969', amount: 120.5 }, { id: '890088186047892319', amount: 199 }], refunded: 319.5, netRevenue: 68.5 });
    expect((await stored(id)).status).toBe('New');

    // Cancelled: it counts for nothing.
    const cancelled = shopifyOrder({ cancelled_at: '2022-01-04T10:00:00-05:00', refunds: [shopifyRefund('509562969', '120.50')] });
    expect((await deliver('shopify', cancelled, 'orders/updated', 'r-cancel')).status).toBe(200);
    expect(await apiOrder(id)).toMatchObject({ status: 'Canceled', netRevenue: 0 });

    // Subscribers: attributed on arrival, then each refund; none for the repeats or the cancellation
    // (told apart by what each carries: they may share a timestamp).
    const events = await attributedEvents(id);
    expect(events.map(({ data }) => [data.reason, data.order.attribution?.rule ?? null, data.order.refunded])).toEqual([
      ['attributed', 'code', 0],
      ['refunded', 'code', 120.5],
      ['refunded', 'code', 319.5],
    ]);
    expect(events.at(-1)).toMatchObject({ type: 'order.attributed', data: { order: { id, refunded: 319.5, netRevenue: 68.5, attribution: { code: 'SARAHJSTYLE' } } } });
    // Each body is as the OpenAPI document declares it.
    const doc = json<{ components: { schemas: Record<string, unknown> }; webhooks: Record<string, unknown> }>(await server.client().get('/api/v1/openapi.json'));
    expect(Object.keys(doc.webhooks)).toContain('order.attributed');
    const validate = new Ajv2020({ strict: false }).compile(doc.components.schemas.OrderAttributedEvent as object);
    for (const event of events) expect(validate(event), JSON.stringify(validate.errors)).toBe(true);
  });

  it('WooCommerce: order.updated with refunds takes each back once, and status refunded leaves nothing', async () => {
    const id = 'ord_woocommerce_728';
    const woo = (extra: Record<string, unknown> = {}) => JSON.stringify(wooCommerceOrder({ id: 728, coupon_lines: [{ id: 1, code: 'MIKECHENTECH' }], ...extra }));
    expect((await deliver('woocommerce', woo(), 'order.created', 'wc-r-1')).body).toEqual({ received: true, orderId: id });
    const partly = woo({ refunds: [{ id: 801, reason: 'Scratched', total: '-20.00' }] });
    expect((await deliver('woocommerce', partly, 'order.updated', 'wc-r-2')).status).toBe(200);
    const before = await table();
    expect((await deliver('woocommerce', partly, 'order.updated', 'wc-r-2')).body).toMatchObject({ duplicate: true });
    expect(await table()).toEqual(before);
    expect(await apiOrder(id)).toMatchObject({ attribution: { funnelId: 'CR12346' }, refunds: [{ id: '801', amount: 20 }], netRevenue: 30 });
    const refunded = woo({ status: 'refunded', refunds: [{ id: 801, total: '-20.00' }, { id: 802, total: '-30.00' }] });
    expect((await deliver('woocommerce', refunded, 'order.updated', 'wc-r-3')).status).toBe(200);
    expect(await apiOrder(id)).toMatchObject({ status: 'Refunded', refunded: 50, netRevenue: 0 });
  });

  it('a Viewer cannot attribute a sale by hand; an Editor can, and the activity log records it', async () => {
    const id = 'ord_woocommerce_728';
    const viewer = await server.signIn('viewer');
    const before = await table();
    const refused = await viewer.push('orders.setAttribution', { id, funnelId: 'CR12345' });
    expect(refused.status).toBe(403);
    expect(refused.result).toMatchObject({ ok: false, error: 'Your role cannot make changes in this workspace' });
    expect(await table()).toEqual(before);

    const editor = await server.signIn('editor');
    const since = json<PullResponse>(await editor.get('/sync/pull?since=0')).version;
    expect((await editor.push('orders.setAttribution', { id, funnelId: 'CR12345' })).status).toBe(200);
    expect(await apiOrder(id)).toMatchObject({ attribution: { funnelId: 'CR12345', rule: 'manual' } });
    expect((await editor.push('orders.setAttribution', { id, funnelId: null })).status).toBe(200);
    expect((await apiOrder(id)).attribution).toBeNull();
    const activity = json<PullResponse>(await editor.get(`/sync/pull?since=${since}`)).records.filter((r) => r.collection === 'activity').map((r) => (r.value as { action: string }).action);
    expect(activity).toEqual(expect.arrayContaining(['Sale attributed', 'Sale attribution removed']));
    // Attributed on arrival by its coupon, refunded twice, attributed by hand, and removed (in order of what they say).
    expect((await attributedEvents(id)).map(({ data }) => [data.reason, data.order.attribution?.rule ?? null, data.order.refunded])).toEqual([
      ['attributed', 'code', 0],
      ['refunded', 'code', 20],
      ['attributed', 'manual', 50],
      ['refunded', 'code', 50],
      ['removed', null, 50],
    ]);
  });

  it('answers the API as its OpenAPI document declares', async () => {
    await expectAnswersFollowOpenApi(server, 3);
  });
});
