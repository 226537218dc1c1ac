// A WriteTx over plain maps: the smallest transaction a mutator can run on, used to show that
// mutators need nothing of the browser store (the server runs them on its database the same way).
import { activityEntry } from '../../lib/mutators/define';
import type { Actor, LogEntry, MutationMeta, WriteTx } from '../../lib/mutators/types';
import { keyOfRecord, lookupKey } from '../../lib/schema/lookups';
import { codeKey } from '../../lib/domain/attribution';
import type { Funnel, Order } from '../../lib/domain/types';
import { COLLECTIONS, SINGLETONS } from '../../lib/schema/records';
import { COLLECTION_NAMES, SINGLETON_NAMES, type CollectionName, type SingletonName } from '../../lib/schema/names';

export interface MapState {
  records: Map<CollectionName, Map<string, { id: string }>>;
  singletons: Map<SingletonName, unknown>;
}

export function mapState(data: { collections: Record<string, { id: string }[]>; singletons: Record<string, unknown> }, now: Date): MapState {
  const records = new Map<CollectionName, Map<string, { id: string }>>();
  for (const name of COLLECTION_NAMES) records.set(name, new Map((data.collections[name] ?? []).map((r) => [r.id, r])));
  const singletons = new Map<SingletonName, unknown>();
  for (const name of SINGLETON_NAMES) singletons.set(name, data.singletons[name] ?? SINGLETONS[name].initial(now));
  return { records, singletons };
}

/** A transaction on `state` that keeps its writes apart until `commit()`. */
export function mapTx(state: MapState, actor: Actor | null, meta: MutationMeta) {
  const staged = new Map<CollectionName, Map<string, { id: string } | null>>();
  const stagedSingletons = new Map<SingletonName, unknown>();
  let logs = 0;
  const view = (name: CollectionName) => {
    const merged = new Map(state.records.get(name));
    for (const [id, record] of staged.get(name) ?? []) {
      if (record) merged.set(id, record);
      else merged.delete(id);
    }
    const list = [...merged.values()];
    const sort = COLLECTIONS[name].sort as ((a: unknown, b: unknown) => number) | undefined;
    return sort ? list.sort(sort) : list;
  };
  const stage = (name: CollectionName) => {
    let map = staged.get(name);
    if (!map) staged.set(name, (map = new Map()));
    return map;
  };
  const tx: WriteTx = {
    actor,
    get: (name, id) => {
      const s = staged.get(name);
      if (s?.has(id)) return (s.get(id) ?? undefined) as never;
      return state.records.get(name)!.get(id) as never;
    },
    scan: (name) => view(name) as never,
    lookup: (name, key) => view(name).filter((record) => keyOfRecord(name, record as never) === lookupKey(key)) as never,
    withCode: (key) => (view('funnels') as Funnel[]).filter((funnel) => funnel.discountCode && codeKey(funnel.discountCode) === key),
    numberedOrders: () => view('orders') as Order[],
    singleton: (name) => (stagedSingletons.has(name) ? stagedSingletons.get(name) : state.singletons.get(name)) as never,
    put: (name, record) => void stage(name).set(record.id, record),
    delete: (name, id) => void stage(name).set(id, null),
    setSingleton: (name, value) => void stagedSingletons.set(name, value),
    log(entry: LogEntry) {
      logs += 1;
      const record = activityEntry(meta, actor, logs, entry);
      stage('activity').set(record.id, record);
      return record.id;
    },
  };
  return {
    tx,
    commit() {
      for (const [name, writes] of staged) {
        const target = state.records.get(name)!;
        for (const [id, record] of writes) {
          if (record) target.set(id, record);
          else target.delete(id);
        }
      }
      for (const [name, value] of stagedSingletons) state.singletons.set(name, value);
    },
  };
}
