// A server transaction's reads: preloading (and locking) what a mutator declared, and that
// snapshot as the base the staged-write layer reads through (its own writes on top).
import { and, eq, inArray } from 'drizzle-orm';
import type { ReadSpec } from '../../../lib/mutators/types';
import type { StagingBase } from '../../../lib/mutators/staged-tx';
import { LOOKUP_FIELDS, keyOfRecord, lookupKey, type LookupCollection } from '../../../lib/schema/lookups';
import { COLLECTION_NAMES, type CollectionName, type RecordOf, type SingletonName, type SingletonOf } from '../../../lib/schema/names';
import { yieldToEventLoop } from '../../slices';
import { loadFunnelsByCode, loadHighestNumberedOrder, loadRecords } from '../records';
import { codeKey } from '../../../lib/domain/attribution';
import * as t from '../schema';
import { singletonDefault } from '../seed-data';
import { NotPreloadedError, TxRejected } from './errors';
import { ROWS_PER_STATEMENT, SINGLETONS, checkCollection, ensureLocked, type Known, type Staged } from './staged';

export async function preload(s: Staged, specs: readonly ReadSpec[]) {
  const { tx, workspaceId, meta, complete, loadedKeys, keyIndexes, singletons, knownOf } = s;
  await ensureLocked(s);
  const ids = new Map<CollectionName, Set<string>>();
  const keys = new Map<LookupCollection, Set<string>>();
  const wholes = new Set<CollectionName>();
  const singletonNames = new Set<SingletonName>();
  const codes = new Set<string>();
  let highestNumbered = false;
  for (const spec of specs) {
    if ('highestOrderNumber' in spec) {
      highestNumbered = true;
      continue;
    }
    if ('codes' in spec) {
      for (const code of spec.codes) codes.add(code);
      continue;
    }
    if ('singleton' in spec) {
      if (!SINGLETONS.has(spec.singleton)) throw new TxRejected(`Unknown singleton "${spec.singleton}"`);
      singletonNames.add(spec.singleton);
      continue;
    }
    checkCollection(spec.collection);
    if ('all' in spec) wholes.add(spec.collection);
    else if ('keys' in spec) {
      if (!(spec.collection in LOOKUP_FIELDS)) throw new TxRejected(`${spec.collection} has no lookup field`);
      let set = keys.get(spec.collection);
      if (!set) keys.set(spec.collection, (set = new Set()));
      for (const key of spec.keys) set.add(lookupKey(key));
    } else {
      let set = ids.get(spec.collection);
      if (!set) ids.set(spec.collection, (set = new Set()));
      set.add(spec.id);
    }
  }
  // Collections first in a fixed order, so two transactions never lock rows in opposite orders.
  for (const c of COLLECTION_NAMES) {
    if (wholes.has(c) && !complete.has(c)) {
      const rows = await loadRecords(tx, workspaceId, c, { lock: true });
      const map = knownOf(c);
      for (const row of rows) map.set(row.record.id, { record: row.record, position: row.position });
      complete.add(c);
      continue;
    }
    if (c in LOOKUP_FIELDS && !complete.has(c)) {
      const lookup = c as LookupCollection;
      let loaded = loadedKeys.get(lookup);
      if (!loaded) loadedKeys.set(lookup, (loaded = new Set()));
      const wantedKeys = [...(keys.get(lookup) ?? [])].filter((key) => !loaded.has(key)).sort();
      const map = knownOf(c);
      // In slices, with a turn of the event loop between them, like the writes.
      for (let i = 0; i < wantedKeys.length; i += ROWS_PER_STATEMENT) {
        if (i > 0) await yieldToEventLoop();
        const rows = await loadRecords(tx, workspaceId, c, { keys: wantedKeys.slice(i, i + ROWS_PER_STATEMENT), lock: true });
        for (const row of rows) if (!map.get(row.record.id)) map.set(row.record.id, { record: row.record, position: row.position });
      }
      for (const key of wantedKeys) loaded.add(key);
    }
    if (c === 'funnels' && !complete.has(c)) await preloadCodes(s, codes);
    if (c === 'orders' && highestNumbered && !complete.has(c) && s.highestNumbered === null) {
      const rows = await loadHighestNumberedOrder(tx, workspaceId, { lock: true });
      const map = knownOf(c);
      for (const row of rows) if (!map.get(row.record.id)) map.set(row.record.id, { record: row.record, position: row.position });
      s.highestNumbered = rows.map((row) => map.get(row.record.id)!);
    }
    const wanted = [...(ids.get(c) ?? [])].filter((id) => !knownOf(c).has(id)).sort();
    if (wanted.length === 0 || complete.has(c)) continue;
    const rows = await loadRecords(tx, workspaceId, c, { ids: wanted, lock: true });
    const map = knownOf(c);
    for (const id of wanted) map.set(id, null);
    for (const row of rows) map.set(row.record.id, { record: row.record, position: row.position });
  }
  // Records were added: the lookup indexes are built again when next used.
  keyIndexes.clear();
  const names = [...singletonNames].filter((name) => !singletons.has(name)).sort();
  if (names.length) {
    const rows = await tx
      .select({ name: t.workspaceSingletons.name, value: t.workspaceSingletons.value })
      .from(t.workspaceSingletons)
      .where(and(eq(t.workspaceSingletons.workspaceId, workspaceId), inArray(t.workspaceSingletons.name, names)))
      .for('update');
    const found = new Map(rows.map((row) => [row.name, row.value]));
    for (const name of names) singletons.set(name, found.has(name) ? found.get(name) : singletonDefault(name, meta.now));
  }
}

/** Loads (and locks) the funnels of the discount code keys not loaded yet. */
async function preloadCodes(s: Staged, codes: ReadonlySet<string>) {
  const wanted = [...codes].filter((code) => !s.loadedCodes.has(code)).sort();
  if (wanted.length === 0) return;
  const map = s.knownOf('funnels');
  for (const row of await loadFunnelsByCode(s.tx, s.workspaceId, wanted, { lock: true }))
    if (!map.get(row.record.id)) map.set(row.record.id, { record: row.record, position: row.position });
  for (const code of wanted) s.loadedCodes.add(code);
}

/**
 * The snapshot as the staged-write layer's base (lib/mutators/staged-tx.ts): what the
 * transaction preloaded, in display order. A read of anything not preloaded throws, naming
 * what the mutator's reads() should list; the layer puts the transaction's own writes on top.
 */
export function snapshotBase(s: Staged): StagingBase {
  const { known, complete, loadedKeys, singletons, knownOf } = s;
  return {
    get<C extends CollectionName>(collection: C, id: string): RecordOf<C> | undefined {
      const map = known.get(collection);
      if (map?.has(id)) return (map.get(id)?.record as RecordOf<C> | undefined) ?? undefined;
      if (complete.has(collection)) return undefined;
      throw new NotPreloadedError(`${collection}/${id} was read but not loaded: list it in the mutator's reads()`);
    },
    has: (collection, id) => Boolean(known.get(collection)?.get(id)),
    list<C extends CollectionName>(collection: C): readonly RecordOf<C>[] {
      if (!complete.has(collection)) throw new NotPreloadedError(`${collection} was scanned but not loaded: list { collection: '${collection}', all: true } in reads()`);
      return [...knownOf(collection).values()]
        .filter((k): k is Known => k !== null)
        .sort(byPosition)
        .map((k) => k.record as RecordOf<C>);
    },
    idsByKey(collection, wanted) {
      if (!complete.has(collection) && !loadedKeys.get(collection)?.has(wanted))
        throw new NotPreloadedError(`${collection} by key "${wanted}" was looked up but not loaded: list byKey('${collection}', keys) in reads()`);
      return [...(keyIndexOf(s, collection).get(wanted) ?? [])].sort(byPosition).map((k) => k.record.id);
    },
    idsWithCode(key) {
      if (!complete.has('funnels') && !s.loadedCodes.has(key))
        throw new NotPreloadedError(`funnels by code "${key}" were looked up but not loaded: list byCode(codes) in reads()`);
      return [...knownOf('funnels').values()]
        .filter((k): k is Known => {
          const code = (k?.record as RecordOf<'funnels'> | undefined)?.discountCode;
          return code !== undefined && codeKey(code) === key;
        })
        .sort(byPosition)
        .map((k) => k.record.id);
    },
    numberedOrders() {
      if (complete.has('orders')) return [...knownOf('orders').values()].filter((k): k is Known => k !== null).map((k) => k.record as RecordOf<'orders'>);
      if (s.highestNumbered === null) throw new NotPreloadedError('orders were numbered but the highest-numbered was not loaded: list highestOrderNumber() in reads()');
      return s.highestNumbered.map((k) => k.record as RecordOf<'orders'>);
    },
    singleton<S extends SingletonName>(name: S): SingletonOf<S> {
      if (singletons.has(name)) return singletons.get(name) as SingletonOf<S>;
      throw new NotPreloadedError(`The ${name} singleton was read but not loaded: list { singleton: '${name}' } in reads()`);
    },
  };
}

const byPosition = (a: Known, b: Known) => a.position - b.position || (a.record.id < b.record.id ? -1 : 1);

/** Loaded records of a lookup collection by key, built on first lookup and again after a preload. */
function keyIndexOf(s: Staged, collection: LookupCollection) {
  const { keyIndexes, knownOf } = s;
  let index = keyIndexes.get(collection);
  if (!index) {
    index = new Map();
    for (const k of knownOf(collection).values()) {
      if (!k) continue;
      const key = keyOfRecord(collection, k.record as RecordOf<typeof collection>);
      const list = index.get(key);
      if (list) list.push(k);
      else index.set(key, [k]);
    }
    keyIndexes.set(collection, index);
  }
  return index;
}
