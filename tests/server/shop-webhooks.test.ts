// Orders from Shopify over real HTTP on PGlite and PostgreSQL, with deliveries built from
// Shopify's documented orders/create sample (fixtures/shopify-orders-create.json): the signing
// secret is write-only and for Admins, a valid signature creates the order once (a repeated
// X-Shopify-Webhook-Id does nothing), a bad one is a 401 that changes nothing, an unknown SKU
// is kept and flagged, a cancellation returns exactly what was deducted, and the change
// reaches open browsers (a pull) and webhook subscribers (order.created). WooCommerce's
// order.created goes through the same path with its own header.
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PullResponse } from '../../lib/sync/protocol';
import { loadRecords } from '../../server/db/records';
import * as t from '../../server/db/schema';
import { SEED_TIME } from './fixture';
import { wooCommerceOrder } from '../helpers/woocommerce-order';
import { DB_KINDS, json, startServer, type Client, type TestServer, OFFLINE_WEBHOOKS } from './harness';

const SAMPLE = readFileSync(new URL('./fixtures/shopify-orders-create.json', import.meta.url), 'utf8');
const SECRET = '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';
const sign = (body: string, secret = SECRET) => createHmac('sha256', secret).update(body, 'utf8').digest('base64');

let idSeed = 0;
const meta = () => ({ now: SEED_TIME.toISOString(), idSeed: `shop${idSeed++}` });

describe.each(DB_KINDS)('Shopify order webhooks on %s', (kind) => {
  let server: TestServer;
  let owner: Client;
  let version = 0;

  beforeAll(async () => {
    server = await startServer(kind, { limits: { perAddress: { max: 1000, windowMs: 60_000 } }, webhooks: { deliverEveryMs: false, ...OFFLINE_WEBHOOKS } });
    owner = await server.signIn('owner');
    // The sample's SKU, stocked here: 10 units.
    const pushed = await owner.post('/sync/push', {
      clientID: 'shop-setup',
      mutations: [{ id: 1, name: 'inventory.addItem', args: { draft: { sku: 'IPOD2008PINK', name: 'iPod Nano Pink', quantity: 10, lowStockThreshold: 1 } }, meta: meta() }],
    });
    expect(pushed.statusCode).toBe(200);
  });
  afterAll(async () => {
    await server?.close();
  });

  const deliver = (body: string, headers: Record<string, string>) =>
    server.client().request('POST', '/integrations/shopify/webhooks/acme', body, { 'content-type': 'application/json', ...headers });
  const shopify = (body: string, topic: string, webhookId: string, signature = sign(body)) =>
    deliver(body, { 'x-shopify-hmac-sha256': signature, 'x-shopify-topic': topic, 'x-shopify-webhook-id': webhookId, 'x-shopify-shop-domain': 'acme.myshopify.com' });
  const orders = async () => (await loadRecords(server.db.handle.db, 'acme', 'orders')).map((r) => r.record);
  const stock = async (sku: string) => (await loadRecords(server.db.handle.db, 'acme', 'inventory')).map((r) => r.record).find((i) => i.sku === sku)!.quantity;
  const table = async () => {
    const db = server.db.handle.db;
    return { orders: await db.select().from(t.orders), receipts: await db.select().from(t.shopWebhookReceipts), deliveries: await db.select().from(t.webhookDeliveries) };
  };

  it('gives Admins the webhook address and keeps the signing secret write-only', async () => {
    const editor = await server.signIn('editor');
    expect((await editor.get('/integrations/shopify/connection')).statusCode).toBe(403);
    expect((await editor.request('PUT', '/integrations/shopify/signing-secret', { secret: SECRET })).statusCode).toBe(403);
    expect((await server.client().get('/integrations/shopify/connection')).statusCode).toBe(401);

    const before = json<{ webhookUrl: string; signingSecret: { configured: boolean } }>(await owner.get('/integrations/shopify/connection'));
    expect(before.webhookUrl).toMatch(/\/integrations\/shopify\/webhooks\/acme$/);
    expect(before.signingSecret.configured).toBe(false);
    // Not connected yet: a delivery, even one signed with the right secret, is refused.
    expect((await shopify(SAMPLE, 'orders/create', 'early-1')).statusCode).toBe(401);

    expect(json(await owner.request('PUT', '/integrations/shopify/signing-secret', { secret: 'short' }))).toMatchObject({ field: 'secret' });
    const saved = await owner.request('PUT', '/integrations/shopify/signing-secret', { secret: SECRET });
    expect(saved.statusCode).toBe(200);
    expect(json(saved)).toMatchObject({ signingSecret: { configured: true, hint: SECRET.slice(-4) } });
    expect(saved.body).not.toContain(SECRET);
    const pulled = await owner.get('/sync/pull?since=0');
    expect(pulled.body).not.toContain(SECRET);
    expect(json<PullResponse>(pulled).records.some((r) => r.collection === 'activity' && (r.value as { action: string }).action === 'Shopify signing secret saved')).toBe(true);
    const [row] = await server.db.handle.db.select().from(t.workspaceSecrets);
    expect(JSON.stringify(row)).not.toContain(SECRET);
    version = json<PullResponse>(pulled).version;
  });

  it('refuses a bad signature, a missing one and one made with another secret with 401, changing nothing', async () => {
    const before = await table();
    const tampered = SAMPLE.replace('"quantity": 1', '"quantity": 9');
    for (const response of [
      await shopify(tampered, 'orders/create', 'bad-1', sign(SAMPLE)),
      await shopify(SAMPLE, 'orders/create', 'bad-2', sign(SAMPLE, 'another-secret-entirely')),
      await shopify(SAMPLE, 'orders/create', 'bad-3', 'not base64 at all'),
      await deliver(SAMPLE, { 'x-shopify-topic': 'orders/create', 'x-shopify-webhook-id': 'bad-4' }),
    ]) {
      expect(response.statusCode).toBe(401);
      expect(json(response)).toEqual({ error: 'The webhook signature does not verify' });
    }
    // Another workspace's address with Acme's secret: that workspace has none.
    const elsewhere = await server.client().request('POST', '/integrations/shopify/webhooks/globex', SAMPLE, {
      'content-type': 'application/json',
      'x-shopify-hmac-sha256': sign(SAMPLE),
      'x-shopify-topic': 'orders/create',
      'x-shopify-webhook-id': 'bad-5',
    });
    expect(elsewhere.statusCode).toBe(401);
    expect(await table()).toEqual(before);
  });

  it('creates the order once with source Shopify, flags an unknown SKU, and a repeated webhook id does nothing', async () => {
    const { endpoint } = json<{ endpoint: { id: string } }>(await owner.post('/developer/webhooks', { url: 'https://hooks.example.com/cf', events: ['order.created'] }));
    const first = await shopify(SAMPLE, 'orders/create', 'b54557e4-bdd9-4b37-8a5f-bf7d70bcd043');
    expect(first.statusCode).toBe(200);
    expect(json(first)).toEqual({ received: true, orderId: 'ord_shopify_820982911946154508' });

    const order = (await orders()).find((o) => o.id === 'ord_shopify_820982911946154508')!;
    expect(order).toMatchObject({
      source: 'Shopify',
      status: 'New',
      customerName: 'John Smith',
      customerEmail: 'jon@example.com',
      shippingAddress: { line1: '123 Shipping Street', city: 'Shippington', state: 'KY', postalCode: '40003', country: 'US' },
      subtotal: 388,
      tax: 0,
      shipping: 10,
      total: 403,
      stockDeducted: false,
    });
    expect(order.items.map((i) => [i.sku, i.quantity, i.productId !== ''])).toEqual([
      ['IPOD2008PINK', 1, true],
      ['IPOD2008PINK', 1, true],
    ]);
    expect(order.tags).toEqual(['Shopify #9999']);

    // The same delivery again (Shopify retries with the same X-Shopify-Webhook-Id): nothing new.
    const before = await table();
    const again = await shopify(SAMPLE, 'orders/create', 'b54557e4-bdd9-4b37-8a5f-bf7d70bcd043');
    expect(again.statusCode).toBe(200);
    expect(json(again)).toMatchObject({ received: true, duplicate: true });
    expect(await table()).toEqual(before);

    // Open browsers get it on their next pull; subscribers get one order.created.
    const pulled = json<PullResponse>(await owner.get(`/sync/pull?since=${version}`));
    expect(pulled.records.some((r) => r.collection === 'orders' && r.id === order.id)).toBe(true);
    const queued = before.deliveries.filter((d) => d.endpointId === endpoint.id);
    expect(queued.map((d) => d.eventType)).toEqual(['order.created']);
    expect(queued[0].payload).toMatchObject({ data: { order: { id: order.id, source: 'Shopify', status: 'New' } } });
    await owner.request('DELETE', `/developer/webhooks/${endpoint.id}`);
  });

  it('keeps an unknown SKU on the order and flags it, never inventing an inventory item', async () => {
    const body = JSON.stringify({ ...JSON.parse(SAMPLE), id: 450789469, admin_graphql_api_id: 'gid://shopify/Order/450789469', name: '#1001', line_items: [{ id: 1, name: 'Mystery Gadget', sku: 'NOT-STOCKED-9', quantity: 2, price: '15.00' }] });
    const inventoryBefore = await loadRecords(server.db.handle.db, 'acme', 'inventory');
    expect((await shopify(body, 'orders/create', 'unknown-sku-1')).statusCode).toBe(200);
    const order = (await orders()).find((o) => o.id === 'ord_shopify_450789469')!;
    expect(order.items).toMatchObject([{ sku: 'NOT-STOCKED-9', name: 'Mystery Gadget', quantity: 2, price: 15, productId: '' }]);
    expect(order.tags).toContain('Unknown SKU');
    expect(await loadRecords(server.db.handle.db, 'acme', 'inventory')).toEqual(inventoryBefore);
    const key = json<{ secret: string }>(await owner.post('/developer/keys', { role: 'Viewer' })).secret;
    const viaApi = json<{ orders: { id: string; items: { inInventory: boolean }[] }[] }>(await server.client().get('/api/v1/orders?limit=100', { authorization: `Bearer ${key}` }));
    expect(viaApi.orders.find((o) => o.id === order.id)!.items).toEqual([expect.objectContaining({ sku: 'NOT-STOCKED-9', inInventory: false })]);
  });

  it('a cancellation returns exactly what was deducted, once', async () => {
    const id = 'ord_shopify_820982911946154508';
    expect(await stock('IPOD2008PINK')).toBe(10);
    const processing = await owner.post('/sync/push', { clientID: 'shop-staff', mutations: [{ id: 1, name: 'orders.changeStatus', args: { id, status: 'Processing' }, meta: meta() }] });
    expect(processing.statusCode).toBe(200);
    expect(await stock('IPOD2008PINK')).toBe(8);

    const cancelled = JSON.stringify({ ...JSON.parse(SAMPLE), cancelled_at: '2022-01-02T10:00:00-05:00', cancel_reason: 'customer' });
    expect((await shopify(cancelled, 'orders/cancelled', 'cancel-1')).statusCode).toBe(200);
    expect(await stock('IPOD2008PINK')).toBe(10);
    const order = (await orders()).find((o) => o.id === id)!;
    expect(order).toMatchObject({ status: 'Canceled', stockDeducted: false });
    expect(order.history.at(-1)?.note).toBe('Stock returned to inventory: 1 × IPOD2008PINK, 1 × IPOD2008PINK');
    // orders/updated after the cancellation (Shopify sends both), and the same id again: no second return.
    expect((await shopify(cancelled, 'orders/updated', 'cancel-2')).statusCode).toBe(200);
    expect((await shopify(cancelled, 'orders/cancelled', 'cancel-1')).statusCode).toBe(200);
    expect(await stock('IPOD2008PINK')).toBe(10);
  });

  it('ignores topics it does not take, and answers 400 to a signed body that is not an order', async () => {
    const before = await table();
    expect(json(await shopify(SAMPLE, 'products/update', 'other-1'))).toEqual({ received: false });
    const notOrder = JSON.stringify({ hello: 'world' });
    expect((await shopify(notOrder, 'orders/create', 'other-2')).statusCode).toBe(400);
    expect(await table()).toEqual(before);
  });

  it('takes WooCommerce’s order.created on the same path, signed with X-WC-Webhook-Signature', async () => {
    const woo = wooCommerceOrder({ line_items: [{ id: 315, name: 'iPod Nano Pink', sku: 'ipod2008pink', quantity: 1, price: 50 }] });
    const body = JSON.stringify(woo);
    const headers = { 'content-type': 'application/json', 'x-wc-webhook-signature': sign(body), 'x-wc-webhook-topic': 'order.created', 'x-wc-webhook-delivery-id': 'wc-1' };
    const post = () => server.client().request('POST', '/integrations/woocommerce/webhooks/acme', body, headers);
    // Shopify's secret does not open WooCommerce's door, nor the other way round.
    expect((await post()).statusCode).toBe(401);
    expect((await deliver(body, headers)).statusCode).toBe(401);
    expect((await owner.request('PUT', '/integrations/woocommerce/signing-secret', { secret: SECRET })).statusCode).toBe(200);
    expect(json(await post())).toEqual({ received: true, orderId: 'ord_woocommerce_727' });
    const order = (await orders()).find((o) => o.id === 'ord_woocommerce_727')!;
    expect(order).toMatchObject({ source: 'WooCommerce', customerName: 'Ana Ruiz', total: 64.95, tax: 4.95, shipping: 10, subtotal: 50 });
    expect(order.items).toMatchObject([{ sku: 'IPOD2008PINK', quantity: 1 }]);
    expect(json(await post())).toMatchObject({ duplicate: true });
  });

  it('attributes an order to the creator whose code it used (any letter case), else by ref= or utm_campaign=, and keeps one naming no creator unattributed', async () => {
    const sample = JSON.parse(SAMPLE) as Record<string, unknown>;
    const order = (id: number, extra: Record<string, unknown>) => JSON.stringify({ ...sample, id, admin_graphql_api_id: `gid://shopify/Order/${id}`, name: `#${id}`, ...extra });
    const byCode = order(9001, { discount_codes: [{ code: 'BLACKFRIDAY', amount: '5.00', type: 'fixed_amount' }, { code: 'sarahjstyle', amount: '10.00', type: 'percentage' }], landing_site: '/?ref=MIKECHENTECH' });
    expect((await shopify(byCode, 'orders/create', 'attr-1')).statusCode).toBe(200);
    const byRef = order(9002, { discount_codes: [{ code: 'BLACKFRIDAY', amount: '5.00', type: 'fixed_amount' }], landing_site: '/products/x?utm_campaign=SARAHJSTYLE&ref=mikechentech' });
    expect((await shopify(byRef, 'orders/create', 'attr-2')).statusCode).toBe(200);
    const byUtm = order(9003, { discount_codes: [], landing_site: '/?utm_source=creatorflow&utm_medium=creator&utm_campaign=SarahJStyle' });
    expect((await shopify(byUtm, 'orders/create', 'attr-3')).statusCode).toBe(200);
    const nobody = order(9004, { discount_codes: [{ code: 'NOSUCHCODE', amount: '1.00', type: 'fixed_amount' }], landing_site: '/' });
    expect((await shopify(nobody, 'orders/create', 'attr-4')).statusCode).toBe(200);
    const all = await orders();
    const of = (id: number) => all.find((o) => o.id === `ord_shopify_${id}`)!;
    expect(of(9001)).toMatchObject({ kind: 'sale', attribution: { funnelId: 'CR12345', code: 'SARAHJSTYLE', handle: '@sarahjstyle', rule: 'code' } });
    expect(of(9002).attribution).toEqual({ funnelId: 'CR12346', code: 'MIKECHENTECH', handle: '@mikechentech', rule: 'ref' });
    expect(of(9003).attribution).toEqual({ funnelId: 'CR12345', code: 'SARAHJSTYLE', handle: '@sarahjstyle', rule: 'utm' });
    // Kept, not attributed.
    expect(of(9004)).toMatchObject({ kind: 'sale', source: 'Shopify' });
    expect(of(9004).attribution).toBeUndefined();
  });
});
