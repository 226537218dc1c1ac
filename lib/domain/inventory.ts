// Inventory rules: spec §2 "Inventory", §4 "Inventory item status", §5, §9. Quantities are whole
// and non-negative, and SKUs unique in any letter case (docs/decisions/inventory-quantities-are-whole-skus-are-unique-in-any-letter.md).
import { INVENTORY, MAX_QUANTITY } from './constants';
import { message, type Message, type MessageKey } from './messages';
import { accept, refuse, ok, type InventoryItem, type InventoryStatus, type Result } from './types';

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
export function parseWholeNumber(raw: string | number | undefined, fallback: number, label: MessageKey): Result<number> {
  if (raw === undefined || raw === '') return ok(fallback);
  const text = String(raw).trim();
  if (text === '') return ok(fallback);
  if (!/^-?\d+(\.\d+)?$/.test(text)) return refuse('domain.inventory.wholeNumber', { label: message(label) });
  const value = Number(text);
  if (value < 0) return refuse('domain.inventory.negative', { label: message(label) });
  if (!Number.isInteger(value)) return refuse('domain.inventory.wholeNumber', { label: message(label) });
  if (value > MAX_QUANTITY) return refuse('domain.inventory.tooLarge', { label: message(label), max: MAX_QUANTITY });
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
  if (!sku || !name) return refuse('domain.inventory.skuAndName');
  const skuKey = sku.toLowerCase();
  if (existing.some((item) => item.sku.toLowerCase() === skuKey)) return refuse('domain.inventory.skuExists', { sku });
  const quantity = parseWholeNumber(draft.quantity, 0, 'inventory.initialQuantity');
  if (!quantity.ok) return quantity;
  const threshold = parseWholeNumber(draft.lowStockThreshold, INVENTORY.defaultLowStockThreshold, 'inventory.lowStockThreshold');
  if (!threshold.ok) return threshold;
  const reorder = parseWholeNumber(draft.reorderPoint, INVENTORY.defaultReorderPoint, 'inventory.reorderPoint');
  if (!reorder.ok) return reorder;
  return accept(
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
    'domain.inventory.added',
  );
}

/** Editing a quantity sets lastRestocked to now (spec §4). */
export function setInventoryQuantity(item: InventoryItem, raw: string | number, now: Date): Result<InventoryItem> {
  const quantity = parseWholeNumber(raw, Number.NaN, 'inventory.col.quantity');
  if (!quantity.ok) return quantity;
  if (Number.isNaN(quantity.value)) return refuse('domain.inventory.quantityWhole');
  return accept({ ...item, quantity: quantity.value, lastRestocked: now.toISOString() }, 'domain.inventory.quantityUpdated');
}

export const locationLabel = (location: string) => (location.trim() ? location : 'Not set');

// ---------------------------------------------------------------------------
// Editing and removing an item
// ---------------------------------------------------------------------------

/** What the Edit Item dialog changes; SKU (the import's key) and quantity (edited inline) stay. */
export interface InventoryItemEdit {
  name: string;
  lowStockThreshold: string | number;
  reorderPoint: string | number;
  location: string;
  /** What one unit costs the brand; blank leaves it not set. */
  unitCost?: string | number;
  /** What the shop sells one unit for; blank leaves it not set. */
  retailPrice?: string | number;
}

/** An amount of money typed by a user: blank is "not set", else a non-negative amount to the cent. */
export function parseMoney(raw: string | number | undefined, label: MessageKey): Result<number | undefined> {
  const text = raw === undefined ? '' : String(raw).trim();
  if (text === '') return ok(undefined);
  const value = Number(text);
  if (!/^\d+(\.\d{1,2})?$/.test(text) || !Number.isFinite(value) || value > 1_000_000_000) return refuse('domain.inventory.money', { label: message(label) });
  return ok(value);
}

export const inventoryItemUpdated = (name: string) => `${name} updated`;

/** Edits name, low stock threshold, reorder point and location with the Add Item rules (name required, whole non-negative numbers). */
export function updateInventoryItem(item: InventoryItem, edit: InventoryItemEdit): Result<InventoryItem> {
  const name = edit.name.trim();
  if (!name) return refuse('domain.inventory.nameRequired');
  const threshold = parseWholeNumber(edit.lowStockThreshold, item.lowStockThreshold, 'inventory.lowStockThreshold');
  if (!threshold.ok) return threshold;
  const reorder = parseWholeNumber(edit.reorderPoint, item.reorderPoint, 'inventory.reorderPoint');
  if (!reorder.ok) return reorder;
  const unitCost = edit.unitCost === undefined ? ok(item.unitCost) : parseMoney(edit.unitCost, 'inventory.unitCost');
  if (!unitCost.ok) return unitCost;
  const retailPrice = edit.retailPrice === undefined ? ok(item.retailPrice) : parseMoney(edit.retailPrice, 'inventory.retailPrice');
  if (!retailPrice.ok) return retailPrice;
  const next: InventoryItem = { ...item, name, lowStockThreshold: threshold.value, reorderPoint: reorder.value, location: edit.location.trim() };
  if (unitCost.value === undefined) delete next.unitCost;
  else next.unitCost = unitCost.value;
  if (retailPrice.value === undefined) delete next.retailPrice;
  else next.retailPrice = retailPrice.value;
  return ok(next, inventoryItemUpdated(name));
}

// ---------------------------------------------------------------------------
// CSV import: what a file will change, shown before it is applied
// ---------------------------------------------------------------------------

/** The fields an import compares, with the labels of the CSV columns. */
export const INVENTORY_IMPORT_FIELDS = [
  { key: 'name', label: 'Product Name' },
  { key: 'quantity', label: 'Quantity' },
  { key: 'lowStockThreshold', label: 'Low Stock Threshold' },
  { key: 'reorderPoint', label: 'Reorder Point' },
  { key: 'location', label: 'Location' },
] as const satisfies readonly { key: keyof InventoryItem; label: string }[];
export type InventoryImportField = (typeof INVENTORY_IMPORT_FIELDS)[number]['key'];

export interface InventoryImportChange {
  /** Data-row number in the file (1 is the first row under the header). */
  row: number;
  kind: 'create' | 'update' | 'unchanged';
  /** The item as it is now (updates and unchanged rows). */
  before?: InventoryItem;
  /** The item as the import leaves it. */
  after: InventoryItem;
  /** The fields an update changes. */
  changed: InventoryImportField[];
}

/** A row an import leaves out: its reason in English (`error`) and as a message for a screen to say. */
export interface RejectedInventoryRow {
  row: number;
  error: string;
  problem?: Message;
}

export interface InventoryImportPlan {
  changes: InventoryImportChange[];
  rejected: RejectedInventoryRow[];
  created: number;
  updated: number;
  unchanged: number;
}

/**
 * What importing rows would do, matched by SKU in any letter case: new items, updates (with
 * the fields that change) and rejected rows (validated like Add Item, by row number). A row
 * that changes nothing is left alone. A later row with the same SKU updates the earlier one.
 */
export function planInventoryImport(
  rows: readonly NewInventoryItemDraft[],
  existing: readonly InventoryItem[],
  now: Date,
  newId: () => string,
  /** The file row of `rows[0]` (a page of a larger file starts further down). */
  firstRow = 1,
): InventoryImportPlan {
  const current = new Map(existing.map((item) => [item.sku.toLowerCase(), item]));
  const changes: InventoryImportChange[] = [];
  const rejected: RejectedInventoryRow[] = [];
  rows.forEach((draft, index) => {
    const row = index + firstRow;
    const key = draft.sku.trim().toLowerCase();
    const before = current.get(key);
    // Every other SKU is keyed apart from this one, so none can clash: building the list of
    // them for each row made a 10,000-row import quadratic (seconds of blocked server).
    const others: InventoryItem[] = [];
    const built = createInventoryItem(draft, others, now, before?.id ?? newId());
    if (!built.ok) {
      rejected.push({ row, error: built.error, ...(built.problem ? { problem: built.problem } : {}) });
      return;
    }
    // An update keeps the item's SKU as written, and a blank Location keeps the one it has.
    const after = before ? { ...built.value, sku: before.sku, location: draft.location?.trim() ? built.value.location : before.location } : built.value;
    const changed: InventoryImportField[] = before ? INVENTORY_IMPORT_FIELDS.filter((f) => before[f.key] !== after[f.key]).map((f) => f.key) : [];
    const kind = !before ? 'create' : changed.length ? 'update' : 'unchanged';
    current.set(key, kind === 'unchanged' ? before! : after);
    changes.push({ row, kind, before, after: kind === 'unchanged' ? before! : after, changed });
  });
  // A SKU created and then updated by a later row is one new item.
  const createdKeys = new Set(changes.filter((c) => c.kind === 'create').map((c) => c.after.sku.toLowerCase()));
  const count = (kind: InventoryImportChange['kind']) => changes.filter((c) => c.kind === kind).length;
  return {
    changes,
    rejected,
    created: createdKeys.size,
    updated: new Set(changes.filter((c) => c.kind === 'update' && !createdKeys.has(c.after.sku.toLowerCase())).map((c) => c.after.id)).size,
    unchanged: count('unchanged'),
  };
}

/** The items an import plan writes: the last state of each touched SKU. */
export function inventoryImportWrites(plan: InventoryImportPlan): InventoryItem[] {
  const last = new Map<string, InventoryItem>();
  for (const change of plan.changes) if (change.kind !== 'unchanged') last.set(change.after.id, change.after);
  return [...last.values()];
}
