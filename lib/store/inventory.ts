// Inventory: the items, their summary, and the inventory writes (lib/mutators/inventory.ts).
import { computed } from '@preact/signals-core';
import { inventorySummary, type InventoryItemEdit, type RejectedInventoryRow, type NewInventoryItemDraft } from '../domain/inventory';
import { ok, type Result } from '../domain/types';
import type { BulkJob, BulkWrites } from './bulk';
import type { StoreContext } from './core';

export function createInventorySlice(ctx: StoreContext, bulk: BulkWrites) {
  const items = ctx.collection('inventory');
  const summary = computed(() => inventorySummary(items.items.value));
  return {
    items,
    summary,
    addItem: (draft: NewInventoryItemDraft) => ctx.mutate('inventory.addItem', { draft }),
    setQuantity: (id: string, quantity: string | number) => ctx.mutate('inventory.setQuantity', { id, quantity }),
    /**
     * Creates or updates items from imported rows, matched by SKU; failures are reported by row
     * number. With a team server the rows go in pages and `job` counts what the server confirmed.
     */
    importItems(rows: NewInventoryItemDraft[]): Result<{ created: number; updated: number; rejected: RejectedInventoryRow[]; job: BulkJob | null }> {
      const result = bulk.run('inventory.importItems', { rows });
      if (!result.ok) return result;
      const { values, job } = result.value;
      return ok({
        created: values.reduce((sum, v) => sum + v.created, 0),
        updated: values.reduce((sum, v) => sum + v.updated, 0),
        rejected: values.flatMap((v) => v.rejected),
        job,
      });
    },
    /** Edit Item: name, low stock threshold, reorder point and location. */
    updateItem: (id: string, edit: InventoryItemEdit) => ctx.mutate('inventory.updateItem', { id, edit }),
    /** Removes an item (the screen asks first). */
    deleteItem: (id: string) => ctx.mutate('inventory.deleteItem', { id }),
  };
}
