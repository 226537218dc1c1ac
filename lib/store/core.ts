// The store's engine. Every record type of lib/schema lives here in a signal, and every write
// is a mutator of lib/mutators run on a staging transaction: a refused or failed mutation
// leaves nothing behind; a successful one is applied to the signals in one batch, written to
// storage in one storage transaction started in the same task, and announced once on the
// change feed.
import { batch, computed, effect, signal, type ReadonlySignal, type Signal } from '@preact/signals-core';
import { authorize as authorizeRule, ruleFor, SIGNED_OUT_MESSAGE, type MutationName } from '../domain/permissions';
import { writerKey, type RecordWriter } from '../domain/overwrites';
import type { ActivityEntry, Permission, Result, TeamMember } from '../domain/types';
import { runMutation, type ArgsOf, type ValueOf } from '../mutators';
import { activityEntry } from '../mutators/define';
import type { Actor, LogEntry, Mutation, MutationMeta, WriteTx } from '../mutators/types';
import { keyOfRecord, lookupKey, type LookupCollection } from '../schema/lookups';
import { COLLECTION_NAMES, SINGLETON_NAMES, type CollectionName, type RecordOf, type SingletonName, type SingletonOf } from '../schema/names';
import { COLLECTIONS, SINGLETONS, collectionDefinition, isCollectionName, isSingletonName, isValidRecord, isValidSingleton } from '../schema/records';
import type { StorageAdapter, StorageOp, StoredRecord } from '../storage/types';
import type { TeamApi } from '../sync/team-api';

export interface Collection<T extends { id: string }> {
  readonly name: string;
  /** All records, in the collection's display order. */
  readonly items: ReadonlySignal<readonly T[]>;
  /** Looks a record up by id; tracks `items` when read inside a computed or component. */
  get(id: string): T | undefined;
  /**
   * Writes a record directly, outside any mutator: for seeding and test fixtures only.
   * Screens write through the store's actions.
   */
  put(record: T, options?: { prepend?: boolean }): void;
  /** Replaces every record directly (seeding and fixtures). */
  replaceAll(records: readonly T[]): void;
}

export interface Singleton<T> {
  readonly name: string;
  readonly value: ReadonlySignal<T>;
  /** Writes the value directly, outside any mutator: for seeding and test fixtures only. */
  set(value: T): void;
}

export interface PersistenceState {
  /** 'loading' until the first load settles. */
  status: 'loading' | 'saving' | 'memory';
  /** The adapter in use ('indexeddb', 'memory', ...). */
  kind: string;
  /** Plain-language warning shown while changes are not being saved. */
  warning: string | null;
  /** Raw records that could not be read, offered for download. */
  unreadable: StoredRecord[];
}

/** One record changed by a committed transaction. `before` is absent for a new record, `after` for a deleted one. */
export interface RecordChange {
  collection: CollectionName | SingletonName | 'session';
  id: string;
  before?: unknown;
  after?: unknown;
}

/** What the change feed announces, once per committed transaction. */
export interface ChangeSet {
  /** `local`: a mutation run by this store; `remote`: written by another tab (or the server). */
  source: 'local' | 'remote';
  /** The mutator's name, when known. */
  mutation?: string;
  /** Who asked for a local mutation (an element, a screen), as given to `store.withOrigin`. */
  origin?: unknown;
  changes: RecordChange[];
  /** The activity entries written with it. */
  logged: ActivityEntry[];
  /**
   * Set when the server's records came in (a pull): the records it wrote or deleted (by
   * `writerKey`; the other changes are local ones undone or run again), and who last wrote
   * each, where the server said.
   */
  server?: { records: ReadonlySet<string>; writers?: Readonly<Record<string, RecordWriter>> };
}

export type ChangeListener = (change: ChangeSet) => void;

/** Where a stored singleton lives: the `singletons` collection of the storage, keyed by name. */
const SINGLETONS_STORE = 'singletons';
const SESSION = 'session';

export interface CollectionState<C extends CollectionName> extends Collection<RecordOf<C>> {
  index: Map<string, RecordOf<C>>;
  signal: Signal<readonly RecordOf<C>[]>;
}

interface Staged<T> {
  writes: Map<string, { record: T | null; prepend: boolean }>;
  order: string[];
}

let seedCounter = 0;
function newIdSeed(now: Date): string {
  seedCounter += 1;
  const random =
    typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID().slice(0, 8) : Math.random().toString(36).slice(2, 10);
  return `${now.getTime().toString(36)}${seedCounter.toString(36)}${random}`;
}

export function createEngine(options: {
  storage: StorageAdapter;
  now?: () => Date;
  session?: { memberId: string | null };
  /** Keep each local mutation's changes until the server's state replaces them (sync). */
  trackUnconfirmed?: boolean;
  /** With a team server: its REST calls that are not mutations. */
  teamApi?: TeamApi | null;
}) {
  const trackUnconfirmed = options.trackUnconfirmed ?? false;
  /** The changes of local mutations the server has not yet confirmed, oldest first. */
  let unconfirmed: RecordChange[][] = [];
  const now = options.now ?? (() => new Date());
  let storage = options.storage;
  const inflight = new Set<Promise<void>>();
  const listeners = new Set<{ listener: ChangeListener; source?: 'local' | 'remote' }>();
  const disposers: (() => void)[] = [];
  let origin: unknown = undefined;
  const persistence: Signal<PersistenceState> = signal({ status: 'loading', kind: storage.kind, warning: null, unreadable: [] });

  // ---------- records in signals ----------
  const collections = new Map<CollectionName, CollectionState<CollectionName>>();
  for (const name of COLLECTION_NAMES) collections.set(name, makeCollection(name));
  const singletons = new Map<SingletonName, Signal<unknown>>();
  for (const name of SINGLETON_NAMES) singletons.set(name, signal(SINGLETONS[name].initial(now())));
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

  const members = collection('team');
  const currentMember = computed(() => {
    const id = session.value.memberId;
    return id ? (members.get(id) ?? null) : null;
  });

  // ---------- transactions ----------
  function createTx(actor: Actor | null, meta: MutationMeta) {
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
        const found = collection(name).index.get(id);
        // Not read yet is not the same as absent: the mutation waits for the rest of the load.
        if (found === undefined && partial?.has(name)) throw new StillLoadingError();
        return found;
      },
      scan(name) {
        if (partial?.has(name)) throw new StillLoadingError();
        const cached = scans.get(name);
        if (cached) return cached as never;
        const base = collection(name).signal.peek();
        const entry = staged.get(name);
        const result = entry ? merge(base, entry) : base;
        scans.set(name, result);
        return result;
      },
      lookup(name, key) {
        if (partial?.has(name)) throw new StillLoadingError();
        const wanted = lookupKey(key);
        const ids = new Set(keyIndexOf(name).get(wanted));
        // Records this transaction wrote may have the key now (few: a page of an import at most).
        for (const [id, write] of staged.get(name)?.writes ?? []) if (write.record) ids.add(id);
        const found: RecordOf<typeof name>[] = [];
        for (const id of ids) {
          const record = tx.get(name, id);
          if (record && keyOfRecord(name, record) === wanted) found.push(record);
        }
        return found;
      },
      singleton(name) {
        return (stagedSingletons.has(name) ? stagedSingletons.get(name) : singletons.get(name)!.peek()) as never;
      },
      put(name, record, putOptions) {
        const entry = stagedOf(name);
        const exists = entry.writes.has(record.id) ? entry.writes.get(record.id)!.record !== null : collection(name).index.has(record.id);
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
      },
    };
    const isEmpty = () => staged.size === 0 && stagedSingletons.size === 0;
    return { tx, staged, stagedSingletons, logged, isEmpty };
  }

  /** Applies a transaction's staged writes to the signals, stores them and announces them. */
  function commit(
    staging: ReturnType<typeof createTx>,
    info: { mutation?: string; call?: Mutation; origin?: unknown; extra?: { apply(): void; ops: StorageOp[]; changes: RecordChange[] } },
  ) {
    if (staging.isEmpty() && !info.extra) return;
    const ops: StorageOp[] = [...(info.extra?.ops ?? [])];
    const changes: RecordChange[] = [...(info.extra?.changes ?? [])];
    batch(() => {
      info.extra?.apply();
      for (const [name, entry] of staging.staged) {
        const col = collection(name);
        for (const id of entry.order) {
          const write = entry.writes.get(id)!;
          const before = col.index.get(id);
          noteChangedWhileLoading(name, id);
          if (write.record === null) {
            if (!before) continue;
            col.index.delete(id);
            ops.push({ type: 'delete', collection: name, id });
            changes.push({ collection: name, id, before });
          } else {
            col.index.set(id, write.record as never);
            ops.push({ type: 'put', collection: name, id, value: write.record });
            changes.push({ collection: name, id, before, after: write.record });
          }
        }
        col.signal.value = merge(col.signal.peek(), entry);
      }
      for (const [name, value] of staging.stagedSingletons) {
        const single = singletons.get(name)!;
        noteChangedWhileLoading(SINGLETONS_STORE, name);
        changes.push({ collection: name, id: name, before: single.peek(), after: value });
        single.value = value;
        ops.push({ type: 'put', collection: SINGLETONS_STORE, id: name, value });
      }
    });
    if (info.call && trackUnconfirmed) unconfirmed.push(changes);
    persist(ops, { mutation: info.mutation, call: info.call });
    emit({ source: 'local', mutation: info.mutation, origin: info.origin, changes, logged: staging.logged });
  }

  const actorOf = (member: TeamMember | null): Actor | null =>
    member ? { id: member.id, name: member.name, role: member.role, permissions: member.permissions } : null;

  function metaNow(): MutationMeta {
    const at = now();
    return { now: at.toISOString(), idSeed: newIdSeed(at) };
  }

  /** Told of each local mutation queued for the server, with its local result (confirmations). */
  const queuedListeners = new Set<(call: Mutation, result: Result<unknown>) => void>();
  function onQueued(listener: (call: Mutation, result: Result<unknown>) => void) {
    queuedListeners.add(listener);
    return () => void queuedListeners.delete(listener);
  }

  /** Runs a mutator as the signed-in member. Writes nothing unless it succeeds. */
  function mutate<N extends MutationName>(name: N, args: ArgsOf<N>): Result<ValueOf<N>> {
    const member = currentMember.peek();
    const meta = metaNow();
    const staging = createTx(actorOf(member), meta);
    const call: Mutation = { name, args, meta };
    const result = runWhileLoading(() => runMutation(staging.tx, member, call)) as Result<ValueOf<N>>;
    if (result.ok) {
      commit(staging, { mutation: name, call, origin });
      if (trackUnconfirmed) for (const listener of queuedListeners) listener(call, result);
    }
    return result;
  }

  /** A mutation that needs records not read yet (loading in parts) is refused, changing nothing. */
  function runWhileLoading(run: () => Result<unknown>): Result<unknown> {
    try {
      return run();
    } catch (error) {
      if (error instanceof StillLoadingError) return { ok: false, error: STILL_LOADING_MESSAGE };
      throw error;
    }
  }

  /** Runs a recorded mutation (its meta decided elsewhere: a replay, or the server's order). */
  function apply(mutation: Mutation): Result<unknown> {
    const member = currentMember.peek();
    const staging = createTx(actorOf(member), mutation.meta);
    const result = runWhileLoading(() => runMutation(staging.tx, member, mutation));
    if (result.ok) commit(staging, { mutation: mutation.name, call: mutation, origin });
    return result;
  }

  /** Direct writes for seeding and fixtures: no permission check, one transaction. */
  function writeDirect(fn: (tx: WriteTx) => void, mutation?: string) {
    const staging = createTx(actorOf(currentMember.peek()), metaNow());
    fn(staging.tx);
    commit(staging, { mutation, origin });
  }

  /** Writes the local session (who is signed in on this device), with its activity entry. */
  function setSession(memberId: string | null, entry: LogEntry) {
    // The entry is in the name of the member signing in, or of the one signing out.
    const actor = memberId ? (members.index.get(memberId) ?? null) : currentMember.peek();
    const staging = createTx(actorOf(actor), metaNow());
    staging.tx.log(entry);
    const before = session.peek();
    commit(staging, {
      mutation: memberId ? 'session.signIn' : 'session.signOut',
      origin,
      extra: {
        apply: () => (session.value = { memberId }),
        ops: [{ type: 'put', collection: SINGLETONS_STORE, id: SESSION, value: { memberId } }],
        changes: [{ collection: SESSION, id: SESSION, before, after: { memberId } }],
      },
    });
  }

  // ---------- storage ----------
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

  function fallBackToMemory(warning: string) {
    storage = { kind: 'memory', load: () => Promise.resolve([]), write: () => Promise.resolve() };
    persistence.value = { ...persistence.value, status: 'memory', kind: 'memory', warning };
  }

  /** Validates loaded records into `into` (a part at a time, when loading in parts). */
  function readRecords(records: readonly StoredRecord[], into: LoadedRecords = emptyLoaded()): LoadedRecords {
    for (const record of records) {
      if (record.collection === SINGLETONS_STORE) {
        if (record.id === SESSION) {
          const value = record.value as { memberId?: unknown } | null;
          if (value && (typeof value.memberId === 'string' || value.memberId === null)) into.session = { memberId: value.memberId };
          else into.unreadable.push(record);
        } else if (isSingletonName(record.id)) {
          if (isValidSingleton(record.id, record.value)) into.singletons.set(record.id, record.value);
          else into.unreadable.push(record);
        }
        continue;
      }
      if (!isCollectionName(record.collection)) continue;
      const value = record.value as { id?: unknown } | null;
      if (!value || typeof value !== 'object' || value.id !== record.id || !isValidRecord(record.collection, value)) {
        into.unreadable.push(record);
        continue;
      }
      let list = into.grouped.get(record.collection);
      if (!list) into.grouped.set(record.collection, (list = []));
      list.push(value);
    }
    return into;
  }

  /**
   * Collections only partly in memory while the rest is read (loading in parts), and the
   * records changed meanwhile (by this tab or another), which the complete read must not undo.
   */
  let partial: Set<CollectionName> | null = null;
  const changedWhileLoading = new Map<string, Set<string>>();
  const noteChangedWhileLoading = (store: string, id: string) => {
    if (!partial) return;
    let ids = changedWhileLoading.get(store);
    if (!ids) changedWhileLoading.set(store, (ids = new Set()));
    ids.add(id);
  };

  /**
   * Puts validated records in the signals, replacing what they held. `partialCollections`:
   * these collections hold only their first records until the next call (loading in parts).
   */
  function applyLoaded(loaded: LoadedRecords, partialCollections?: ReadonlySet<CollectionName>) {
    const keep = partial ? changedWhileLoading : null;
    let filled = false;
    try {
      batch(() => {
        fillSignals(loaded, keep);
        filled = true;
      });
    } finally {
      // Once the signals hold the records, what is partial is settled, even when an effect woken
      // by the new values throws; when filling them failed, the collections stay as partial as they were.
      if (filled) {
        partial = partialCollections?.size ? new Set(partialCollections) : null;
        changedWhileLoading.clear();
      }
    }
  }

  /** Whether some collection holds only its first records (loading in parts, the rest not in yet). */
  const partlyLoaded = () => partial !== null;

  function fillSignals(loaded: LoadedRecords, keep: Map<string, Set<string>> | null) {
    for (const name of COLLECTION_NAMES) {
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
      const sort = COLLECTIONS[name].sort as ((a: unknown, b: unknown) => number) | undefined;
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
    const loaded = readRecords(records);
    applyLoaded(loaded);
    return loaded.unreadable;
  }

  /**
   * Shows no workspace at all (a removed member, a logout with a team server): every record and
   * singleton back to empty, nobody signed in. Nothing is written: the caller clears the cache.
   */
  function clear() {
    unconfirmed = [];
    const changes: RecordChange[] = [];
    batch(() => {
      for (const name of COLLECTION_NAMES) {
        const col = collection(name);
        for (const [id, before] of col.index) changes.push({ collection: name, id, before });
        col.index.clear();
        col.signal.value = [];
      }
      for (const name of SINGLETON_NAMES) singletons.get(name)!.value = SINGLETONS[name].initial(now());
      session.value = { memberId: null };
    });
    if (changes.length) emit({ source: 'remote', changes, logged: [] });
  }

  /** Applies writes another tab committed, and announces them as remote changes. */
  function applyRemote(ops: StorageOp[], mutation?: string) {
    const changes: RecordChange[] = [];
    const byCollection = new Map<CollectionName, Staged<unknown>>();
    batch(() => {
      for (const op of ops) {
        if (op.type === 'clear') continue;
        if (op.collection === SINGLETONS_STORE) {
          if (op.type !== 'put') continue;
          if (op.id === SESSION) continue; // each tab keeps its own sign-in until reload
          if (isSingletonName(op.id) && isValidSingleton(op.id, op.value)) {
            const single = singletons.get(op.id)!;
            noteChangedWhileLoading(SINGLETONS_STORE, op.id);
            changes.push({ collection: op.id, id: op.id, before: single.peek(), after: op.value });
            single.value = op.value;
          }
          continue;
        }
        if (!isCollectionName(op.collection)) continue;
        if (op.type === 'put' && !isValidRecord(op.collection, op.value)) continue;
        let entry = byCollection.get(op.collection);
        if (!entry) byCollection.set(op.collection, (entry = { writes: new Map(), order: [] }));
        if (!entry.writes.has(op.id)) entry.order.push(op.id);
        entry.writes.set(op.id, { record: op.type === 'put' ? op.value : null, prepend: false });
      }
      for (const [name, entry] of byCollection) {
        const col = collection(name);
        for (const id of entry.order) {
          const write = entry.writes.get(id)!;
          const before = col.index.get(id);
          noteChangedWhileLoading(name, id);
          if (write.record === null) {
            if (!before) continue;
            col.index.delete(id);
            changes.push({ collection: name, id, before });
          } else {
            // A record new to this tab goes first when its collection lists newest first.
            if (!before && collectionDefinition(name).newRecords === 'first') write.prepend = true;
            col.index.set(id, write.record as never);
            changes.push({ collection: name, id, before, after: write.record });
          }
        }
        col.signal.value = merge(col.signal.peek(), entry);
      }
    });
    const logged = changes.filter((c) => c.collection === 'activity' && c.after).map((c) => c.after as ActivityEntry);
    if (changes.length) emit({ source: 'remote', mutation, changes, logged });
  }

  /** Sets one record (or singleton) to `value`, or deletes it when `value` is undefined; returns the old value. */
  function setRaw(collectionName: string, id: string, value: unknown): unknown {
    if (collectionName === SINGLETONS_STORE) {
      if (id === SESSION) {
        const before = session.peek();
        if (value && typeof value === 'object') session.value = value as { memberId: string | null };
        return before;
      }
      if (!isSingletonName(id)) return undefined;
      const single = singletons.get(id)!;
      const before = single.peek();
      if (value !== undefined && isValidSingleton(id, value)) single.value = value;
      return before;
    }
    if (!isCollectionName(collectionName)) return undefined;
    const col = collection(collectionName);
    const before = col.index.get(id);
    if (value !== undefined && !isValidRecord(collectionName, value)) return before;
    if (value === undefined) col.index.delete(id);
    else col.index.set(id, value);
    // The lists are merged once per collection (flushLists), not once per record: a full pull
    // of n records costs one pass over each list, not n.
    let entry = unmerged.get(collectionName);
    if (!entry) unmerged.set(collectionName, (entry = { writes: new Map(), order: [] }));
    const earlier = entry.writes.get(id);
    if (!earlier) entry.order.push(id);
    entry.writes.set(id, { record: value ?? null, prepend: earlier ? earlier.prepend : !before });
    return before;
  }

  /** Records set by setRaw whose collection lists are not merged yet. */
  const unmerged = new Map<CollectionName, Staged<unknown>>();

  /** Puts setRaw's records in their collections' lists. */
  function flushLists() {
    for (const [name, entry] of unmerged) {
      const col = collection(name);
      col.signal.value = merge(col.signal.peek(), entry);
    }
    unmerged.clear();
  }

  /**
   * Brings the server's state in (sync): undoes the local mutations the server has not
   * confirmed, applies the server's records (all of them when `full`), then runs `pending`
   * again on top. Announces the net change as remote, once.
   */
  function rebase(
    serverRecords: { collection: string; id: string; value: unknown }[],
    pending: readonly Mutation[],
    full = false,
    writers?: Readonly<Record<string, RecordWriter>>,
  ) {
    const touched = new Map<string, { collection: string; id: string; before: unknown }>();
    const keyOf = (c: string, id: string) => `${c}\u0000${id}`;
    const note = (c: string, id: string, before: unknown) => {
      const key = keyOf(c, id);
      if (!touched.has(key)) touched.set(key, { collection: c, id, before });
    };
    const ops: StorageOp[] = [];
    const replayed: Result<unknown>[] = [];
    /** The records the server wrote or deleted in this pull (not a local change only undone or replayed). */
    const fromServer = new Set<string>();
    batch(() => {
      try {
        replay();
      } finally {
        flushLists();
      }
    });
    function replay() {
      // 1. Undo unconfirmed local changes, newest first.
      for (const changes of unconfirmed.reverse())
        for (const change of [...changes].reverse()) {
          const store = isCollectionName(change.collection) ? change.collection : SINGLETONS_STORE;
          note(store, change.id, setRaw(store, change.id, change.before));
        }
      unconfirmed = [];
      // 2. The server's records; a full pull replaces everything.
      if (full) {
        const keep = new Set(serverRecords.map((r) => keyOf(r.collection, r.id)));
        for (const name of COLLECTION_NAMES)
          for (const id of [...collection(name).index.keys()])
            if (!keep.has(keyOf(name, id))) {
              note(name, id, setRaw(name, id, undefined));
              fromServer.add(writerKey(name, id));
            }
      }
      for (const record of serverRecords) {
        note(record.collection, record.id, setRaw(record.collection, record.id, record.value ?? undefined));
        fromServer.add(writerKey(record.collection, record.id));
      }
      // 3. The mutations still waiting for the server, again, on top (each reads the lists as they now are).
      for (const call of pending) {
        flushLists();
        const member = currentMember.peek();
        const staging = createTx(actorOf(member), call.meta);
        const result = runMutation(staging.tx, member, call);
        replayed.push(result);
        if (!result.ok) continue;
        for (const [name, entry] of staging.staged) for (const id of entry.order) note(name, id, collection(name).index.get(id));
        for (const name of staging.stagedSingletons.keys()) note(SINGLETONS_STORE, name, singletons.get(name)!.peek());
        const changes: RecordChange[] = [];
        for (const [name, entry] of staging.staged)
          for (const id of entry.order) {
            const write = entry.writes.get(id)!;
            changes.push({ collection: name, id, before: setRaw(name, id, write.record ?? undefined), ...(write.record ? { after: write.record } : {}) });
          }
        for (const [name, value] of staging.stagedSingletons) changes.push({ collection: name, id: name, before: setRaw(SINGLETONS_STORE, name, value), after: value });
        unconfirmed.push(changes);
      }
    }
    const changes: RecordChange[] = [];
    for (const { collection: c, id, before } of touched.values()) {
      const after = c === SINGLETONS_STORE ? (id === SESSION ? session.peek() : singletons.get(id as SingletonName)?.peek()) : isCollectionName(c) ? collection(c).index.get(id) : undefined;
      if (after === before) continue;
      if (after === undefined) ops.push({ type: 'delete', collection: c, id });
      else ops.push({ type: 'put', collection: c, id, value: after });
      changes.push({ collection: (c === SINGLETONS_STORE ? id : c) as RecordChange['collection'], id, ...(before !== undefined ? { before } : {}), ...(after !== undefined ? { after } : {}) });
    }
    persist(ops);
    const logged = changes.filter((c) => c.collection === 'activity' && c.after && !c.before).map((c) => c.after as ActivityEntry);
    if (changes.length) emit({ source: 'remote', changes, logged, server: { records: fromServer, ...(writers ? { writers } : {}) } });
    return replayed;
  }

  // ---------- the change feed ----------
  function emit(change: ChangeSet) {
    for (const { listener, source } of [...listeners]) {
      if (source && source !== change.source) continue;
      try {
        listener(change);
      } catch (error) {
        console.error('creatorflow: a change listener threw', error);
      }
    }
  }

  /** Calls `listener` once per committed transaction (of one source, when given). Returns the unsubscribe. */
  function listen(listener: ChangeListener, listenOptions: { source?: 'local' | 'remote' } = {}) {
    const entry = { listener, source: listenOptions.source };
    listeners.add(entry);
    return () => {
      listeners.delete(entry);
    };
  }

  /** Runs `fn` with `who` as the origin of every mutation it makes (synchronously). */
  function withOrigin<R>(who: unknown, fn: () => R): R {
    const previous = origin;
    origin = who;
    try {
      return fn();
    } finally {
      origin = previous;
    }
  }

  /** Checks the signed-in member against a mutation's rule (or a bare flag): for controls. */
  function authorize(what?: MutationName | Permission): Result<TeamMember> {
    return authorizeRule(currentMember.value, ruleFor(what));
  }

  /** An effect the store owns, stopped by `dispose()`. */
  function ownEffect(fn: () => void | (() => void)) {
    disposers.push(effect(fn));
  }

  return {
    now,
    collection: publicCollection,
    singleton,
    session,
    currentMember,
    mutate,
    onQueued,
    apply,
    writeDirect,
    setSession,
    authorize,
    listen,
    withOrigin,
    ownEffect,
    persistence,
    hydrate,
    readRecords,
    applyLoaded,
    partlyLoaded,
    applyRemote,
    rebase,
    clear,
    teamApi: options.teamApi ?? null,
    fallBackToMemory,
    persist,
    /** Resolves when every write issued so far has settled. */
    async flush() {
      while (inflight.size) await Promise.all([...inflight]);
    },
    /** Every record of every collection and singleton, as storage ops (seeding, migration). */
    snapshotOps(): StorageOp[] {
      const ops: StorageOp[] = [];
      for (const name of COLLECTION_NAMES)
        for (const item of collection(name).signal.peek()) ops.push({ type: 'put', collection: name, id: item.id, value: item });
      for (const name of SINGLETON_NAMES) ops.push({ type: 'put', collection: SINGLETONS_STORE, id: name, value: singletons.get(name)!.peek() });
      ops.push({ type: 'put', collection: SINGLETONS_STORE, id: SESSION, value: session.peek() });
      return ops;
    },
    get storage() {
      return storage;
    },
    dispose() {
      for (const stop of disposers.splice(0)) stop();
      listeners.clear();
    },
  };
}

export type Engine = ReturnType<typeof createEngine>;
/** The engine, as slices see it. */
export type StoreContext = Engine;

/** Stored records, validated and grouped, ready for the signals. */
export interface LoadedRecords {
  grouped: Map<CollectionName, { id: string }[]>;
  singletons: Map<SingletonName, unknown>;
  session: { memberId: string | null } | null;
  unreadable: StoredRecord[];
}

export const emptyLoaded = (): LoadedRecords => ({ grouped: new Map(), singletons: new Map(), session: null, unreadable: [] });

export const STILL_LOADING_MESSAGE = 'Your workspace is still loading. Try again in a moment.';

/** What the persistence banner says (each English sentence is in the catalogs, so it is shown translated). */
export const STORAGE_MESSAGES = {
  writeRefused: (error: string) => `Changes are not being saved: the browser refused to store them (${error}). You can keep working; export your data before closing this tab.`,
  noStorage: (error: string) => `Changes are not being saved: this browser does not let Creatorflow store data (${error}). You are working on a temporary copy.`,
  partlyRead: (error: string) => `Part of your workspace could not be read (${error}). Reload the page to see all of it; until then, changes that need the rest are refused.`,
  unreadable: (count: number) =>
    count === 1
      ? `${count} saved record could not be read and was left out. Download them to keep a copy.`
      : `${count} saved records could not be read and were left out. Download them to keep a copy.`,
};

/** A mutation read a collection that is only partly loaded (loading in parts). */
class StillLoadingError extends Error {
  override name = 'StillLoadingError';
}

/** The records of `base` with a transaction's writes applied: replaced in place, deleted, new ones first or last. */
function merge<T extends { id: string }>(base: readonly T[], entry: Staged<unknown>): readonly T[] {
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

function describe(error: unknown) {
  if (error instanceof Error) return error.name === 'QuotaExceededError' ? 'storage is full' : error.message;
  return String(error);
}

export { SIGNED_OUT_MESSAGE };
