// Inventory writes (spec §2 "Inventory", §4, §5): add an item, set a quantity, import rows.
import * as v from 'valibot';
import {
  createInventoryItem,
  inventoryImportWrites,
  planInventoryImport,
  setInventoryQuantity,
  updateInventoryItem,
} from '../domain/inventory';
import { message } from '../domain/messages';
import { accept, refuse, ok, type InventoryItem } from '../domain/types';
import { bulkPart, id, inventoryDraft, numberish, text } from './args';
import { all, byKey, defineMutator, idsFrom, nowOf, one, partMetadata } from './define';

const nameSku = (item: InventoryItem) => message('activity.details.nameSku', { name: item.name, sku: item.sku });

export const ITEM_GONE = 'This inventory item no longer exists';

export const addItem = defineMutator({
  name: 'inventory.addItem',
  args: v.object({ draft: inventoryDraft }),
  reads: () => [all('inventory')],
  run(tx, args, meta) {
    const result = createInventoryItem(args.draft, tx.scan('inventory'), nowOf(meta), idsFrom(meta)('inv'));
    if (!result.ok) return result;
    tx.put('inventory', result.value);
    tx.log({ action: message('activity.action.itemAdded'), actionType: 'system', details: nameSku(result.value) });
    return result;
  },
});

export const setQuantity = defineMutator({
  name: 'inventory.setQuantity',
  args: v.object({ id, quantity: numberish }),
  reads: (args) => [one('inventory', args.id)],
  run(tx, args, meta) {
    const item = tx.get('inventory', args.id);
    if (!item) return refuse('domain.inventory.gone');
    const result = setInventoryQuantity(item, args.quantity, nowOf(meta));
    if (!result.ok) return result;
    tx.put('inventory', result.value);
    tx.log({
      action: message('activity.action.quantityUpdated'),
      actionType: 'system',
      details: message('activity.details.quantity', { name: item.name, sku: item.sku, from: item.quantity, to: result.value.quantity }),
    });
    return result;
  },
});

/**
 * Creates or updates items from imported rows, matched by SKU. Rows are validated like the
 * Add Item form; failures are reported by row number and not imported. With a team server a
 * large file arrives in pages (`part`, `firstRow` the file row of its first row); each page
 * reads only the items its SKUs name.
 */
export const importItems = defineMutator({
  name: 'inventory.importItems',
  args: v.object({
    rows: v.pipe(v.array(inventoryDraft), v.maxLength(100_000)),
    firstRow: v.optional(v.pipe(v.number(), v.safeInteger(), v.minValue(1))),
    part: v.optional(bulkPart),
  }),
  reads: (args) => [byKey('inventory', args.rows.map((r) => r.sku.trim()))],
  run(tx, args, meta) {
    const newId = idsFrom(meta);
    const existing = new Map<string, InventoryItem>();
    for (const row of args.rows) for (const item of tx.lookup('inventory', row.sku.trim())) existing.set(item.id, item);
    // The plan the import preview showed; rows that change nothing are left alone.
    const plan = planInventoryImport(args.rows, [...existing.values()], nowOf(meta), () => newId('inv'), args.firstRow);
    const { created, updated, rejected } = plan;
    for (const item of inventoryImportWrites(plan)) tx.put('inventory', item);
    tx.log({
      action: message('activity.action.inventoryImported'),
      actionType: 'system',
      details: message('activity.details.importedRejected', { created, updated, rejected: rejected.length }),
      status: rejected.length ? 'warning' : 'success',
      ...(args.part ? { metadata: partMetadata(args.part) } : {}),
    });
    return ok({ created, updated, rejected });
  },
});

/** Edit Item: name, low stock threshold, reorder point, location, unit cost and retail price. */
export const updateItem = defineMutator({
  name: 'inventory.updateItem',
  args: v.object({
    id,
    edit: v.object({ name: text(500), lowStockThreshold: numberish, reorderPoint: numberish, location: text(500), unitCost: v.optional(numberish), retailPrice: v.optional(numberish) }),
  }),
  reads: (args) => [one('inventory', args.id)],
  run(tx, args) {
    const item = tx.get('inventory', args.id);
    if (!item) return refuse<InventoryItem>('domain.inventory.gone');
    const result = updateInventoryItem(item, args.edit);
    if (!result.ok) return result;
    tx.put('inventory', result.value);
    tx.log({ action: message('activity.action.itemUpdated'), actionType: 'system', details: nameSku(result.value) });
    return result;
  },
});

/** Removes an item (the screen asks first). Orders that list its SKU then show it as missing. */
export const deleteItem = defineMutator({
  name: 'inventory.deleteItem',
  args: v.object({ id }),
  reads: (args) => [one('inventory', args.id)],
  run(tx, args) {
    const item = tx.get('inventory', args.id);
    if (!item) return refuse<InventoryItem>('domain.inventory.gone');
    tx.delete('inventory', args.id);
    tx.log({ action: message('activity.action.itemDeleted'), actionType: 'system', details: nameSku(item) });
    return accept(item, 'domain.inventory.deleted', { name: item.name });
  },
});
