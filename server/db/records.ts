// Rows <-> records. A record table's columns carry the record's own field names, so a row
// is the record plus workspaceId, version and position; optional fields are NULL when absent.
// The mappers are strict: a field the table does not know is refused rather than dropped.
import { and, asc, desc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Permissions, TeamMember } from '../../lib/domain/types';
import { LOOKUP_FIELDS, isLookupCollection, lookupKey } from '../../lib/schema/lookups';
import { COLLECTION_NAMES, type CollectionName, type RecordOf } from '../../lib/schema/names';
import type { CollectionDefinition } from '../../lib/schema/define';
import { collectionDefinition, type COLLECTIONS } from '../../lib/schema/records';
import type { Executor } from './client';
import * as t from './schema';
import { ORDER_NUMBERED, ORDER_NUMBER_DIGITS, ORDER_NUMBER_LENGTH } from './schema/records';

/** Collections kept in a table of their own, named after them (`team` lives in `members`): their definitions say. */
export type TableCollection = { [C in CollectionName]: (typeof COLLECTIONS)[C]['serverTable'] extends C ? C : never }[CollectionName];

export const TABLE_COLLECTIONS = COLLECTION_NAMES.filter((c): c is TableCollection => collectionDefinition(c).serverTable === c);

/** Each table collection's table: the table of server/db/schema.ts exported under the collection's name. */
export const RECORD_TABLES = Object.fromEntries(TABLE_COLLECTIONS.map((c) => [c, t[c]])) as { [C in TableCollection]: (typeof t)[C] };

// Compile-time check that each table and its record type agree field for field: a change to a
// record type that the database does not follow fails the type check here, naming the collection.
// Legacy columns are kept only until start-up moves their values elsewhere; no record carries them.
const META_COLUMNS = ['workspaceId', 'version', 'position', 'legacyApiKey', 'legacyWebhookUrl'] as const;
type MetaColumn = (typeof META_COLUMNS)[number];
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type TableFields<C extends TableCollection> = Exclude<keyof (typeof RECORD_TABLES)[C]['$inferSelect'], MetaColumn>;
type Disagreeing = { [C in TableCollection]: Same<TableFields<C>, keyof RecordOf<C>> extends true ? never : C }[TableCollection];
const fieldsAgree: [Disagreeing] extends [never] ? true : { tableAndRecordDisagree: Disagreeing } = true;
void fieldsAgree;

/** A record the database cannot hold as it is (unknown field, missing required field). */
export class RecordShapeError extends Error {}

export type RecordRow = Record<string, unknown> & { workspaceId: string; id: string; version: number; position: number };

/**
 * Rows <-> records of a record type kept in `table`: the table's columns (less the meta ones)
 * are its fields, and the fields its definition lets a record leave out are stored as NULL.
 */
export function rowMapping(definition: Pick<CollectionDefinition, 'name' | 'optionalFields'>, table: PgTable) {
  const collection = definition.name;
  const fields = Object.keys(getTableColumns(table)).filter((k) => !(META_COLUMNS as readonly string[]).includes(k));
  const optional = new Set<string>(definition.optionalFields);
  return {
    toRow(record: object, meta: { workspaceId: string; version: number; position: number }): RecordRow {
      const source = record as Record<string, unknown>;
      if (!source || typeof source !== 'object' || typeof source.id !== 'string' || !source.id)
        throw new RecordShapeError(`A ${collection} record needs a text id`);
      for (const key of Object.keys(source)) {
        if (source[key] !== undefined && !fields.includes(key)) throw new RecordShapeError(`${collection} records have no field "${key}"`);
      }
      const row: Record<string, unknown> = { ...meta };
      for (const key of fields) {
        const value = source[key];
        if (value === undefined || value === null) {
          if (value === undefined && !optional.has(key)) throw new RecordShapeError(`The ${collection} record ${source.id} is missing "${key}"`);
          row[key] = null;
        } else row[key] = value;
      }
      return row as RecordRow;
    },
    toRecord(row: Record<string, unknown>): Record<string, unknown> {
      const record: Record<string, unknown> = {};
      for (const key of fields) {
        const value = row[key];
        if (value === null && optional.has(key)) continue;
        record[key] = value;
      }
      return record;
    },
  };
}

const MAPPINGS = Object.fromEntries(TABLE_COLLECTIONS.map((c) => [c, rowMapping(collectionDefinition(c), RECORD_TABLES[c])])) as Record<
  TableCollection,
  ReturnType<typeof rowMapping>
>;

export function recordToRow<C extends TableCollection>(
  collection: C,
  record: RecordOf<C>,
  meta: { workspaceId: string; version: number; position: number },
): RecordRow {
  return MAPPINGS[collection].toRow(record, meta);
}

export function rowToRecord<C extends TableCollection>(collection: C, row: Record<string, unknown>): RecordOf<C> {
  return MAPPINGS[collection].toRecord(row) as unknown as RecordOf<C>;
}

// ---------- Team members ----------

export type MemberRow = typeof t.members.$inferSelect;

export const permissionsOf = (row: Pick<MemberRow, 'editAutomations' | 'sendOutreach' | 'manageTeam' | 'viewAnalytics'>): Permissions => ({
  editAutomations: row.editAutomations,
  sendOutreach: row.sendOutreach,
  manageTeam: row.manageTeam,
  viewAnalytics: row.viewAnalytics,
});

export const permissionColumns = (permissions: Permissions) => ({
  editAutomations: permissions.editAutomations,
  sendOutreach: permissions.sendOutreach,
  manageTeam: permissions.manageTeam,
  viewAnalytics: permissions.viewAnalytics,
});

/** The team record of a member: never the user link, only what the team screen shows. */
export function memberToRecord(row: MemberRow): TeamMember {
  return { id: row.id, name: row.name, email: row.email, role: row.role, status: row.status, permissions: permissionsOf(row) };
}

// ---------- Reading ----------

export interface Loaded<T> {
  record: T;
  version: number;
  position: number;
}

/**
 * Rows of a collection (all, the ids given, or those whose lookup field is one of `keys`,
 * ignoring letter case, through its lower() index), in display order; `lock` takes row locks
 * (FOR UPDATE).
 */
export async function loadRecords<C extends CollectionName>(
  db: Executor,
  workspaceId: string,
  collection: C,
  options: { ids?: readonly string[]; keys?: readonly string[]; lock?: boolean } = {},
): Promise<Loaded<RecordOf<C>>[]> {
  if (options.ids && options.ids.length === 0) return [];
  if (options.keys && options.keys.length === 0) return [];
  if (collection === 'team') {
    const m = t.members;
    const where = options.ids ? and(eq(m.workspaceId, workspaceId), inArray(m.id, [...options.ids])) : eq(m.workspaceId, workspaceId);
    const query = db.select().from(m).where(where).orderBy(asc(m.position), asc(m.id));
    const rows = options.lock ? await query.for('update') : await query;
    return rows.map((row) => ({ record: memberToRecord(row) as RecordOf<C>, version: row.version, position: row.position }));
  }
  // Every record table has the same key columns: typed through one of them.
  // The type checker needs the cast (a generic C does not narrow); the linter's view narrows it.
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion
  const table = RECORD_TABLES[collection as TableCollection] as typeof t.funnels;
  const where = options.ids
    ? and(eq(table.workspaceId, workspaceId), inArray(table.id, [...options.ids]))
    : options.keys
      ? and(eq(table.workspaceId, workspaceId), inArray(sql`lower(${lookupColumn(collection)})`, options.keys.map(lookupKey)))
      : eq(table.workspaceId, workspaceId);
  const query = db.select().from(table).where(where).orderBy(asc(table.position), asc(table.id));
  const rows = (options.lock ? await query.for('update') : await query) as RecordRow[];
  return rows.map((row) => ({
    // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- as above
    record: rowToRecord(collection as TableCollection, row) as RecordOf<C>,
    version: row.version,
    position: row.position,
  }));
}

/** The funnels whose discount code is one of `codes` (code keys), through the lower(discount_code) index, in display order. */
export async function loadFunnelsByCode(db: Executor, workspaceId: string, codes: readonly string[], options: { lock?: boolean } = {}) {
  if (codes.length === 0) return [];
  const f = t.funnels;
  const query = db
    .select()
    .from(f)
    .where(and(eq(f.workspaceId, workspaceId), inArray(sql`lower(${f.discountCode})`, [...codes])))
    .orderBy(asc(f.position), asc(f.id));
  const rows = (options.lock ? await query.for('update') : await query) as RecordRow[];
  return rows.map((row) => ({ record: rowToRecord('funnels', row), version: row.version, position: row.position }));
}

/**
 * The order with the highest order number (ORD-n, compared as a number: its digits without
 * leading zeros by length, then by digit), through `orders_number_idx`; none when no order has
 * such a number.
 */
export async function loadHighestNumberedOrder(db: Executor, workspaceId: string, options: { lock?: boolean } = {}) {
  const o = t.orders;
  const query = db
    .select()
    .from(o)
    .where(and(eq(o.workspaceId, workspaceId), ORDER_NUMBERED(o.orderNumber)))
    .orderBy(desc(ORDER_NUMBER_LENGTH(o.orderNumber)), desc(ORDER_NUMBER_DIGITS(o.orderNumber)))
    .limit(1);
  const rows = (options.lock ? await query.for('update') : await query) as RecordRow[];
  return rows.map((row) => ({ record: rowToRecord('orders', row), version: row.version, position: row.position }));
}

/** The column of a collection's lookup field (its definition's `lookup`). */
function lookupColumn(collection: CollectionName) {
  if (!isLookupCollection(collection)) throw new Error(`${collection} has no lookup field`);
  return getTableColumns(RECORD_TABLES[collection])[LOOKUP_FIELDS[collection] as never] as unknown as typeof t.funnels.creatorHandle;
}

/** Every record and singleton of a workspace (the browser's first load until sync pulls exist). */
export async function loadWorkspace(db: Executor, workspaceId: string) {
  const collections = {} as { [C in CollectionName]: RecordOf<C>[] };
  for (const name of [...TABLE_COLLECTIONS, 'team'] as CollectionName[]) {
    (collections as Record<string, unknown[]>)[name] = (await loadRecords(db, workspaceId, name)).map((l) => l.record);
  }
  const singletonRows = await db
    .select({ name: t.workspaceSingletons.name, value: t.workspaceSingletons.value })
    .from(t.workspaceSingletons)
    .where(eq(t.workspaceSingletons.workspaceId, workspaceId))
    .orderBy(asc(t.workspaceSingletons.name));
  const singletons: Record<string, unknown> = {};
  for (const row of singletonRows) singletons[row.name] = row.value;
  return { collections, singletons };
}

/** The workspace's Settings language as stored (what members without a choice of their own see), null when none is set. */
export async function workspaceLanguage(db: Executor, workspaceId: string): Promise<string | null> {
  const [row] = await db
    .select({ value: t.workspaceSingletons.value })
    .from(t.workspaceSingletons)
    .where(and(eq(t.workspaceSingletons.workspaceId, workspaceId), eq(t.workspaceSingletons.name, 'settings')));
  const language = (row?.value as { language?: unknown } | undefined)?.language;
  return typeof language === 'string' ? language : null;
}
