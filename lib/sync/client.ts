// The sync client: the team workspace in a browser. IndexedDB is a cache of the server's
// workspace; edits apply at once (the store runs the mutator) and wait in a queue, kept in the
// same IndexedDB transaction as the edit, so a closed tab loses none. The client pushes them in
// order, pulls what others changed (after a poke from the event stream, on focus, every minute),
// tells the store to rebase through its public method, and tells the top bar what is true.
import { createIndexedDbStorage } from '../storage/indexeddb';
import type { StorageAdapter } from '../storage/types';
import { createCore, currentAuthor, mine, refresh, settle, type SyncCore } from './core';
import { REMOVED_CODE } from './protocol';
import { listenToBrowser, listenToServer } from './events';
import { createCacheStorage } from './cache-storage';
import { pullOnce } from './pull';
import { pushAll } from './push';
import { keyOf, madeBy, putOp, stageOp, toCall, unstageOp } from './queue';
import { oweSignOut, payOwedSignOut, signOutOwed } from './owed-sign-out';
import { createTeamApi } from './team-api';
import { createTransport, serverOrigin, SyncError, SYNC_MESSAGES, type Request, type TransportOptions } from './transport';
import type { StoreSyncClient } from './types';

export interface SyncClientOptions extends TransportOptions {
  /** The local cache (default IndexedDB, database `creatorflow:team:<server>`). */
  cache?: StorageAdapter;
  /** Pull at least this often, in case a poke was lost. Default 60 s. */
  pullEveryMs?: number;
  /** Query parameters for the event stream, which cannot send headers (an embed session's client secret). */
  eventsQuery?: () => Record<string, string> | Promise<Record<string, string>>;
}

const MAX_BACKOFF_MS = 30_000;
/** How long the check of an overdue heartbeat waits for the server: well within the heartbeat's SILENCE_MS. */
const PROBE_TIMEOUT_MS = 1_500;

const newClientID = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `c${Date.now().toString(36)}${Math.random().toString(36).slice(2)}`;

export function createSyncClient(options: SyncClientOptions = {}): StoreSyncClient {
  const server = serverOrigin(options.server);
  const request = createTransport({ ...options, server });
  // Every push, pull and check of the sync stops at once when the client stops (a logout, a
  // removal): nothing answered after that reaches the cache. The team API's calls go on.
  const lifetime = new AbortController();
  // A sign-out this browser owes the server goes before anything else is asked of it.
  const syncRequest: Request = async (path, init = {}) => {
    if (signOutOwed(server).peek() && !(await payOwedSignOut(server, request))) throw new SyncError('retry', SYNC_MESSAGES.noAnswer);
    return request(path, { ...init, signal: lifetime.signal });
  };
  const cache = options.cache ?? createIndexedDbStorage({ workspace: `team:${server}` });
  // Each tab is its own client, so two tabs never number their mutations alike. Mutations a
  // closed tab left waiting keep their client id and are pushed under it.
  const core: SyncCore = createCore({ request: syncRequest, cache, clientID: newClientID() });
  let pushing: Promise<void> | null = null;
  let pulling: Promise<void> | null = null;
  let pullAgain = false;
  let pullsStarted = 0;
  let backoff = 0;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  // Counts the network's returns: a request that failed while the browser was offline says
  // nothing about the server once it is back (no "Can't reach" between reconnect and success).
  let onlineEpoch = 0;
  const cleanups: (() => void)[] = [];

  function pull(): Promise<void> {
    if (pulling) {
      pullAgain = true;
      return pulling;
    }
    const epoch = onlineEpoch;
    pulling = (async () => {
      try {
        do {
          pullAgain = false;
          pullsStarted += 1;
          await pullOnce(core);
        } while (pullAgain && !core.closed);
        backoff = 0;
        // The pull may have told who is signed in: their changes left from an earlier visit go now.
        if (!pushing && mine(core).length) void push();
      } catch (error) {
        noteFailure(error, epoch);
      } finally {
        pulling = null;
      }
    })();
    return pulling;
  }

  function push(): Promise<void> {
    if (pushing) return pushing;
    const epoch = onlineEpoch;
    pushing = (async () => {
      try {
        // An edit made while this push pulls is pushed too: callers get the running push.
        do {
          await pushAll(core);
          // The server's state replaces the optimistic one (a refused change rolls back here).
          await pull();
        } while (mine(core).length && !core.closed && core.connection === 'ok');
        backoff = 0;
      } catch (error) {
        noteFailure(error, epoch);
      } finally {
        pushing = null;
        refresh(core);
      }
    })();
    return pushing;
  }

  /**
   * Nothing more goes to or comes from the server (closed, signed out here, removed): every
   * request under way is stopped. Resolves once the pull and push that were running have ended,
   * so nothing they were given reaches the cache after this.
   */
  async function stop() {
    core.closed = true;
    clearTimeout(retryTimer);
    lifetime.abort();
    for (const cleanup of cleanups.splice(0)) cleanup();
    await Promise.allSettled([pulling, pushing]);
  }

  const resume = () => void (mine(core).length ? push() : pull());

  /** A heartbeat overdue or a broken stream: a quick question to the server, then what waits goes. */
  async function probe() {
    const epoch = onlineEpoch;
    try {
      await syncRequest('/healthz', { timeoutMs: PROBE_TIMEOUT_MS });
    } catch (error) {
      return noteFailure(error, epoch);
    }
    resume();
  }

  function noteFailure(error: unknown, epoch = onlineEpoch) {
    if (core.closed) return;
    if (epoch !== onlineEpoch) {
      // Failed while the network was away; it is back now: try again at once.
      clearTimeout(retryTimer);
      retryTimer = setTimeout(resume, 0);
      return;
    }
    const kind = error instanceof SyncError ? error.kind : 'retry';
    if (kind === 'removed') return void forget('removed');
    if (kind === 'signed-out') {
      core.connection = 'signed-out';
      return refresh(core);
    }
    core.connection = 'unreachable';
    refresh(core);
    // Try again later, waiting longer each time (1 s, 2 s, 4 s ... 30 s), or when the server says.
    backoff = Math.min(backoff ? backoff * 2 : 1000, MAX_BACKOFF_MS);
    const retryAfter = error instanceof SyncError ? (error.retryAfterMs ?? 0) : 0;
    clearTimeout(retryTimer);
    retryTimer = setTimeout(resume, Math.max(backoff, retryAfter));
    (retryTimer as { unref?: () => void }).unref?.();
  }

  /**
   * A removed member, or a logout: the cached workspace goes, with the signed-in member's waiting
   * changes; other members' changes stay for them.
   */
  async function forget(connection: 'removed' | 'signed-out') {
    if (connection === 'removed') await stop();
    // The whole workspace goes: what is still being read from the cache too.
    await core.host?.whenLoaded?.();
    // A removed member's own waiting changes are told as not kept, each once, while the
    // workspace is still on screen to name them; a logout's were asked about first.
    if (connection === 'removed') {
      const notKept = { state: 'refused' as const, code: REMOVED_CODE, message: SYNC_MESSAGES.removedNotKept, status: 403 };
      await settle(core, mine(core).map((mutation) => ({ mutation, outcome: notKept })));
    }
    const own = new Set(mine(core));
    const others = core.pending.filter((m) => !own.has(m));
    const author = currentAuthor(core);
    const othersStaged = core.stagedPages.filter((page) => !madeBy(page, author));
    core.pending = others;
    core.stagedPages = othersStaged;
    core.connection = connection;
    core.version = 0;
    core.host?.clear();
    refresh(core);
    await cache.write([{ type: 'clear' }, ...others.map(putOp), ...othersStaged.map(stageOp)]);
  }

  function watch() {
    if (core.closed) return;
    cleanups.push(
      listenToServer({
        server,
        credentials: options.credentials ?? 'include',
        query: options.eventsQuery,
        onPoke: (version) => void (version === undefined || version > core.version ? pull() : undefined),
        onHeard: () => {
          const wasSilent = core.silent;
          core.silent = false;
          if (wasSilent) refresh(core);
          if (core.connection !== 'unreachable' && !wasSilent) return;
          backoff = 0;
          resume();
        },
        onTrouble: () => void probe(),
        onSilent: () => {
          core.silent = true;
          refresh(core);
        },
        isClosed: () => core.closed,
      }),
    );
    cleanups.push(
      listenToBrowser({
        resume,
        onOnline: () => {
          // Whether the server is there is found out now, not carried over from the offline time.
          onlineEpoch += 1;
          backoff = 0;
          core.silent = false;
          if (core.connection === 'unreachable') core.connection = 'ok';
          refresh(core);
          resume();
        },
        onOffline: () => refresh(core),
        pullEveryMs: options.pullEveryMs ?? 60_000,
      }),
    );
  }

  /** A sign-out the server did not hear: delivered as soon as this tab is back on the network (or regains focus). */
  function owe() {
    oweSignOut(server);
    if (typeof window === 'undefined') return;
    const deliver = () =>
      void payOwedSignOut(server, request).then((paid) => {
        if (!paid) return;
        window.removeEventListener('online', deliver);
        window.removeEventListener('focus', deliver);
      });
    window.addEventListener('online', deliver);
    window.addEventListener('focus', deliver);
  }

  const storage = createCacheStorage(core, { watch, resume, push, noteFailure });

  const teamApi = createTeamApi({ request, onTeamChanged: () => void pull() });

  return {
    storage,
    status: core.status,
    waiting: core.waiting,
    teamApi,
    connect(host) {
      core.host = host;
      // "All changes saved" waits for the whole workspace in the page.
      if (host.whenLoaded) {
        core.loading = true;
        refresh(core);
        void host.whenLoaded().then(() => {
          core.loading = false;
          refresh(core);
        });
      }
    },
    onSettled(listener) {
      core.settledListeners.add(listener);
      return () => void core.settledListeners.delete(listener);
    },
    async discard(keys) {
      const wanted = new Set(keys);
      const gone = core.pending.filter((m) => wanted.has(keyOf(m)));
      await settle(core, gone.map((mutation) => ({ mutation, outcome: { state: 'refused' as const, code: 'discarded' } })));
      await core.host?.whenLoaded?.();
      // Rolled back on screen: the unconfirmed changes undone, the rest of the queue run again.
      core.host?.rebase([], mine(core).map(toCall), false);
    },
    staged: core.staged,
    async stage(pages) {
      const author = currentAuthor(core);
      const added = pages.map((page) => ({ ...page, ...(author ? { author } : {}) }));
      core.stagedPages = [...core.stagedPages, ...added];
      refresh(core);
      await cache.write(added.map(stageOp));
    },
    async unstage(keys) {
      const gone = new Set(keys);
      core.stagedPages = core.stagedPages.filter((page) => !gone.has(page.key));
      refresh(core);
      await cache.write(keys.map(unstageOp));
    },
    sync: async () => {
      // A push ends with a pull; pull again only when none started after this call.
      const before = pullsStarted;
      await push();
      if (pullsStarted === before) await pull();
    },
    async signOut() {
      // Every pull and push under way ends first: none of them writes after the cache is cleared.
      await stop();
      const ended = await teamApi.signOut();
      // The server did not hear it: the session ends here now, and there on the next contact.
      if (!ended) owe();
      await forget('signed-out');
      return { ended };
    },
    close() {
      void stop();
      cache.close?.();
    },
  };
}
