// Stored data carries a schema version; older versions are migrated, never dropped. Each step
// belongs to the record type it lifts: its definition's `migrations` (lib/schema/records.ts).
import type { MigrationStep } from './define';
import { WORKSPACE, type WorkspaceSchema } from './records';
import type { StoredRecord } from './stored';

export const SCHEMA_VERSION = 6;
export const META = { collection: 'meta', id: 'schema' } as const;

/** The step that lifts a stored record from `version` to the next, if its type has one. */
function stepOf(record: StoredRecord, version: number, schema: WorkspaceSchema): MigrationStep | undefined {
  if (record.collection === 'singletons') return schema.isSingletonName(record.id) ? schema.singleton(record.id).migrations?.[version] : undefined;
  return schema.isCollectionName(record.collection) ? schema.collection(record.collection).migrations?.[version] : undefined;
}

function migrateRecord(record: StoredRecord, version: number, schema: WorkspaceSchema): StoredRecord {
  const value = record.value as Record<string, unknown> | null;
  if (!value || typeof value !== 'object') return record;
  const step = stepOf(record, version, schema);
  if (!step) return record;
  const next = step(value);
  return next === value ? record : { ...record, value: next };
}

export function storedSchemaVersion(records: readonly StoredRecord[]): number | null {
  const meta = records.find((r) => r.collection === META.collection && r.id === META.id);
  if (!meta) return records.length ? 1 : null;
  const version = (meta.value as { version?: unknown } | null)?.version;
  return typeof version === 'number' ? version : 1;
}

/** Lifts stored records from schema version `from` to `to` (the current one), each by its type's steps. */
export function migrateRecords(records: StoredRecord[], from: number, options: { to?: number; schema?: WorkspaceSchema } = {}): StoredRecord[] {
  const { to = SCHEMA_VERSION, schema = WORKSPACE } = options;
  let current = records;
  for (let version = from; version < to; version++) current = current.map((record) => migrateRecord(record, version, schema));
  return current;
}
