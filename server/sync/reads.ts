// The sync routes' reads: a workspace's version and a client's last mutation, what changed
// since a version (with the member who wrote each record), everything, and each record as a
// role may see it.
import { and, asc, eq, gt, lte, or, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { COLLECTION_NAMES, type CollectionName } from '../../lib/schema/names';
import type { PulledRecord } from '../../lib/sync/protocol';
import { recordForRole } from '../../lib/schema/records';
import type { Role } from '../../lib/domain/types';
import type { Executor } from '../db/client';
import { loadWorkspace, memberToRecord, RECORD_TABLES, rowToRecord, type RecordRow, type TableCollection } from '../db/records';
import * as t from '../db/schema';
import { withWriters } from './writers';
import { READ_CHUNK_ROWS } from './pull-pages';
import { yieldToEventLoop } from '../slices';

/** A commit moved the workspace past the version a shared answer was to be read at. */
export class VersionMoved extends Error {}

/** Each record as `role` may see it (secrets it may not see are left out). */
export const forRole = (records: PulledRecord[], role: Role): PulledRecord[] => records.map((r) => ({ ...r, value: recordForRole(r.collection, r.id, r.value, role) }));

/** The workspace's version and the client's last processed mutation, in one statement (so one snapshot). */
export async function versionAndLastMutation(db: Executor, workspaceId: string, clientID: string | undefined) {
  const last = clientID
    ? sql<number | string | null>`(select ${t.clientMutations.lastMutationId} from ${t.clientMutations} where ${t.clientMutations.workspaceId} = ${workspaceId} and ${t.clientMutations.clientId} = ${clientID})`
    : sql<null>`null`;
  const [row] = await db.select({ version: t.workspaceVersions.version, last }).from(t.workspaceVersions).where(eq(t.workspaceVersions.workspaceId, workspaceId));
  return { version: row?.version ?? 0, lastMutationID: Number(row?.last ?? 0) };
}

export async function lastMutationIdOf(db: Executor, workspaceId: string, clientID: string) {
  const [row] = await db
    .select({ last: t.clientMutations.lastMutationId })
    .from(t.clientMutations)
    .where(and(eq(t.clientMutations.workspaceId, workspaceId), eq(t.clientMutations.clientId, clientID)));
  return row?.last ?? 0;
}

export async function everything(db: Executor, workspaceId: string): Promise<PulledRecord[]> {
  const { collections, singletons } = await loadWorkspace(db, workspaceId);
  const records: PulledRecord[] = [];
  for (const name of COLLECTION_NAMES) for (const record of collections[name] ?? []) records.push({ collection: name, id: record.id, value: record });
  for (const [name, value] of Object.entries(singletons)) records.push({ collection: 'singletons', id: name, value });
  return records;
}

/**
 * What changed after `since` up to `version` (included), read READ_CHUNK_ROWS rows at a time
 * outside any transaction with a turn of the event loop between (PGlite: see pull-pages.ts).
 * A record written again after `version` is left out here and comes in the next pull since
 * `version`, with its newest value; so is a deletion after it.
 */
export async function changedUpTo(db: Executor, workspaceId: string, since: number, version: number): Promise<PulledRecord[]> {
  const records: PulledRecord[] = [];
  const versions: number[] = [];
  for (const name of Object.keys(RECORD_TABLES) as TableCollection[]) {
    const table = RECORD_TABLES[name] as typeof t.funnels;
    let after: { version: number; id: string } | undefined;
    for (;;) {
      const from = after && or(gt(table.version, after.version), and(eq(table.version, after.version), gt(table.id, after.id)));
      const rows = (await db
        .select()
        .from(table)
        .where(and(eq(table.workspaceId, workspaceId), gt(table.version, since), lte(table.version, version), from))
        .orderBy(asc(table.version), asc(table.id))
        .limit(READ_CHUNK_ROWS)) as RecordRow[];
      for (const row of rows) {
        records.push({ collection: name, id: row.id, value: rowToRecord(name, row) });
        versions.push(row.version);
      }
      if (rows.length < READ_CHUNK_ROWS) break;
      after = { version: rows[rows.length - 1].version, id: rows[rows.length - 1].id };
      await yieldToEventLoop();
    }
  }
  const rest = await changedOutsideRecordTables(db, workspaceId, since, version);
  return withWriters([...records, ...rest.records], [...versions, ...rest.versions]);
}

export async function changedSince(db: Executor, workspaceId: string, since: number): Promise<PulledRecord[]> {
  const records: PulledRecord[] = [];
  // The version that wrote each record: its activity entry, written in the same commit, names the member.
  const versions: number[] = [];
  for (const name of Object.keys(RECORD_TABLES) as TableCollection[]) {
    const table = RECORD_TABLES[name] as typeof t.funnels;
    const rows = (await db
      .select()
      .from(table)
      .where(and(eq(table.workspaceId, workspaceId), gt(table.version, since)))) as RecordRow[];
    for (const row of rows) {
      records.push({ collection: name, id: row.id, value: rowToRecord(name, row) });
      versions.push(row.version);
    }
  }
  const rest = await changedOutsideRecordTables(db, workspaceId, since);
  records.push(...rest.records);
  versions.push(...rest.versions);
  return withWriters(records, versions);
}

/** Members, singletons and deletions written after `since` (up to `version` when given), with the version of each. */
async function changedOutsideRecordTables(db: Executor, workspaceId: string, since: number, version?: number) {
  const records: PulledRecord[] = [];
  const versions: number[] = [];
  const upTo = (column: AnyPgColumn) => (version === undefined ? undefined : lte(column, version));
  const members = await db
    .select()
    .from(t.members)
    .where(and(eq(t.members.workspaceId, workspaceId), gt(t.members.version, since), upTo(t.members.version)));
  for (const row of members) {
    records.push({ collection: 'team' satisfies CollectionName, id: row.id, value: memberToRecord(row) });
    versions.push(row.version);
  }
  const singletons = await db
    .select({ name: t.workspaceSingletons.name, value: t.workspaceSingletons.value, version: t.workspaceSingletons.version })
    .from(t.workspaceSingletons)
    .where(and(eq(t.workspaceSingletons.workspaceId, workspaceId), gt(t.workspaceSingletons.version, since), upTo(t.workspaceSingletons.version)));
  for (const row of singletons) {
    records.push({ collection: 'singletons', id: row.name, value: row.value });
    versions.push(row.version);
  }
  const deletions = await db
    .select({ collection: t.deletedRecords.collection, id: t.deletedRecords.recordId, version: t.deletedRecords.version })
    .from(t.deletedRecords)
    .where(and(eq(t.deletedRecords.workspaceId, workspaceId), gt(t.deletedRecords.version, since), upTo(t.deletedRecords.version)));
  for (const row of deletions) {
    records.push({ collection: row.collection, id: row.id, value: null });
    versions.push(row.version);
  }
  return { records, versions };
}
