// The team workspace in a browser: IndexedDB is a cache of the server's workspace, edits apply
// at once and are pushed in order; what others change arrives by pull, after a poke from the
// server's event stream, on focus, and every minute. Mutations waiting for the server are kept
// in the same IndexedDB transaction as the edit they made, so a closed tab loses none of them.
import { signal, type ReadonlySignal } from '@preact/signals-core';
import type { Mutation } from '../mutators/types';
import { POKE_EVENT, SYNC_PATHS, type PullResponse, type PushedMutation, type PushResponse } from '../sync/protocol';
import { isLanguageCode, type LanguageCode } from '../i18n/codes';
import type { ServerErrorBody, ServerErrorParams, ServerRefusal } from '../domain/server-errors';
import { createIndexedDbStorage } from './indexeddb';
import type { StorageAdapter, StorageOp, StoredRecord } from './types';

export type SyncState = 'saved' | 'saving' | 'offline' | 'error' | 'signed-out';

export interface SyncStatus {
  state: SyncState;
  /** Changes made here that the server has not confirmed yet. */
  pending: number;
  /** The rule's message when the server refused a change. */
  message?: string;
  /** The refusal's stable code and values when the server gave one, for the screen's language. */
  code?: string;
  params?: ServerErrorParams;
}

export interface SyncStorageOptions {
  /** The team server's origin, e.g. `https://creatorflow.example`. Default: this page's origin. */
  server?: string;
  /** The local cache (default IndexedDB, database `creatorflow:team:<server>`). */
  cache?: StorageAdapter;
  fetch?: typeof fetch;
  /** Extra headers for every request (an embed session's client secret, say). */
  headers?: () => Record<string, string> | Promise<Record<string, string>>;
  /** Pull at least this often, in case a poke was lost. Default 60 s. */
  pullEveryMs?: number;
  /** Cookies with each request: 'include' (the team's own pages, default) or 'omit' (an embed session on a partner's page). */
  credentials?: RequestCredentials;
  /** Query parameters for the event stream, which cannot send headers (an embed session's client secret). */
  eventsQuery?: () => Record<string, string> | Promise<Record<string, string>>;
}

export interface SyncStorage extends StorageAdapter {
  readonly status: ReadonlySignal<SyncStatus>;
  /** Pushes what waits, then pulls: resolves when both are done (tests, "sync now"). */
  sync(): Promise<void>;
}

const PENDING = '__pending';
const SYNC = '__sync';
const META = { collection: 'meta', id: 'schema' };
const PUSH_BATCH = 100;
const MAX_BACKOFF_MS = 30_000;

type RebaseListener = (ops: StorageOp[], info?: { mutation?: string; rebase?: { pending: Mutation[]; full: boolean } }) => void;

export function createSyncStorage(options: SyncStorageOptions = {}): SyncStorage {
  const server = (options.server ?? (typeof location !== 'undefined' ? location.origin : '')).replace(/\/$/, '');
  const cache = options.cache ?? createIndexedDbStorage({ workspace: `team:${server}` });
  const doFetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  const status = signal<SyncStatus>({ state: 'saved', pending: 0 });
  const listeners = new Set<RebaseListener>();
  // Each tab is its own client, so two tabs never number their mutations alike. Mutations a
  // closed tab left waiting keep their client id and are pushed under it (the server skips
  // any it has processed already).
  const clientID = typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `c${Date.now().toString(36)}${Math.random().toString(36).slice(2)}`;
  let version = 0;
  let pending: Waiting[] = [];
  let lastQueued = 0;
  let pushing: Promise<void> | null = null;
  let pulling: Promise<void> | null = null;
  let pullAgain = false;
  let pullsStarted = 0;
  let backoff = 0;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let refusal: Refusal | undefined;
  let events: EventSource | null = null;
  /** Set when the cache holds changes of an earlier visit that the server has not confirmed: the next pull takes everything. */
  let needsFull = false;
  let closed = false;
  const cleanups: (() => void)[] = [];

  function setStatus(state?: SyncState) {
    const next: SyncStatus = { state: state ?? (pending.length ? 'saving' : refusal ? 'error' : 'saved'), pending: pending.length };
    if (refusal && next.state === 'error') Object.assign(next, refusal);
    status.value = next;
  }

  const memberLanguage = signal<LanguageCode | null>(null);
  let languageAsked = false;

  async function request<T>(path: string, init: RequestInit = {}): Promise<T> {
    const extra = (await options.headers?.()) ?? {};
    const response = await doFetch(`${server}${path}`, {
      ...init,
      credentials: options.credentials ?? 'include',
      headers: { accept: 'application/json', ...(init.body ? { 'content-type': 'application/json' } : {}), ...extra },
    });
    if (response.status === 401) {
      setStatus('signed-out');
      throw new SyncError('signed-out', SYNC_MESSAGES.sessionEnded);
    }
    if (!response.ok) {
      const body = (await response.json().catch(() => ({}))) as Partial<ServerErrorBody>;
      const kind = response.status === 403 ? 'forbidden' : 'http';
      if (typeof body.error === 'string') throw new SyncError(kind, body.error, body.field, body);
      throw new SyncError(kind, SYNC_MESSAGES.serverAnswered(response.status));
    }
    return (await response.json()) as T;
  }

  // ---------- pull ----------
  async function pullOnce() {
    pullsStarted += 1;
    let cursor: string | undefined;
    const records: { collection: string; id: string; value: unknown }[] = [];
    let page: PullResponse;
    do {
      const query = new URLSearchParams({ since: String(needsFull ? 0 : version), clientID, ...(cursor ? { cursor } : {}) });
      page = await request<PullResponse>(`${SYNC_PATHS.pull}?${query}`);
      records.push(...page.records);
      cursor = page.cursor;
    } while (cursor);
    const full = page.full;
    needsFull = false;
    version = page.version;
    // This tab's mutations the server has processed are done with, applied or refused.
    const processed = (m: Waiting) => m.clientID === clientID && m.id <= page.lastMutationID;
    const done = pending.filter(processed);
    pending = pending.filter((m) => !processed(m));
    const ops: StorageOp[] = records.map((r) =>
      r.value === null || r.value === undefined ? { type: 'delete', collection: r.collection, id: r.id } : { type: 'put', collection: r.collection, id: r.id, value: r.value },
    );
    ops.push({ type: 'put', collection: 'singletons', id: 'session', value: { memberId: page.memberId } });
    for (const listener of listeners) listener(ops, { rebase: { pending: pending.map(toCall), full } });
    await cache.write([
      ...done.map((m): StorageOp => ({ type: 'delete', collection: PENDING, id: key(m) })),
      { type: 'put', collection: SYNC, id: 'version', value: version },
    ]);
    setStatus();
    return { ops, full };
  }

  function pull(): Promise<void> {
    if (pulling) {
      pullAgain = true;
      return pulling;
    }
    pulling = (async () => {
      try {
        do {
            pullAgain = false;
            await pullOnce();
          } while (pullAgain);
        } catch (error) {
          noteFailure(error);
        } finally {
          pulling = null;
        }
      })();
      return pulling;
    }

    // ---------- push ----------
    function push(): Promise<void> {
      if (pushing) return pushing;
      pushing = (async () => {
        try {
          // An edit made while this push pulls is pushed too: callers of push() get the running
          // one, so it must not end with a change waiting.
          do {
          while (pending.length && !closed) {
            const owner = pending[0].clientID;
            const batch: PushedMutation[] = [];
            for (const m of pending) {
              if (m.clientID !== owner || batch.length === PUSH_BATCH) break;
              batch.push({ id: m.id, name: m.name, args: m.args, meta: m.meta });
            }
            setStatus();
            let response: PushResponse;
            try {
              response = await request<PushResponse>(SYNC_PATHS.push, {
                method: 'POST',
                body: JSON.stringify({ clientID: owner, mutations: batch }),
              });
            } catch (error) {
              if (!(error instanceof SyncError && error.kind === 'forbidden')) throw error;
              // The member may not make these changes (as the server knows them): they will never
              // be taken, so drop them; the pull below rolls them back on screen.
              refusal = refusalOf(error);
              const dropped = new Set(batch.map((m) => m.id));
              const gone = pending.filter((m) => m.clientID === owner && dropped.has(m.id));
              pending = pending.filter((m) => !(m.clientID === owner && dropped.has(m.id)));
              await cache.write(gone.map((m): StorageOp => ({ type: 'delete', collection: PENDING, id: key(m) })));
              continue;
            }
            const refused = response.results.find((r) => !r.ok);
            if (refused && !refused.ok) refusal = { message: refused.error };
            else if (owner === clientID) refusal = undefined;
            backoff = 0;
            const processed = (m: Waiting) => m.clientID === owner && m.id <= response.lastMutationID;
            const done = pending.filter(processed);
            pending = pending.filter((m) => !processed(m));
            await cache.write(done.map((m): StorageOp => ({ type: 'delete', collection: PENDING, id: key(m) })));
            if (!done.length) throw new SyncError('http', SYNC_MESSAGES.notTaken);
          }
          // The server's state replaces the optimistic one (a refused change rolls back here).
          await pull();
        } while (pending.length && !closed);
        setStatus();
      } catch (error) {
        noteFailure(error);
      } finally {
        pushing = null;
      }
    })();
    return pushing;
  }

  function noteFailure(error: unknown) {
    if (closed) return;
    if (error instanceof SyncError && error.kind === 'signed-out') return;
    if (error instanceof SyncError && error.kind === 'http') {
      refusal = refusalOf(error);
      setStatus('error');
    } else setStatus('offline');
    // Try again later, waiting longer each time (1 s, 2 s, 4 s ... 30 s).
    backoff = Math.min(backoff ? backoff * 2 : 1000, MAX_BACKOFF_MS);
    clearTimeout(retryTimer);
    retryTimer = setTimeout(() => void (pending.length ? push() : pull()), backoff);
    (retryTimer as { unref?: () => void }).unref?.();
  }

  function listenForPokes() {
    if (typeof EventSource === 'undefined' || typeof window === 'undefined') return;
    // One tab of the browser holds the event stream (the holder of a Web Lock); it tells the
    // others over a BroadcastChannel, so a member with ten tabs costs the server one stream.
    const channel = typeof BroadcastChannel !== 'undefined' ? new BroadcastChannel(`creatorflow-sync:${server}`) : null;
    const onPoke = (next: number | undefined) => {
      if (typeof next !== 'number' || next > version) void pull();
    };
    channel?.addEventListener('message', (event: MessageEvent<{ type?: string; version?: number }>) => {
      if (event.data?.type === POKE_EVENT) onPoke(event.data.version);
    });
    const open = async () => {
      events?.close();
      const query = new URLSearchParams((await options.eventsQuery?.()) ?? {}).toString();
      if (closed) return;
      events = new EventSource(`${server}${SYNC_PATHS.events}${query ? `?${query}` : ''}`, { withCredentials: (options.credentials ?? 'include') === 'include' });
      // A stream the server ended for good (an expired embed secret) is opened again with fresh parameters.
      if (options.eventsQuery)
        events.addEventListener('error', () => {
          if (events?.readyState === EventSource.CLOSED) setTimeout(() => void open(), 2000);
        });
      events.addEventListener(POKE_EVENT, (event) => {
        const data = JSON.parse((event as MessageEvent<string>).data) as { version?: number };
        onPoke(data.version);
        channel?.postMessage({ type: POKE_EVENT, version: data.version });
      });
      // A reconnect may have missed pokes: pull, here and in the other tabs.
      events.addEventListener('open', () => {
        void pull();
        channel?.postMessage({ type: POKE_EVENT });
      });
    };
    let release: (() => void) | undefined;
    const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
    if (locks && channel) {
      const abandon = new AbortController();
      void locks
        .request(`creatorflow-sync-events:${server}`, { signal: abandon.signal }, () => {
          if (closed) return;
          void open();
          // Held until this tab closes; then the next waiting tab opens the stream.
          return new Promise<void>((resolve) => (release = resolve));
        })
        .catch(() => undefined);
      cleanups.push(() => {
        abandon.abort();
        release?.();
      });
    } else void open();
    cleanups.push(() => channel?.close());
    const onFocus = () => void (pending.length ? push() : pull());
    const onOnline = () => {
      backoff = 0;
      onFocus();
    };
    window.addEventListener('focus', onFocus);
    window.addEventListener('online', onOnline);
    const every = setInterval(onFocus, options.pullEveryMs ?? 60_000);
    cleanups.push(() => {
      window.removeEventListener('focus', onFocus);
      window.removeEventListener('online', onOnline);
      clearInterval(every);
      events?.close();
    });
  }

  return {
    kind: 'sync',
    status,
    async load() {
      let cached: StoredRecord[];
      try {
        cached = await cache.load();
      } catch {
        cached = [];
      }
      const records: StoredRecord[] = [];
      for (const record of cached) {
        if (record.collection === PENDING) pending.push(record.value as Waiting);
        else if (record.collection === SYNC && record.id === 'version') version = Number(record.value) || 0;
        else if (record.collection !== SYNC) records.push(record);
      }
      pending.sort((a, b) => (a.queuedAt === b.queuedAt ? a.id - b.id : a.queuedAt.localeCompare(b.queuedAt)));
      needsFull = pending.length > 0;
      setStatus();
      if (version > 0 && records.length) {
        listenForPokes();
        // Paint from the cache now; the server's news (and anything left unsent) follow.
        queueMicrotask(() => void (pending.length ? push() : pull()));
        return [...records, { ...META, value: { version: 2 } }];
      }
      // First visit: the whole workspace from the server (a full pull replaces the cache). The
      // event stream opens after it: its opening pull then asks only for what changed since,
      // rather than the whole workspace a second time while the first is on its way.
      version = 0;
      try {
        const first = await pullOnceForLoad();
        if (pending.length) queueMicrotask(() => void push());
        return first;
      } finally {
        listenForPokes();
      }
    },
    write(ops, info) {
      const extra: StorageOp[] = [];
      if (info?.call) {
        lastQueued += 1;
        const queued: Waiting = { clientID, id: lastQueued, queuedAt: info.call.meta.now, ...info.call };
        pending.push(queued);
        extra.push({ type: 'put', collection: PENDING, id: key(queued), value: queued });
      }
      const written = cache.write([...ops, ...extra]);
      if (info?.call) {
        setStatus();
        void written.then(() => push());
      }
      return written;
    },
    subscribe(listener) {
      listeners.add(listener);
      const unsubscribe = cache.subscribe?.((ops, info) => listener(ops, info));
      return () => {
        listeners.delete(listener);
        unsubscribe?.();
      };
    },
    sync: async () => {
      // A push ends with a pull; pull again only when none started after this call.
      const before = pullsStarted;
      await push();
      if (pullsStarted === before) await pull();
    },
    async invite(draft) {
      try {
        const { inviteUrl } = await request<{ inviteUrl: string }>('/team/invitations', { method: 'POST', body: JSON.stringify(draft) });
        await pull();
        return { ok: true, inviteUrl };
      } catch (error) {
        return refusedBy(error);
      }
    },
    memberLanguage: {
      get value() {
        // Asked once, on first read: the sync tests and embeds that never show a screen skip it.
        if (!languageAsked) {
          languageAsked = true;
          request<{ language?: unknown }>('/auth/session').then(
            (session) => {
              if (isLanguageCode(session.language)) memberLanguage.value = session.language;
            },
            () => {
              languageAsked = false;
            },
          );
        }
        return memberLanguage;
      },
      async choose(language) {
        try {
          await request<{ language: string }>('/auth/me', { method: 'PATCH', body: JSON.stringify({ language }) });
          memberLanguage.value = language;
          return { ok: true };
        } catch (error) {
          return refusedBy(error);
        }
      },
    },
    async changePassword(draft) {
      try {
        await request<{ ok: true }>('/auth/password', { method: 'POST', body: JSON.stringify(draft) });
        return { ok: true };
      } catch (error) {
        const field = error instanceof SyncError ? error.field : undefined;
        return {
          ...refusedBy(error),
          ...(field === 'currentPassword' || field === 'newPassword' || field === 'confirmPassword' ? { field } : {}),
        };
      }
    },
    close() {
      closed = true;
      clearTimeout(retryTimer);
      for (const cleanup of cleanups.splice(0)) cleanup();
      cache.close?.();
    },
  };

  /** The first load: pull everything, keep it in the cache, and hand it to the store. */
  async function pullOnceForLoad(): Promise<StoredRecord[]> {
    const query = new URLSearchParams({ since: '0', clientID });
    const records: StoredRecord[] = [];
    let cursor: string | undefined;
    let page: PullResponse;
    do {
      page = await request<PullResponse>(`${SYNC_PATHS.pull}?${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      for (const r of page.records) if (r.value !== null && r.value !== undefined) records.push({ collection: r.collection, id: r.id, value: r.value });
      cursor = page.cursor;
    } while (cursor);
    version = page.version;
    pending = pending.filter((m) => m.id > page.lastMutationID);
    records.push({ collection: 'singletons', id: 'session', value: { memberId: page.memberId } });
    await cache.write([
      { type: 'clear' },
      ...records.map((r): StorageOp => ({ type: 'put', collection: r.collection, id: r.id, value: r.value })),
      ...pending.map((m): StorageOp => ({ type: 'put', collection: PENDING, id: key(m), value: m })),
      { type: 'put', collection: SYNC, id: 'version', value: version },
      { type: 'put', collection: META.collection, id: META.id, value: { version: 2 } },
    ]);
    return [...records, { ...META, value: { version: 2 } }];
  }
}

/**
 * The sync's own sentences (English, the spec's language): the screens say them in theirs through
 * the catalog (`sync.*`), like the server's refusals without a code.
 */
export const SYNC_MESSAGES = {
  sessionEnded: 'Your session has ended. Sign in again to keep working.',
  serverAnswered: (status: number) => `The server answered ${status}`,
  notTaken: 'The server did not take the changes',
} as const;

class SyncError extends Error {
  constructor(
    readonly kind: 'signed-out' | 'forbidden' | 'http',
    message: string,
    /** The request field the server's message is about, when it names one. */
    readonly field?: string,
    /** The refusal's body as the server sent it (its code and values, when it has them). */
    readonly body?: Partial<ServerErrorBody>,
  ) {
    super(message);
  }
}

/** A refused change as the status line shows it: the message, and the server's code and values when it gave them. */
interface Refusal {
  message: string;
  code?: string;
  params?: ServerErrorParams;
}

const codeOf = (error: unknown) => {
  const body = error instanceof SyncError ? error.body : undefined;
  return {
    ...(typeof body?.code === 'string' ? { code: body.code } : {}),
    ...(body?.params && typeof body.params === 'object' ? { params: body.params } : {}),
  };
};

const refusalOf = (error: unknown): Refusal => ({ message: error instanceof Error ? error.message : String(error), ...codeOf(error) });

/** A failed request as a storage call returns it: the message, with the server's code and values. */
const refusedBy = (error: unknown): ServerRefusal => ({ ok: false, error: error instanceof Error ? error.message : String(error), ...codeOf(error) });

/** A mutation waiting for the server, with the client (tab) that made it. */
interface Waiting extends PushedMutation {
  clientID: string;
  /** When it was made, to push leftovers of several tabs in order. */
  queuedAt: string;
}

const key = (m: Waiting) => `${m.clientID}:${String(m.id).padStart(12, '0')}`;
const toCall = ({ name, args, meta }: Waiting): Mutation => ({ name, args, meta });
