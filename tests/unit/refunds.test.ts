// Refunds and cancellations from shops take back exactly what was refunded: Shopify's refunds
// (on orders/updated, or refunds/create on their own) and WooCommerce's, each counted once by its
// id however often it arrives; a cancelled order counts for nothing. Attribution on arrival keeps
// an order whose code names no funnel (unattributed), and a code reused after its funnel is
// deleted attributes to the funnel holding it now. A member attributes by hand or removes it.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { attributedRevenue, saleAmountsOf } from '../../lib/domain/sales';
import { readShopifyOrder, readShopifyRefundDelivery, readWooCommerceOrder, shopOrderId, type ShopOrder } from '../../lib/domain/shop-orders';
import type { ActivityEntry, Funnel, Order, Role } from '../../lib/domain/types';
import { webhookEventsFor } from '../../lib/domain/webhooks';
import { MUTATORS } from '../../lib/mutators';
import type { Actor } from '../../lib/mutators/types';
import { apiKeyPermissions } from '../../lib/domain/webhooks';
import { sampleWorkspace } from '../../lib/sample';
import { mapState, mapTx, type MapState } from '../helpers/map-tx';
import { wooCommerceOrder } from '../helpers/woocommerce-order';

const NOW = new Date('2026-03-02T10:00:00.000Z');
const ORDER_RAW = readFileSync(new URL('../server/fixtures/shopify-orders-create.json', import.meta.url), 'utf8');
const REFUND_RAW = readFileSync(new URL('../server/fixtures/shopify-refunds-create.json', import.meta.url), 'utf8');
const ORDER = JSON.parse(ORDER_RAW) as Record<string, unknown>;
const REFUND = JSON.parse(REFUND_RAW) as Record<string, unknown>;
const ID = shopOrderId('Shopify', '820982911946154508');

const SHOP: Actor = { id: 'shop:shopify', name: 'Shopify', role: 'Viewer', permissions: apiKeyPermissions('Viewer') };
const member = (role: Role): Actor => ({ id: `tm_${role}`, name: role, role, permissions: apiKeyPermissions(role) });

/** A refund entry of an order's `refunds`, as Shopify lists it: its line items' subtotals after discounts. */
const shopifyRefund = (id: string, ...subtotals: string[]) => ({
  id: Number(id),
  admin_graphql_api_id: `gid://shopify/Refund/${id}`,
  refund_line_items: subtotals.map((amount, i) => ({ id: i + 1, quantity: 1, subtotal: Number(amount), subtotal_set: { shop_money: { amount, currency_code: 'USD' }, presentment_money: { amount, currency_code: 'USD' } } })),
  order_adjustments: [],
});
const shopifyOrder = (patch: Record<string, unknown> = {}): ShopOrder => {
  const read = readShopifyOrder({ ...ORDER, discount_codes: [{ code: 'sarahjstyle', amount: '0.00', type: 'percentage' }], ...patch });
  if (!read.ok) throw new Error(read.error);
  return read.value;
};

let seq = 0;
/** Runs one mutator on `state` as `actor`, committing what it wrote; the result and the activity it logged. */
function run<N extends keyof typeof MUTATORS>(state: MapState, actor: Actor, name: N, args: unknown) {
  const meta = { now: NOW.toISOString(), idSeed: `t${++seq}` };
  const { tx, commit } = mapTx(state, actor, meta);
  const before = new Map([...state.records.get('orders')!].map(([id, r]) => [id, r as Order]));
  const result = (MUTATORS[name].run as (tx: unknown, args: unknown, meta: unknown) => ReturnType<(typeof MUTATORS)[N]['run']>)(tx, args, meta);
  const logged: ActivityEntry[] = tx.scan('activity').filter((a) => a.id.startsWith(`act_${meta.idSeed}`));
  if (result.ok) commit();
  const changes = [...state.records.get('orders')!].filter(([id, r]) => before.get(id) !== r).map(([id, r]) => ({ collection: 'orders', before: before.get(id), after: r }));
  return { result, logged, events: webhookEventsFor(changes) };
}
const orderIn = (state: MapState, id = ID) => state.records.get('orders')!.get(id) as Order;
const revenueOf = (order: Order) => attributedRevenue(saleAmountsOf(order));
const fresh = () => mapState(sampleWorkspace(NOW), NOW);

describe('Shopify refunds', () => {
  it('reads refunds/create from the documented sample: the refund and its order, ids beyond 2^53 kept whole', () => {
    const read = readShopifyRefundDelivery(REFUND, REFUND_RAW);
    expect(read).toEqual({ ok: true, value: { shop: 'Shopify', externalId: '820982911946154508', refund: { id: '890088186047892319', amount: 199 } } });
  });

  it('a partial refund takes back exactly the refunded goods (subtotal after discounts, no tax or shipping)', () => {
    const state = fresh();
    run(state, SHOP, 'orders.receiveFromShop', { order: shopifyOrder() });
    expect(revenueOf(orderIn(state))).toBe(388);
    const updated = shopifyOrder({ refunds: [shopifyRefund('509562969', '120.50')] });
    const { logged, events } = run(state, SHOP, 'orders.receiveFromShop', { order: updated });
    expect(orderIn(state).refunds).toEqual([{ id: '509562969', amount: 120.5 }]);
    expect(revenueOf(orderIn(state))).toBe(267.5);
    expect(logged.map((a) => [a.userName, a.action, a.details])).toEqual([['Shopify', 'Refund received', `${orderIn(state).orderNumber}: 120.50 refunded (Shopify #9999)`]]);
    expect(events).toEqual([
      { type: 'order.attributed', data: expect.objectContaining({ reason: 'refunded', order: expect.objectContaining({ id: ID, refunded: 120.5, netRevenue: 267.5 }) }) },
    ]);
  });

  it('a full refund leaves nothing, and a wholly refunded order moves to Refunded', () => {
    const state = fresh();
    run(state, SHOP, 'orders.receiveFromShop', { order: shopifyOrder() });
    const refunded = shopifyOrder({ financial_status: 'refunded', refunds: [shopifyRefund('1', '199.00'), shopifyRefund('2', '150.00', '39.00')] });
    run(state, SHOP, 'orders.receiveFromShop', { order: refunded });
    expect(orderIn(state)).toMatchObject({ status: 'Refunded', refunds: [{ id: '1', amount: 199 }, { id: '2', amount: 189 }] });
    expect(revenueOf(orderIn(state))).toBe(0);
  });

  it('the same refund again changes nothing: a repeated orders/updated, or refunds/create after it', () => {
    const state = fresh();
    run(state, SHOP, 'orders.receiveFromShop', { order: shopifyOrder() });
    const updated = shopifyOrder({ refunds: [shopifyRefund('890088186047892319', '199.00')] });
    run(state, SHOP, 'orders.receiveFromShop', { order: updated });
    const once = orderIn(state);
    const again = run(state, SHOP, 'orders.receiveFromShop', { order: updated });
    expect(again.logged).toEqual([]);
    expect(again.events).toEqual([]);
    const read = readShopifyRefundDelivery(REFUND, REFUND_RAW);
    if (!read.ok) throw new Error(read.error);
    const alone = run(state, SHOP, 'orders.receiveRefundFromShop', read.value);
    expect(alone.logged).toEqual([]);
    expect(orderIn(state)).toBe(once);
    expect(revenueOf(once)).toBe(189);
  });

  it('refunds/create first, then orders/updated listing it and a second refund: each counted once', () => {
    const state = fresh();
    run(state, SHOP, 'orders.receiveFromShop', { order: shopifyOrder() });
    const read = readShopifyRefundDelivery(REFUND, REFUND_RAW);
    if (!read.ok) throw new Error(read.error);
    expect(run(state, SHOP, 'orders.receiveRefundFromShop', read.value).logged).toHaveLength(1);
    run(state, SHOP, 'orders.receiveFromShop', { order: shopifyOrder({ refunds: [shopifyRefund('890088186047892319', '199.00'), shopifyRefund('7', '9.99')] }) });
    expect(orderIn(state).refunds).toEqual([
      { id: '890088186047892319', amount: 199 },
      { id: '7', amount: 9.99 },
    ]);
    expect(revenueOf(orderIn(state))).toBe(179.01);
  });

  it('a refund of an order never received changes nothing', () => {
    const state = fresh();
    const { result } = run(state, SHOP, 'orders.receiveRefundFromShop', { shop: 'Shopify', externalId: '123', refund: { id: '9', amount: 5 } });
    expect(result).toMatchObject({ ok: false, error: 'This order no longer exists' });
    expect(orderIn(state, shopOrderId('Shopify', '123'))).toBeUndefined();
  });

  it('a cancelled order counts for nothing, whatever was refunded', () => {
    const state = fresh();
    run(state, SHOP, 'orders.receiveFromShop', { order: shopifyOrder({ refunds: [shopifyRefund('3', '50.00')] }) });
    expect(revenueOf(orderIn(state))).toBe(338);
    run(state, SHOP, 'orders.receiveFromShop', { order: shopifyOrder({ cancelled_at: '2022-01-02T10:00:00-05:00', financial_status: 'refunded', refunds: [shopifyRefund('3', '50.00')] }) });
    expect(orderIn(state).status).toBe('Canceled');
    expect(revenueOf(orderIn(state))).toBe(0);
  });
});

describe('WooCommerce refunds', () => {
  const woo = (patch: Record<string, unknown> = {}) => {
    const read = readWooCommerceOrder(wooCommerceOrder({ line_items: [{ id: 315, name: 'Earbuds', sku: 'SKU-001', quantity: 1, price: 50 }], coupon_lines: [{ id: 1, code: 'SARAHJSTYLE' }], ...patch }));
    if (!read.ok) throw new Error(read.error);
    return read.value;
  };

  it('order.updated with refunds takes back each once; status refunded moves it to Refunded, cancelled to Canceled', () => {
    const state = fresh();
    const id = shopOrderId('WooCommerce', '727');
    run(state, SHOP, 'orders.receiveFromShop', { order: woo() });
    expect(orderIn(state, id).attribution).toMatchObject({ funnelId: 'CR12345', rule: 'code' });
    expect(revenueOf(orderIn(state, id))).toBe(50);
    const partly = woo({ refunds: [{ id: 731, reason: 'Scratched', total: '-12.50' }] });
    run(state, SHOP, 'orders.receiveFromShop', { order: partly });
    run(state, SHOP, 'orders.receiveFromShop', { order: partly });
    expect(orderIn(state, id).refunds).toEqual([{ id: '731', amount: 12.5 }]);
    expect(revenueOf(orderIn(state, id))).toBe(37.5);
    run(state, SHOP, 'orders.receiveFromShop', { order: woo({ status: 'refunded', refunds: [{ id: 731, total: '-12.50' }, { id: 732, total: '-37.50' }] }) });
    expect(orderIn(state, id)).toMatchObject({ status: 'Refunded' });
    expect(revenueOf(orderIn(state, id))).toBe(0);
    run(state, SHOP, 'orders.receiveFromShop', { order: woo({ status: 'cancelled' }) });
    expect(orderIn(state, id).status).toBe('Canceled');
  });
});

describe('attribution on arrival', () => {
  it('an order whose code names no funnel is kept, not attributed', () => {
    const state = fresh();
    const { result, events } = run(state, SHOP, 'orders.receiveFromShop', { order: shopifyOrder({ discount_codes: [{ code: 'WELCOME10' }] }) });
    expect(result.ok).toBe(true);
    expect(orderIn(state)).toMatchObject({ kind: 'sale', source: 'Shopify', status: 'New' });
    expect(orderIn(state).attribution).toBeUndefined();
    expect(events.map((e) => e.type)).toEqual(['order.created']);
  });

  it('a code reused after its funnel is deleted: nobody while free, then the funnel that holds it now', () => {
    const state = fresh();
    const funnels = state.records.get('funnels')!;
    const sarah = funnels.get('CR12345') as Funnel;
    funnels.delete('CR12345');
    run(state, SHOP, 'orders.receiveFromShop', { order: shopifyOrder({ id: 1, admin_graphql_api_id: 'gid://shopify/Order/1', discount_codes: [{ code: sarah.discountCode }] }) });
    expect(orderIn(state, shopOrderId('Shopify', '1')).attribution).toBeUndefined();
    const mike = funnels.get('CR12346') as Funnel;
    const reused: Funnel = { ...mike, discountCode: sarah.discountCode };
    funnels.set(mike.id, reused);
    run(state, SHOP, 'orders.receiveFromShop', { order: shopifyOrder({ id: 2, admin_graphql_api_id: 'gid://shopify/Order/2', discount_codes: [{ code: sarah.discountCode!.toLowerCase() }] }) });
    expect(orderIn(state, shopOrderId('Shopify', '2')).attribution).toEqual({ funnelId: 'CR12346', code: sarah.discountCode, handle: mike.creatorHandle, rule: 'code' });
  });
});

describe('attribution by hand', () => {
  const sale = (state: MapState) => {
    run(state, SHOP, 'orders.receiveFromShop', { order: shopifyOrder({ discount_codes: [] }) });
    return orderIn(state);
  };

  it('an Editor attributes a sale to a creator (rule manual) and removes it, each in the activity log and sent as order.attributed', () => {
    const state = fresh();
    const order = sale(state);
    expect(order.attribution).toBeUndefined();
    const attributed = run(state, member('Editor'), 'orders.setAttribution', { id: order.id, funnelId: 'CR12346' });
    expect(attributed.result).toMatchObject({ ok: true, message: 'Sale attributed to @mikechentech (MIKECHENTECH)' });
    expect(orderIn(state).attribution).toEqual({ funnelId: 'CR12346', code: 'MIKECHENTECH', handle: '@mikechentech', rule: 'manual' });
    expect(attributed.logged.map((a) => [a.userName, a.action, a.details])).toEqual([['Editor', 'Sale attributed', `${order.orderNumber} attributed to @mikechentech (MIKECHENTECH)`]]);
    expect(attributed.events).toEqual([{ type: 'order.attributed', data: expect.objectContaining({ reason: 'attributed', previousAttribution: null }) }]);

    const removed = run(state, member('Editor'), 'orders.setAttribution', { id: order.id, funnelId: null });
    expect(orderIn(state).attribution).toBeUndefined();
    expect(removed.logged.map((a) => a.action)).toEqual(['Sale attribution removed']);
    expect(removed.events).toEqual([
      { type: 'order.attributed', data: expect.objectContaining({ reason: 'removed', order: expect.objectContaining({ attribution: null }), previousAttribution: expect.objectContaining({ funnelId: 'CR12346' }) }) },
    ]);
  });

  it('refuses a gift, a funnel that is gone, and writes nothing', () => {
    const state = fresh();
    const gift: Order = { ...([...state.records.get('orders')!.values()][0] as Order), id: 'ord_gift', kind: 'gift', creatorId: 'CR12345' };
    state.records.get('orders')!.set(gift.id, gift);
    expect(run(state, member('Admin'), 'orders.setAttribution', { id: gift.id, funnelId: 'CR12345' }).result).toMatchObject({ ok: false, error: 'Only a sale can be attributed to a creator: a gift is a cost' });
    const order = sale(state);
    expect(run(state, member('Admin'), 'orders.setAttribution', { id: order.id, funnelId: 'CR_GONE' }).result.ok).toBe(false);
    expect(orderIn(state)).toBe(order);
  });
});
