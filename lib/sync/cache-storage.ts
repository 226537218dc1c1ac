// The store's storage with a team server: the sync client's cache, where each local mutation is
// queued in the same write as the records it changed (so a closed tab loses none), and a first
// visit loads the whole workspace from the server.
import type { StorageAdapter, StorageOp } from '../storage/types';
import { addWaiting, currentAuthor, mine, refresh, type SyncCore } from './core';
import { pullForLoad, readCache } from './pull';
import { partOf, putOp, stagedKeyOf, unstageOp, type Waiting } from './queue';

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
      // First visit: the whole workspace from the server. The event stream opens after it: its
      // opening pull then asks only for what changed since.
      core.version = 0;
      try {
        const first = await pullForLoad(core);
        if (mine(core).length) queueMicrotask(() => void hooks.push());
        return first;
      } catch (error) {
        hooks.noteFailure(error);
        throw error;
      } finally {
        hooks.watch();
      }
    },
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
