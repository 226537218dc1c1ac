// The staged-write layer: one transaction over committed records. Reads go through to the
// records underneath, writes are staged beside them, and the whole is committed or dropped as
// one (a refused or failed mutation leaves nothing behind). It knows nothing of signals,
// storage or SQL: the browser's engine (lib/store) gives it the committed records as a
// `StagingBase` and applies what it staged; the server, whose records are the rows a mutation
// preloaded, can give it those the same way (a missing preload throws from the base).
import type { ActivityEntry } from '../domain/types';
import { codeKey } from '../domain/attribution';
import { activityEntry } from './define';
import type { Actor, LogEntry, MutationMeta, WriteTx } from './types';
import { keyOfRecord, lookupKey, type LookupCollection } from '../schema/lookups';
import type { CollectionName, RecordOf, SingletonName, SingletonOf } from '../schema/names';

/** The writes staged on one collection: by id, in the order first written. */
export interface Staged<T> {
  writes: Map<string, { record: T | null; prepend: boolean }>;
  order: string[];
}

/** The committed records a staging transaction reads through. */
export interface StagingBase {
  /** A committed record (may throw when the collection is not all read yet). */
  get<C extends CollectionName>(name: C, id: string): RecordOf<C> | undefined;
  /** Whether a committed record exists (never throws). */
  has(name: CollectionName, id: string): boolean;
  /** The committed records of a collection, in display order (may throw as `get`). */
  list<C extends CollectionName>(name: C): readonly RecordOf<C>[];
  /** The ids of committed records by lookup key (may throw as `get`). */
  idsByKey(name: LookupCollection, key: string): readonly string[] | undefined;
  /** The ids of committed funnels by discount code key (may throw as `get`). */
  idsWithCode(key: string): readonly string[] | undefined;
  /** Committed orders among which is the highest-numbered (may throw as `get`). */
  numberedOrders(): readonly RecordOf<'orders'>[];
  singleton<S extends SingletonName>(name: S): SingletonOf<S>;
}

export type Staging = ReturnType<typeof createStagedTx>;

/** A transaction over `base` for a mutation run by `actor` with `meta`. */
export function createStagedTx(base: StagingBase, actor: Actor | null, meta: MutationMeta) {
  const staged = new Map<CollectionName, Staged<unknown>>();
  const stagedSingletons = new Map<SingletonName, unknown>();
  const logged: ActivityEntry[] = [];
  const scans = new Map<CollectionName, readonly unknown[]>();
  let logCount = 0;

  const stagedOf = (name: CollectionName) => {
    let entry = staged.get(name);
    if (!entry) staged.set(name, (entry = { writes: new Map(), order: [] }));
    return entry;
  };

  const tx: WriteTx = {
    actor,
    get(name, id) {
      const write = staged.get(name)?.writes.get(id);
      if (write) return (write.record ?? undefined) as never;
      return base.get(name, id);
    },
    scan(name) {
      const cached = scans.get(name);
      if (cached) return cached as never;
      const list = base.list(name);
      const entry = staged.get(name);
      const result = entry ? merge(list, entry) : list;
      scans.set(name, result);
      return result;
    },
    lookup(name, key) {
      const wanted = lookupKey(key);
      const ids = new Set(base.idsByKey(name, wanted));
      // Records this transaction wrote may have the key now (few: a page of an import at most).
      for (const [id, write] of staged.get(name)?.writes ?? []) if (write.record) ids.add(id);
      const found: RecordOf<typeof name>[] = [];
      for (const id of ids) {
        const record = tx.get(name, id);
        if (record && keyOfRecord(name, record) === wanted) found.push(record);
      }
      return found;
    },
    withCode(key) {
      const ids = new Set(base.idsWithCode(key));
      for (const [id, write] of staged.get('funnels')?.writes ?? []) if (write.record) ids.add(id);
      const found: RecordOf<'funnels'>[] = [];
      for (const id of ids) {
        const funnel = tx.get('funnels', id);
        if (funnel?.discountCode && codeKey(funnel.discountCode) === key) found.push(funnel);
      }
      return found;
    },
    numberedOrders() {
      const entry = staged.get('orders');
      return entry ? merge(base.numberedOrders(), entry) : base.numberedOrders();
    },
    singleton(name) {
      return (stagedSingletons.has(name) ? stagedSingletons.get(name) : base.singleton(name)) as never;
    },
    put(name, record, putOptions) {
      const entry = stagedOf(name);
      const exists = entry.writes.has(record.id) ? entry.writes.get(record.id)!.record !== null : base.has(name, record.id);
      const previous = entry.writes.get(record.id);
      entry.writes.set(record.id, { record, prepend: previous?.prepend ?? (!exists && !!putOptions?.prepend) });
      if (!previous) entry.order.push(record.id);
      scans.delete(name);
    },
    delete(name, id) {
      const entry = stagedOf(name);
      if (!entry.writes.has(id)) entry.order.push(id);
      entry.writes.set(id, { record: null, prepend: false });
      scans.delete(name);
    },
    setSingleton(name, value) {
      stagedSingletons.set(name, value);
    },
    log(entry: LogEntry) {
      logCount += 1;
      const record = activityEntry(meta, actor, logCount, entry);
      logged.push(record);
      tx.put('activity', record, { prepend: true });
      return record.id;
    },
  };
  const isEmpty = () => staged.size === 0 && stagedSingletons.size === 0;
  return { tx, staged, stagedSingletons, logged, isEmpty };
}

/** The records of `base` with a transaction's writes applied: replaced in place, deleted, new ones first or last. */
export function merge<T extends { id: string }>(base: readonly T[], entry: Staged<unknown>): readonly T[] {
  const front: T[] = [];
  const back: T[] = [];
  const seen = new Set<string>();
  const next: T[] = [];
  for (const item of base) {
    const write = entry.writes.get(item.id);
    if (!write) next.push(item);
    else {
      seen.add(item.id);
      if (write.record !== null) next.push(write.record as T);
    }
  }
  for (const id of entry.order) {
    if (seen.has(id)) continue;
    const write = entry.writes.get(id)!;
    if (write.record === null) continue;
    if (write.prepend) front.push(write.record as T);
    else back.push(write.record as T);
  }
  if (!front.length && !back.length && next.length === base.length && seen.size === 0) return base;
  front.reverse();
  return [...front, ...next, ...back];
}
