// The store's engine. Every record type of lib/schema lives here in a signal, and every write
// is a mutator of lib/mutators run on a staging transaction: a refused or failed mutation
// leaves nothing behind; a successful one is applied to the signals in one batch, written to
// storage in one storage transaction started in the same task, and announced once on the
// change feed. Its parts: the records in signals (records-state.ts), the staged-write layer
// (staged.ts), loading (loading.ts), storage (persistence.ts), the change feed (feed.ts),
// other tabs' writes (remote.ts) and the server's (rebase.ts).
import { computed, effect } from '@preact/signals-core';
import { authorize as authorizeRule, ruleFor, SIGNED_OUT_MESSAGE, type MutationName } from '../domain/permissions';
import { refuse, type Permission, type Result, type TeamMember } from '../domain/types';
import { runMutation, type ArgsOf, type MutatorRegistry, type ValueOf } from '../mutators';
import type { Actor, LogEntry, Mutation, MutationMeta, WriteTx } from '../mutators/types';
import { WORKSPACE, type WorkspaceSchema } from '../schema/records';
import type { StorageAdapter, StorageOp } from '../storage/types';
import type { TeamApi } from '../sync/team-api';
import { SESSION, SINGLETONS_STORE, StillLoadingError, type RecordChange } from './engine-types';
import { createFeed } from './feed';
import { createLoader, createLoadTracker } from './loading';
import { createPersistence } from './persistence';
import { createRebase } from './rebase';
import { createRecordState } from './records-state';
import { createRemote } from './remote';
import { createStagedTx, type Staging } from '../mutators/staged-tx';

export * from './engine-types';

let seedCounter = 0;
function newIdSeed(now: Date): string {
  seedCounter += 1;
  const random =
    typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID().slice(0, 8) : Math.random().toString(36).slice(2, 10);
  return `${now.getTime().toString(36)}${seedCounter.toString(36)}${random}`;
}

const actorOf = (member: TeamMember | null): Actor | null =>
  member ? { id: member.id, name: member.name, role: member.role, permissions: member.permissions } : null;

export function createEngine(options: {
  storage: StorageAdapter;
  now?: () => Date;
  session?: { memberId: string | null };
  /** Keep each local mutation's changes until the server's state replaces them (sync). */
  trackUnconfirmed?: boolean;
  /** With a team server: its REST calls that are not mutations. */
  teamApi?: TeamApi | null;
  /** The record types and mutators it runs: the workspace's unless given (a test's own record type). */
  schema?: WorkspaceSchema;
  mutators?: MutatorRegistry;
}) {
  const { schema = WORKSPACE, mutators } = options;
  const trackUnconfirmed = options.trackUnconfirmed ?? false;
  const now = options.now ?? (() => new Date());
  const disposers: (() => void)[] = [];
  let origin: unknown = undefined;
  const feed = createFeed();
  const storage = createPersistence(options.storage);
  const { persist } = storage;
  const loading = createLoadTracker();
  const state = createRecordState({ schema, now, session: options.session, writeDirect: (fn) => writeDirect(fn), loading });
  const { collection, singletons, session } = state;
  const loader = createLoader(state, loading);

  const members = collection('team');
  const currentMember = computed(() => {
    const id = session.value.memberId;
    return id ? (members.get(id) ?? null) : null;
  });

  const createTx = (actor: Actor | null, meta: MutationMeta) => createStagedTx(state.base, actor, meta);
  const sync = createRebase(state, { mutators, member: () => currentMember.peek(), begin: createTx, actorOf, persist, emit: feed.emit });
  const remote = createRemote(state, loading, { now, emit: feed.emit, forgetUnconfirmed: sync.reset });

  /** Applies a transaction's staged writes to the signals, stores them and announces them. */
  function commit(
    staging: Staging,
    info: { mutation?: string; call?: Mutation; origin?: unknown; extra?: { apply(): void; ops: StorageOp[]; changes: RecordChange[] } },
  ) {
    if (staging.isEmpty() && !info.extra) return;
    const { ops, changes } = state.applyStaged(staging, info.extra);
    if (info.call && trackUnconfirmed) sync.track(changes);
    persist(ops, { mutation: info.mutation, call: info.call });
    feed.emit({ source: 'local', mutation: info.mutation, origin: info.origin, changes, logged: staging.logged });
  }

  function metaNow(): MutationMeta {
    const at = now();
    return { now: at.toISOString(), idSeed: newIdSeed(at) };
  }

  /** Told of each local mutation queued for the server, with its local result (confirmations). */
  const queuedListeners = new Set<(call: Mutation, result: Result<unknown>) => void>();
  function onQueued(listener: (call: Mutation, result: Result<unknown>) => void) {
    queuedListeners.add(listener);
    return () => void queuedListeners.delete(listener);
  }

  /** Runs a mutator as the signed-in member. Writes nothing unless it succeeds. */
  function mutate<N extends MutationName>(name: N, args: ArgsOf<N>): Result<ValueOf<N>> {
    const member = currentMember.peek();
    const meta = metaNow();
    const staging = createTx(actorOf(member), meta);
    const call: Mutation = { name, args, meta };
    const result = runWhileLoading(() => runMutation(staging.tx, member, call, mutators)) as Result<ValueOf<N>>;
    if (result.ok) {
      commit(staging, { mutation: name, call, origin });
      if (trackUnconfirmed) for (const listener of queuedListeners) listener(call, result);
    }
    return result;
  }

  /** A mutation that needs records not read yet (loading in parts) is refused, changing nothing. */
  function runWhileLoading(run: () => Result<unknown>): Result<unknown> {
    try {
      return run();
    } catch (error) {
      if (error instanceof StillLoadingError) return refuse('frame.storage.stillLoading');
      throw error;
    }
  }

  /** Runs a recorded mutation (its meta decided elsewhere: a replay, or the server's order). */
  function apply(mutation: Mutation): Result<unknown> {
    const member = currentMember.peek();
    const staging = createTx(actorOf(member), mutation.meta);
    const result = runWhileLoading(() => runMutation(staging.tx, member, mutation, mutators));
    if (result.ok) commit(staging, { mutation: mutation.name, call: mutation, origin });
    return result;
  }

  /** Direct writes for seeding and fixtures: no permission check, one transaction. */
  function writeDirect(fn: (tx: WriteTx) => void, mutation?: string) {
    const staging = createTx(actorOf(currentMember.peek()), metaNow());
    fn(staging.tx);
    commit(staging, { mutation, origin });
  }

  /** Writes the local session (who is signed in on this device), with its activity entry. */
  function setSession(memberId: string | null, entry: LogEntry) {
    // The entry is in the name of the member signing in, or of the one signing out.
    const actor = memberId ? (members.index.get(memberId) ?? null) : currentMember.peek();
    const staging = createTx(actorOf(actor), metaNow());
    staging.tx.log(entry);
    const before = session.peek();
    commit(staging, {
      mutation: memberId ? 'session.signIn' : 'session.signOut',
      origin,
      extra: {
        apply: () => (session.value = { memberId }),
        ops: [{ type: 'put', collection: SINGLETONS_STORE, id: SESSION, value: { memberId } }],
        changes: [{ collection: SESSION, id: SESSION, before, after: { memberId } }],
      },
    });
  }

  /** Runs `fn` with `who` as the origin of every mutation it makes (synchronously). */
  function withOrigin<R>(who: unknown, fn: () => R): R {
    const previous = origin;
    origin = who;
    try {
      return fn();
    } finally {
      origin = previous;
    }
  }

  /** Checks the signed-in member against a mutation's rule (or a bare flag): for controls. */
  function authorize(what?: MutationName | Permission): Result<TeamMember> {
    return authorizeRule(currentMember.value, ruleFor(what));
  }

  /** An effect the store owns, stopped by `dispose()`. */
  function ownEffect(fn: () => void | (() => void)) {
    disposers.push(effect(fn));
  }

  return {
    now,
    collection: state.publicCollection,
    singleton: state.singleton,
    session,
    currentMember,
    mutate,
    onQueued,
    apply,
    writeDirect,
    setSession,
    authorize,
    listen: feed.listen,
    withOrigin,
    ownEffect,
    persistence: storage.persistence,
    hydrate: loader.hydrate,
    readRecords: loader.readRecords,
    applyLoaded: loader.applyLoaded,
    partlyLoaded: loader.partlyLoaded,
    applyRemote: remote.applyRemote,
    rebase: sync.rebase,
    clear: remote.clear,
    teamApi: options.teamApi ?? null,
    fallBackToMemory: storage.fallBackToMemory,
    persist,
    flush: storage.flush,
    /** Every record of every collection and singleton, as storage ops (seeding, migration). */
    snapshotOps(): StorageOp[] {
      const ops: StorageOp[] = [];
      for (const name of schema.collectionNames)
        for (const item of collection(name).signal.peek()) ops.push({ type: 'put', collection: name, id: item.id, value: item });
      for (const name of schema.singletonNames) ops.push({ type: 'put', collection: SINGLETONS_STORE, id: name, value: singletons.get(name)!.peek() });
      ops.push({ type: 'put', collection: SINGLETONS_STORE, id: SESSION, value: session.peek() });
      return ops;
    },
    get storage() {
      return storage.storage;
    },
    dispose() {
      for (const stop of disposers.splice(0)) stop();
      feed.clear();
    },
  };
}

export type Engine = ReturnType<typeof createEngine>;
/** The engine, as slices see it. */
export type StoreContext = Engine;

export { SIGNED_OUT_MESSAGE };
