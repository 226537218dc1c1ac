// Sync's side of the engine: the changes of local mutations the server has not confirmed yet,
// and bringing the server's records in on top of them (undo the unconfirmed, apply the
// server's, run the pending mutations again), announced as one remote change.
import { batch } from '@preact/signals-core';
import { writerKey, type RecordWriter } from '../domain/overwrites';
import type { ActivityEntry, Result, TeamMember } from '../domain/types';
import { runMutation, type MutatorRegistry } from '../mutators';
import type { Actor, Mutation, MutationMeta } from '../mutators/types';
import type { CollectionName, SingletonName } from '../schema/names';
import type { StorageOp } from '../storage/types';
import { SESSION, SINGLETONS_STORE, type ChangeSet, type RecordChange } from './engine-types';
import type { RecordState } from './records-state';
import { merge, type Staged, type Staging } from '../mutators/staged-tx';

export function createRebase(
  state: RecordState,
  deps: {
    member(): TeamMember | null;
    mutators?: MutatorRegistry;
    begin(actor: Actor | null, meta: MutationMeta): Staging;
    actorOf(member: TeamMember | null): Actor | null;
    persist(ops: StorageOp[]): void;
    emit(change: ChangeSet): void;
  },
) {
  const { schema, collection, singletons, session } = state;
  const { isCollectionName } = schema;
  /** The changes of local mutations the server has not yet confirmed, oldest first. */
  let unconfirmed: RecordChange[][] = [];

  /** Sets one record (or singleton) to `value`, or deletes it when `value` is undefined; returns the old value. */
  function setRaw(collectionName: string, id: string, value: unknown): unknown {
    if (collectionName === SINGLETONS_STORE) {
      if (id === SESSION) {
        const before = session.peek();
        if (value && typeof value === 'object') session.value = value as { memberId: string | null };
        return before;
      }
      if (!schema.isSingletonName(id)) return undefined;
      const single = singletons.get(id)!;
      const before = single.peek();
      if (value !== undefined && schema.isValidSingleton(id, value)) single.value = value;
      return before;
    }
    if (!isCollectionName(collectionName)) return undefined;
    const col = collection(collectionName);
    const before = col.index.get(id);
    if (value !== undefined && !schema.isValidRecord(collectionName, value)) return before;
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
        for (const name of schema.collectionNames)
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
        const member = deps.member();
        const staging = deps.begin(deps.actorOf(member), call.meta);
        const result = runMutation(staging.tx, member, call, deps.mutators);
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
    deps.persist(ops);
    const logged = changes.filter((c) => c.collection === 'activity' && c.after && !c.before).map((c) => c.after as ActivityEntry);
    if (changes.length) deps.emit({ source: 'remote', changes, logged, server: { records: fromServer, ...(writers ? { writers } : {}) } });
    return replayed;
  }

  return {
    rebase,
    /** Keeps a local mutation's changes until the server's state replaces them. */
    track: (changes: RecordChange[]) => void unconfirmed.push(changes),
    /** Forgets every unconfirmed change (the workspace is cleared). */
    reset: () => void (unconfirmed = []),
  };
}
