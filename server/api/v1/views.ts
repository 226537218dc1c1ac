// How the public API shows records, and its pages (read a page at a time by the database).
import type { Funnel, InventoryItem } from '../../../lib/domain/types';
import { inventoryStatus } from '../../../lib/domain/inventory';
import { and, eq, type SQL } from 'drizzle-orm';
import { HttpError } from '../../context';
import type { Executor } from '../../db/client';
import { countWhere, keptCount, pageOf, type ListedCollection } from '../../db/lists';
import { RECORD_TABLES } from '../../db/records';
import type * as t from '../../db/schema';

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

/**
 * One page of a list as the API answers it: `size` records after `startingAfter` (an id of the
 * same filtered list; a 400 otherwise), whether more follow, and how many match: the kept count
 * when only `status` filters, else counted by the database.
 */
export async function listPage<C extends ListedCollection>(
  db: Executor,
  workspaceId: string,
  collection: C,
  query: { status?: string; filter?: SQL; size: number; startingAfter?: string },
) {
  const table = RECORD_TABLES[collection] as typeof t.funnels;
  const filter = and(query.status === undefined ? undefined : eq(table.status, query.status), query.filter);
  const page = await pageOf(db, workspaceId, collection, { filter, size: query.size, startingAfter: query.startingAfter });
  if (!page) throw new HttpError(400, 'starting_after is not an id in this list', 'starting_after');
  const total = query.filter ? await countWhere(db, workspaceId, collection, filter) : await keptCount(db, workspaceId, collection, query.status);
  return { ...page, total };
}
