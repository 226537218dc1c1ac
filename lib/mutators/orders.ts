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
import { MAX_AMOUNT, MAX_QUANTITY } from '../domain/constants';
import { orderFromShop, shopOrderId, UNKNOWN_SKU_TAG, unknownSkuLines } from '../domain/shop-orders';
import { listValue, message, type Message } from '../domain/messages';
import { codeKey } from '../domain/attribution';
import { matchAttribution, type AttributionEvidence } from '../domain/sales';
import { refuse, ok, type Funnel, type Order, type OrderAttribution, type Result } from '../domain/types';
import { all, defineMutator, idsFrom, nowOf, one } from './define';
import { address, id, newOrderDraft, orderStatus, text, trackingDraft } from './args';
import type { WriteTx } from './types';

export const ORDER_GONE = 'This order no longer exists';

/** The note of an order's newest history entry, as a message. */
function noteOf(order: Order): Message | undefined {
  const last = order.history.at(-1);
  return last?.said ?? (last?.note ? message('activity.details.data', { value: last.note }) : undefined);
}

function commit(tx: WriteTx, change: OrderChange, action: Message, details: Message) {
  tx.put('orders', change.order);
  for (const item of change.inventory) tx.put('inventory', item);
  tx.log({ action, actionType: 'system', details });
}

/** The live funnel an order's codes or landing page name, by the matching rules (code, ref, utm), in any letter case. */
function attributionOf(tx: WriteTx, evidence: AttributionEvidence): OrderAttribution | undefined {
  const byCode = new Map<string, Funnel>();
  for (const funnel of tx.scan('funnels')) if (funnel.discountCode && !byCode.has(codeKey(funnel.discountCode))) byCode.set(codeKey(funnel.discountCode), funnel);
  const match = matchAttribution(evidence, (key) => byCode.get(key));
  if (!match) return undefined;
  return { funnelId: match.funnelId, code: match.code, handle: byCode.get(codeKey(match.code))!.creatorHandle, rule: match.rule };
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
    const note = noteOf(result.value.order);
    const values = { order: order.orderNumber, from: message(`orders.status.${order.status}`), to: message(`orders.status.${args.status}`) };
    commit(tx, result.value, message('activity.action.orderStatusUpdated'), note ? message('activity.byAction.orderStatusNote', { ...values, note }) : message('activity.byAction.orderStatus', values));
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
    commit(
      tx,
      result.value,
      message('activity.action.orderShipped'),
      message('activity.details.orderShipped', { order: order.orderNumber, carrier: shipped.carrierName ?? '', tracking: shipped.trackingNumber ?? '' }),
    );
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
    commit(tx, { order: result.value, inventory: [] }, message('activity.action.orderNotesSaved'), message('activity.details.data', { value: order.orderNumber }));
    return result;
  },
});

/** New Order: a New order at the top of the list; it takes no stock until Processing. */
export const create = defineMutator({
  name: 'orders.create',
  args: v.object({ draft: newOrderDraft, attribution: v.optional(v.object({ code: text(100) })) }),
  reads: (args) => [all('inventory'), all('orders'), ...(args.attribution ? [all('funnels')] : args.draft.creatorId ? [one('funnels', args.draft.creatorId)] : [])],
  run(tx, args, meta): Result<Order> {
    // A gift ships to a creator of this workspace, never to an id the browser made up.
    if (args.draft.creatorId && !tx.get('funnels', args.draft.creatorId)) return refuse('domain.funnels.gone');
    const result = buildOrder(args.draft, tx.scan('inventory'), tx.scan('orders'), nowOf(meta), idsFrom(meta));
    if (!result.ok) return result;
    // A sale that names a creator's code is theirs; a code that names no funnel leaves it unattributed.
    const attribution = args.attribution && result.value.kind === 'sale' ? attributionOf(tx, { codes: [args.attribution.code] }) : undefined;
    if (attribution) result.value = { ...result.value, attribution };
    tx.put('orders', result.value, { prepend: true });
    tx.log({
      action: message('activity.action.orderCreated'),
      actionType: 'system',
      details: message('activity.byAction.orderCreated', { order: result.value.orderNumber, customer: result.value.customerName }),
    });
    return result;
  },
});

/** A shop's amount in dollars: finite and at most MAX_AMOUNT either way (a refund's adjustments may be negative). */
const shopAmount = v.pipe(v.number(), v.finite(), v.minValue(-MAX_AMOUNT), v.maxValue(MAX_AMOUNT));

const shopOrder = v.object({
  shop: v.picklist(['Shopify', 'WooCommerce'] as const),
  externalId: v.pipe(v.string(), v.regex(/^\d{1,30}$/)),
  name: text(200),
  customerName: text(500),
  customerEmail: text(500),
  customerPhone: v.optional(text(100)),
  shippingAddress: address,
  lines: v.pipe(
    v.array(v.object({ sku: text(200), title: text(500), quantity: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(MAX_QUANTITY)), price: v.pipe(v.number(), v.minValue(0), v.maxValue(MAX_AMOUNT)) })),
    v.maxLength(500),
  ),
  cancelled: v.boolean(),
  fulfilled: v.boolean(),
  totals: v.optional(v.object({ subtotal: shopAmount, tax: shopAmount, shipping: shopAmount, total: shopAmount })),
  codes: v.optional(v.pipe(v.array(text(100)), v.maxLength(20))),
  landingSite: v.optional(text(2000)),
});

/**
 * A shop's order webhook: the first delivery for a shop order creates it (New, lines matched
 * by SKU); a cancelled one moves to Canceled (returning exactly what was deducted); a
 * fulfilled one moves to Shipped when stock allows. A later delivery changes nothing else.
 */
export const receiveFromShop = defineMutator({
  name: 'orders.receiveFromShop',
  args: v.object({ order: shopOrder }),
  reads: () => [all('inventory'), all('orders'), all('funnels')],
  run(tx, args, meta): Result<Order> {
    const shop = args.order;
    const newId = idsFrom(meta);
    const now = nowOf(meta);
    let order = tx.get('orders', shopOrderId(shop.shop, shop.externalId));
    if (!order) {
      order = orderFromShop(shop, tx.scan('inventory'), tx.scan('orders'), now, newId);
      const attribution = attributionOf(tx, { codes: shop.codes ?? [], landingSite: shop.landingSite });
      if (attribution) order = { ...order, attribution };
      tx.put('orders', order, { prepend: true });
      const unknown = unknownSkuLines(order).map((item) => item.sku || item.name);
      tx.log({
        action: message('activity.action.orderReceived'),
        actionType: 'system',
        details: unknown.length
          ? message('activity.details.orderReceivedUnknown', { order: order.orderNumber, shop: shop.shop, name: shop.name, customer: order.customerName, tag: UNKNOWN_SKU_TAG, skus: listValue(unknown) })
          : message('activity.details.orderReceived', { order: order.orderNumber, shop: shop.shop, name: shop.name, customer: order.customerName }),
        status: unknown.length ? 'warning' : 'success',
      });
    }
    const target = shop.cancelled ? 'Canceled' : shop.fulfilled && !['Shipped', 'Delivered', 'Canceled', 'Refunded'].includes(order.status) ? 'Shipped' : null;
    if (!target || order.status === target) return ok(order);
    const changed = changeOrderStatus(order, target, tx.scan('inventory'), now, newId('oh'));
    // A fulfilled order the stock cannot cover stays where it is: the Orders screen shows why.
    if (!changed.ok) return ok(order);
    const note = noteOf(changed.value.order);
    const values = { order: order.orderNumber, from: message(`orders.status.${order.status}`), to: message(`orders.status.${target}`), shop: shop.shop, name: shop.name };
    commit(
      tx,
      changed.value,
      message('activity.action.orderStatusUpdated'),
      note ? message('activity.details.shopOrderStatusNote', { ...values, note }) : message('activity.details.shopOrderStatus', values),
    );
    return ok(changed.value.order);
  },
});
