// Changes that come from outside this tab's mutations: writes another tab committed, and
// clearing the workspace from view (a removed member, a logout with a team server).
import { batch } from '@preact/signals-core';
import type { ActivityEntry } from '../domain/types';
import type { CollectionName } from '../schema/names';
import type { StorageOp } from '../storage/types';
import { SESSION, SINGLETONS_STORE, type ChangeSet, type RecordChange } from './engine-types';
import type { LoadTracker } from './loading';
import type { RecordState } from './records-state';
import type { Staged } from '../mutators/staged-tx';

export function createRemote(state: RecordState, loading: LoadTracker, deps: { now: () => Date; emit(change: ChangeSet): void; forgetUnconfirmed(): void }) {
  const { schema, collection, singletons, session } = state;

  /**
   * Shows no workspace at all (a removed member, a logout with a team server): every record and
   * singleton back to empty, nobody signed in. Nothing is written: the caller clears the cache.
   */
  function clear() {
    deps.forgetUnconfirmed();
    const changes: RecordChange[] = [];
    batch(() => {
      for (const name of schema.collectionNames) {
        const col = collection(name);
        for (const [id, before] of col.index) changes.push({ collection: name, id, before });
        col.index.clear();
        col.signal.value = [];
      }
      for (const name of schema.singletonNames) singletons.get(name)!.value = schema.singleton(name).initial(deps.now());
      session.value = { memberId: null };
    });
    if (changes.length) deps.emit({ source: 'remote', changes, logged: [] });
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
          if (schema.isSingletonName(op.id) && schema.isValidSingleton(op.id, op.value)) {
            const single = singletons.get(op.id)!;
            loading.note(SINGLETONS_STORE, op.id);
            changes.push({ collection: op.id, id: op.id, before: single.peek(), after: op.value });
            single.value = op.value;
          }
          continue;
        }
        if (!schema.isCollectionName(op.collection)) continue;
        if (op.type === 'put' && !schema.isValidRecord(op.collection, op.value)) continue;
        let entry = byCollection.get(op.collection);
        if (!entry) byCollection.set(op.collection, (entry = { writes: new Map(), order: [] }));
        if (!entry.writes.has(op.id)) entry.order.push(op.id);
        entry.writes.set(op.id, { record: op.type === 'put' ? op.value : null, prepend: false });
      }
      // A record new to this tab goes first when its collection lists newest first.
      for (const [name, entry] of byCollection) state.applyEntry(name, entry, changes, null, schema.collection(name).newRecords === 'first');
    });
    const logged = changes.filter((c) => c.collection === 'activity' && c.after).map((c) => c.after as ActivityEntry);
    if (changes.length) deps.emit({ source: 'remote', mutation, changes, logged });
  }

  return { clear, applyRemote };
}
