// Order actions (spec §4 order status, PRODUCT-NOTES stock rules). Owned by the orders issue.
import type { Order } from '../domain/types';
import type { StoreContext } from './core';

export function createOrdersSlice(ctx: StoreContext) {
  const items = ctx.collection<Order>('orders', { sort: (a, b) => b.createdAt.localeCompare(a.createdAt) });
  return { items };
}
