// Order writes (spec §4 order status, stock rules): each puts the order and the inventory
// items it moved, with an activity entry, in one transaction.
import * as v from 'valibot';
import {
  changeOrderStatus,
  createOrder as buildOrder,
  saveOrderNotes,
  shipWithTracking as shipOrder,
  type OrderChange,
} from '../domain/orders';
import { orderFromShop, shopOrderId, UNKNOWN_SKU_TAG, unknownSkuLines } from '../domain/shop-orders';
import { refuse, ok, type Order, type Result } from '../domain/types';
import { all, defineMutator, idsFrom, nowOf, one } from './define';
import { address, id, newOrderDraft, orderStatus, text, trackingDraft } from './args';
import type { WriteTx } from './types';

export const ORDER_GONE = 'This order no longer exists';

function commit(tx: WriteTx, change: OrderChange, action: string, details: string) {
  tx.put('orders', change.order);
  for (const item of change.inventory) tx.put('inventory', item);
  tx.log({ action, actionType: 'system', details });
}

/** Moves an order to any status, checking, deducting or returning stock. */
export const changeStatus = defineMutator({
  name: 'orders.changeStatus',
  args: v.object({ id, status: orderStatus }),
  reads: (args) => [one('orders', args.id), all('inventory')],
  run(tx, args, meta) {
    const order = tx.get('orders', args.id);
    if (!order) return refuse('domain.orders.gone');
    const result = changeOrderStatus(order, args.status, tx.scan('inventory'), nowOf(meta), idsFrom(meta)('oh'));
    if (!result.ok) return result;
    const note = result.value.order.history.at(-1)?.note;
    commit(tx, result.value, 'Order status updated', `${order.orderNumber}: ${order.status} → ${args.status}${note ? ` (${note})` : ''}`);
    return { ...result, value: result.value.order };
  },
});

/** Save & Ship: stores tracking and carrier and marks the order Shipped. */
export const shipWithTracking = defineMutator({
  name: 'orders.shipWithTracking',
  args: v.object({ id, draft: trackingDraft }),
  reads: (args) => [one('orders', args.id), all('inventory')],
  run(tx, args, meta): Result<Order> {
    const order = tx.get('orders', args.id);
    if (!order) return refuse('domain.orders.gone');
    const result = shipOrder(order, args.draft, tx.scan('inventory'), nowOf(meta), idsFrom(meta)('oh'));
    if (!result.ok) return result;
    const shipped = result.value.order;
    commit(tx, result.value, 'Order shipped', `${order.orderNumber}: ${shipped.carrierName} ${shipped.trackingNumber}`);
    return { ...result, value: shipped };
  },
});

export const saveNotes = defineMutator({
  name: 'orders.saveNotes',
  args: v.object({ id, notes: text() }),
  reads: (args) => [one('orders', args.id)],
  run(tx, args, meta): Result<Order> {
    const order = tx.get('orders', args.id);
    if (!order) return refuse('domain.orders.gone');
    const result = saveOrderNotes(order, args.notes, nowOf(meta));
    if (!result.ok) return result;
    commit(tx, { order: result.value, inventory: [] }, 'Order notes saved', order.orderNumber);
    return result;
  },
});

/** New Order: a New order at the top of the list; it takes no stock until Processing. */
export const create = defineMutator({
  name: 'orders.create',
  args: v.object({ draft: newOrderDraft }),
  reads: () => [all('inventory'), all('orders')],
  run(tx, args, meta) {
    const result = buildOrder(args.draft, tx.scan('inventory'), tx.scan('orders'), nowOf(meta), idsFrom(meta));
    if (!result.ok) return result;
    tx.put('orders', result.value, { prepend: true });
    tx.log({ action: 'Order created', actionType: 'system', details: `${result.value.orderNumber} for ${result.value.customerName}` });
    return result;
  },
});

const shopOrder = v.object({
  shop: v.picklist(['Shopify', 'WooCommerce'] as const),
  externalId: v.pipe(v.string(), v.regex(/^\d{1,30}$/)),
  name: text(200),
  customerName: text(500),
  customerEmail: text(500),
  customerPhone: v.optional(text(100)),
  shippingAddress: address,
  lines: v.pipe(v.array(v.object({ sku: text(200), title: text(500), quantity: v.pipe(v.number(), v.integer(), v.minValue(1)), price: v.pipe(v.number(), v.minValue(0)) })), v.maxLength(500)),
  cancelled: v.boolean(),
  fulfilled: v.boolean(),
  totals: v.optional(v.object({ subtotal: v.number(), tax: v.number(), shipping: v.number(), total: v.number() })),
});

/**
 * A shop's order webhook: the first delivery for a shop order creates it (New, lines matched
 * by SKU); a cancelled one moves to Canceled (returning exactly what was deducted); a
 * fulfilled one moves to Shipped when stock allows. A later delivery changes nothing else.
 */
export const receiveFromShop = defineMutator({
  name: 'orders.receiveFromShop',
  args: v.object({ order: shopOrder }),
  reads: () => [all('inventory'), all('orders')],
  run(tx, args, meta): Result<Order> {
    const shop = args.order;
    const newId = idsFrom(meta);
    const now = nowOf(meta);
    let order = tx.get('orders', shopOrderId(shop.shop, shop.externalId));
    if (!order) {
      order = orderFromShop(shop, tx.scan('inventory'), tx.scan('orders'), now, newId);
      tx.put('orders', order, { prepend: true });
      const unknown = unknownSkuLines(order).map((item) => item.sku || item.name);
      tx.log({
        action: 'Order received',
        actionType: 'system',
        details: `${order.orderNumber} from ${shop.shop} (${shop.name}) for ${order.customerName}${unknown.length ? `; ${UNKNOWN_SKU_TAG}: ${unknown.join(', ')}` : ''}`,
        status: unknown.length ? 'warning' : 'success',
      });
    }
    const target = shop.cancelled ? 'Canceled' : shop.fulfilled && !['Shipped', 'Delivered', 'Canceled', 'Refunded'].includes(order.status) ? 'Shipped' : null;
    if (!target || order.status === target) return ok(order);
    const changed = changeOrderStatus(order, target, tx.scan('inventory'), now, newId('oh'));
    // A fulfilled order the stock cannot cover stays where it is: the Orders screen shows why.
    if (!changed.ok) return ok(order);
    const note = changed.value.order.history.at(-1)?.note;
    commit(tx, changed.value, 'Order status updated', `${order.orderNumber}: ${order.status} → ${target} (${shop.shop} ${shop.name})${note ? ` (${note})` : ''}`);
    return ok(changed.value.order);
  },
});
