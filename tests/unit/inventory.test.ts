import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  createInventoryItem,
  filterInventory,
  inventoryStatus,
  inventorySummary,
  inventoryImportWrites,
  parseWholeNumber,
  planInventoryImport,
  setInventoryQuantity,
  updateInventoryItem,
} from '../../lib/domain/inventory';
import type { InventoryItem } from '../../lib/domain/types';
import { sampleInventory } from '../../lib/sample/workspace';

const now = new Date('2026-03-10T12:00:00Z');
const items = sampleInventory(now);

describe('inventoryStatus (spec §4)', () => {
  it('is out-of-stock at 0, low-stock at or below the threshold, else in-stock', () => {
    expect(inventoryStatus({ quantity: 0, lowStockThreshold: 10 })).toBe('out-of-stock');
    expect(inventoryStatus({ quantity: 10, lowStockThreshold: 10 })).toBe('low-stock');
    expect(inventoryStatus({ quantity: 1, lowStockThreshold: 10 })).toBe('low-stock');
    expect(inventoryStatus({ quantity: 11, lowStockThreshold: 10 })).toBe('in-stock');
  });
  it('the sample covers all three statuses', () => {
    expect(new Set(items.map(inventoryStatus))).toEqual(new Set(['in-stock', 'low-stock', 'out-of-stock']));
  });
});

describe('filterInventory', () => {
  it('matches name or SKU case-insensitively', () => {
    expect(filterInventory(items, { search: 'wireless' }).map((i) => i.sku)).toEqual(['SKU-001']);
    expect(filterInventory(items, { search: 'sku-003' }).map((i) => i.name)).toEqual(['Phone Case']);
  });
  it('low stock only keeps low and out-of-stock items', () => {
    expect(filterInventory(items, { lowStockOnly: true }).map((i) => i.sku)).toEqual(['SKU-002', 'SKU-003', 'SKU-005']);
  });
});

describe('inventorySummary (spec §9)', () => {
  it('counts statuses and values every unit at a flat 25', () => {
    expect(inventorySummary(items)).toEqual({ totalItems: 5, lowStock: 2, outOfStock: 1, totalValue: (150 + 8 + 0 + 75 + 5) * 25 });
  });
});

describe('createInventoryItem (spec §5, whole quantities, unique SKU)', () => {
  it('requires SKU and name', () => {
    expect(createInventoryItem({ sku: ' ', name: 'X' }, items, now, 'n')).toMatchObject({ ok: false, error: 'Please fill in SKU and name' });
  });
  it('applies the defaults: quantity 0, threshold 10, reorder point 20, empty location, restocked now', () => {
    const result = createInventoryItem({ sku: 'NEW-1', name: 'Tripod' }, items, now, 'n1');
    expect(result).toMatchObject({
      ok: true,
      message: 'Inventory item added successfully',
      value: { quantity: 0, lowStockThreshold: 10, reorderPoint: 20, location: '', lastRestocked: now.toISOString() },
    });
  });
  it('refuses a duplicate SKU, whatever its case', () => {
    const result = createInventoryItem({ sku: 'sku-001', name: 'Copy' }, items, now, 'n2');
    expect(result.ok).toBe(false);
  });
  it('refuses negative or fractional numbers', () => {
    expect(createInventoryItem({ sku: 'A', name: 'B', quantity: '-1' }, items, now, 'x').ok).toBe(false);
    expect(createInventoryItem({ sku: 'A', name: 'B', quantity: '1.5' }, items, now, 'x').ok).toBe(false);
  });
});

describe('properties', () => {
  const item = fc.record({
    id: fc.uuid(),
    sku: fc.string({ minLength: 1 }),
    name: fc.string({ minLength: 1 }),
    quantity: fc.nat(100000),
    lowStockThreshold: fc.nat(1000),
    reorderPoint: fc.nat(1000),
    lastRestocked: fc.constant(now.toISOString()),
    location: fc.string(),
  }) satisfies fc.Arbitrary<InventoryItem>;

  it('a quantity edit never stores a negative or fractional number', () => {
    fc.assert(
      fc.property(item, fc.oneof(fc.integer(), fc.double(), fc.string()), (it, raw) => {
        const result = setInventoryQuantity(it, raw, now);
        if (result.ok) {
          expect(Number.isInteger(result.value.quantity)).toBe(true);
          expect(result.value.quantity).toBeGreaterThanOrEqual(0);
          expect(result.value.lastRestocked).toBe(now.toISOString());
        }
      }),
    );
  });

  it('parseWholeNumber accepts exactly the non-negative integers', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e9, max: 1e9 }), (n) => {
        expect(parseWholeNumber(String(n), 0, 'inventory.col.quantity').ok).toBe(n >= 0);
      }),
    );
  });

  it('filtered items are always a subset, and low-stock-only never shows an in-stock item', () => {
    fc.assert(
      fc.property(fc.array(item, { maxLength: 30 }), fc.string(), fc.boolean(), (list, search, lowStockOnly) => {
        const out = filterInventory(list, { search, lowStockOnly });
        expect(out.every((i) => list.includes(i))).toBe(true);
        if (lowStockOnly) expect(out.every((i) => inventoryStatus(i) !== 'in-stock')).toBe(true);
      }),
    );
  });

  it('summary counts add up and total value is 25 per unit', () => {
    fc.assert(
      fc.property(fc.array(item, { maxLength: 30 }), (list) => {
        const s = inventorySummary(list);
        expect(s.lowStock + s.outOfStock).toBeLessThanOrEqual(s.totalItems);
        expect(s.totalValue).toBe(list.reduce((sum, i) => sum + i.quantity, 0) * 25);
      }),
    );
  });
});

describe('editing, deleting and importing with a preview', () => {
  const now = new Date('2026-03-10T12:00:00Z');
  const item = { id: 'inv_1', sku: 'SKU-1', name: 'Tripod', quantity: 5, lowStockThreshold: 10, reorderPoint: 20, lastRestocked: '2026-01-01T00:00:00.000Z', location: 'A1' };

  it('edits name, threshold, reorder point and location with the Add Item rules', () => {
    expect(updateInventoryItem(item, { name: ' Mini tripod ', lowStockThreshold: '3', reorderPoint: '6', location: ' B2 ' })).toEqual({
      ok: true,
      value: { ...item, name: 'Mini tripod', lowStockThreshold: 3, reorderPoint: 6, location: 'B2' },
      message: 'Mini tripod updated',
    });
    expect(updateInventoryItem(item, { name: ' ', lowStockThreshold: '3', reorderPoint: '6', location: '' })).toMatchObject({ ok: false, error: 'Please fill in the product name' });
    expect(updateInventoryItem(item, { name: 'x', lowStockThreshold: '-1', reorderPoint: '6', location: '' })).toMatchObject({ ok: false, error: 'Low Stock Threshold cannot be negative' });
  });

  it('an import plan says what is created, what changes (by field) and which rows are refused, changing nothing itself', () => {
    let n = 0;
    const plan = planInventoryImport(
      [
        { sku: 'sku-1', name: 'Tripod', quantity: '9', lowStockThreshold: '10', reorderPoint: '20', location: '' },
        { sku: 'NEW-1', name: 'Ring light', quantity: '2' },
        { sku: '', name: 'No SKU' },
        { sku: 'SKU-1', name: 'Tripod', quantity: '9', lowStockThreshold: '10', reorderPoint: '20', location: '' },
      ],
      [item],
      now,
      () => `new_${++n}`,
    );
    expect(plan.changes.map((c) => [c.row, c.kind, c.changed])).toEqual([
      [1, 'update', ['quantity']],
      [2, 'create', []],
      [4, 'unchanged', []],
    ]);
    expect(plan.changes[0].after.location).toBe('A1');
    expect(plan.rejected).toMatchObject([{ row: 3, error: 'Please fill in SKU and name' }]);
    expect([plan.created, plan.updated, plan.unchanged]).toEqual([1, 1, 1]);
    expect(inventoryImportWrites(plan).map((i) => [i.sku, i.quantity])).toEqual([['SKU-1', 9], ['NEW-1', 2]]);
  });
});
