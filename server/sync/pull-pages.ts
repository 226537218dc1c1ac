// The first pull in pages: a client that sends `pageSize` with `since=0` gets the workspace a
// page at a time, so it can paint the first one while the rest arrives. The first page holds
// every record of the small collections, the first FIRST_PAGE_RECORDS of each larger one (in
// display order) and the singletons; each later page the next `pageSize` records of one
// collection. The cursor carries the version and last mutation id read with the first page: the
// whole answer brings the client to that version. A later page may show a record as a commit
// after it left it; whatever changed after that version comes again in the client's next pull
// (since that version), which always follows the first load, so the pages and that pull
// together are the workspace as it is.
import { and, asc, eq } from 'drizzle-orm';
import { COLLECTION_NAMES, type CollectionName } from '../../lib/schema/names';
import type { PulledRecord } from '../../lib/sync/protocol';
import type { Executor } from '../db/client';
import { afterInDisplayOrder } from '../db/lists';
import { memberToRecord, RECORD_TABLES, rowToRecord, TABLE_COLLECTIONS, type RecordRow } from '../db/records';
import * as t from '../db/schema';
import { yieldToEventLoop } from '../slices';

/** The records of each collection on the first page, at most. */
export const FIRST_PAGE_RECORDS = 200;
/** The page sizes a client may ask for. */
export const PAGE_SIZE = { min: 100, max: 10_000 } as const;

/** The collections read in pages, in the order pages come (team last, as the whole pull sends it). */
const PAGED: CollectionName[] = [...TABLE_COLLECTIONS, 'team'];

/** Where the pages stand: the version and last mutation id of the first page, and each collection not read whole yet, from where. */
export interface PullCursor {
  /** The workspace (a cursor answers for its own only). */
  w: string;
  v: number;
  m: number;
  /** [collection, position, id] of the last record sent of each collection with more. */
  rest: [string, number, string][];
}

export const encodeCursor = (cursor: PullCursor) => Buffer.from(JSON.stringify(cursor)).toString('base64url');

/** The cursor, or null when it is not one this server wrote for `workspaceId`. */
export function decodeCursor(text: string, workspaceId: string): PullCursor | null {
  try {
    const value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as PullCursor;
    const valid =
      value.w === workspaceId &&
      Number.isSafeInteger(value.v) &&
      Number.isSafeInteger(value.m) &&
      Array.isArray(value.rest) &&
      value.rest.every((r) => Array.isArray(r) && PAGED.includes(r[0] as CollectionName) && Number.isFinite(r[1]) && typeof r[2] === 'string');
    return valid ? value : null;
  } catch {
    return null;
  }
}

/**
 * Rows read by one statement at most. PGlite runs one query at a time: a longer read (a later
 * page, the whole workspace) is cut into statements of this many rows with a turn of the event
 * loop between them, so a push that arrives meanwhile waits behind one of them (about 20 ms of
 * 500 funnels), not behind the whole read.
 */
export const READ_CHUNK_ROWS = 500;

/** At most `limit` rows of a collection in display order, after (position, id) when given, with the key of each: one statement. */
async function chunkOf(db: Executor, workspaceId: string, name: CollectionName, limit: number, after?: { position: number; id: string }) {
  const table = (name === 'team' ? t.members : RECORD_TABLES[name]) as typeof t.funnels;
  const from = after ? afterInDisplayOrder(table, after) : undefined;
  const rows = (await db
    .select()
    .from(table)
    .where(and(eq(table.workspaceId, workspaceId), from))
    .orderBy(asc(table.position), asc(table.id))
    .limit(limit)) as RecordRow[];
  const records: PulledRecord[] = rows.map((row) => ({ collection: name, id: row.id, value: name === 'team' ? memberToRecord(row as never) : rowToRecord(name, row) }));
  return { records, keys: rows.map((row): [string, number, string] => [name, row.position, row.id]) };
}

/** `limit` rows of a collection in display order, after (position, id) when given, with the key of each, read READ_CHUNK_ROWS at a time. */
async function rowsOf(db: Executor, workspaceId: string, name: CollectionName, limit: number, after?: { position: number; id: string }) {
  const records: PulledRecord[] = [];
  const keys: [string, number, string][] = [];
  let from = after;
  while (records.length < limit) {
    if (records.length) await yieldToEventLoop();
    const size = Math.min(READ_CHUNK_ROWS, limit - records.length);
    const chunk = await chunkOf(db, workspaceId, name, size, from);
    records.push(...chunk.records);
    keys.push(...chunk.keys);
    if (chunk.records.length < size) break;
    const [, position, id] = chunk.keys[chunk.keys.length - 1];
    from = { position, id };
  }
  return { records, keys };
}

/** The workspace's singletons, by name. */
async function singletonsOf(db: Executor, workspaceId: string): Promise<PulledRecord[]> {
  const rows = await db
    .select({ name: t.workspaceSingletons.name, value: t.workspaceSingletons.value })
    .from(t.workspaceSingletons)
    .where(eq(t.workspaceSingletons.workspaceId, workspaceId))
    .orderBy(asc(t.workspaceSingletons.name));
  return rows.map((row) => ({ collection: 'singletons', id: row.name, value: row.value }));
}

/**
 * Every record and singleton of the workspace, in the order of a whole pull, read a chunk at a
 * time outside any transaction (PGlite: a transaction would hold the database for the whole
 * read). The caller reads the version first: a record may show a commit after that version,
 * which the client's next pull since that version brings again, as for the later pages.
 */
export async function wholeWorkspace(db: Executor, workspaceId: string): Promise<PulledRecord[]> {
  const records: PulledRecord[] = [];
  for (const name of COLLECTION_NAMES.filter((c) => PAGED.includes(c))) records.push(...(await rowsOf(db, workspaceId, name, Number.POSITIVE_INFINITY)).records);
  records.push(...(await singletonsOf(db, workspaceId)));
  return records;
}

/** The first page (in the caller's transaction, with the version it read): its records, and the collections with more. */
export async function firstPage(db: Executor, workspaceId: string): Promise<{ records: PulledRecord[]; rest: PullCursor['rest'] }> {
  const records: PulledRecord[] = [];
  const rest: PullCursor['rest'] = [];
  for (const name of PAGED) {
    // One more than shown: whether the collection has more.
    const page = await rowsOf(db, workspaceId, name, FIRST_PAGE_RECORDS + 1);
    records.push(...page.records.slice(0, FIRST_PAGE_RECORDS));
    if (page.records.length > FIRST_PAGE_RECORDS) rest.push(page.keys[FIRST_PAGE_RECORDS - 1]);
  }
  records.push(...(await singletonsOf(db, workspaceId)));
  return { records, rest };
}

/** A later page: the next `pageSize` records of the first collection with more; the cursor's rest as it then stands. */
export async function laterPage(db: Executor, workspaceId: string, rest: PullCursor['rest'], pageSize: number): Promise<{ records: PulledRecord[]; rest: PullCursor['rest'] }> {
  const [head, ...others] = rest;
  if (!head) return { records: [], rest: [] };
  const [name, position, id] = head;
  const page = await rowsOf(db, workspaceId, name as CollectionName, pageSize + 1, { position, id });
  if (page.records.length <= pageSize) return { records: page.records, rest: others };
  return { records: page.records.slice(0, pageSize), rest: [page.keys[pageSize - 1], ...others] };
}
