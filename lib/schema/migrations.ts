// Stored data carries a schema version; older versions are migrated, never dropped.
import { integrationCredentialsOf } from '../domain/developer';
import type { StoredRecord } from './stored';


export const SCHEMA_VERSION = 3;
export const META = { collection: 'meta', id: 'schema' } as const;

type Migration = (record: StoredRecord) => StoredRecord;

/** MIGRATIONS[n] lifts a record from version n to n + 1. */
const MIGRATIONS: Record<number, Migration> = {
  // v1 had no funnel activity state and did not track whether an order's stock was deducted.
  1: (record) => {
    const value = record.value as Record<string, unknown> | null;
    if (!value || typeof value !== 'object') return record;
    if (record.collection === 'funnels' && value.activity === undefined)
      return { ...record, value: { ...value, activity: 'Active' } };
    if (record.collection === 'orders' && value.stockDeducted === undefined)
      return { ...record, value: { ...value, stockDeducted: ['Processing', 'Shipped', 'Delivered'].includes(String(value.status)) } };
    return record;
  },
  // v2 kept a sample API key in the developer settings and integration credentials on their
  // records; keys are the team server's now, and a record keeps hints only.
  2: (record) => {
    const value = record.value as Record<string, unknown> | null;
    if (!value || typeof value !== 'object') return record;
    if (record.collection === 'singletons' && record.id === 'developer' && 'apiKey' in value) {
      const { apiKey: _dropped, ...rest } = value;
      return { ...record, value: rest };
    }
    if (record.collection === 'integrations' && ('apiKey' in value || 'webhookUrl' in value)) {
      const { apiKey, webhookUrl, ...rest } = value;
      const hints = typeof apiKey === 'string' && apiKey ? { credentials: integrationCredentialsOf({ apiKey, webhookUrl: typeof webhookUrl === 'string' ? webhookUrl : '' }) } : {};
      return { ...record, value: { ...rest, ...hints } };
    }
    return record;
  },
};

export function storedSchemaVersion(records: readonly StoredRecord[]): number | null {
  const meta = records.find((r) => r.collection === META.collection && r.id === META.id);
  if (!meta) return records.length ? 1 : null;
  const version = (meta.value as { version?: unknown } | null)?.version;
  return typeof version === 'number' ? version : 1;
}

export function migrateRecords(records: StoredRecord[], from: number): StoredRecord[] {
  let current = records;
  for (let version = from; version < SCHEMA_VERSION; version++) {
    const step = MIGRATIONS[version];
    if (step) current = current.map(step);
  }
  return current;
}
