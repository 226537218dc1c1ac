// Inventory rules: spec §2 "Inventory", §4 "Inventory item status", §5, §9. Quantities are whole
// and non-negative, and SKUs unique in any letter case (docs/decisions.md).
import { INVENTORY, MESSAGES } from './constants';
import { fail, ok, type InventoryItem, type InventoryStatus, type Result } from './types';

/** Out-of-stock at 0, low-stock at or below the threshold, else in-stock (spec §4). */
export function inventoryStatus(item: Pick<InventoryItem, 'quantity' | 'lowStockThreshold'>): InventoryStatus {
  if (item.quantity <= 0) return 'out-of-stock';
  if (item.quantity <= item.lowStockThreshold) return 'low-stock';
  return 'in-stock';
}

export const INVENTORY_STATUS_LABEL: Record<InventoryStatus, string> = {
  'in-stock': 'In Stock',
  'low-stock': 'Low Stock',
  'out-of-stock': 'Out of Stock',
};

export interface InventoryQuery {
  search?: string;
  lowStockOnly?: boolean;
}

/** Search by name or SKU, case-insensitively; 'Low stock only' keeps low-stock and out-of-stock items. */
export function filterInventory(items: readonly InventoryItem[], query: InventoryQuery): InventoryItem[] {
  const needle = (query.search ?? '').trim().toLowerCase();
  return items.filter((item) => {
    if (query.lowStockOnly && inventoryStatus(item) === 'in-stock') return false;
    if (!needle) return true;
    return item.name.toLowerCase().includes(needle) || item.sku.toLowerCase().includes(needle);
  });
}

export interface InventorySummary {
  totalItems: number;
  lowStock: number;
  outOfStock: number;
  totalValue: number;
}

/** Summary cards; total value = sum of quantity x a flat 25 (spec §9). */
export function inventorySummary(items: readonly InventoryItem[]): InventorySummary {
  let lowStock = 0;
  let outOfStock = 0;
  let units = 0;
  for (const item of items) {
    const status = inventoryStatus(item);
    if (status === 'low-stock') lowStock++;
    else if (status === 'out-of-stock') outOfStock++;
    units += item.quantity;
  }
  return { totalItems: items.length, lowStock, outOfStock, totalValue: units * INVENTORY.flatUnitValue };
}

/**
 * Parses a whole, non-negative number typed by a user. Empty input gives the fallback
 * (spec §5: invalid input falls back); negatives and fractions are refused, since stock is
 * counted in whole units.
 */
export function parseWholeNumber(raw: string | number | undefined, fallback: number, label: string): Result<number> {
  if (raw === undefined || raw === '') return ok(fallback);
  const text = String(raw).trim();
  if (text === '') return ok(fallback);
  if (!/^-?\d+(\.\d+)?$/.test(text)) return fail(`${label} must be a whole number`);
  const value = Number(text);
  if (value < 0) return fail(`${label} cannot be negative`);
  if (!Number.isInteger(value)) return fail(`${label} must be a whole number`);
  if (!Number.isSafeInteger(value)) return fail(`${label} is too large`);
  return ok(value);
}

export interface NewInventoryItemDraft {
  sku: string;
  name: string;
  quantity?: string | number;
  lowStockThreshold?: string | number;
  reorderPoint?: string | number;
  location?: string;
}

/** Builds a new item with the spec's defaults (quantity 0, threshold 10, reorder 20, empty location). */
export function createInventoryItem(
  draft: NewInventoryItemDraft,
  existing: readonly InventoryItem[],
  now: Date,
  id: string,
): Result<InventoryItem> {
  const sku = draft.sku.trim();
  const name = draft.name.trim();
  if (!sku || !name) return fail(MESSAGES.skuAndName);
  const skuKey = sku.toLowerCase();
  if (existing.some((item) => item.sku.toLowerCase() === skuKey)) return fail(`SKU ${sku} already exists`);
  const quantity = parseWholeNumber(draft.quantity, 0, 'Initial Quantity');
  if (!quantity.ok) return quantity;
  const threshold = parseWholeNumber(draft.lowStockThreshold, INVENTORY.defaultLowStockThreshold, 'Low Stock Threshold');
  if (!threshold.ok) return threshold;
  const reorder = parseWholeNumber(draft.reorderPoint, INVENTORY.defaultReorderPoint, 'Reorder Point');
  if (!reorder.ok) return reorder;
  return ok(
    {
      id,
      sku,
      name,
      quantity: quantity.value,
      lowStockThreshold: threshold.value,
      reorderPoint: reorder.value,
      lastRestocked: now.toISOString(),
      location: (draft.location ?? '').trim(),
    },
    MESSAGES.inventoryAdded,
  );
}

/** Editing a quantity sets lastRestocked to now (spec §4). */
export function setInventoryQuantity(item: InventoryItem, raw: string | number, now: Date): Result<InventoryItem> {
  const quantity = parseWholeNumber(raw, Number.NaN, 'Quantity');
  if (!quantity.ok) return quantity;
  if (Number.isNaN(quantity.value)) return fail('Quantity must be a whole number');
  return ok({ ...item, quantity: quantity.value, lastRestocked: now.toISOString() }, MESSAGES.quantityUpdated);
}

export const locationLabel = (location: string) => (location.trim() ? location : 'Not set');
