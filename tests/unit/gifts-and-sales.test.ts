// Gifts and sales are different orders: a gift ships to a creator, is charged nothing and is a
// cost; a sale is a paying customer's order and is revenue. Older stored orders are lifted by one rule.
import { describe, expect, it } from 'vitest';
import { analyticsSummary, periodDays } from '../../lib/domain/analytics';
import { periodTotalsOf, salesDaysOf } from '../../lib/domain/results';
import { parseMoney, updateInventoryItem } from '../../lib/domain/inventory';
import { createOrder, GIFT_SHIPPING_COST, orderTotals, type NewOrderDraft } from '../../lib/domain/orders';
import { chooseProducts } from '../../lib/domain/portal';
import { orderFromShop } from '../../lib/domain/shop-orders';
import type { Order } from '../../lib/domain/types';
import { migrateRecords } from '../../lib/schema/migrations';
import { sampleFunnels, sampleInventory, sampleOrders } from '../../lib/sample/workspace';

const NOW = new Date('2026-03-02T10:00:00.000Z');
const ADDRESS = { line1: '1 Main St', city: 'Austin', state: 'TX', postalCode: '78701', country: 'US' };
let n = 0;
const newId = (prefix: string) => `${prefix}_${++n}`;
const draft = (patch: Partial<NewOrderDraft> = {}): NewOrderDraft => ({
  source: 'Direct',
  customerName: 'Noah Lee',
  customerEmail: 'noah@example.com',
  shippingAddress: ADDRESS,
  items: [{ sku: 'SKU-001', quantity: '2', price: '50' }],
  ...patch,
});

describe('order totals by kind', () => {
  it('charges a sale tax and shipping, and a gift neither', () => {
    expect(orderTotals([{ quantity: 2, price: 50 }], 'sale')).toEqual({ subtotal: 100, tax: 8.25, shipping: 8.95, total: 117.2 });
    expect(orderTotals([{ quantity: 2, price: 50 }], 'gift')).toEqual({ subtotal: 100, tax: 0, shipping: 0, total: 100 });
  });
});

describe('New Order', () => {
  it('for a customer is a sale with tax and shipping', () => {
    const result = createOrder(draft(), sampleInventory(NOW), sampleOrders(NOW), NOW, newId);
    if (!result.ok) throw new Error(result.error);
    expect(result.value).toMatchObject({ kind: 'sale', tax: 8.25, shipping: 8.95, total: 117.2 });
    expect(result.value.creatorId).toBeUndefined();
    expect(result.value.shippingCost).toBeUndefined();
  });
  it('for a creator is a gift: no tax, no shipping charge, its shipping a cost to the brand', () => {
    const result = createOrder(draft({ creatorId: 'CR12345' }), sampleInventory(NOW), sampleOrders(NOW), NOW, newId);
    if (!result.ok) throw new Error(result.error);
    expect(result.value).toMatchObject({ kind: 'gift', creatorId: 'CR12345', subtotal: 100, tax: 0, shipping: 0, total: 100, shippingCost: GIFT_SHIPPING_COST, tags: ['gift'] });
  });
});

describe('the creator portal', () => {
  it('makes a gift, charged neither tax nor shipping (not the 36.01 a 25.00 product used to become)', () => {
    const funnel = { ...sampleFunnels(NOW).find((f) => f.id === 'CR12348')!, portal: { confirmedAt: NOW.toISOString(), address: ADDRESS, addressAt: NOW.toISOString() }, giftAllowance: { maxItems: 1, maxValue: 50 } };
    const result = chooseProducts(funnel, ['inv_1'], sampleInventory(NOW), sampleOrders(NOW), NOW, newId);
    if (!result.ok) throw new Error(result.error);
    expect(result.value.order).toMatchObject({ kind: 'gift', creatorId: 'CR12348', subtotal: 25, tax: 0, shipping: 0, total: 25, shippingCost: 8.95 });
  });
});

describe('shop orders', () => {
  it('are sales', () => {
    const order = orderFromShop(
      { shop: 'Shopify', externalId: '1', name: '#1001', customerName: 'A B', customerEmail: 'a@example.com', shippingAddress: ADDRESS, lines: [{ sku: 'SKU-001', title: 'Earbuds', quantity: 1, price: 59.99 }], cancelled: false, fulfilled: false },
      sampleInventory(NOW),
      [],
      NOW,
      newId,
    );
    expect(order.kind).toBe('sale');
  });
});

describe('Analytics revenue', () => {
  it('counts attributed sales (their subtotal, no tax or shipping) and never gifts: a gift is a cost', () => {
    const sale: Order = { ...sampleOrders(NOW)[0], attribution: { funnelId: 'CR12345', code: 'SARAHJSTYLE', handle: '@sarahjstyle', rule: 'code' } };
    const gift: Order = { ...sale, id: 'g1', kind: 'gift', attribution: undefined, creatorId: 'CR12345', tax: 0, shipping: 0, total: 500, shippingCost: 8.95 };
    const summary = (orders: Order[]) => {
      const { from, to } = periodDays('6m', NOW);
      // The sample's commission terms are left out: this is about gifts and sales only.
      const funnels = sampleFunnels(NOW).map(({ commissionPercent: _percent, flatFee: _fee, ...f }) => f);
      return analyticsSummary({ funnels, orders, inventory: sampleInventory(NOW), totals: periodTotalsOf(salesDaysOf(orders), from, to), months: [] }, '6m', NOW).results;
    };
    const withoutGift = summary([sale]);
    expect(withoutGift).toMatchObject({ revenue: sale.subtotal, cost: 0 });
    expect(summary([sale, gift])).toMatchObject({ revenue: sale.subtotal, cost: 8.95 + 18 * 2 });
  });
});

describe('stored orders from before gifts and sales', () => {
  const stored = (value: Record<string, unknown>) => ({ collection: 'orders', id: String(value.id), value });
  it('an order tied to a funnel becomes a gift: its charges 0, its total its items, its shipping charge its shipping cost', () => {
    const [lifted] = migrateRecords([stored({ id: 'o1', creatorId: 'CR1', subtotal: 25, tax: 2.06, shipping: 8.95, total: 36.01 })], 4);
    expect(lifted.value).toEqual({ id: 'o1', kind: 'gift', creatorId: 'CR1', subtotal: 25, tax: 0, shipping: 0, total: 25, shippingCost: 8.95 });
  });
  it('any other order becomes a sale with its charges kept', () => {
    const [lifted] = migrateRecords([stored({ id: 'o2', subtotal: 25, tax: 2.06, shipping: 8.95, total: 36.01 })], 4);
    expect(lifted.value).toEqual({ id: 'o2', kind: 'sale', subtotal: 25, tax: 2.06, shipping: 8.95, total: 36.01 });
  });
  it('an order that already says its kind is left alone', () => {
    const value = { id: 'o3', kind: 'sale', creatorId: 'CR1', subtotal: 25, tax: 2.06, shipping: 8.95, total: 36.01 };
    expect(migrateRecords([stored(value)], 4)[0].value).toBe(value);
  });
});

describe('unit cost and retail price', () => {
  const item = () => sampleInventory(NOW)[0];
  const edit = { name: 'Wireless Earbuds', lowStockThreshold: '10', reorderPoint: '20', location: 'Warehouse A' };
  it('are set to the cent, and blank leaves them not set', () => {
    const set = updateInventoryItem(item(), { ...edit, unitCost: '12.5', retailPrice: '59.99' });
    expect(set).toMatchObject({ ok: true, value: { unitCost: 12.5, retailPrice: 59.99 } });
    const cleared = updateInventoryItem(item(), { ...edit, unitCost: ' ', retailPrice: '' });
    if (!cleared.ok) throw new Error(cleared.error);
    expect(cleared.value).not.toHaveProperty('unitCost');
    expect(cleared.value).not.toHaveProperty('retailPrice');
  });
  it('an edit that does not mention them keeps them', () => {
    expect(updateInventoryItem(item(), edit)).toMatchObject({ ok: true, value: { unitCost: item().unitCost } });
  });
  it('refuse negatives, fractions of a cent and words, changing nothing', () => {
    for (const bad of ['-1', '1.005', 'ten', '1e3'])
      expect(updateInventoryItem(item(), { ...edit, unitCost: bad })).toMatchObject({ ok: false, error: 'Unit cost must be an amount of at least 0, to the cent' });
    expect(parseMoney('0', 'inventory.unitCost')).toMatchObject({ ok: true, value: 0 });
  });
});
