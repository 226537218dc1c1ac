// Loading the records into the signals, whole or in parts: while some collections hold only
// their first records, a mutation that needs the rest is refused (StillLoadingError), and the
// records changed meanwhile (by this tab or another) are noted so the complete read keeps them.
import { batch } from '@preact/signals-core';
import type { CollectionName, RecordOf } from '../schema/names';
import type { StoredRecord } from '../storage/types';
import { SINGLETONS_STORE, type LoadedRecords } from './engine-types';
import { readRecords } from './persistence';
import type { RecordState } from './records-state';

export type LoadTracker = ReturnType<typeof createLoadTracker>;

/**
 * Collections only partly in memory while the rest is read (loading in parts), and the
 * records changed meanwhile (by this tab or another), which the complete read must not undo.
 */
export function createLoadTracker() {
  let partial: Set<CollectionName> | null = null;
  const changedWhileLoading = new Map<string, Set<string>>();
  return {
    isPartial: (name: CollectionName) => partial?.has(name) ?? false,
    /** Whether some collection holds only its first records (loading in parts, the rest not in yet). */
    partlyLoaded: () => partial !== null,
    note(store: string, id: string) {
      if (!partial) return;
      let ids = changedWhileLoading.get(store);
      if (!ids) changedWhileLoading.set(store, (ids = new Set()));
      ids.add(id);
    },
    /** The records changed while loading, when a load is under way. */
    changed: () => (partial ? changedWhileLoading : null),
    settle(partialCollections?: ReadonlySet<CollectionName>) {
      partial = partialCollections?.size ? new Set(partialCollections) : null;
      changedWhileLoading.clear();
    },
  };
}

export function createLoader(state: RecordState, loading: LoadTracker) {
  const { schema, collection, singletons, session } = state;

  /**
   * Puts validated records in the signals, replacing what they held. `partialCollections`:
   * these collections hold only their first records until the next call (loading in parts).
   */
  function applyLoaded(loaded: LoadedRecords, partialCollections?: ReadonlySet<CollectionName>) {
    const keep = loading.changed();
    let filled = false;
    try {
      batch(() => {
        fillSignals(loaded, keep);
        filled = true;
      });
    } finally {
      // Once the signals hold the records, what is partial is settled, even when an effect woken
      // by the new values throws; when filling them failed, the collections stay as partial as they were.
      if (filled) loading.settle(partialCollections);
    }
  }

  function fillSignals(loaded: LoadedRecords, keep: Map<string, Set<string>> | null) {
    for (const name of schema.collectionNames) {
      const col = collection(name);
      let list = (loaded.grouped.get(name) ?? []) as RecordOf<typeof name>[];
      const changed = keep?.get(name);
      if (changed?.size) {
        // Changed while the rest was read: the copy in memory is the newer one, in its place;
        // one deleted stays deleted; one added keeps its end of the list (new entries go first
        // in the collections listed newest first).
        const read = new Set<string>();
        list = list.flatMap((record) => {
          read.add(record.id);
          if (!changed.has(record.id)) return [record];
          const current = col.index.get(record.id);
          return current ? [current] : [];
        });
        const added = col.signal.peek().filter((record) => changed.has(record.id) && !read.has(record.id));
        const current = col.signal.peek();
        const leading = new Set<string>();
        for (const record of current) {
          if (!changed.has(record.id) || read.has(record.id)) break;
          leading.add(record.id);
        }
        list = [...added.filter((r) => leading.has(r.id)), ...list, ...added.filter((r) => !leading.has(r.id))];
      }
      const sort = schema.collection(name).sort as ((a: unknown, b: unknown) => number) | undefined;
      // Always a new array, never the loaded list itself: loading in parts keeps pushing the
      // later parts into that list, and a signal whose array grows in place notifies no one
      // (the next call would then set the very same array, an unchanged value to the signal).
      const ordered = sort ? [...list].sort(sort) : [...list];
      col.index.clear();
      for (const record of ordered) col.index.set(record.id, record);
      col.signal.value = ordered;
    }
    const changedSingletons = keep?.get(SINGLETONS_STORE);
    for (const [name, value] of loaded.singletons) if (!changedSingletons?.has(name)) singletons.get(name)!.value = value;
    if (loaded.session) session.value = loaded.session;
  }

  /** Applies loaded records after validating each one; returns the ones that could not be read. */
  function hydrate(records: StoredRecord[]): StoredRecord[] {
    const loaded = readRecords(records, undefined, schema);
    applyLoaded(loaded);
    return loaded.unreadable;
  }

  return { applyLoaded, hydrate, readRecords: (records: readonly StoredRecord[], into?: LoadedRecords) => readRecords(records, into, schema), partlyLoaded: loading.partlyLoaded };
}
