// Where a transaction's new records go in display order, and the tombstones of deleted ones:
// shared by the record writes and the team's.
import { eq, max, min } from 'drizzle-orm';
import type { CollectionName } from '../../../lib/schema/names';
import { RECORD_TABLES } from '../records';
import * as t from '../schema';
import type { Pending, Staged } from './staged';

/** Positions for records that may be new: after the last (or before the first, when prepended). */
export async function positionsFor(s: Staged, c: CollectionName, pending: [string, Pending & { kind: 'put' }][]) {
  const { tx, workspaceId, knownOf } = s;
  const positions = new Map<string, number>();
  const fresh = pending.filter(([id]) => !knownOf(c).get(id));
  if (fresh.length === 0) return positions;
  let low: number;
  let high: number;
  if (c === 'team') {
    const [row] = await tx
      .select({ low: min(t.members.position), high: max(t.members.position) })
      .from(t.members)
      .where(eq(t.members.workspaceId, workspaceId));
    low = Number(row?.low ?? 0);
    high = Number(row?.high ?? 0);
  } else {
    const table = RECORD_TABLES[c] as typeof t.funnels;
    const [row] = await tx.select({ low: min(table.position), high: max(table.position) }).from(table).where(eq(table.workspaceId, workspaceId));
    low = Number(row?.low ?? 0);
    high = Number(row?.high ?? 0);
  }
  for (const [id, change] of fresh) positions.set(id, change.prepend ? --low : ++high);
  return positions;
}

/** Marks records deleted at this version, so pulls tell browsers to drop them. */
export async function recordDeletions(s: Staged, c: CollectionName, ids: string[], next: number) {
  const { tx, workspaceId } = s;
  if (ids.length === 0) return;
  await tx
    .insert(t.deletedRecords)
    .values(ids.map((recordId) => ({ workspaceId, collection: c, recordId, version: next })))
    .onConflictDoUpdate({ target: [t.deletedRecords.workspaceId, t.deletedRecords.collection, t.deletedRecords.recordId], set: { version: next } });
}
