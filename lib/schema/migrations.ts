// Stored data carries a schema version; older versions are migrated, never dropped. Each step
// belongs to the record type it lifts: its definition's `migrations` (lib/schema/records.ts).
import type { MigrationStep } from './define';
import { collectionDefinition, isCollectionName, isSingletonName, singletonDefinition } from './records';
import type { StoredRecord } from './stored';

export const SCHEMA_VERSION = 3;
export const META = { collection: 'meta', id: 'schema' } as const;

/** The step that lifts a stored record from `version` to the next, if its type has one. */
function stepOf(record: StoredRecord, version: number): MigrationStep | undefined {
  if (record.collection === 'singletons') return isSingletonName(record.id) ? singletonDefinition(record.id).migrations?.[version] : undefined;
  return isCollectionName(record.collection) ? collectionDefinition(record.collection).migrations?.[version] : undefined;
}

function migrateRecord(record: StoredRecord, version: number): StoredRecord {
  const value = record.value as Record<string, unknown> | null;
  if (!value || typeof value !== 'object') return record;
  const step = stepOf(record, version);
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

export function migrateRecords(records: StoredRecord[], from: number): StoredRecord[] {
  let current = records;
  for (let version = from; version < SCHEMA_VERSION; version++) current = current.map((record) => migrateRecord(record, version));
  return current;
}
