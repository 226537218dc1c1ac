// Orders: the list, lookups, and the order writes (lib/mutators/orders.ts) as actions.
import type { NewOrderDraft, TrackingDraft } from '../domain/orders';
import type { Order, OrderStatus } from '../domain/types';
import type { StoreContext } from './core';

export function createOrdersSlice(ctx: StoreContext) {
  const items = ctx.collection('orders');

  /** Looks an order up by id, or by its order number (ORD-1001). */
  function find(idOrNumber: string): Order | undefined {
    return items.get(idOrNumber) ?? items.items.value.find((order) => order.orderNumber === idOrNumber);
  }

  return {
    items,
    find,
    /** Moves an order to any status, checking, deducting or returning stock. */
    changeStatus: (id: string, status: OrderStatus) => ctx.mutate('orders.changeStatus', { id, status }),
    /** Save & Ship: stores tracking and carrier and marks the order Shipped. */
    shipWithTracking: (id: string, draft: TrackingDraft) => ctx.mutate('orders.shipWithTracking', { id, draft }),
    saveNotes: (id: string, notes: string) => ctx.mutate('orders.saveNotes', { id, notes }),
    /** Attributes a sale to a creator's funnel by hand, or removes its attribution (null). */
    setAttribution: (id: string, funnelId: string | null) => ctx.mutate('orders.setAttribution', { id, funnelId }),
    /** New Order: a New order at the top of the list; it takes no stock until Processing. */
    createOrder: (draft: NewOrderDraft) => ctx.mutate('orders.create', { draft }),
  };
}
