// A server transaction's reads: preloading (and locking) what a mutator declared, then
// answering its synchronous reads from that snapshot and its own pending writes.
import { and, eq, inArray } from 'drizzle-orm';
import type { Entity } from '../../../lib/domain/types';
import type { ReadSpec } from '../../../lib/mutators/types';
import { LOOKUP_FIELDS, keyOfRecord, lookupKey, type LookupCollection } from '../../../lib/schema/lookups';
import { COLLECTION_NAMES, type CollectionName, type RecordOf, type SingletonName, type SingletonOf } from '../../../lib/schema/names';
import { yieldToEventLoop } from '../../slices';
import { loadRecords } from '../records';
import * as t from '../schema';
import { singletonDefault } from '../seed-data';
import { NotPreloadedError, TxRejected } from './errors';
import { ROWS_PER_STATEMENT, SINGLETONS, checkCollection, ensureLocked, type Known, type Pending, type Staged } from './staged';

export async function preload(s: Staged, specs: readonly ReadSpec[]) {
  const { tx, workspaceId, meta, complete, loadedKeys, keyIndexes, singletons, knownOf } = s;
  await ensureLocked(s);
  const ids = new Map<CollectionName, Set<string>>();
  const keys = new Map<LookupCollection, Set<string>>();
  const wholes = new Set<CollectionName>();
  const singletonNames = new Set<SingletonName>();
  for (const spec of specs) {
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

export function get<C extends CollectionName>(s: Staged, collection: C, id: string): RecordOf<C> | undefined {
  const { writes, known, complete } = s;
  const pending = writes.get(collection)?.get(id);
  if (pending) return pending.kind === 'put' ? (pending.record as RecordOf<C>) : undefined;
  const map = known.get(collection);
  if (map?.has(id)) return (map.get(id)?.record as RecordOf<C> | undefined) ?? undefined;
  if (complete.has(collection)) return undefined;
  throw new NotPreloadedError(`${collection}/${id} was read but not loaded: list it in the mutator's reads()`);
}

export function scan<C extends CollectionName>(s: Staged, collection: C): readonly RecordOf<C>[] {
  const { writes, complete, knownOf } = s;
  if (!complete.has(collection)) throw new NotPreloadedError(`${collection} was scanned but not loaded: list { collection: '${collection}', all: true } in reads()`);
  const base = [...knownOf(collection).values()]
    .filter((k): k is Known => k !== null)
    .sort((a, b) => a.position - b.position || (a.record.id < b.record.id ? -1 : 1));
  const pending = writes.get(collection) ?? new Map<string, Pending>();
  const out: Entity[] = [];
  for (const { record } of base) {
    const change = pending.get(record.id);
    if (!change) out.push(record);
    else if (change.kind === 'put') out.push(change.record);
  }
  const existing = new Set(base.map((k) => k.record.id));
  for (const [id, change] of pending) {
    if (change.kind !== 'put' || existing.has(id)) continue;
    if (change.prepend) out.unshift(change.record);
    else out.push(change.record);
  }
  return out as RecordOf<C>[];
}


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

export function lookup<C extends LookupCollection>(s: Staged, collection: C, key: string): readonly RecordOf<C>[] {
  const { writes, complete, loadedKeys } = s;
  const wanted = lookupKey(key);
  if (!complete.has(collection) && !loadedKeys.get(collection)?.has(wanted))
    throw new NotPreloadedError(`${collection} by key "${key}" was looked up but not loaded: list byKey('${collection}', keys) in reads()`);
  const pending = writes.get(collection);
  const found: Known[] = [];
  for (const k of keyIndexOf(s, collection).get(wanted) ?? []) {
    const change = pending?.get(k.record.id);
    if (change?.kind === 'delete') continue;
    const record = change?.kind === 'put' ? change.record : k.record;
    if (keyOfRecord(collection, record as RecordOf<C>) === wanted) found.push({ record, position: k.position });
  }
  found.sort((a, b) => a.position - b.position || (a.record.id < b.record.id ? -1 : 1));
  const out = found.map((k) => k.record as RecordOf<C>);
  // Records this transaction wrote that now have the key: new ones, or loaded under another key.
  for (const [id, change] of pending ?? []) {
    if (change.kind !== 'put' || out.some((r) => r.id === id)) continue;
    if (keyOfRecord(collection, change.record as RecordOf<C>) === wanted) out.push(change.record as RecordOf<C>);
  }
  return out;
}

export function singleton<S extends SingletonName>(s: Staged, name: S): SingletonOf<S> {
  const { singletons, singletonWrites } = s;
  if (singletonWrites.has(name)) return singletonWrites.get(name) as SingletonOf<S>;
  if (singletons.has(name)) return singletons.get(name) as SingletonOf<S>;
  throw new NotPreloadedError(`The ${name} singleton was read but not loaded: list { singleton: '${name}' } in reads()`);
}
