import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  changeOrderStatus,
  checkStock,
  createOrder,
  createOrderSearch,
  filterOrders,
  fulfilmentFees,
  nextOrderNumber,
  orderTotals,
  saveOrderNotes,
  shipWithTracking,
  sortOrders,
  type NewOrderDraft,
} from '../../lib/domain/orders';
import { ORDER_STATUSES, type InventoryItem, type Order, type OrderStatus } from '../../lib/domain/types';
import { sampleInventory, sampleOrders } from '../../lib/sample/workspace';

const now = new Date('2026-03-10T12:00:00Z');
const later = new Date('2026-03-11T08:30:00Z');
const orders = sampleOrders(now);
const inventory = sampleInventory(now);
const byNumber = (n: string) => orders.find((o) => o.orderNumber === n)!;
const qty = (items: readonly InventoryItem[], sku: string) => items.find((i) => i.sku === sku)!.quantity;
/** Applies a change's inventory records over a list. */
const apply = (items: readonly InventoryItem[], changed: readonly InventoryItem[]) =>
  items.map((item) => changed.find((c) => c.id === item.id) ?? item);

describe('filterOrders (spec §5)', () => {
  it('matches order number, customer name or email, case-insensitively', () => {
    expect(filterOrders(orders, { search: 'ord-1002' }).map((o) => o.orderNumber)).toEqual(['ORD-1002']);
    expect(filterOrders(orders, { search: 'EMMA' }).map((o) => o.orderNumber)).toEqual(['ORD-1003']);
    expect(filterOrders(orders, { search: 'olivia.brown@EXAMPLE' }).map((o) => o.orderNumber)).toEqual(['ORD-1001']);
    expect(filterOrders(orders, { search: 'nobody' })).toEqual([]);
  });
  it('an empty status list means all; otherwise the status must be chosen', () => {
    expect(filterOrders(orders, { status: [] })).toHaveLength(3);
    expect(filterOrders(orders, { status: ['New', 'Shipped'] }).map((o) => o.status).sort()).toEqual(['New', 'Shipped']);
  });
  it('ignores dateRange', () => {
    expect(filterOrders(orders, { dateRange: ['2000-01-01', '2000-01-02'] })).toHaveLength(3);
  });
  it('an order edited after a search (a new record) is searched by its new name', () => {
    const before = byNumber('ORD-1003');
    expect(filterOrders(orders, { search: 'emma' }).map((o) => o.orderNumber)).toEqual(['ORD-1003']);
    const renamed = orders.map((o) => (o === before ? { ...o, customerName: 'Zoe Quinn', customerEmail: 'zoe@example.com' } : o));
    expect(filterOrders(renamed, { search: 'emma' })).toEqual([]);
    expect(filterOrders(renamed, { search: 'ZOE' }).map((o) => o.orderNumber)).toEqual(['ORD-1003']);
  });
});

describe('createOrderSearch', () => {
  it('answers exactly like filterOrders while text is typed and deleted key by key and the status filter changes', () => {
    // Letters and digits of the sample orders, so most prefixes match something.
    const text = fc.string({ unit: fc.constantFrom('o', 'r', 'd', '-', '1', '0', '2', 'e', 'm', 'a', 'l', 'i', 'v', ' ', 'O', '@'), maxLength: 8 });
    const statuses = fc.subarray([...ORDER_STATUSES]);
    fc.assert(
      fc.property(fc.array(fc.tuple(text, statuses), { minLength: 1, maxLength: 8 }), (steps) => {
        const search = createOrderSearch(orders);
        for (const [typed, status] of steps) {
          // Type the text, then delete it, one key at a time.
          const prefixes = [...Array.from({ length: typed.length + 1 }, (_, i) => typed.slice(0, i))];
          for (const prefix of [...prefixes, ...prefixes.reverse()]) {
            expect(search(prefix, status)).toEqual(filterOrders(orders, { search: prefix, status }));
          }
        }
      }),
    );
    const search = createOrderSearch(orders);
    expect(search('ord-100').map((o) => o.orderNumber)).toHaveLength(3);
    expect(search('ord-1002').map((o) => o.orderNumber)).toEqual(['ORD-1002']);
    expect(search('ord-100', ['New']).map((o) => o.status)).toEqual(['New']);
  });
  it('prepares its keys a slice at a time, and answers the same after', () => {
    const search = createOrderSearch(orders);
    expect(search.prepare(0, 2)).toBe(2);
    expect(search.prepare(2, 2)).toBeNull();
    expect(search('emma').map((o) => o.orderNumber)).toEqual(['ORD-1003']);
  });
});

describe('sortOrders', () => {
  it('sorts by each column, both ways', () => {
    expect(sortOrders(orders, { key: 'total', direction: 'ascending' }).map((o) => o.total)).toEqual([105.29, 138.83, 288.24]);
    expect(sortOrders(orders, { key: 'customerName', direction: 'descending' }).map((o) => o.customerName)).toEqual([
      'Olivia Brown',
      'Liam Wilson',
      'Emma Davis',
    ]);
    expect(sortOrders(orders, { key: 'items', direction: 'descending' })[0].orderNumber).toBe('ORD-1002');
    expect(sortOrders(orders).map((o) => o.orderNumber)).toEqual(['ORD-1001', 'ORD-1002', 'ORD-1003']);
  });
});

describe('checkStock (spec §4 per-item)', () => {
  it('says available, insufficient or missing per item', () => {
    const order: Order = {
      ...byNumber('ORD-1001'),
      items: [
        { id: 'a', productId: 'inv_1', name: 'Earbuds', sku: 'SKU-001', quantity: 2, price: 1 },
        { id: 'b', productId: 'inv_2', name: 'Watch', sku: 'SKU-002', quantity: 9, price: 1 },
        { id: 'c', productId: 'x', name: 'Ghost', sku: 'SKU-999', quantity: 1, price: 1 },
      ],
    };
    expect(checkStock(order, inventory).map((line) => [line.item.sku, line.availability, line.inStock])).toEqual([
      ['SKU-001', 'available', 150],
      ['SKU-002', 'insufficient', 8],
      ['SKU-999', 'missing', 0],
    ]);
  });
  it('two lines of one SKU draw on the same stock', () => {
    const order = {
      items: [
        { id: 'a', productId: 'inv_5', name: 'Speaker', sku: 'SKU-005', quantity: 3, price: 1 },
        { id: 'b', productId: 'inv_5', name: 'Speaker', sku: 'SKU-005', quantity: 3, price: 1 },
      ],
    };
    expect(checkStock(order, inventory).map((l) => l.availability)).toEqual(['available', 'insufficient']);
  });
});

describe('changeOrderStatus (spec §4, stock rules)', () => {
  it('moves to Processing: deducts each item once, sets updatedAt, appends history, says the spec message', () => {
    const result = changeOrderStatus(byNumber('ORD-1001'), 'Processing', inventory, later, 'h1');
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.message).toBe('Order status updated to Processing');
    expect(result.value.order).toMatchObject({ status: 'Processing', updatedAt: later.toISOString(), stockDeducted: true });
    expect(result.value.order.history.at(-1)).toMatchObject({ id: 'h1', timestamp: later.toISOString(), status: 'Processing' });
    expect(result.value.inventory).toEqual([expect.objectContaining({ sku: 'SKU-001', quantity: 148 })]);
  });

  it('blocks Processing or Shipped when any SKU is short or missing, and changes nothing', () => {
    const short = apply(inventory, [{ ...inventory[0], quantity: 1 }]);
    expect(changeOrderStatus(byNumber('ORD-1001'), 'Processing', short, later)).toMatchObject({
      ok: false,
      error: 'Insufficient inventory for this order',
    });
    const missing = inventory.filter((i) => i.sku !== 'SKU-001');
    expect(changeOrderStatus(byNumber('ORD-1001'), 'Shipped', missing, later)).toMatchObject({
      ok: false,
      error: 'Insufficient inventory for this order',
    });
  });

  it('deducts once: Processing then Shipped, or back to Processing, takes nothing more', () => {
    const first = changeOrderStatus(byNumber('ORD-1001'), 'Processing', inventory, later);
    if (!first.ok) throw new Error(first.error);
    const stock = apply(inventory, first.value.inventory);
    const shipped = changeOrderStatus(first.value.order, 'Shipped', stock, later);
    if (!shipped.ok) throw new Error(shipped.error);
    expect(shipped.value.inventory).toEqual([]);
    const back = changeOrderStatus({ ...shipped.value.order }, 'New', stock, later);
    if (!back.ok) throw new Error(back.error);
    const again = changeOrderStatus(back.value.order, 'Processing', stock, later);
    if (!again.ok) throw new Error(again.error);
    expect(again.value.inventory).toEqual([]);
    expect(qty(stock, 'SKU-001')).toBe(148);
  });

  it('an already deducted order is not blocked by the stock it took itself', () => {
    const exact = apply(inventory, [{ ...inventory[0], quantity: 2 }]);
    const first = changeOrderStatus(byNumber('ORD-1001'), 'Processing', exact, later);
    if (!first.ok) throw new Error(first.error);
    const stock = apply(exact, first.value.inventory);
    expect(qty(stock, 'SKU-001')).toBe(0);
    expect(changeOrderStatus(first.value.order, 'Shipped', stock, later).ok).toBe(true);
  });

  it('Canceled or Refunded returns exactly what was deducted, with a history note', () => {
    for (const status of ['Canceled', 'Refunded'] as const) {
      const order = byNumber('ORD-1002'); // Processing, deducted: 1 × SKU-002, 2 × SKU-004
      const result = changeOrderStatus(order, status, inventory, later);
      if (!result.ok) throw new Error(result.error);
      const stock = apply(inventory, result.value.inventory);
      expect(qty(stock, 'SKU-002')).toBe(9);
      expect(qty(stock, 'SKU-004')).toBe(77);
      expect(result.value.order.stockDeducted).toBe(false);
      expect(result.value.order.history.at(-1)?.note).toBe('Stock returned to inventory: 1 × SKU-002, 2 × SKU-004');
    }
  });

  it('canceling an order that took no stock returns nothing', () => {
    const result = changeOrderStatus(byNumber('ORD-1001'), 'Canceled', inventory, later);
    if (!result.ok) throw new Error(result.error);
    expect(result.value.inventory).toEqual([]);
    expect(result.value.order.history.at(-1)?.note).toBeUndefined();
  });

  it('refuses the status the order already has', () => {
    expect(changeOrderStatus(byNumber('ORD-1001'), 'New', inventory, later).ok).toBe(false);
  });
});

describe('shipWithTracking (spec §4, §5, tracking stored)', () => {
  it('requires both tracking number and carrier', () => {
    const order = byNumber('ORD-1001');
    for (const draft of [
      { trackingNumber: '', carrierName: 'UPS' },
      { trackingNumber: '1Z', carrierName: '  ' },
    ])
      expect(shipWithTracking(order, draft, inventory, later)).toMatchObject({ ok: false, error: 'Please enter tracking number and carrier' });
  });
  it('goes through the same stock check', () => {
    const missing = inventory.filter((i) => i.sku !== 'SKU-001');
    expect(shipWithTracking(byNumber('ORD-1001'), { trackingNumber: '1Z', carrierName: 'UPS' }, missing, later)).toMatchObject({
      ok: false,
      error: 'Insufficient inventory for this order',
    });
  });
  it('stores tracking and carrier, marks Shipped, deducts once', () => {
    const result = shipWithTracking(byNumber('ORD-1001'), { trackingNumber: ' 1Z42 ', carrierName: 'FedEx' }, inventory, later);
    if (!result.ok) throw new Error(result.error);
    expect(result.message).toBe('Shipping information added and order marked as shipped');
    expect(result.value.order).toMatchObject({ status: 'Shipped', trackingNumber: '1Z42', carrierName: 'FedEx', stockDeducted: true });
    expect(result.value.inventory).toEqual([expect.objectContaining({ sku: 'SKU-001', quantity: 148 })]);
  });
  it('a Processing order already deducted ships without taking more stock', () => {
    const result = shipWithTracking(byNumber('ORD-1002'), { trackingNumber: 'T1', carrierName: 'USPS' }, inventory, later);
    if (!result.ok) throw new Error(result.error);
    expect(result.value.inventory).toEqual([]);
    expect(result.value.order.status).toBe('Shipped');
  });
});

describe('fulfilmentFees (spec §9)', () => {
  it('is 2.5 per unit, 8.95 shipping, 1.5 handling, and their sum', () => {
    expect(fulfilmentFees(byNumber('ORD-1002'))).toEqual({ pickAndPack: 7.5, shipping: 8.95, handling: 1.5, total: 17.95 });
    expect(fulfilmentFees(byNumber('ORD-1003'))).toEqual({ pickAndPack: 2.5, shipping: 8.95, handling: 1.5, total: 12.95 });
  });
});

describe('saveOrderNotes', () => {
  it('saves notes and sets updatedAt; blank clears them', () => {
    const saved = saveOrderNotes(byNumber('ORD-1001'), 'Call first', later);
    expect(saved).toMatchObject({ ok: true, message: 'Notes saved successfully', value: { notes: 'Call first', updatedAt: later.toISOString() } });
    const cleared = saveOrderNotes(byNumber('ORD-1002'), '   ', later);
    expect(cleared.ok && 'notes' in cleared.value).toBe(false);
  });
});

describe('createOrder (New Order)', () => {
  let n = 0;
  const newId = (prefix: string) => `${prefix}_${++n}`;
  const draft = (patch: Partial<NewOrderDraft> = {}): NewOrderDraft => ({
    source: 'Direct',
    customerName: 'Noah Lee',
    customerEmail: 'noah@example.com',
    shippingAddress: { line1: '1 Main St', city: 'Austin', state: 'TX', postalCode: '73301', country: 'US' },
    items: [{ sku: 'sku-001', quantity: '3', price: '59.99' }],
    ...patch,
  });
  it('builds a New order from inventory by SKU, with totals and the next order number', () => {
    const result = createOrder(draft(), inventory, orders, later, newId);
    if (!result.ok) throw new Error(result.error);
    expect(result.message).toBe('Order ORD-1004 created');
    expect(result.value).toMatchObject({
      orderNumber: 'ORD-1004',
      status: 'New',
      stockDeducted: false,
      items: [{ sku: 'SKU-001', name: 'Wireless Earbuds', productId: 'inv_1', quantity: 3, price: 59.99 }],
      subtotal: 179.97,
      tax: 14.85,
      shipping: 8.95,
      total: 203.77,
      createdAt: later.toISOString(),
    });
    expect(result.value.history).toHaveLength(1);
  });
  it('refuses bad input with clear messages', () => {
    expect(createOrder(draft({ customerName: ' ' }), inventory, orders, later, newId)).toMatchObject({ ok: false, error: 'Please enter the customer name' });
    expect(createOrder(draft({ customerEmail: 'noah' }), inventory, orders, later, newId)).toMatchObject({ ok: false, error: 'Please enter a valid customer email' });
    expect(createOrder(draft({ shippingAddress: { line1: '', city: 'A', state: 'B', postalCode: 'C', country: 'D' } }), inventory, orders, later, newId).ok).toBe(false);
    expect(createOrder(draft({ items: [] }), inventory, orders, later, newId)).toMatchObject({ ok: false, error: 'Please add at least one item' });
    expect(createOrder(draft({ items: [{ sku: 'NOPE', quantity: 1 }] }), inventory, orders, later, newId)).toMatchObject({ ok: false, error: 'SKU NOPE is not in inventory' });
    expect(createOrder(draft({ items: [{ sku: 'SKU-001', quantity: '0' }] }), inventory, orders, later, newId)).toMatchObject({
      ok: false,
      error: 'Quantity of SKU-001 must be a whole number of at least 1',
    });
    expect(createOrder(draft({ items: [{ sku: 'SKU-001', quantity: '1', price: '-3' }] }), inventory, orders, later, newId).ok).toBe(false);
  });
  it('numbers after the highest order number', () => {
    expect(nextOrderNumber([{ orderNumber: 'ORD-1009' }, { orderNumber: 'X-1' }])).toBe('ORD-1010');
    expect(nextOrderNumber([])).toBe('ORD-1001');
  });
  it('totals are the sum of lines, tax at 8.25%, flat 8.95 shipping', () => {
    expect(orderTotals([{ quantity: 2, price: 59.99 }])).toEqual({ subtotal: 119.98, tax: 9.9, shipping: 8.95, total: 138.83 });
  });
});

describe('properties (stock rules)', () => {
  const SKUS = ['A', 'B', 'C'];
  const stockArb = fc.tuple(fc.nat(12), fc.nat(12), fc.nat(12)).map((qs) =>
    qs.map((quantity, i): InventoryItem => ({
      id: `inv_${SKUS[i]}`,
      sku: SKUS[i],
      name: SKUS[i],
      quantity,
      lowStockThreshold: 10,
      reorderPoint: 20,
      lastRestocked: now.toISOString(),
      location: '',
    })),
  );
  const orderArb = (id: string) =>
    fc
      .array(fc.record({ sku: fc.constantFrom('A', 'B', 'C', 'Z'), quantity: fc.integer({ min: 1, max: 6 }) }), { minLength: 1, maxLength: 3 })
      .map(
        (lines): Order => ({
          ...orders[0],
          id,
          orderNumber: id,
          status: 'New',
          stockDeducted: false,
          history: [],
          items: lines.map((line, i) => ({ id: `${id}_${i}`, productId: line.sku, name: line.sku, sku: line.sku, quantity: line.quantity, price: 1 })),
        }),
      );
  const step = fc.oneof(
    fc.record({ kind: fc.constant('status' as const), order: fc.nat(2), status: fc.constantFrom<OrderStatus>(...ORDER_STATUSES) }),
    fc.record({ kind: fc.constant('edit' as const), sku: fc.nat(2), quantity: fc.nat(12) }),
    fc.record({ kind: fc.constant('ship' as const), order: fc.nat(2) }),
  );

  it('stock never goes negative; each order holds at most its quantities; cancel/refund returns exactly what was taken', () => {
    fc.assert(
      fc.property(stockArb, fc.tuple(orderArb('o1'), orderArb('o2'), orderArb('o3')), fc.array(step, { maxLength: 40 }), (start, startOrders, steps) => {
        let stock = start;
        let list = [...startOrders];
        // What each order holds right now (per SKU), tracked independently of the domain.
        const held = list.map(() => new Map<string, number>());
        for (const s of steps) {
          if (s.kind === 'edit') {
            // An inventory edit (restock or count correction) as the Inventory screen makes it.
            stock = stock.map((item, i) => (i === s.sku ? { ...item, quantity: s.quantity } : item));
            continue;
          }
          const order = list[s.order];
          const before = new Map(stock.map((i) => [i.sku, i.quantity]));
          const result =
            s.kind === 'ship'
              ? shipWithTracking(order, { trackingNumber: 'T', carrierName: 'C' }, stock, later)
              : changeOrderStatus(order, s.status, stock, later);
          if (!result.ok) {
            expect(['Insufficient inventory for this order', `The order is already ${order.status}`]).toContain(result.error);
            continue;
          }
          stock = apply(stock, result.value.inventory);
          list = list.map((o, i) => (i === s.order ? result.value.order : o));
          const delta = new Map<string, number>();
          for (const item of stock) delta.set(item.sku, item.quantity - (before.get(item.sku) ?? 0));
          const wasDeducted = Boolean(order.stockDeducted);
          const isDeducted = Boolean(result.value.order.stockDeducted);
          if (!wasDeducted && isDeducted) {
            // Deducted exactly the order's quantities, once.
            for (const sku of SKUS) {
              const wanted = order.items.filter((i) => i.sku === sku).reduce((sum, i) => sum + i.quantity, 0);
              expect(delta.get(sku)).toBe(0 - wanted || 0);
              if (wanted) held[s.order].set(sku, wanted);
            }
          } else if (wasDeducted && !isDeducted) {
            // Returned exactly what was held, and nothing else moved.
            for (const sku of SKUS) expect(delta.get(sku)).toBe(held[s.order].get(sku) ?? 0);
            held[s.order].clear();
            expect(['Canceled', 'Refunded']).toContain(result.value.order.status);
          } else {
            for (const sku of SKUS) expect(delta.get(sku)).toBe(0);
          }
        }
        for (const item of stock) {
          expect(item.quantity).toBeGreaterThanOrEqual(0);
          expect(Number.isInteger(item.quantity)).toBe(true);
        }
        // A deducted order holds its full quantities, once; others hold nothing.
        list.forEach((order, i) => {
          const total = [...held[i].values()].reduce((a, b) => a + b, 0);
          const units = order.items.filter((it) => SKUS.includes(it.sku)).reduce((sum, it) => sum + it.quantity, 0);
          expect(total).toBe(order.stockDeducted ? units : 0);
          if (order.stockDeducted) expect(['Processing', 'Shipped', 'Delivered', 'New']).toContain(order.status);
        });
      }),
      { numRuns: 300 },
    );
  });

  it('filtered orders are a subset that all match the chosen statuses', () => {
    fc.assert(
      fc.property(fc.subarray([...ORDER_STATUSES]), fc.string({ maxLength: 4 }), (status, search) => {
        const out = filterOrders(orders, { status, search });
        expect(out.every((o) => orders.includes(o))).toBe(true);
        if (status.length) expect(out.every((o) => status.includes(o.status))).toBe(true);
      }),
    );
  });

  it('fulfilment fees total is always the sum of its parts', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 1000 }), { maxLength: 10 }), (quantities) => {
        const fees = fulfilmentFees({ items: quantities.map((quantity, i) => ({ id: `${i}`, productId: '', name: '', sku: '', quantity, price: 1 })) });
        expect(fees.total).toBeCloseTo(fees.pickAndPack + fees.shipping + fees.handling, 10);
        expect(fees.pickAndPack).toBeCloseTo(quantities.reduce((a, b) => a + b, 0) * 2.5, 10);
      }),
    );
  });
});
