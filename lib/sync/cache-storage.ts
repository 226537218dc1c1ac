// The store's storage with a team server: the sync client's cache, where each local mutation is
// queued in the same write as the records it changed (so a closed tab loses none), and a first
// visit loads the whole workspace from the server. Where the cache can be read in parts, a
// returning visit reads it so (the first records of each collection paint at once, the rest
// follows in short tasks, never waiting for the network), and a first visit shows each page of
// the server's workspace as it arrives.
import type { StorageAdapter, StorageOp, StoredRecord } from '../storage/types';
import { addWaiting, currentAuthor, mine, refresh, type SyncCore } from './core';
import { CACHE_SCHEMA, pullForLoad, pullForLoadInParts, readCache, settleCacheRead, takeCached } from './pull';
import { partOf, PENDING, putOp, STAGED, stagedKeyOf, SYNC, unstageOp, type Waiting } from './queue';
import { SyncError } from './transport';

export interface CacheStorageHooks {
  /** Opens the event stream and the page's listeners (after the first load). */
  watch(): void;
  /** Pulls, or pushes what waits. */
  resume(): void;
  push(): Promise<void>;
  noteFailure(error: unknown): void;
}

export function createCacheStorage(core: SyncCore, hooks: CacheStorageHooks): StorageAdapter {
  const { cache } = core;
  let lastQueued = 0;

  /**
   * First visit: the whole workspace from the server. The event stream opens after it: its opening
   * pull then asks only for what changed since. Nobody signed in (a visitor reading a public page,
   * an ended session) is no failure to store: the workspace is empty here, and the sync's status
   * says why.
   */
  async function firstVisit(): Promise<StoredRecord[]> {
    core.version = 0;
    try {
      const first = await pullForLoad(core);
      if (mine(core).length) queueMicrotask(() => void hooks.push());
      return first;
    } catch (error) {
      hooks.noteFailure(error);
      if (error instanceof SyncError && error.kind === 'signed-out') return [];
      throw error;
    } finally {
      hooks.watch();
    }
  }

  /**
   * A first visit in pages, each one shown as it arrives. When a page fails, the store reads
   * the storage again whole (load(), a first visit again): that read tells of the failure and
   * opens the event stream, so this one does neither.
   */
  async function* firstVisitInParts() {
    core.version = 0;
    yield* pullForLoadInParts(core);
    if (mine(core).length) queueMicrotask(() => void hooks.push());
    hooks.watch();
  }

  /**
   * The cache in parts: the first part's records paint at once; the server's news follow as
   * soon as the queue is read whole (the pull's rebase itself waits for the store's whole load).
   */
  async function* cacheInParts(parts: NonNullable<StorageAdapter['loadInParts']>, options: { firstPerCollection: number; partSize: number }) {
    const reader = parts.call(cache, options);
    const head = await reader.next();
    const seen = { stale: false };
    const records = head.done ? [] : takeCached(core, head.value.records, seen);
    if (head.done || core.version <= 0 || records.length === 0) {
      // Nothing to show: the queue (all of it, mutations of other members kept for them) then the server.
      for await (const part of reader) takeCached(core, part.records, seen);
      settleCacheRead(core, seen);
      yield* firstVisitInParts();
      return;
    }
    const partial = head.value.partial ?? [];
    // A queue longer than the first part is read whole before anything is pushed or pulled.
    const queueWhole = !partial.includes(PENDING);
    let resumed = false;
    const resume = () => {
      if (resumed) return;
      resumed = true;
      settleCacheRead(core, seen);
      queueMicrotask(hooks.resume);
    };
    hooks.watch();
    if (queueWhole) resume();
    try {
      yield { records: [...records, CACHE_SCHEMA], partial: partial.filter((name) => name !== PENDING && name !== SYNC && name !== STAGED) };
      for await (const part of reader) yield { records: takeCached(core, part.records, seen) };
    } finally {
      resume();
    }
  }

  return {
    kind: 'sync',
    async load() {
      const { records, returning } = await readCache(core);
      if (returning) {
        hooks.watch();
        // Paint from the cache now; the server's news (and anything left unsent) follow.
        queueMicrotask(hooks.resume);
        return records;
      }
      return firstVisit();
    },
    ...(cache.loadInParts ? { loadInParts: (options: { firstPerCollection: number; partSize: number }) => cacheInParts(cache.loadInParts!, options) } : {}),
    write(ops, info) {
      const extra: StorageOp[] = [];
      if (info?.call) {
        const author = currentAuthor(core);
        // A page of a paged import goes under its import's id, numbered by its index: the server
        // takes each page once, whichever tab (or the same tab after a reload) pushes it again.
        const part = partOf(info.call.args);
        const ids = part ? { clientID: part.id, id: part.index + 1 } : { clientID: core.clientID, id: (lastQueued += 1) };
        const queued: Waiting = { ...ids, queuedAt: info.call.meta.now, ...info.call, ...(author ? { author } : {}) };
        addWaiting(core, queued);
        extra.push(putOp(queued));
        if (part) {
          // Out of the staged pages in the same write: after a reload it is in one place only.
          const key = stagedKeyOf(part);
          core.stagedPages = core.stagedPages.filter((page) => page.key !== key);
          extra.push(unstageOp(key));
        }
      }
      const written = cache.write([...ops, ...extra]);
      if (info?.call) {
        refresh(core);
        void written.then(() => hooks.push());
      }
      return written;
    },
    subscribe: cache.subscribe ? (listener) => cache.subscribe!(listener) : undefined,
    close: () => cache.close?.(),
  };
}
