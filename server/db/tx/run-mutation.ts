// Running one mutator on the server: authorized from the database, validated, run against
// what it declared it reads, and written, all in one database transaction.
import { controlCharacterPath } from '../../../lib/domain/control-characters';
import * as v from 'valibot';
import { BULK } from '../../../lib/domain/bulk';
import { refusedInput, type Result, type Role } from '../../../lib/domain/types';
import type { Actor, MutationMeta, Mutator, ShopActor, SystemActor, WriteTx } from '../../../lib/mutators/types';
import { authorize } from '../../../lib/domain/permissions';
import { longListOf, parseInSlices, yieldToEventLoop } from '../../slices';
import { describeIssues } from '../../validation';
import type { Database, DbTx } from '../client';
import { DatabaseUnavailableError, isDatabaseUnavailable } from '../unavailable';
import { apiKeyActor, authorizeCreator, clientOf, creatorActor, memberActor, recordClientMutation } from './actors';
import { TxRejected, WorkspaceMissingError } from './errors';
import type { MutationOutcome } from './outcome';
import { createServerTx } from './server-tx';
import { lockWorkspaceVersion, type ServerTxOptions } from './staged';

export const MAX_CLOCK_SKEW_MS = 5 * 60 * 1000;

const metaSchema = v.object({
  now: v.pipe(v.string('meta.now must be an ISO timestamp'), v.isoTimestamp('meta.now must be an ISO timestamp')),
  idSeed: v.pipe(v.string('meta.idSeed must be text'), v.regex(/^[A-Za-z0-9_-]{1,64}$/, 'meta.idSeed must be 1-64 letters, digits, - or _')),
});

// Any mutator, whatever its name, schema and result types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyMutator = Mutator<any, any, any>;

export interface RunMutationOptions<M extends AnyMutator> {
  db: Database;
  workspaceId: string;
  /** The member from the session: loaded again from the database, never trusted as sent. */
  memberId?: string;
  /**
   * Instead of a member: the server itself (a worker, a step a one-time link authorizes) or a
   * shop (its signed webhook), vouched for by the caller. It runs only its rule's mutators.
   */
  actor?: SystemActor | ShopActor;
  /** Instead of a member: the public API's key (its role, as stored, is the actor's). */
  apiKeyId?: string;
  /** A lower role for the key (an embed session's). */
  apiKeyRole?: Role;
  /** Instead of a member: the creator of this funnel, through their portal link (portal mutators only). */
  creatorFunnelId?: string;
  /** With `mutationID`: the client's id, to skip mutations it already pushed. */
  clientID?: string;
  mutationID?: number;
  mutator: M;
  args: unknown;
  /** Chosen by the client so replays write the same ids; the server's clock and a random seed when absent. */
  meta?: unknown;
  now?: () => Date;
  /** Told about unexpected errors (a bug in a mutator, the database going away). */
  onError?: (error: unknown) => void;
  /**
   * Runs first in the mutation's transaction (an idempotency key's reservation). What it
   * throws ends the mutation unchanged and reaches the caller as thrown.
   */
  reserve?: (tx: DbTx) => Promise<void>;
  /** Runs last in the transaction that ends the mutation, with its outcome (the answer stored with the reservation). */
  record?: (tx: DbTx, outcome: MutationOutcome) => Promise<void>;
  /**
   * Server-only work of an applied mutation (sealing its secrets, queueing the outreach email),
   * run in its database transaction after the record writes, with the arguments as validated
   * and the actor as stored: both commit, or neither (if it throws, nothing is written).
   */
  inTransaction?: (applied: InTransaction) => Promise<void>;
  /**
   * The change's server-only rows (tokens, passwords, sessions, API keys), written in its
   * transaction once it is authorized, validated and run, before its records are written (the
   * team's rows check what is already stored). What it throws ends the mutation with nothing
   * written and reaches the caller as thrown.
   */
  beforeCommit?: (applied: InTransaction & { value: unknown }) => Promise<void>;
  /** Route writes that add a Pending member, or send their own email instead of the notifications'. */
  txOptions?: Pick<ServerTxOptions, 'allowMemberInsert' | 'emailNotifications'>;
}

/** What a mutation's `inTransaction` work is given. */
export interface InTransaction {
  tx: DbTx;
  args: unknown;
  actor: Actor;
}

/** What `reserve` or `beforeCommit` threw, carried out of the transaction untouched. */
class ReserveRefused extends Error {
  constructor(readonly reason: unknown) {
    super('reserve refused');
  }
}
const callerStep = async (step: () => Promise<void>) => {
  try {
    await step();
  } catch (reason) {
    throw new ReserveRefused(reason);
  }
};
const reserveIn = async (tx: DbTx, reserve: RunMutationOptions<AnyMutator>['reserve']) => {
  if (reserve) await callerStep(() => reserve(tx));
};

/**
 * Authorizes, validates and runs one mutator in one database transaction. Refusals change
 * nothing; a mutator saying no (`{ ok: false }`) or failing validation writes nothing but
 * records the client's mutation id as processed, so the client does not push it forever.
 */
export async function runMutation<M extends AnyMutator>(options: RunMutationOptions<M>): Promise<MutationOutcome> {
  const { db, workspaceId, mutator, clientID, mutationID } = options;
  const memberId = options.actor?.id ?? options.memberId ?? '';
  const clock = options.now ?? (() => new Date());
  const tracked = clientID !== undefined && mutationID !== undefined && !options.actor;
  if (tracked && (!/^[A-Za-z0-9_-]{1,128}$/.test(clientID) || !Number.isSafeInteger(mutationID) || mutationID < 1))
    return { status: 'invalid', error: 'clientID and mutationID are malformed', field: 'mutationID' };

  const metaInput = options.meta ?? { now: clock().toISOString(), idSeed: randomSeed() };
  const metaParsed = v.safeParse(metaSchema, metaInput);
  if (!metaParsed.success) {
    const problem = describeIssues(metaParsed.issues);
    return { status: 'invalid', error: problem.message, field: `meta.${problem.field}` };
  }
  const meta: MutationMeta = metaParsed.output;
  // Offline work arrives late and keeps its time; a time ahead of the server's clock (beyond
  // ordinary skew) would let a client post-date the activity log.
  if (Date.parse(meta.now) > clock().getTime() + MAX_CLOCK_SKEW_MS)
    return { status: 'invalid', error: 'meta.now is in the future: check the device clock', field: 'meta.now' };

  // Validating, running and writing a large mutation (an import) are each long stretches of
  // work in this thread: other requests get a turn between them (server/slices.ts). Not for
  // an ordinary mutation: a turn taken while holding the workspace lock makes every other
  // writer of the workspace wait longer.
  const longList = longListOf(mutator.args as v.GenericSchema, options.args);
  const bulk = longList !== undefined;
  const breathe = () => (bulk ? yieldToEventLoop() : Promise.resolve());
  /** The long list, when it holds more rows than one mutation may carry. */
  const overLimit = bulk && (options.args as Record<string, unknown[]>)[longList].length > BULK.serverRows ? longList : undefined;
  // The arguments are checked before the transaction: that needs nothing from the database, so
  // the workspace stays unlocked while an import's page is validated. What the check found is
  // the answer only once the member is known to be allowed (a refusal for the right comes first).
  // A bulk mutation comes in a large request: what the request cost so far (its body, the
  // session) and the check are separate turns.
  await breathe();
  const parsed = overLimit !== undefined ? null : await parseInSlices(mutator.args as v.GenericSchema, options.args);
  const controlField = parsed?.success ? controlCharacterPath(parsed.output) : null;
  await breathe();
  try {
    return await db.transaction(async (tx) => {
      await reserveIn(tx, options.reserve);
      const outcome = await runIn(tx);
      await options.record?.(tx, outcome);
      return outcome;
    });
  } catch (error) {
    return recover(error);
  }

  async function runIn(tx: DbTx): Promise<MutationOutcome> {
    const base = await lockWorkspaceVersion(tx, workspaceId);

    // The member (or API key) as stored now (after the lock: a removal or revocation that
    // committed first is seen), and the client's last mutation id, in one statement for a
    // member. The client row needs no lock of its own: it is written only under the
    // workspace's version-row lock, held here.
    const { member, client } = options.actor
      ? { member: { ...options.actor, status: 'Active' as const }, client: null }
      : options.creatorFunnelId
      ? { member: await creatorActor(tx, workspaceId, options.creatorFunnelId), client: null }
      : options.apiKeyId
        ? { member: await apiKeyActor(tx, workspaceId, options.apiKeyId, options.apiKeyRole), client: tracked ? await clientOf(tx, workspaceId, clientID) : null }
        : await memberActor(tx, workspaceId, memberId, tracked ? clientID : undefined);
    const allowed = options.creatorFunnelId ? authorizeCreator(member, mutator.permission) : authorize(member, mutator.permission);
    if (!allowed.ok) return { status: 'forbidden', error: allowed.error } satisfies MutationOutcome;

    if (tracked && client) {
      if (client.memberId !== memberId) return { status: 'forbidden', error: 'This client belongs to another member' } satisfies MutationOutcome;
      if (mutationID <= client.lastMutationId) return { status: 'skipped', version: base, lastMutationID: client.lastMutationId } satisfies MutationOutcome;
    }
    // Checked above: the client is this member's and `mutationID` is past its last, so the upsert records `mutationID`.
    const processed = tracked ? { lastMutationID: mutationID } : {};
    const markProcessed = () => (tracked ? recordClientMutation(tx, workspaceId, clientID, memberId, mutationID, clock()) : Promise.resolve());

    if (overLimit !== undefined || !parsed) {
      await markProcessed();
      const error = `${overLimit} holds at most ${BULK.serverRows.toLocaleString('en')} rows in one mutation: send them in pages`;
      return { status: 'invalid', error, field: overLimit ?? '', ...processed } satisfies MutationOutcome;
    }
    if (!parsed.success) {
      await markProcessed();
      const problem = describeIssues(parsed.issues);
      return { status: 'invalid', error: problem.message, field: problem.field, ...processed } satisfies MutationOutcome;
    }
    if (controlField !== null) {
      await markProcessed();
      return { status: 'invalid', error: `${controlField || 'The arguments'} must not contain control characters`, field: controlField, ...processed } satisfies MutationOutcome;
    }

    const actor: Actor = options.actor ?? {
      id: member!.id,
      name: member!.name,
      role: member!.role,
      permissions: member!.permissions,
      ...(options.creatorFunnelId ? { creatorOf: options.creatorFunnelId } : {}),
    };
    const serverTx = createServerTx(tx, workspaceId, actor, { ...options.txOptions, meta, clock, lockedVersion: base });
    await serverTx.preload(mutator.reads(parsed.output));
    if (mutator.readsFound) await serverTx.preload(mutator.readsFound(serverTx, parsed.output));
    await breathe();
    let result: Result<unknown>;
    try {
      // Both shapes of the contract: meta inside the arguments, and as the third parameter.
      const run = mutator.run as (tx: WriteTx, args: unknown, meta: MutationMeta) => Result<unknown>;
      result = run(serverTx, { ...(parsed.output as object), meta }, meta);
    } catch (error) {
      if (error instanceof TxRejected) result = { ok: false, error: error.message };
      else throw error;
    }
    if (!result.ok) {
      await markProcessed();
      return { status: 'rejected', error: result.error, ...(result.problem ? { problem: result.problem } : {}), ...(refusedInput(result) ? { field: refusedInput(result) } : {}), version: base, ...processed } satisfies MutationOutcome;
    }
    const { beforeCommit } = options;
    if (beforeCommit) await callerStep(() => beforeCommit({ tx, args: parsed.output, actor, value: result.value }));
    await breathe();
    // The client's mutation id goes in the same statement as the record writes.
    const committed = await serverTx.commit(tracked ? [recordClientMutation(tx, workspaceId, clientID, memberId, mutationID, clock())] : []);
    await options.inTransaction?.({ tx, args: parsed.output, actor });
    return {
      status: 'applied',
      value: result.value,
      version: committed.version,
      ...processed,
      ...(committed.queuedWebhooks ? { queuedWebhooks: true } : {}),
      ...(committed.queuedMail ? { queuedMail: true } : {}),
      ...(result.message ? { message: result.message } : {}),
    } satisfies MutationOutcome;
  }

  async function recover(error: unknown): Promise<MutationOutcome> {
    if (error instanceof ReserveRefused) throw error.reason;
    // The transaction rolled back. A database invariant is the mutation's answer ('rejected');
    // anything else is a bug or an outage. Either way the client should not push it again.
    const rejected = error instanceof TxRejected ? error : null;
    // An outage is not the mutation's answer: nothing is recorded, the caller answers 503 and
    // the client pushes the same mutation again later.
    if (!rejected && isDatabaseUnavailable(error)) throw new DatabaseUnavailableError(error);
    if (!rejected) options.onError?.(error);
    if (error instanceof WorkspaceMissingError) return { status: 'forbidden', error: 'This workspace does not exist' };
    let version = 0;
    let recorded = false;
    let outcome: MutationOutcome | null = null;
    try {
      version = await db.transaction(async (tx) => {
        // A rule's refusal is an answer: the idempotency reservation is made again and keeps it.
        if (rejected) await reserveIn(tx, options.reserve);
        const current = await lockWorkspaceVersion(tx, workspaceId);
        if (tracked) await recordClientMutation(tx, workspaceId, clientID, memberId, mutationID, clock());
        if (rejected) {
          outcome = { status: 'rejected', error: rejected.message, version: current, ...(tracked ? { lastMutationID: mutationID } : {}) };
          await options.record?.(tx, outcome);
        }
        return current;
      });
      recorded = tracked;
    } catch (inner) {
      if (inner instanceof ReserveRefused) throw inner.reason;
      options.onError?.(inner);
    }
    if (outcome) return outcome;
    if (rejected) return { status: 'rejected', error: rejected.message, version, ...(recorded ? { lastMutationID: mutationID } : {}) };
    return { status: 'error', error: 'The server could not apply this change' };
  }
}

function randomSeed() {
  return globalThis.crypto.randomUUID().replace(/-/g, '').slice(0, 16);
}
