// The sync protocol between a browser and the team server (the Replicache/Zero model): the
// browser pushes its mutations in order; the server runs the same mutators authoritatively and
// records each client's last processed mutation; the browser pulls what changed since the
// workspace version it holds, and the server pokes it over server-sent events.
import type { Mutation } from '../mutators/types';

/** A mutation as pushed: its place in the client's sequence, and the call. */
export interface PushedMutation extends Mutation {
  /** 1, 2, 3, ... per client; the server skips ids it has processed. */
  id: number;
}

export interface PushRequest {
  /** One per browser profile and workspace, kept in IndexedDB. */
  clientID: string;
  mutations: PushedMutation[];
}

/** What the server did with each pushed mutation. A refused one counts as processed. */
export type PushResult = { id: number; ok: true } | { id: number; ok: false; error: string };

export interface PushResponse {
  lastMutationID: number;
  results: PushResult[];
}

/** A record as sent by a pull: `value` null means it was deleted. */
export interface PulledRecord {
  collection: string;
  id: string;
  value: unknown;
}

export interface PullResponse {
  /** The workspace version these records bring the client to. */
  version: number;
  /** The last of this client's mutations the server has processed. */
  lastMutationID: number;
  records: PulledRecord[];
  /** True when `since` was 0 or too old: the records are the whole workspace. */
  full: boolean;
  /** More pages follow: pull again with `cursor`. */
  cursor?: string;
  /** The signed-in member, so the browser knows who it is. */
  memberId: string;
}

/** The event name of a poke on `/sync/events`; its data is `{ version }`. */
export const POKE_EVENT = 'poke';

export const SYNC_PATHS = { push: '/sync/push', pull: '/sync/pull', events: '/sync/events' } as const;
