// Order actions (spec §4 order status, PRODUCT-NOTES stock rules). Every write puts the order
// and the inventory items it moved in one transaction, with an activity entry.
import {
  changeOrderStatus,
  createOrder as buildOrder,
  saveOrderNotes,
  shipWithTracking as shipOrder,
  type NewOrderDraft,
  type OrderChange,
  type TrackingDraft,
} from '../domain/orders';
import { fail, type InventoryItem, type Order, type OrderStatus, type Result } from '../domain/types';
import type { StoreContext } from './core';

const ORDER_GONE = 'This order no longer exists';

export function createOrdersSlice(ctx: StoreContext) {
  const items = ctx.collection<Order>('orders', { sort: (a, b) => b.createdAt.localeCompare(a.createdAt) });
  const inventory = ctx.collection<InventoryItem>('inventory');

  /** Looks an order up by id, or by its order number (ORD-1001). */
  function find(idOrNumber: string): Order | undefined {
    return items.get(idOrNumber) ?? items.items.value.find((order) => order.orderNumber === idOrNumber);
  }

  function commit(change: OrderChange, action: string, details: string) {
    ctx.transaction(() => {
      items.put(change.order);
      for (const item of change.inventory) inventory.put(item);
      ctx.log({ action, actionType: 'system', details });
    });
  }

  /** Moves an order to any status, checking, deducting or returning stock (spec §4, PRODUCT-NOTES). */
  function changeStatus(id: string, status: OrderStatus): Result<Order> {
    const allowed = ctx.authorize();
    if (!allowed.ok) return allowed;
    const order = items.get(id);
    if (!order) return fail(ORDER_GONE);
    const result = changeOrderStatus(order, status, inventory.items.peek(), ctx.now(), ctx.newId('oh'));
    if (!result.ok) return result;
    const note = result.value.order.history.at(-1)?.note;
    commit(result.value, 'Order status updated', `${order.orderNumber}: ${order.status} → ${status}${note ? ` (${note})` : ''}`);
    return { ok: true, value: result.value.order, message: result.message };
  }

  /** Save & Ship: stores tracking and carrier and marks the order Shipped. */
  function shipWithTracking(id: string, draft: TrackingDraft): Result<Order> {
    const allowed = ctx.authorize();
    if (!allowed.ok) return allowed;
    const order = items.get(id);
    if (!order) return fail(ORDER_GONE);
    const result = shipOrder(order, draft, inventory.items.peek(), ctx.now(), ctx.newId('oh'));
    if (!result.ok) return result;
    const shipped = result.value.order;
    commit(result.value, 'Order shipped', `${order.orderNumber}: ${shipped.carrierName} ${shipped.trackingNumber}`);
    return { ok: true, value: shipped, message: result.message };
  }

  function saveNotes(id: string, notes: string): Result<Order> {
    const allowed = ctx.authorize();
    if (!allowed.ok) return allowed;
    const order = items.get(id);
    if (!order) return fail(ORDER_GONE);
    const result = saveOrderNotes(order, notes, ctx.now());
    if (!result.ok) return result;
    commit({ order: result.value, inventory: [] }, 'Order notes saved', order.orderNumber);
    return result;
  }

  /** New Order: a New order at the top of the list; it takes no stock until Processing. */
  function createOrder(draft: NewOrderDraft): Result<Order> {
    const allowed = ctx.authorize();
    if (!allowed.ok) return allowed;
    const result = buildOrder(draft, inventory.items.peek(), items.items.peek(), ctx.now(), (prefix) => ctx.newId(prefix));
    if (!result.ok) return result;
    ctx.transaction(() => {
      items.put(result.value, { prepend: true });
      ctx.log({ action: 'Order created', actionType: 'system', details: `${result.value.orderNumber} for ${result.value.customerName}` });
    });
    return result;
  }

  return { items, find, changeStatus, shipWithTracking, saveNotes, createOrder };
}
