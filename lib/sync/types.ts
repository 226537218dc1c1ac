// The sync client's public face: what screens and the store see of the queue of mutations that
// wait for the team server, and of the connection's state. The client itself is lib/sync/client.ts.
import type { ReadonlySignal } from '@preact/signals-core';
import type { RecordWriter } from '../domain/overwrites';
import type { Message } from '../domain/messages';
import type { Mutation, MutationMeta } from '../mutators/types';
import type { StorageAdapter } from '../storage/types';
import type { TeamApi } from './team-api';

/**
 * What the top bar says. `saved`: nothing waits and the workspace is loaded. `loading`: the
 * workspace is still coming into the page. `saving`: changes are on their way.
 * `offline`: the browser has no network. `unreachable`: the browser is online but the server
 * does not answer (its event stream's heartbeat fell silent, or a request failed or went unanswered). `signed-out`: the
 * session ended; changes wait for their author to sign in. `removed`: the member was removed
 * from the workspace; nothing of it is shown any more.
 */
export type SyncState = 'saved' | 'loading' | 'saving' | 'offline' | 'unreachable' | 'signed-out' | 'removed';

export interface SyncStatus {
  state: SyncState;
  /** Changes of the signed-in member that the server has not decided on yet. */
  pending: number;
}

/** A waiting mutation's life: waiting until the server decides, then confirmed or refused. */
export type MutationState = 'waiting' | 'confirmed' | 'refused';

/** A mutation that waits for the server, as screens see it. */
export interface WaitingMutation {
  /** Stable for the mutation's whole life (the queue's key). */
  key: string;
  name: string;
  args: unknown;
  meta: MutationMeta;
}

/** A page of a paged import kept in the cache until it joins the queue (`<import id>:<index>`). */
export interface StagedPage {
  key: string;
  name: string;
  args: unknown;
}

/** A mutation the server decided on: confirmed, or refused with its code and message. */
export interface SettledMutation extends WaitingMutation {
  state: 'confirmed' | 'refused';
  /** The refusal's stable code (`changeTooLarge`, `forbidden`, a server code...), for the screen's language. */
  code?: string;
  params?: Record<string, unknown>;
  /** The rule's refusal as a message (key and values), said in the screen's language. */
  problem?: Message;
  /** The refusal's English message (a domain rule's sentence, or the server's words). */
  message?: string;
  /** The HTTP status the refusal came with (400, 403, 404, 409, 413, 422). */
  status?: number;
}

export interface SyncClient {
  /** What the top bar says; it changes within 5 s of the server going away, without any edit. */
  readonly status: ReadonlySignal<SyncStatus>;
  /** The signed-in member's mutations still waiting, oldest first. */
  readonly waiting: ReadonlySignal<readonly WaitingMutation[]>;
  /** Hears each mutation once, when the server decided on it. Returns the unsubscribe. */
  onSettled(listener: (mutation: SettledMutation) => void): () => void;
  /** Drops waiting mutations (a cancelled import): they are never pushed and roll back on screen. */
  discard(keys: readonly string[]): Promise<void>;
  /**
   * The signed-in member's import pages kept in the cache and not queued yet: a paged import
   * keeps only a few pages in the queue, so each pull replays a few pages, not the whole file.
   * A page leaves when it is queued (its args name the same import and index: the same cache
   * write) or is unstaged.
   */
  readonly staged: ReadonlySignal<readonly StagedPage[]>;
  /** Keeps import pages in the cache for the signed-in member, until they are queued. */
  stage(pages: readonly StagedPage[]): Promise<void>;
  /** Drops staged pages (a cancelled or refused import). */
  unstage(keys: readonly string[]): Promise<void>;
  /** Pushes what waits, then pulls: resolves when both are done. */
  sync(): Promise<void>;
  /**
   * Logout: stops every pull and push under way, ends the session on the server, then forgets
   * the cached workspace and the signed-in member's waiting mutations (other members' stay for
   * them). Ask first when `waiting` is not empty. `ended` is false when the server could not be
   * reached: the session is over in this browser, and the server is told on the next contact
   * (before any other request).
   */
  signOut(): Promise<{ ended: boolean }>;
  /** The REST calls that are not mutations: invite, password change, the member's own language. */
  readonly teamApi: TeamApi;
  close(): void;
}

/** What the store gives the sync client when it connects (lib/store/createStore.ts). */
export interface SyncHost {
  /** The store's public rebase: the server's records, then the author's waiting mutations again on top. */
  rebase(serverRecords: { collection: string; id: string; value: unknown }[], pending: readonly Mutation[], full: boolean, writers?: Readonly<Record<string, RecordWriter>>): void;
  /** Empties every record on screen (a removed member, a logout). */
  clear(): void;
  /**
   * Resolves once the store's first load is complete (every cached record in, when it loads in
   * parts): a rebase or a clear needs the whole workspace, so each waits for it.
   */
  whenLoaded?(): Promise<void>;
}

/** The part of a sync client only the store uses: its storage (the cache) and the connection. */
export interface SyncConnection {
  /** Load, write, subscribe: the cache, with each local mutation queued in the same write. */
  readonly storage: StorageAdapter;
  connect(host: SyncHost): void;
}

export type StoreSyncClient = SyncClient & SyncConnection;
