// Orders for pure tests of results and commission: a sale attributed to a funnel, and a gift
// shipped to a creator, built on the sample workspace's first order.
import type { Order } from '../../lib/domain/types';
import { sampleOrders } from '../../lib/sample/workspace';

const base = sampleOrders(new Date('2026-03-10T12:00:00Z'))[0];

/** How a sale is tied to `funnelId`: by its code. */
export const attributionTo = (funnelId: string) => ({ funnelId, code: 'CODE', handle: '@h', rule: 'code' as const });

/** A sale of `subtotal` (goods after discounts) attributed to `funnelId`, charged tax and shipping, made at `createdAt`. */
export const attributedSale = (id: string, funnelId: string, subtotal: number, createdAt: string, more: Partial<Order> = {}): Order => ({
  ...base,
  id,
  kind: 'sale',
  status: 'New',
  refunds: [],
  subtotal,
  tax: 9.9,
  shipping: 8.95,
  total: subtotal + 18.85,
  createdAt,
  attribution: attributionTo(funnelId),
  ...more,
});

/** A gift to `creatorId` (a funnel): two Wireless Earbuds (inventory inv_1) and 8.95 of shipping cost, never charged. */
export const giftTo = (id: string, creatorId: string, createdAt: string, more: Partial<Order> = {}): Order => ({
  ...base,
  id,
  kind: 'gift',
  creatorId,
  tax: 0,
  shipping: 0,
  createdAt,
  shippingCost: 8.95,
  items: [{ id: 'oi', productId: 'inv_1', name: 'Wireless Earbuds', sku: 'SKU-001', quantity: 2, price: 59.99 }],
  ...more,
});
