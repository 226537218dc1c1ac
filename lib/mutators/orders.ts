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
import { orderFromShop, shopOrderId, UNKNOWN_SKU_TAG, unknownSkuLines, type ShopName } from '../domain/shop-orders';
import { listValue, message, type Message } from '../domain/messages';
import { attributionCandidates, matchAttribution, withRefund, type AttributionEvidence } from '../domain/sales';
import { accept, refuse, ok, type InventoryItem, type Order, type OrderAttribution, type OrderRefund, type Result } from '../domain/types';
import { all, byCode, byKey, defineMutator, highestOrderNumber, idsFrom, nowOf, one } from './define';
import { address, id, newOrderDraft, orderStatus, text, trackingDraft } from './args';
import type { ReadTx, WriteTx } from './types';

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
function attributionOf(tx: ReadTx, evidence: AttributionEvidence): OrderAttribution | undefined {
  const funnelOf = (key: string) => tx.withCode(key)[0];
  const match = matchAttribution(evidence, funnelOf);
  if (!match) return undefined;
  return { funnelId: match.funnelId, code: match.code, handle: tx.get('funnels', match.funnelId)!.creatorHandle, rule: match.rule };
}

/** The codes an order's evidence could name, each rule's: what attributing it reads. */
const codesOf = (evidence: AttributionEvidence) => attributionCandidates(evidence).map((candidate) => candidate.code);

/** The inventory items these SKUs name (any letter case), each once, in display order. */
function stockOf(tx: ReadTx, skus: readonly string[]) {
  const items = new Map<string, InventoryItem>();
  for (const sku of skus) if (sku.trim()) for (const item of tx.lookup('inventory', sku.trim())) items.set(item.id, item);
  return [...items.values()];
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
  reads: (args) => [
    all('inventory'),
    highestOrderNumber(),
    ...(args.attribution ? [byCode(codesOf({ codes: [args.attribution.code] }))] : []),
    ...(args.draft.creatorId ? [one('funnels', args.draft.creatorId)] : []),
  ],
  run(tx, args, meta): Result<Order> {
    // A gift ships to a creator of this workspace, never to an id the browser made up.
    if (args.draft.creatorId && !tx.get('funnels', args.draft.creatorId)) return refuse('domain.funnels.gone');
    const result = buildOrder(args.draft, tx.scan('inventory'), tx.numberedOrders(), nowOf(meta), idsFrom(meta));
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
const shopName = v.picklist(['Shopify', 'WooCommerce'] as const);
const shopExternalId = v.pipe(v.string(), v.regex(/^\d{1,30}$/));
/** A shop's refund: its own id and the goods' amount it takes back. */
const shopRefund = v.object({ id: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,100}$/)), amount: v.pipe(v.number(), v.finite(), v.minValue(0), v.maxValue(MAX_AMOUNT)) });

const shopOrder = v.object({
  shop: shopName,
  externalId: shopExternalId,
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
  refunds: v.optional(v.pipe(v.array(shopRefund), v.maxLength(100))),
  refunded: v.optional(v.boolean()),
});

/**
 * The order with the shop's refunds it does not hold yet (each once, by its id: a repeated
 * delivery, or orders/updated after refunds/create, adds nothing), logged; the order itself
 * when none is new.
 */
function withShopRefunds(tx: WriteTx, order: Order, refunds: readonly OrderRefund[], shop: { shop: ShopName; name: string }, now: Date): Order {
  const held = order.refunds ?? [];
  const next = refunds.reduce<OrderRefund[]>((list, refund) => withRefund(list, refund), held);
  const added = next.slice(held.length);
  if (added.length === 0) return order;
  const cents = added.reduce((sum, r) => sum + Math.round(r.amount * 100), 0);
  tx.log({
    action: message('activity.action.orderRefunded'),
    actionType: 'system',
    details: message('activity.details.orderRefunded', { order: order.orderNumber, amount: (cents / 100).toFixed(2), shop: shop.shop, name: shop.name }),
  });
  return { ...order, refunds: next, updatedAt: now.toISOString() };
}

/**
 * A shop's order webhook: the first delivery for a shop order creates it (New, lines matched
 * by SKU, attributed by its codes); each later one adds the refunds it lists that the order
 * does not hold; a cancelled one moves to Canceled and a wholly refunded one to Refunded
 * (returning exactly what was deducted); a fulfilled one moves to Shipped when stock allows.
 * Nothing else of an order already received changes.
 */
export const receiveFromShop = defineMutator({
  name: 'orders.receiveFromShop',
  args: v.object({ order: shopOrder }),
  // What one delivery reads, whatever the workspace holds: its order by id, the stock its lines
  // and the order's items name by SKU, the funnels its codes name, and the highest order number.
  reads: (args) => [
    one('orders', shopOrderId(args.order.shop, args.order.externalId)),
    highestOrderNumber(),
    byKey('inventory', args.order.lines.map((line) => line.sku.trim()).filter(Boolean)),
    byCode(codesOf({ codes: args.order.codes ?? [], landingSite: args.order.landingSite })),
  ],
  readsFound: (tx, args) => {
    const held = tx.get('orders', shopOrderId(args.order.shop, args.order.externalId));
    return held ? [byKey('inventory', held.items.map((item) => item.sku.trim()).filter(Boolean))] : [];
  },
  run(tx, args, meta): Result<Order> {
    const shop = args.order;
    const newId = idsFrom(meta);
    const now = nowOf(meta);
    let order = tx.get('orders', shopOrderId(shop.shop, shop.externalId));
    if (!order) {
      order = orderFromShop(shop, stockOf(tx, shop.lines.map((line) => line.sku)), tx.numberedOrders(), now, newId);
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
    const refunded = withShopRefunds(tx, order, shop.refunds ?? [], shop, now);
    if (refunded !== order) tx.put('orders', (order = refunded));
    const target = shop.cancelled
      ? 'Canceled'
      : shop.refunded && order.status !== 'Canceled'
        ? 'Refunded'
        : shop.fulfilled && !['Shipped', 'Delivered', 'Canceled', 'Refunded'].includes(order.status)
          ? 'Shipped'
          : null;
    if (!target || order.status === target) return ok(order);
    const changed = changeOrderStatus(order, target, stockOf(tx, order.items.map((item) => item.sku)), now, newId('oh'));
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

/**
 * A refund the shop sent on its own (Shopify's refunds/create): added to its order once, by its
 * id. A refund of an order not received (yet) changes nothing: the order's own deliveries list
 * its refunds.
 */
export const receiveRefundFromShop = defineMutator({
  name: 'orders.receiveRefundFromShop',
  args: v.object({ shop: shopName, externalId: shopExternalId, refund: shopRefund }),
  reads: (args) => [one('orders', shopOrderId(args.shop, args.externalId))],
  run(tx, args, meta): Result<Order> {
    const order = tx.get('orders', shopOrderId(args.shop, args.externalId));
    if (!order) return refuse('domain.orders.gone');
    const name = order.tags.find((tag) => tag.startsWith(`${args.shop} `))?.slice(args.shop.length + 1) ?? order.orderNumber;
    const refunded = withShopRefunds(tx, order, [args.refund], { shop: args.shop, name }, nowOf(meta));
    if (refunded !== order) tx.put('orders', refunded);
    return ok(refunded);
  },
});

/**
 * Attributes a sale to a creator's funnel by hand (rule manual), or removes its attribution
 * (`funnelId` null). A gift is never attributed: it is a cost, not revenue.
 */
export const setAttribution = defineMutator({
  name: 'orders.setAttribution',
  args: v.object({ id, funnelId: v.nullable(id) }),
  reads: (args) => [one('orders', args.id), ...(args.funnelId ? [one('funnels', args.funnelId)] : [])],
  run(tx, args, meta): Result<Order> {
    const order = tx.get('orders', args.id);
    if (!order) return refuse('domain.orders.gone');
    if (order.kind !== 'sale') return refuse('domain.attribution.giftNotSale');
    const updatedAt = nowOf(meta).toISOString();
    if (args.funnelId === null) {
      const was = order.attribution;
      if (!was) return accept(order, 'domain.attribution.notAttributed');
      const { attribution: _removed, ...rest } = order;
      const updated: Order = { ...rest, updatedAt };
      tx.put('orders', updated);
      tx.log({
        action: message('activity.action.orderAttributionRemoved'),
        actionType: 'system',
        details: message('activity.details.orderAttributionRemoved', { order: order.orderNumber, handle: was.handle, code: was.code }),
      });
      return accept(updated, 'domain.attribution.removed', { handle: was.handle });
    }
    const funnel = tx.get('funnels', args.funnelId);
    if (!funnel) return refuse('domain.funnels.gone');
    if (!funnel.discountCode) return refuse('domain.attribution.noCode', { handle: funnel.creatorHandle });
    const attribution: OrderAttribution = { funnelId: funnel.id, code: funnel.discountCode, handle: funnel.creatorHandle, rule: 'manual' };
    const values = { handle: attribution.handle, code: attribution.code };
    if (order.attribution?.funnelId === funnel.id && order.attribution.code === attribution.code) return accept(order, 'domain.attribution.attributed', values);
    const updated: Order = { ...order, attribution, updatedAt };
    tx.put('orders', updated);
    tx.log({ action: message('activity.action.orderAttributed'), actionType: 'system', details: message('activity.details.orderAttributed', { order: order.orderNumber, ...values }) });
    return accept(updated, 'domain.attribution.attributed', values);
  },
});
