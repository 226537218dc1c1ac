import { openDB, type IDBPDatabase } from 'idb';
import { StorageUnavailableError, type StorageAdapter, type StorageOp, type StoredRecord } from './types';

const STORE = 'records';

/** What one tab tells the others after a write commits. */
interface Broadcast {
  ops: StorageOp[];
  mutation?: string;
}

export interface IndexedDbStorageOptions {
  /** Keeps two workspaces on one origin apart. Default 'default'. */
  workspace?: string;
}

export const databaseName = (workspace = 'default') => `creatorflow:${workspace}`;

/**
 * IndexedDB, record by record: a change to one item writes that item only, in one
 * transaction with the other records of the same action. Other tabs hear of each
 * committed write through a BroadcastChannel.
 */
export function createIndexedDbStorage(options: IndexedDbStorageOptions = {}): StorageAdapter {
  const name = databaseName(options.workspace);
  let dbPromise: Promise<IDBPDatabase> | null = null;
  /** The open database, once it is: writes then start synchronously, in the caller's task. */
  let open: IDBPDatabase | null = null;
  const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(name) : null;

  function db() {
    if (typeof indexedDB === 'undefined') return Promise.reject(new StorageUnavailableError('IndexedDB is not available'));
    dbPromise ??= openDB(name, 1, {
      upgrade(database) {
        if (!database.objectStoreNames.contains(STORE)) database.createObjectStore(STORE, { keyPath: ['collection', 'id'] });
      },
      blocking() {
        // Another tab wants a newer version: let it.
        void dbPromise?.then((d) => d.close());
        dbPromise = null;
        open = null;
      },
    })
      .then((database) => (open = database))
      .catch((error: unknown) => {
        dbPromise = null;
        throw new StorageUnavailableError('IndexedDB could not be opened', { cause: error });
      });
    return dbPromise;
  }

  return {
    kind: 'indexeddb',
    async load() {
      const database = await db();
      return (await database.getAll(STORE)) as StoredRecord[];
    },
    async *loadInParts({ firstPerCollection, partSize }) {
      const database = await db();
      // Keys are [collection, id]: [c] sorts before every key of c, [c, []] after them (an array
      // sorts after any string), so each collection is one key range.
      const first: StoredRecord[] = [];
      const rest: { collection: string; after: string }[] = [];
      const tx = database.transaction(STORE, 'readonly');
      const store = tx.objectStore(STORE);
      let key = (await store.openKeyCursor())?.key as [string, string] | undefined;
      while (key) {
        const collection = key[0];
        const records = (await store.getAll(IDBKeyRange.bound([collection], [collection, []]), firstPerCollection)) as StoredRecord[];
        first.push(...records);
        if (records.length === firstPerCollection) rest.push({ collection, after: records[records.length - 1].id });
        key = (await store.openKeyCursor(IDBKeyRange.lowerBound([collection, []], true)))?.key as [string, string] | undefined;
      }
      yield { records: first, partial: rest.map((r) => r.collection) };
      for (const { collection, after } of rest) {
        let from = after;
        for (;;) {
          // One transaction per part: the reader may take its time between parts.
          const records = (await database.getAll(STORE, IDBKeyRange.bound([collection, from], [collection, []], true), partSize)) as StoredRecord[];
          if (records.length === 0) break;
          yield { records };
          if (records.length < partSize) break;
          from = records[records.length - 1].id;
        }
      }
    },
    write(ops, info) {
      if (ops.length === 0) return Promise.resolve();
      // IndexedDB runs read-write transactions on one store in the order they were created,
      // so starting each one at once keeps writes in order without waiting for the last.
      const start = (database: IDBPDatabase) => {
        const tx = database.transaction(STORE, 'readwrite');
        const store = tx.objectStore(STORE);
        for (const op of ops) {
          if (op.type === 'clear') void store.clear();
          else if (op.type === 'put') void store.put({ collection: op.collection, id: op.id, value: op.value });
          else void store.delete([op.collection, op.id]);
        }
        // Nothing more will be asked of it: let the browser commit without waiting for us.
        tx.commit?.();
        return tx.done.then(() => channel?.postMessage({ ops, mutation: info?.mutation } satisfies Broadcast));
      };
      if (open) {
        try {
          return start(open);
        } catch (error) {
          // Passes on what opening the database threw, unchanged (a DOMException or an Error).
          // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors
          return Promise.reject(error);
        }
      }
      return db().then(start);
    },
    subscribe(listener) {
      if (!channel) return () => {};
      // A bare array is how versions before the change feed announced their writes.
      const onMessage = (event: MessageEvent<Broadcast | StorageOp[]>) =>
        Array.isArray(event.data) ? listener(event.data) : listener(event.data.ops, { mutation: event.data.mutation });
      channel.addEventListener('message', onMessage);
      return () => channel.removeEventListener('message', onMessage);
    },
    close() {
      channel?.close();
      void dbPromise?.then((d) => d.close());
    },
  };
}
