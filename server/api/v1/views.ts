// How the public API shows records, and its pages.
import type { Funnel, InventoryItem } from '../../../lib/domain/types';
import { inventoryStatus } from '../../../lib/domain/inventory';
import { HttpError } from '../../context';

export const creatorOf = (f: Funnel) => ({
  id: f.id,
  name: f.creatorName,
  handle: f.creatorHandle,
  platform: f.platform,
  status: f.status,
  category: f.category,
  value: f.value,
  assignedTo: f.assignedTo,
  lastUpdated: f.lastUpdated,
});
export const itemOf = (i: InventoryItem) => ({
  id: i.id,
  sku: i.sku,
  name: i.name,
  quantity: i.quantity,
  lowStockThreshold: i.lowStockThreshold,
  reorderPoint: i.reorderPoint,
  location: i.location,
  stockStatus: inventoryStatus(i),
});

/** One page after `startingAfter` (an id of the same filtered list). */
export function paginate<T extends { id: string }>(items: readonly T[], size: number, startingAfter: string | undefined) {
  let start = 0;
  if (startingAfter !== undefined) {
    const at = items.findIndex((item) => item.id === startingAfter);
    if (at < 0) throw new HttpError(400, 'starting_after is not an id in this list', 'starting_after');
    start = at + 1;
  }
  const slice = items.slice(start, start + size);
  return { slice, hasMore: start + size < items.length };
}
