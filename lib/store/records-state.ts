// The records in signals: one signal per collection (its records in display order, with an
// index by id) and per singleton, the local session, the lookup-key indexes, and applying a
// staged transaction's writes to them.
import { batch, signal, type Signal } from '@preact/signals-core';
import type { WriteTx } from '../mutators/types';
import { keyOfRecord, type LookupCollection } from '../schema/lookups';
import { codeKey } from '../domain/attribution';
import type { CollectionName, RecordOf, SingletonName, SingletonOf } from '../schema/names';
import type { WorkspaceSchema } from '../schema/records';
import type { StorageOp } from '../storage/types';
import { SINGLETONS_STORE, StillLoadingError, type Collection, type CollectionState, type RecordChange, type Singleton } from './engine-types';
import type { LoadTracker } from './loading';
import { merge, type Staged, type Staging, type StagingBase } from '../mutators/staged-tx';

export type RecordState = ReturnType<typeof createRecordState>;

export function createRecordState(options: {
  schema: WorkspaceSchema;
  now: () => Date;
  session?: { memberId: string | null };
  /** Direct writes (seeding, fixtures) go through the engine's one transaction path. */
  writeDirect: (fn: (tx: WriteTx) => void) => void;
  loading: LoadTracker;
}) {
  const { schema, writeDirect, loading } = options;
  const collections = new Map<CollectionName, CollectionState<CollectionName>>();
  for (const name of schema.collectionNames) collections.set(name, makeCollection(name));
  const singletons = new Map<SingletonName, Signal<unknown>>();
  for (const name of schema.singletonNames) singletons.set(name, signal(schema.singleton(name).initial(options.now())));
  const session = signal<{ memberId: string | null }>(options.session ?? { memberId: null });

  function makeCollection<C extends CollectionName>(name: C): CollectionState<C> {
    const items = signal<readonly RecordOf<C>[]>([]);
    const index = new Map<string, RecordOf<C>>();
    const state: CollectionState<C> = {
      name,
      items,
      signal: items,
      index,
      get(id) {
        void items.value;
        return index.get(id);
      },
      put(record, putOptions) {
        writeDirect((tx) => tx.put(name, record, putOptions));
      },
      replaceAll(records) {
        writeDirect((tx) => {
          const keep = new Set(records.map((r) => r.id));
          for (const old of index.keys()) if (!keep.has(old)) tx.delete(name, old);
          for (const record of records) tx.put(name, record);
        });
      },
    };
    return state;
  }

  const collection = <C extends CollectionName>(name: C) => collections.get(name) as unknown as CollectionState<C>;
  /** A collection, as slices and screens see it. */
  const publicCollection = <C extends CollectionName>(name: C): Collection<RecordOf<C>> => collection(name);

  function singleton<S extends SingletonName>(name: S): Singleton<SingletonOf<S>> {
    const value = singletons.get(name) as Signal<SingletonOf<S>>;
    return { name, value, set: (next) => writeDirect((tx) => tx.setSingleton(name, next)) };
  }

  /** Per collection list (the signal's array, which every commit replaces): its records' ids by lookup key. */
  const keyIndexes = new WeakMap<readonly unknown[], Map<string, string[]>>();
  function keyIndexOf(name: LookupCollection): Map<string, string[]> {
    const list = collection(name).signal.peek();
    let index = keyIndexes.get(list);
    if (!index) {
      index = new Map();
      for (const record of list) {
        const key = keyOfRecord(name, record);
        const ids = index.get(key);
        if (ids) ids.push(record.id);
        else index.set(key, [record.id]);
      }
      keyIndexes.set(list, index);
    }
    return index;
  }

  /** The committed records, as a staging transaction reads them. */
  const base: StagingBase = {
    get(name, id) {
      const found = collection(name).index.get(id);
      // Not read yet is not the same as absent: the mutation waits for the rest of the load.
      if (found === undefined && loading.isPartial(name)) throw new StillLoadingError();
      return found;
    },
    has: (name, id) => collection(name).index.has(id),
    list(name) {
      if (loading.isPartial(name)) throw new StillLoadingError();
      return collection(name).signal.peek();
    },
    idsByKey(name, key) {
      if (loading.isPartial(name)) throw new StillLoadingError();
      return keyIndexOf(name).get(key);
    },
    idsWithCode(key) {
      if (loading.isPartial('funnels')) throw new StillLoadingError();
      return collection('funnels')
        .signal.peek()
        .filter((funnel) => funnel.discountCode && codeKey(funnel.discountCode) === key)
        .map((funnel) => funnel.id);
    },
    numberedOrders() {
      if (loading.isPartial('orders')) throw new StillLoadingError();
      return collection('orders').signal.peek();
    },
    singleton: (name) => singletons.get(name)!.peek() as never,
  };

  /**
   * Applies one collection's writes to its index and list, noting each change (and its storage
   * op, when `ops` is given). `newFirst`: a record new to the list goes at its top.
   */
  function applyEntry(name: CollectionName, entry: Staged<unknown>, changes: RecordChange[], ops: StorageOp[] | null, newFirst: boolean) {
    const col = collection(name);
    for (const id of entry.order) {
      const write = entry.writes.get(id)!;
      const before = col.index.get(id);
      loading.note(name, id);
      if (write.record === null) {
        if (!before) continue;
        col.index.delete(id);
        ops?.push({ type: 'delete', collection: name, id });
        changes.push({ collection: name, id, before });
      } else {
        if (newFirst && !before) write.prepend = true;
        col.index.set(id, write.record as never);
        ops?.push({ type: 'put', collection: name, id, value: write.record });
        changes.push({ collection: name, id, before, after: write.record });
      }
    }
    col.signal.value = merge(col.signal.peek(), entry);
  }

  /** Applies a transaction's staged writes to the signals (in one batch); returns its storage ops and changes. */
  function applyStaged(staging: Staging, extra?: { apply(): void; ops: StorageOp[]; changes: RecordChange[] }) {
    const ops: StorageOp[] = [...(extra?.ops ?? [])];
    const changes: RecordChange[] = [...(extra?.changes ?? [])];
    batch(() => {
      extra?.apply();
      for (const [name, entry] of staging.staged) applyEntry(name, entry, changes, ops, false);
      for (const [name, value] of staging.stagedSingletons) {
        const single = singletons.get(name)!;
        loading.note(SINGLETONS_STORE, name);
        changes.push({ collection: name, id: name, before: single.peek(), after: value });
        single.value = value;
        ops.push({ type: 'put', collection: SINGLETONS_STORE, id: name, value });
      }
    });
    return { ops, changes };
  }

  return { schema, collections, singletons, session, collection, publicCollection, singleton, keyIndexOf, base, applyEntry, applyStaged };
}
