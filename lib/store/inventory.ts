// Inventory actions (spec §2 "Inventory", §4, §5; PRODUCT-NOTES).
import { computed } from '@preact/signals-core';
import {
  createInventoryItem,
  inventoryImportWrites,
  inventoryItemDeleted,
  inventorySummary,
  planInventoryImport,
  setInventoryQuantity,
  updateInventoryItem,
  type InventoryItemEdit,
  type NewInventoryItemDraft,
} from '../domain/inventory';
import { fail, ok, type InventoryItem, type Result } from '../domain/types';
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
   * Creates or updates items from imported rows, matched by SKU (the plan the import preview
   * showed: planInventoryImport). Rows are validated like the Add Item form; failures are
   * reported by row number and not imported; rows that change nothing are left alone.
   */
  function importItems(rows: NewInventoryItemDraft[]): Result<{ created: number; updated: number; rejected: { row: number; error: string }[] }> {
    const allowed = ctx.authorize();
    if (!allowed.ok) return allowed;
    const plan = planInventoryImport(rows, items.items.peek(), ctx.now(), () => ctx.newId('inv'));
    const { created, updated, rejected } = plan;
    ctx.transaction(() => {
      for (const item of inventoryImportWrites(plan)) items.put(item);
      ctx.log({
        action: 'Inventory imported',
        actionType: 'system',
        details: `${created} created, ${updated} updated, ${rejected.length} rejected`,
        status: rejected.length ? 'warning' : 'success',
      });
    });
    return { ok: true, value: { created, updated, rejected } };
  }

  /** Edit Item: name, low stock threshold, reorder point and location. */
  function updateItem(id: string, edit: InventoryItemEdit): Result<InventoryItem> {
    const allowed = ctx.authorize();
    if (!allowed.ok) return allowed;
    const item = items.get(id);
    if (!item) return fail('This inventory item no longer exists');
    const result = updateInventoryItem(item, edit);
    if (!result.ok) return result;
    ctx.transaction(() => {
      items.put(result.value);
      ctx.log({ action: 'Inventory item updated', actionType: 'system', details: `${result.value.name} (${result.value.sku})` });
    });
    return result;
  }

  /** Removes an item (the screen asks first). Orders that list its SKU then show it as missing. */
  function deleteItem(id: string): Result<InventoryItem> {
    const allowed = ctx.authorize();
    if (!allowed.ok) return allowed;
    const item = items.get(id);
    if (!item) return fail('This inventory item no longer exists');
    ctx.transaction(() => {
      items.remove(id);
      ctx.log({ action: 'Inventory item deleted', actionType: 'system', details: `${item.name} (${item.sku})` });
    });
    return ok(item, inventoryItemDeleted(item.name));
  }

  return { items, summary, addItem, setQuantity, importItems, updateItem, deleteItem };
}
