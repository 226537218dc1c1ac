// Inventory: the items, their summary, and the inventory writes (lib/mutators/inventory.ts).
import { computed } from '@preact/signals-core';
import { inventorySummary, type InventoryItemEdit, type NewInventoryItemDraft } from '../domain/inventory';
import type { StoreContext } from './core';

export function createInventorySlice(ctx: StoreContext) {
  const items = ctx.collection('inventory');
  const summary = computed(() => inventorySummary(items.items.value));
  return {
    items,
    summary,
    addItem: (draft: NewInventoryItemDraft) => ctx.mutate('inventory.addItem', { draft }),
    setQuantity: (id: string, quantity: string | number) => ctx.mutate('inventory.setQuantity', { id, quantity }),
    /** Creates or updates items from imported rows, matched by SKU; failures are reported by row number. */
    importItems: (rows: NewInventoryItemDraft[]) => ctx.mutate('inventory.importItems', { rows }),
    /** Edit Item: name, low stock threshold, reorder point and location. */
    updateItem: (id: string, edit: InventoryItemEdit) => ctx.mutate('inventory.updateItem', { id, edit }),
    /** Removes an item (the screen asks first). */
    deleteItem: (id: string) => ctx.mutate('inventory.deleteItem', { id }),
  };
}
