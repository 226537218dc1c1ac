// The contract every write follows, in the browser and on the server.
//
// A mutator is declared once: its name, the permission it needs, a validator for its
// arguments, and `run(tx, args)`. `run` is synchronous and pure apart from `tx`: it reads
// records, calls the domain rules, and writes records. Ids and the current time are chosen
// by the caller before `run` and travel in `args`, so replaying the same mutation anywhere
// writes the same records.
import type { GenericSchema, InferOutput } from 'valibot';
import type { MutationName, PermissionRule } from '../domain/permissions';
import type { ActivityEntry, ActivityMessage, Permission, Result, Role } from '../domain/types';
import type { LookupCollection } from '../schema/lookups';
import type { CollectionName, RecordOf, SingletonName, SingletonOf } from '../schema/names';

interface ActorBase {
  /** Whom the activity entry names (the system acting for a person names that person). */
  id: string;
  name: string;
  role: Role;
  permissions: Record<Permission, boolean>;
}

/** A member as stored by the side that runs the mutation (an API key and a creator act as one). */
export interface MemberActor extends ActorBase {
  kind?: 'member';
  /** Set for a creator answering on their portal: the one funnel they may change. */
  creatorOf?: string;
}

/**
 * The server itself: its workers, and the steps a person takes before they have a session
 * (first setup, a password reset, accepting an invitation), which a one-time link authorizes.
 * It runs only the mutators whose rule is `system` (lib/domain/permissions.ts).
 */
export interface SystemActor extends ActorBase {
  kind: 'system';
  creatorOf?: undefined;
}

/** A connected shop, through its signed webhook: it runs only the mutators whose rule is `shop`. */
export interface ShopActor extends ActorBase {
  kind: 'shop';
  shop: 'shopify' | 'woocommerce';
  creatorOf?: undefined;
}

/** Who runs a mutation. */
export type Actor = MemberActor | SystemActor | ShopActor;

export interface ReadTx {
  get<C extends CollectionName>(collection: C, id: string): RecordOf<C> | undefined;
  /** Every record of a collection, in its display order. */
  scan<C extends CollectionName>(collection: C): readonly RecordOf<C>[];
  singleton<S extends SingletonName>(name: S): SingletonOf<S>;
  /**
   * The records whose lookup field (lib/schema/lookups.ts) equals `key` ignoring letter case, in
   * display order. On the server the key must be listed in `reads()` (`byKey`) or the whole
   * collection loaded (`all`).
   */
  lookup<C extends LookupCollection>(collection: C, key: string): readonly RecordOf<C>[];
  /**
   * The funnels whose discount code is `key` (a code key: trimmed, lower case), in display
   * order. On the server the key must be listed in `reads()` (`byCode`) or funnels loaded whole.
   */
  withCode(key: string): readonly RecordOf<'funnels'>[];
  /**
   * Orders enough to number a new one (lib/domain/orders.ts `nextOrderNumber`): every order in
   * the browser; on the server the highest-numbered (`highestOrderNumber()` in `reads()`), or
   * every order when loaded whole, with this transaction's own writes.
   */
  numberedOrders(): readonly RecordOf<'orders'>[];
}

/** What a write logs: its action and details as messages (stored with their English), its type, status and data. */
export type LogEntry = ActivityMessage & Pick<ActivityEntry, 'actionType'> & Partial<Pick<ActivityEntry, 'status' | 'metadata'>>;

export interface WriteTx extends ReadTx {
  /** The member running the mutation (null for system work such as seeding). */
  readonly actor: Actor | null;
  put<C extends CollectionName>(collection: C, record: RecordOf<C>, options?: { prepend?: boolean }): void;
  delete(collection: CollectionName, id: string): void;
  setSingleton<S extends SingletonName>(name: S, value: SingletonOf<S>): void;
  /** Appends an activity entry for this mutation, in the actor's name (id and time from the meta); returns its id. */
  log(entry: LogEntry): string;
}

/** Decided by the caller before `run`, so every replay writes the same records. */
export interface MutationMeta {
  /** ISO timestamp of the mutation. */
  now: string;
  /** Seed for every id the mutation creates (`${seed}-1`, `${seed}-2`, ...). */
  idSeed: string;
}

/** What a mutation needs loaded (and, on the server, locked) before `run`. */
export type ReadSpec =
  | { collection: CollectionName; id: string }
  | { collection: CollectionName; all: true }
  /** The records of a lookup collection whose lookup field is one of `keys` (ignoring letter case). */
  | { collection: LookupCollection; keys: readonly string[] }
  /** The funnels whose discount code is one of `codes` (code keys: trimmed, lower case). */
  | { collection: 'funnels'; codes: readonly string[] }
  /** The order with the highest order number (ORD-n), which a new order's number follows. */
  | { highestOrderNumber: true }
  | { singleton: SingletonName };

export type { PermissionRule } from '../domain/permissions';

export interface Mutator<Name extends string = MutationName, Schema extends GenericSchema = GenericSchema, R = unknown> {
  name: Name;
  /** From the one permission table (lib/domain/permissions.ts). */
  permission: PermissionRule;
  args: Schema;
  /** Records `run` reads; the server loads (and locks) these first. */
  reads(args: InferOutput<Schema>): readonly ReadSpec[];
  /**
   * Records `run` reads that only what `reads` found names (the stock an order already holds):
   * the server loads these second, over the first reads. The browser holds everything already.
   */
  readsFound?(tx: ReadTx, args: InferOutput<Schema>): readonly ReadSpec[];
  run(tx: WriteTx, args: InferOutput<Schema>, meta: MutationMeta): Result<R>;
}

/** A mutation on the wire: what the browser pushes and the server replays. */
export interface Mutation {
  name: string;
  args: unknown;
  meta: MutationMeta;
}
