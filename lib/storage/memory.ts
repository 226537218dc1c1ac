import type { StorageAdapter, StorageOp, StoredRecord } from './types';

const key = (collection: string, id: string) => `${collection}\u0000${id}`;

/** Keeps records in page memory: tests, and the fallback when IndexedDB is unavailable. */
export function createMemoryStorage(initial: StoredRecord[] = []): StorageAdapter {
  const records = new Map<string, StoredRecord>();
  for (const record of initial) records.set(key(record.collection, record.id), record);
  return {
    kind: 'memory',
    async load() {
      return [...records.values()].map((record) => ({ ...record, value: structuredClone(record.value) }));
    },
    async write(ops: StorageOp[]) {
      for (const op of ops) applyOp(records, op);
    },
  };
}

function applyOp(records: Map<string, StoredRecord>, op: StorageOp) {
  if (op.type === 'clear') records.clear();
  else if (op.type === 'put')
    records.set(key(op.collection, op.id), { collection: op.collection, id: op.id, value: structuredClone(op.value) });
  else records.delete(key(op.collection, op.id));
}
