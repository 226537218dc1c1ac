// The sync protocol between a browser and the team server (the Replicache/Zero model): the
// browser pushes its mutations in order; the server runs the same mutators authoritatively and
// records each client's last processed mutation; the browser pulls what changed since the
// workspace version it holds, and the server pokes it over server-sent events.
import { writerKey, type RecordWriter } from '../domain/overwrites';
import type { Message } from '../domain/messages';
import type { Mutation } from '../mutators/types';

/** A mutation as pushed: its place in the client's sequence, and the call. */
export interface PushedMutation extends Mutation {
  /** 1, 2, 3, ... per client; the server skips ids it has processed. */
  id: number;
}

export interface PushRequest {
  /** One per browser profile and workspace, kept in IndexedDB. */
  clientID: string;
  /**
   * The member who made these mutations. The server refuses the whole push (403 `notAuthor`)
   * when it is not the session's member: a queued change never runs as someone else.
   */
  memberId?: string;
  mutations: PushedMutation[];
}

/**
 * What the server did with each pushed mutation. A refused one counts as processed and says why:
 * the English message, a stable code when there is one (`forbidden`, `invalid`, a server code),
 * and the HTTP status the refusal stands for (400 invalid input, 403 not allowed, 409 a rule said no).
 */
export type PushResult =
  | { id: number; ok: true }
  /** A refusal: its English `error`, a server `code` and values, or the rule's message (`problem`) for the screens to say. */
  | { id: number; ok: false; error: string; code?: string; params?: Record<string, string | number>; problem?: Message; status?: number };

export interface PushResponse {
  lastMutationID: number;
  results: PushResult[];
}

/** A record as sent by a pull: `value` null means it was deleted. */
export interface PulledRecord {
  collection: string;
  id: string;
  value: unknown;
  /** The member whose change last wrote (or deleted) it, when the server knows: a teammate's overwrite names them. */
  by?: RecordWriter;
}

/** Who last wrote each pulled record, by `writerKey`, for the store's rebase. */
export function writersOf(records: readonly PulledRecord[]): Record<string, RecordWriter> {
  const writers: Record<string, RecordWriter> = {};
  for (const record of records) if (record.by) writers[writerKey(record.collection, record.id)] = record.by;
  return writers;
}

export interface PullResponse {
  /** The workspace version these records bring the client to. */
  version: number;
  /** The last of this client's mutations the server has processed. */
  lastMutationID: number;
  records: PulledRecord[];
  /** True when `since` was 0 or too old: the records are the whole workspace. */
  full: boolean;
  /** More pages follow: pull again with `cursor` (the same `since` and `pageSize`). */
  cursor?: string;
  /** On a page with a cursor: the collections it holds only the first records of (the rest come in later pages). */
  partial?: string[];
  /** The signed-in member, so the browser knows who it is. */
  memberId: string;
  /** The session's workspace, so the browser knows whose changes it may push. */
  workspaceId?: string;
}

/**
 * The records per page a client asks for with `since=0&pageSize=`: the first page holds every
 * collection's first records and the singletons, each later page up to this many records of one
 * collection. A pull without `pageSize` gets the whole workspace in one answer.
 */
export const PULL_PAGE_SIZE = 2_000;

/** The event name of a poke on `/sync/events`; its data is `{ version }`. */
export const POKE_EVENT = 'poke';

/**
 * The event name of the stream's heartbeat, sent every HEARTBEAT_MS: once one is overdue
 * (HEARTBEAT_OVERDUE_MS) the browser asks the server whether it is there; silence longer than
 * SILENCE_MS means the server is gone, whatever the socket says. Five beats fit in the silence,
 * so a busy moment on either side never passes for a gone server.
 */
export const HEARTBEAT_EVENT = 'heartbeat';
export const HEARTBEAT_MS = 1_000;
export const HEARTBEAT_OVERDUE_MS = 1_500;
export const SILENCE_MS = 5_000;

/**
 * The event name a stream ends with when its server process stops gracefully, after a `retry:`
 * of a fraction of a second: the browser's EventSource reconnects by itself (behind a load
 * balancer, to another process), well inside the heartbeat's silence.
 */
export const RECONNECT_EVENT = 'reconnect';

/** The refusal code of a member removed from the workspace (403 on pull, push and events). */
export const REMOVED_CODE = 'removed';
/** The refusal code of a push whose stated author is not the session's member. */
export const NOT_AUTHOR_CODE = 'notAuthor';
/** The refusal code of one mutation too large for the server's body limit on its own. */
export const TOO_LARGE_CODE = 'changeTooLarge';

export const SYNC_PATHS = { push: '/sync/push', pull: '/sync/pull', events: '/sync/events' } as const;
