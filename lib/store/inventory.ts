// Inventory actions (spec §2 "Inventory", §4, §5; PRODUCT-NOTES).
import { computed } from '@preact/signals-core';
import {
  createInventoryItem,
  inventorySummary,
  setInventoryQuantity,
  type NewInventoryItemDraft,
} from '../domain/inventory';
import { fail, type InventoryItem, type Result } from '../domain/types';
import type { StoreContext } from './core';

export function createInventorySlice(ctx: StoreContext) {
  const items = ctx.collection<InventoryItem>('inventory');
  const summary = computed(() => inventorySummary(items.items.value));

  function addItem(draft: NewInventoryItemDraft): Result<InventoryItem> {
    const allowed = ctx.authorize();
    if (!allowed.ok) return allowed;
    const result = createInventoryItem(draft, items.items.peek(), ctx.now(), ctx.newId('inv'));
    if (!result.ok) return result;
    ctx.transaction(() => {
      items.put(result.value);
      ctx.log({ action: 'Inventory item added', actionType: 'system', details: `${result.value.name} (${result.value.sku})` });
    });
    return result;
  }

  function setQuantity(id: string, quantity: string | number): Result<InventoryItem> {
    const allowed = ctx.authorize();
    if (!allowed.ok) return allowed;
    const item = items.get(id);
    if (!item) return fail('This inventory item no longer exists');
    const result = setInventoryQuantity(item, quantity, ctx.now());
    if (!result.ok) return result;
    ctx.transaction(() => {
      items.put(result.value);
      ctx.log({
        action: 'Inventory quantity updated',
        actionType: 'system',
        details: `${item.name} (${item.sku}): ${item.quantity} → ${result.value.quantity}`,
      });
    });
    return result;
  }

  /**
   * Creates or updates items from imported rows, matched by SKU. Rows are validated
   * like the Add Item form; failures are reported by row number and not imported.
   */
  function importItems(rows: NewInventoryItemDraft[]): Result<{ created: number; updated: number; rejected: { row: number; error: string }[] }> {
    const allowed = ctx.authorize();
    if (!allowed.ok) return allowed;
    let created = 0;
    let updated = 0;
    const rejected: { row: number; error: string }[] = [];
    ctx.transaction(() => {
      rows.forEach((row, index) => {
        const rowNumber = index + 1;
        const current = items.items.peek();
        const existing = current.find((item) => item.sku.toLowerCase() === row.sku.trim().toLowerCase());
        const base = createInventoryItem(row, existing ? current.filter((i) => i !== existing) : current, ctx.now(), existing?.id ?? ctx.newId('inv'));
        if (!base.ok) {
          rejected.push({ row: rowNumber, error: base.error });
          return;
        }
        items.put(existing ? { ...base.value, location: row.location?.trim() ? base.value.location : existing.location } : base.value);
        if (existing) updated++;
        else created++;
      });
      ctx.log({
        action: 'Inventory imported',
        actionType: 'system',
        details: `${created} created, ${updated} updated, ${rejected.length} rejected`,
        status: rejected.length ? 'warning' : 'success',
      });
    });
    return { ok: true, value: { created, updated, rejected } };
  }

  return { items, summary, addItem, setQuantity, importItems };
}
