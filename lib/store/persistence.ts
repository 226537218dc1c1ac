// Storage for the engine: each commit's writes started in the caller's task, the fall-back to
// memory when the browser refuses them, and reading stored records back (validated).
import { signal, type Signal } from '@preact/signals-core';
import { WORKSPACE, type WorkspaceSchema } from '../schema/records';
import type { Mutation } from '../mutators/types';
import type { StorageAdapter, StorageOp, StoredRecord } from '../storage/types';
import type { Message } from '../domain/messages';
import { emptyLoaded, SESSION, SINGLETONS_STORE, STORAGE_MESSAGES, storageWarning, type LoadedRecords, type PersistenceState } from './engine-types';

export function createPersistence(initial: StorageAdapter) {
  let storage = initial;
  const inflight = new Set<Promise<void>>();
  const persistence: Signal<PersistenceState> = signal({ status: 'loading', kind: storage.kind, warning: null, notice: null, unreadable: [] });

  function persist(ops: StorageOp[], info?: { mutation?: string; call?: Mutation }) {
    if (ops.length === 0) return;
    const target = storage;
    // Started now, in the caller's task: a reload right after an edit cannot drop it.
    let write: Promise<void>;
    try {
      write = target.write(ops, info);
    } catch (error) {
      // An adapter that throws instead of rejecting takes the same fallback path.
      write = Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
    const settled = write.catch((error: unknown) => {
      if (target !== storage) return;
      fallBackToMemory(STORAGE_MESSAGES.writeRefused(describe(error)));
    });
    inflight.add(settled);
    void settled.finally(() => inflight.delete(settled));
  }

  function fallBackToMemory(notice: Message) {
    storage = { kind: 'memory', load: () => Promise.resolve([]), write: () => Promise.resolve() };
    persistence.value = { ...persistence.value, status: 'memory', kind: 'memory', ...storageWarning(notice) };
  }

  return {
    persistence,
    persist,
    fallBackToMemory,
    /** Resolves when every write issued so far has settled. */
    async flush() {
      while (inflight.size) await Promise.all([...inflight]);
    },
    get storage() {
      return storage;
    },
  };
}

/** Validates loaded records into `into` (a part at a time, when loading in parts). */
export function readRecords(records: readonly StoredRecord[], into: LoadedRecords = emptyLoaded(), schema: WorkspaceSchema = WORKSPACE): LoadedRecords {
  for (const record of records) {
    if (record.collection === SINGLETONS_STORE) {
      if (record.id === SESSION) {
        const value = record.value as { memberId?: unknown } | null;
        if (value && (typeof value.memberId === 'string' || value.memberId === null)) into.session = { memberId: value.memberId };
        else into.unreadable.push(record);
      } else if (schema.isSingletonName(record.id)) {
        if (schema.isValidSingleton(record.id, record.value)) into.singletons.set(record.id, record.value);
        else into.unreadable.push(record);
      }
      continue;
    }
    if (!schema.isCollectionName(record.collection)) continue;
    const value = record.value as { id?: unknown } | null;
    if (!value || typeof value !== 'object' || value.id !== record.id || !schema.isValidRecord(record.collection, value)) {
      into.unreadable.push(record);
      continue;
    }
    let list = into.grouped.get(record.collection);
    if (!list) into.grouped.set(record.collection, (list = []));
    list.push(value);
  }
  return into;
}

function describe(error: unknown) {
  if (error instanceof Error) return error.name === 'QuotaExceededError' ? 'storage is full' : error.message;
  return String(error);
}
