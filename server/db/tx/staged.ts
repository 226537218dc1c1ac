// The state of one server write transaction: what it loaded (and locked), and what it will
// write, staged by the browser's own staged-write layer (lib/mutators/staged-tx.ts).
//
// Mutators are synchronous, so the server loads (and locks) what a mutator says it reads
// before running it, then runs it against that snapshot and writes the result in the same
// database transaction. Every write of a workspace first locks the workspace's version row,
// so writes to one workspace are serialized and each commit moves the version by exactly one.
import { eq, type SQLWrapper } from 'drizzle-orm';
import type { Entity } from '../../../lib/domain/types';
import type { Actor, MutationMeta, ReadSpec, WriteTx } from '../../../lib/mutators/types';
import type { Staging } from '../../../lib/mutators/staged-tx';
import type { LookupCollection } from '../../../lib/schema/lookups';
import { COLLECTION_NAMES, SINGLETON_NAMES, type CollectionName, type SingletonName } from '../../../lib/schema/names';
import type { DbTx } from '../client';
import * as t from '../schema';
import { TxRejected, WorkspaceMissingError } from './errors';

export interface CommitResult {
  /** The workspace version after the commit (unchanged when nothing was written). */
  version: number;
  changed: boolean;
  /** The commit queued webhook events (the outbox): a worker may have something to deliver. */
  queuedWebhooks?: boolean;
  /** The commit queued mail (notifications to members): the mail worker may have something to send. */
  queuedMail?: boolean;
}

export interface ServerTx extends WriteTx {
  /** Locks the workspace version row, then loads and locks the records named. Call before `run`. */
  preload(specs: readonly ReadSpec[]): Promise<void>;
  /**
   * Writes every collected change at version + 1, in the same database transaction. `also`:
   * statements of the caller's (INSERT, UPDATE or DELETE builders) sent in the same statement
   * as the record writes, whether or not anything changed.
   */
  commit(also?: readonly SQLWrapper[]): Promise<CommitResult>;
  /** The workspace version read when the version row was locked. */
  readonly baseVersion: number;
}

export interface ServerTxOptions {
  meta: MutationMeta;
  /** Server routes (invitations) may add Pending members; mutators may not. */
  allowMemberInsert?: boolean;
  /** The server's clock, for the webhook events the commit queues (default: now). */
  clock?: () => Date;
  /** The caller locked the workspace version row already (lockWorkspaceVersion) and read this version. */
  lockedVersion?: number;
  /** False: the change's new notifications are not emailed (the caller sends its own message). */
  emailNotifications?: boolean;
}

export type Pending = { kind: 'put'; record: Entity; prepend: boolean } | { kind: 'delete' };
export interface Known {
  record: Entity;
  position: number;
}

export const COLLECTIONS = new Set<string>(COLLECTION_NAMES);
/** Collections whose changes can send a webhook event (lib/domain/webhooks.ts). */
export const WEBHOOK_SOURCES: readonly CollectionName[] = ['funnels', 'orders', 'inventory'];
export const SINGLETONS = new Set<string>(SINGLETON_NAMES);
// A bulk write (an import of thousands of rows) is split into statements of this many rows,
// with a turn of the event loop before each (server/slices.ts): drizzle builds every statement
// in this thread and PGlite runs it here too, about 10 ms per 100 rows on a quiet machine and
// several times that on a loaded one. At 50 no statement holds the thread long; on PostgreSQL
// the cost is one more round trip per 50 rows of an import. Also far under PostgreSQL's 65,535
// parameters per statement.
export const ROWS_PER_STATEMENT = 50;
/** Up to this many new records of a collection get their positions computed in the write statement itself. */
export const INLINE_POSITIONS = 8;

export function checkCollection(collection: string): asserts collection is CollectionName {
  if (!COLLECTIONS.has(collection)) throw new TxRejected(`Unknown collection "${collection}"`);
}

/** Locks the workspace's version row (first, always: it orders every writer of the workspace). */
export async function lockWorkspaceVersion(tx: DbTx, workspaceId: string): Promise<number> {
  const rows = await tx
    .select({ version: t.workspaceVersions.version })
    .from(t.workspaceVersions)
    .where(eq(t.workspaceVersions.workspaceId, workspaceId))
    .for('update');
  if (!rows[0]) throw new WorkspaceMissingError(`Workspace ${workspaceId} does not exist`);
  return rows[0].version;
}

/** One transaction's snapshot (read by reads.ts) and its staged writes (written by commit.ts). */
export interface Staged {
  readonly tx: DbTx;
  readonly workspaceId: string;
  readonly actor: Actor | null;
  readonly options: ServerTxOptions;
  readonly meta: MutationMeta;
  /** The workspace version read when its row was locked (null: not locked yet). */
  version: number | null;
  readonly known: Map<CollectionName, Map<string, Known | null>>;
  /** Collections loaded whole. */
  readonly complete: Set<CollectionName>;
  /** The lookup keys loaded per collection (`byKey` reads): a lookup of another key was not preloaded. */
  readonly loadedKeys: Map<LookupCollection, Set<string>>;
  /** The discount code keys whose funnels were loaded (`byCode` reads). */
  readonly loadedCodes: Set<string>;
  /** The highest-numbered orders, once loaded (`highestOrderNumber` reads). */
  highestNumbered: Known[] | null;
  readonly singletons: Map<SingletonName, unknown>;
  /** Loaded records of a lookup collection by key, built on first lookup and again after a preload. */
  readonly keyIndexes: Map<LookupCollection, Map<string, Known[]>>;
  knownOf(c: CollectionName): Map<string, Known | null>;
  /** The writes, staged over the snapshot (set by createServerTx). */
  staging: Staging | null;
}

/** What the transaction will write, per collection, in the order first written. */
export function pendingWrites(s: Staged): Map<CollectionName, Map<string, Pending>> {
  const out = new Map<CollectionName, Map<string, Pending>>();
  for (const [c, entry] of s.staging?.staged ?? []) {
    const map = new Map<string, Pending>();
    for (const [id, write] of entry.writes) map.set(id, write.record === null ? { kind: 'delete' } : { kind: 'put', record: write.record as Entity, prepend: write.prepend });
    if (map.size) out.set(c, map);
  }
  return out;
}

/** The singletons the transaction will write. */
export const singletonWrites = (s: Staged): ReadonlyMap<SingletonName, unknown> => s.staging?.stagedSingletons ?? new Map<SingletonName, unknown>();

export function createStaged(tx: DbTx, workspaceId: string, actor: Actor | null, options: ServerTxOptions): Staged {
  const known = new Map<CollectionName, Map<string, Known | null>>();
  const knownOf = (c: CollectionName) => {
    let map = known.get(c);
    if (!map) known.set(c, (map = new Map<string, Known | null>()));
    return map;
  };
  return {
    tx,
    workspaceId,
    actor,
    options,
    meta: options.meta,
    version: options.lockedVersion ?? null,
    known,
    complete: new Set(),
    loadedKeys: new Map(),
    loadedCodes: new Set(),
    highestNumbered: null,
    singletons: new Map(),
    keyIndexes: new Map(),
    knownOf,
    staging: null,
  };
}

/** The workspace version, locking its row first when not locked yet. */
export async function ensureLocked(s: Staged) {
  if (s.version === null) s.version = await lockWorkspaceVersion(s.tx, s.workspaceId);
  return s.version;
}
