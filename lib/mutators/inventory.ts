// Inventory writes (spec §2 "Inventory", §4, §5): add an item, set a quantity, import rows.
import * as v from 'valibot';
import { createInventoryItem, setInventoryQuantity } from '../domain/inventory';
import { fail, ok } from '../domain/types';
import { id, inventoryDraft, numberish } from './args';
import { all, defineMutator, idsFrom, nowOf, one } from './define';

export const ITEM_GONE = 'This inventory item no longer exists';

export const addItem = defineMutator({
  name: 'inventory.addItem',
  args: v.object({ draft: inventoryDraft }),
  reads: () => [all('inventory')],
  run(tx, args, meta) {
    const result = createInventoryItem(args.draft, tx.scan('inventory'), nowOf(meta), idsFrom(meta)('inv'));
    if (!result.ok) return result;
    tx.put('inventory', result.value);
    tx.log({ action: 'Inventory item added', actionType: 'system', details: `${result.value.name} (${result.value.sku})` });
    return result;
  },
});

export const setQuantity = defineMutator({
  name: 'inventory.setQuantity',
  args: v.object({ id, quantity: numberish }),
  reads: (args) => [one('inventory', args.id)],
  run(tx, args, meta) {
    const item = tx.get('inventory', args.id);
    if (!item) return fail(ITEM_GONE);
    const result = setInventoryQuantity(item, args.quantity, nowOf(meta));
    if (!result.ok) return result;
    tx.put('inventory', result.value);
    tx.log({
      action: 'Inventory quantity updated',
      actionType: 'system',
      details: `${item.name} (${item.sku}): ${item.quantity} → ${result.value.quantity}`,
    });
    return result;
  },
});

/**
 * Creates or updates items from imported rows, matched by SKU. Rows are validated like the
 * Add Item form; failures are reported by row number and not imported.
 */
export const importItems = defineMutator({
  name: 'inventory.importItems',
  args: v.object({ rows: v.pipe(v.array(inventoryDraft), v.maxLength(100_000)) }),
  reads: () => [all('inventory')],
  run(tx, args, meta) {
    const newId = idsFrom(meta);
    const now = nowOf(meta);
    let created = 0;
    let updated = 0;
    const rejected: { row: number; error: string }[] = [];
    args.rows.forEach((row, index) => {
      const current = tx.scan('inventory');
      const existing = current.find((item) => item.sku.toLowerCase() === row.sku.trim().toLowerCase());
      const base = createInventoryItem(row, existing ? current.filter((i) => i !== existing) : current, now, existing?.id ?? newId('inv'));
      if (!base.ok) {
        rejected.push({ row: index + 1, error: base.error });
        return;
      }
      tx.put('inventory', existing ? { ...base.value, location: row.location?.trim() ? base.value.location : existing.location } : base.value);
      if (existing) updated++;
      else created++;
    });
    tx.log({
      action: 'Inventory imported',
      actionType: 'system',
      details: `${created} created, ${updated} updated, ${rejected.length} rejected`,
      status: rejected.length ? 'warning' : 'success',
    });
    return ok({ created, updated, rejected });
  },
});
