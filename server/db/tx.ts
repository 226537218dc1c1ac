// The server side of the mutator contract (lib/mutators/types.ts).
//
// Mutators are synchronous, so the server loads (and locks) what a mutator says it reads
// before running it, then runs it against that snapshot and writes the result in the same
// database transaction. Every write of a workspace first locks the workspace's version row,
// so writes to one workspace are serialized and each commit moves the version by exactly one.
import { and, eq, inArray, isNull, max, min, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import * as v from 'valibot';
import { LAST_MANAGER_MESSAGE } from '../../lib/domain/team';
import { ROLES, type AppNotification, type Entity, type Result, type Role, type TeamMember } from '../../lib/domain/types';
import type { Message } from '../../lib/domain/messages';
import { activityEntry } from '../../lib/mutators/define';
import type { Actor, LogEntry, MutationMeta, Mutator, ReadSpec, WriteTx } from '../../lib/mutators/types';
import { LOOKUP_FIELDS, keyOfRecord, lookupKey, type LookupCollection } from '../../lib/schema/lookups';
import { COLLECTION_NAMES, SINGLETON_NAMES, type CollectionName, type RecordOf, type SingletonName, type SingletonOf } from '../../lib/schema/names';
import { authorizeMember } from '../auth/authorize';
import { databaseErrorFacts, describeIssues } from '../validation';
import type { Database, DbTx } from './client';
import { RECORD_TABLES, RecordShapeError, loadRecords, permissionColumns, permissionsOf, recordToRow, type RecordRow, type TableCollection } from './records';
import * as t from './schema';
import { singletonDefault } from './seed-data';
import { longListOf, mapInSlices, parseInSlices, yieldToEventLoop } from '../slices';
import { apiKeyLabel, apiKeyPermissions, type RecordChange } from '../../lib/domain/webhooks';
import { enqueueForChanges } from '../webhooks/outbox';
import { queueNotificationMail } from '../mail/notifications';
import { DatabaseUnavailableError, isDatabaseUnavailable } from './unavailable';

/** A rule the server enforces said no (an invariant, a member change outside invitations). The message is for the user. */
export class TxRejected extends Error {
  override name = 'TxRejected';
}

/** A mutator read something its `reads()` did not declare: a bug in the mutator, not user input. */
export class NotPreloadedError extends Error {
  override name = 'NotPreloadedError';
}

export class WorkspaceMissingError extends Error {
  override name = 'WorkspaceMissingError';
}

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

type Pending = { kind: 'put'; record: Entity; prepend: boolean } | { kind: 'delete' };
interface Known {
  record: Entity;
  position: number;
}

const COLLECTIONS = new Set<string>(COLLECTION_NAMES);
/** Collections whose changes can send a webhook event (lib/domain/webhooks.ts). */
const WEBHOOK_SOURCES: readonly CollectionName[] = ['funnels', 'orders', 'inventory'];
const SINGLETONS = new Set<string>(SINGLETON_NAMES);
// A bulk write (an import of thousands of rows) is split into statements of this many rows,
// with a turn of the event loop before each (server/slices.ts): drizzle builds every statement
// in this thread (about 4 ms per 100 rows) and PGlite runs it here too (about 10 ms per 100
// rows). At 500 rows one statement held the thread for 60-100 ms; at 100 no stretch passes
// ~15 ms. Also far under PostgreSQL's 65,535 parameters per statement.
const ROWS_PER_STATEMENT = 100;
/** Up to this many new records of a collection get their positions computed in the write statement itself. */
const INLINE_POSITIONS = 8;


function checkCollection(collection: string): asserts collection is CollectionName {
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

export function createServerTx(tx: DbTx, workspaceId: string, actor: Actor | null, options: ServerTxOptions): ServerTx {
  const { meta } = options;
  let version: number | null = options.lockedVersion ?? null;
  const known = new Map<CollectionName, Map<string, Known | null>>();
  const complete = new Set<CollectionName>();
  /** The lookup keys loaded per collection (`byKey` reads): a lookup of another key was not preloaded. */
  const loadedKeys = new Map<LookupCollection, Set<string>>();
  const writes = new Map<CollectionName, Map<string, Pending>>();
  const singletons = new Map<SingletonName, unknown>();
  const singletonWrites = new Map<SingletonName, unknown>();
  let logged = 0;

  const knownOf = (c: CollectionName) => {
    let map = known.get(c);
    if (!map) known.set(c, (map = new Map<string, Known | null>()));
    return map;
  };
  const writesOf = (c: CollectionName) => {
    let map = writes.get(c);
    if (!map) writes.set(c, (map = new Map<string, Pending>()));
    return map;
  };

  async function ensureLocked() {
    if (version === null) version = await lockWorkspaceVersion(tx, workspaceId);
    return version;
  }

  async function preload(specs: readonly ReadSpec[]) {
    await ensureLocked();
    const ids = new Map<CollectionName, Set<string>>();
    const keys = new Map<LookupCollection, Set<string>>();
    const wholes = new Set<CollectionName>();
    const singletonNames = new Set<SingletonName>();
    for (const spec of specs) {
      if ('singleton' in spec) {
        if (!SINGLETONS.has(spec.singleton)) throw new TxRejected(`Unknown singleton "${spec.singleton}"`);
        singletonNames.add(spec.singleton);
        continue;
      }
      checkCollection(spec.collection);
      if ('all' in spec) wholes.add(spec.collection);
      else if ('keys' in spec) {
        if (!(spec.collection in LOOKUP_FIELDS)) throw new TxRejected(`${spec.collection} has no lookup field`);
        let set = keys.get(spec.collection);
        if (!set) keys.set(spec.collection, (set = new Set()));
        for (const key of spec.keys) set.add(lookupKey(key));
      } else {
        let set = ids.get(spec.collection);
        if (!set) ids.set(spec.collection, (set = new Set()));
        set.add(spec.id);
      }
    }
    // Collections first in a fixed order, so two transactions never lock rows in opposite orders.
    for (const c of COLLECTION_NAMES) {
      if (wholes.has(c) && !complete.has(c)) {
        const rows = await loadRecords(tx, workspaceId, c, { lock: true });
        const map = knownOf(c);
        for (const row of rows) map.set(row.record.id, { record: row.record, position: row.position });
        complete.add(c);
        continue;
      }
      if (c in LOOKUP_FIELDS && !complete.has(c)) {
        const lookup = c as LookupCollection;
        let loaded = loadedKeys.get(lookup);
        if (!loaded) loadedKeys.set(lookup, (loaded = new Set()));
        const wantedKeys = [...(keys.get(lookup) ?? [])].filter((key) => !loaded.has(key)).sort();
        const map = knownOf(c);
        // In slices, with a turn of the event loop between them, like the writes.
        for (let i = 0; i < wantedKeys.length; i += ROWS_PER_STATEMENT) {
          if (i > 0) await yieldToEventLoop();
          const rows = await loadRecords(tx, workspaceId, c, { keys: wantedKeys.slice(i, i + ROWS_PER_STATEMENT), lock: true });
          for (const row of rows) if (!map.get(row.record.id)) map.set(row.record.id, { record: row.record, position: row.position });
        }
        for (const key of wantedKeys) loaded.add(key);

      }
      const wanted = [...(ids.get(c) ?? [])].filter((id) => !knownOf(c).has(id)).sort();
      if (wanted.length === 0 || complete.has(c)) continue;
      const rows = await loadRecords(tx, workspaceId, c, { ids: wanted, lock: true });
      const map = knownOf(c);
      for (const id of wanted) map.set(id, null);
      for (const row of rows) map.set(row.record.id, { record: row.record, position: row.position });
    }
    // Records were added: the lookup indexes are built again when next used.
    keyIndexes.clear();
    const names = [...singletonNames].filter((name) => !singletons.has(name)).sort();
    if (names.length) {
      const rows = await tx
        .select({ name: t.workspaceSingletons.name, value: t.workspaceSingletons.value })
        .from(t.workspaceSingletons)
        .where(and(eq(t.workspaceSingletons.workspaceId, workspaceId), inArray(t.workspaceSingletons.name, names)))
        .for('update');
      const found = new Map(rows.map((row) => [row.name, row.value]));
      for (const name of names) singletons.set(name, found.has(name) ? found.get(name) : singletonDefault(name, meta.now));
    }
  }

  function get<C extends CollectionName>(collection: C, id: string): RecordOf<C> | undefined {
    const pending = writes.get(collection)?.get(id);
    if (pending) return pending.kind === 'put' ? (pending.record as RecordOf<C>) : undefined;
    const map = known.get(collection);
    if (map?.has(id)) return (map.get(id)?.record as RecordOf<C> | undefined) ?? undefined;
    if (complete.has(collection)) return undefined;
    throw new NotPreloadedError(`${collection}/${id} was read but not loaded: list it in the mutator's reads()`);
  }

  function scan<C extends CollectionName>(collection: C): readonly RecordOf<C>[] {
    if (!complete.has(collection)) throw new NotPreloadedError(`${collection} was scanned but not loaded: list { collection: '${collection}', all: true } in reads()`);
    const base = [...knownOf(collection).values()]
      .filter((k): k is Known => k !== null)
      .sort((a, b) => a.position - b.position || (a.record.id < b.record.id ? -1 : 1));
    const pending = writes.get(collection) ?? new Map<string, Pending>();
    const out: Entity[] = [];
    for (const { record } of base) {
      const change = pending.get(record.id);
      if (!change) out.push(record);
      else if (change.kind === 'put') out.push(change.record);
    }
    const existing = new Set(base.map((k) => k.record.id));
    for (const [id, change] of pending) {
      if (change.kind !== 'put' || existing.has(id)) continue;
      if (change.prepend) out.unshift(change.record);
      else out.push(change.record);
    }
    return out as RecordOf<C>[];
  }

  /** Loaded records of a lookup collection by key, built on first lookup and again after a preload. */
  const keyIndexes = new Map<LookupCollection, Map<string, Known[]>>();
  function keyIndexOf(collection: LookupCollection) {
    let index = keyIndexes.get(collection);
    if (!index) {
      index = new Map();
      for (const k of knownOf(collection).values()) {
        if (!k) continue;
        const key = keyOfRecord(collection, k.record as RecordOf<typeof collection>);
        const list = index.get(key);
        if (list) list.push(k);
        else index.set(key, [k]);
      }
      keyIndexes.set(collection, index);
    }
    return index;
  }

  function lookup<C extends LookupCollection>(collection: C, key: string): readonly RecordOf<C>[] {
    const wanted = lookupKey(key);
    if (!complete.has(collection) && !loadedKeys.get(collection)?.has(wanted))
      throw new NotPreloadedError(`${collection} by key "${key}" was looked up but not loaded: list byKey('${collection}', keys) in reads()`);
    const pending = writes.get(collection);
    const found: Known[] = [];
    for (const k of keyIndexOf(collection).get(wanted) ?? []) {
      const change = pending?.get(k.record.id);
      if (change?.kind === 'delete') continue;
      const record = change?.kind === 'put' ? change.record : k.record;
      if (keyOfRecord(collection, record as RecordOf<C>) === wanted) found.push({ record, position: k.position });
    }
    found.sort((a, b) => a.position - b.position || (a.record.id < b.record.id ? -1 : 1));
    const out = found.map((k) => k.record as RecordOf<C>);
    // Records this transaction wrote that now have the key: new ones, or loaded under another key.
    for (const [id, change] of pending ?? []) {
      if (change.kind !== 'put' || out.some((r) => r.id === id)) continue;
      if (keyOfRecord(collection, change.record as RecordOf<C>) === wanted) out.push(change.record as RecordOf<C>);
    }
    return out;
  }

  function singleton<S extends SingletonName>(name: S): SingletonOf<S> {
    if (singletonWrites.has(name)) return singletonWrites.get(name) as SingletonOf<S>;
    if (singletons.has(name)) return singletons.get(name) as SingletonOf<S>;
    throw new NotPreloadedError(`The ${name} singleton was read but not loaded: list { singleton: '${name}' } in reads()`);
  }

  function put<C extends CollectionName>(collection: C, record: RecordOf<C>, opts?: { prepend?: boolean }) {
    checkCollection(collection);
    const id = (record as Entity | undefined)?.id;
    if (typeof id !== 'string' || !id) throw new TxRejected(`A ${collection} record needs a text id`);
    writesOf(collection).set(id, { kind: 'put', record, prepend: Boolean(opts?.prepend) });
  }

  function remove(collection: CollectionName, id: string) {
    checkCollection(collection);
    writesOf(collection).set(id, { kind: 'delete' });
  }

  function setSingleton<S extends SingletonName>(name: S, value: SingletonOf<S>) {
    if (!SINGLETONS.has(name)) throw new TxRejected(`Unknown singleton "${name}"`);
    if (value === undefined) throw new TxRejected(`The ${name} singleton cannot be undefined`);
    singletonWrites.set(name, value);
  }

  function log(entry: LogEntry) {
    logged += 1;
    // Same builder as the browser's, so the optimistic entry and this one are one record.
    // Who did it comes from the database, never from the mutation's arguments.
    const record = activityEntry(meta, actor, logged, entry);
    put('activity', record, { prepend: true });
  }

  /**
   * Sends data-modifying statements as few as possible: each batch (up to ROWS_PER_STATEMENT rows
   * in all) is one statement, `WITH s0 AS (...), s1 AS (...) SELECT 1`, so a push that writes an
   * item and its activity entry costs one round trip under the workspace lock, not six. The
   * statements of a batch touch different rows (one upsert per table, the tombstones of other
   * ids, the version row, the client row), which PostgreSQL requires of data-modifying WITH.
   */
  async function sendTogether(statements: readonly { query: SQLWrapper; rows: Record<string, unknown>[] }[]) {
    let batch: typeof statements[number][] = [];
    let rowCount = 0;
    let sent = 0;
    const flush = async () => {
      if (batch.length === 0) return;
      // PGlite runs in this thread: between batches, let other requests (health checks) in.
      if (sent++ > 0) await yieldToEventLoop();
      const query: SQL =
        batch.length === 1 ? batch[0].query.getSQL() : sql`WITH ${sql.join(batch.map((b, k) => sql`${sql.raw(`s${k}`)} AS ${b.query}`), sql`, `)} SELECT 1`;
      const rows = batch.flatMap((b) => b.rows);
      batch = [];
      rowCount = 0;
      try {
        await tx.execute(query);
      } catch (error) {
        throw translateConstraintError(error, rows) ?? error;
      }
    };
    for (const statement of statements) {
      if (rowCount + statement.rows.length > ROWS_PER_STATEMENT) await flush();
      batch.push(statement);
      rowCount += statement.rows.length;
    }
    await flush();
  }

  async function commit(also: readonly SQLWrapper[] = []): Promise<CommitResult> {
    const base = await ensureLocked();
    const changed = [...writes.values()].some((m) => m.size > 0) || singletonWrites.size > 0;
    const extra = also.map((query) => ({ query, rows: [] }));
    if (!changed) {
      await sendTogether(extra);
      return { version: base, changed: false };
    }
    const next = base + 1;
    const statements: { query: SQLWrapper; rows: Record<string, unknown>[] }[] = [
      { query: tx.update(t.workspaceVersions).set({ version: next }).where(eq(t.workspaceVersions.workspaceId, workspaceId)), rows: [] },
    ];
    for (const c of COLLECTION_NAMES) {
      const pending = writes.get(c);
      if (!pending || pending.size === 0) continue;
      if (c === 'team') await commitTeam(pending, next);
      else statements.push(...(await tableWrites(c, pending, next)));
    }
    for (const [name, value] of singletonWrites) {
      statements.push({
        query: tx
          .insert(t.workspaceSingletons)
          .values({ workspaceId, name, value, version: next })
          .onConflictDoUpdate({
            target: [t.workspaceSingletons.workspaceId, t.workspaceSingletons.name],
            set: { value, version: next },
          }),
        rows: [],
      });
    }
    await sendTogether([...statements, ...extra]);
    // Webhook events of this change, queued in its own transaction (the outbox).
    const changes: RecordChange[] = [];
    for (const c of WEBHOOK_SOURCES) {
      for (const [id, change] of writes.get(c) ?? []) {
        if (change.kind === 'put') changes.push({ collection: c, before: knownOf(c).get(id)?.record, after: change.record });
      }
    }
    // Stock and order writes are frequent: say so only when a delivery was actually queued.
    const queued = changes.length ? await enqueueForChanges(tx, workspaceId, changes, options.clock?.() ?? new Date()) : 0;
    const queuedMail = await queueMailForChanges();
    version = next;
    return { version: next, changed: true, queuedWebhooks: queued > 0, ...(queuedMail ? { queuedMail } : {}) };
  }

  /**
   * Mail this change sends, queued in its transaction: its new notifications to members with
   * Email Notifications on. A member saving their profile records their own switch first.
   */
  async function queueMailForChanges(): Promise<boolean> {
    const profile = singletonWrites.get('profile') as SingletonOf<'profile'> | undefined;
    if (profile && actor)
      await tx
        .update(t.members)
        .set({ emailNotifications: profile.notifications.email })
        .where(and(eq(t.members.workspaceId, workspaceId), eq(t.members.id, actor.id)));
    if (options.emailNotifications === false) return false;
    const created: AppNotification[] = [];
    for (const [id, change] of writes.get('notifications') ?? []) {
      if (change.kind === 'put' && !knownOf('notifications').get(id)) created.push(change.record as AppNotification);
    }
    return queueNotificationMail(tx, workspaceId, created, options.clock?.() ?? new Date());
  }

  /** Positions for records that may be new: after the last (or before the first, when prepended). */
  async function positionsFor(c: CollectionName, pending: [string, Pending & { kind: 'put' }][]) {
    const positions = new Map<string, number>();
    const fresh = pending.filter(([id]) => !knownOf(c).get(id));
    if (fresh.length === 0) return positions;
    let low: number;
    let high: number;
    if (c === 'team') {
      const [row] = await tx
        .select({ low: min(t.members.position), high: max(t.members.position) })
        .from(t.members)
        .where(eq(t.members.workspaceId, workspaceId));
      low = Number(row?.low ?? 0);
      high = Number(row?.high ?? 0);
    } else {
      const table = RECORD_TABLES[c] as typeof t.funnels;
      const [row] = await tx.select({ low: min(table.position), high: max(table.position) }).from(table).where(eq(table.workspaceId, workspaceId));
      low = Number(row?.low ?? 0);
      high = Number(row?.high ?? 0);
    }
    for (const [id, change] of fresh) positions.set(id, change.prepend ? --low : ++high);
    return positions;
  }

  /**
   * A collection's writes as statements for sendTogether: its upserts (ROWS_PER_STATEMENT rows
   * each) with the tombstones of the ids written again, then its deletions (sent at once: they
   * need the ids actually deleted).
   */
  async function tableWrites(c: CollectionName, pending: Map<string, Pending>, next: number) {
    const collection = c as TableCollection;
    const table = RECORD_TABLES[collection] as typeof t.funnels;
    const puts = [...pending].filter((entry): entry is [string, Pending & { kind: 'put' }] => entry[1].kind === 'put');
    const deletes = [...pending].filter(([, change]) => change.kind === 'delete').map(([id]) => id);
    const statements: { query: SQLWrapper; rows: Record<string, unknown>[] }[] = [];
    if (puts.length) {
      // A few new records (a push's activity entry) get their positions inside the write
      // statement; many (an import) from one read of the table's ends, not one per row.
      const fresh = puts.filter(([id]) => !knownOf(c).get(id)).length;
      const positions = fresh > INLINE_POSITIONS ? await positionsFor(c, puts) : null;
      let rows: RecordRow[];
      try {
        rows = await mapInSlices(puts, ([id, change]) =>
          recordToRow(collection, change.record as RecordOf<TableCollection>, {
            workspaceId,
            version: next,
            position: positions?.get(id) ?? knownOf(c).get(id)?.position ?? 0,
          }),
        );
      } catch (error) {
        if (error instanceof RecordShapeError) throw new TxRejected(error.message);
        throw error;
      }
      // On conflict every field is replaced except the key and the place in display order.
      const columns = Object.entries(table as unknown as Record<string, { name?: string }>);
      const set: Record<string, unknown> = {};
      for (const key of Object.keys(rows[0])) {
        if (key === 'workspaceId' || key === 'id' || key === 'position') continue;
        const column = columns.find(([name]) => name === key)?.[1];
        if (column?.name) set[key] = sql.raw(`excluded."${column.name}"`);
      }
      for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) {
        // Building a statement's parameters is work in this thread too: a bulk write's turn between chunks.
        if (i > 0) await yieldToEventLoop();
        const chunk = rows.slice(i, i + ROWS_PER_STATEMENT);
        // A new record goes after the last (or before the first, when prepended), counted from
        // the table's ends as this statement sees them: no separate read of min and max.
        let before = 0;
        let after = 0;
        const placed = chunk.map((row, k) => {
          const [id, change] = puts[i + k];
          if (positions || knownOf(c).get(id)) return row;
          const [end, offset] = change.prepend ? [sql`min(${table.position})`, -++before] : [sql`max(${table.position})`, ++after];
          return { ...row, position: sql`(select coalesce(${end}, 0) + ${offset} from ${table} where ${eq(table.workspaceId, workspaceId)})` };
        });
        statements.push({ query: tx.insert(table).values(placed as (typeof table.$inferInsert)[]).onConflictDoUpdate({ target: [table.workspaceId, table.id], set }), rows: chunk });
        // A record written again is no longer deleted.
        statements.push({
          query: tx
            .delete(t.deletedRecords)
            .where(
              and(
                eq(t.deletedRecords.workspaceId, workspaceId),
                eq(t.deletedRecords.collection, c),
                inArray(
                  t.deletedRecords.recordId,
                  chunk.map((row) => row.id),
                ),
              ),
            ),
          rows: [],
        });
      }
    }
    for (let i = 0; i < deletes.length; i += ROWS_PER_STATEMENT) {
      if (i > 0) await yieldToEventLoop();
      const gone = await tx
        .delete(table)
        .where(and(eq(table.workspaceId, workspaceId), inArray(table.id, deletes.slice(i, i + ROWS_PER_STATEMENT))))
        .returning({ id: table.id });
      await recordDeletions(c, gone.map((row) => row.id), next);
    }
    return statements;
  }

  async function recordDeletions(c: CollectionName, ids: string[], next: number) {
    if (ids.length === 0) return;
    await tx
      .insert(t.deletedRecords)
      .values(ids.map((recordId) => ({ workspaceId, collection: c, recordId, version: next })))
      .onConflictDoUpdate({ target: [t.deletedRecords.workspaceId, t.deletedRecords.collection, t.deletedRecords.recordId], set: { version: next } });
  }

  async function commitTeam(pending: Map<string, Pending>, next: number) {
    const puts = [...pending].filter((entry): entry is [string, Pending & { kind: 'put' }] => entry[1].kind === 'put');
    const positions = await positionsFor('team', puts);
    for (const [id, change] of puts) {
      const record = checkTeamRecord(change.record);
      const [existing] = await tx
        .select()
        .from(t.members)
        .where(and(eq(t.members.workspaceId, workspaceId), eq(t.members.id, id)))
        .for('update');
      if (existing) {
        // Email and status belong to the account and the invitation: a team edit changes
        // name, role and permission flags only.
        if (existing.email.toLowerCase() !== record.email.toLowerCase() || existing.status !== record.status)
          throw new TxRejected("A member's email and status change only through an invitation");
        await tx
          .update(t.members)
          .set({ name: record.name, role: record.role, ...permissionColumns(record.permissions), version: next })
          .where(and(eq(t.members.workspaceId, workspaceId), eq(t.members.id, id)));
      } else if (options.allowMemberInsert && record.status === 'Pending') {
        await tx.insert(t.members).values({
          workspaceId,
          id,
          userId: null,
          name: record.name,
          email: record.email,
          role: record.role,
          status: 'Pending',
          ...permissionColumns(record.permissions),
          version: next,
          position: positions.get(id) ?? 0,
          createdAt: new Date(meta.now),
        });
      } else throw new TxRejected('New members join through an invitation');
    }
    const deletes = [...pending].filter(([, change]) => change.kind === 'delete').map(([id]) => id);
    if (deletes.length) {
      // Their sessions, invitations and setup links go with them (foreign keys, ON DELETE CASCADE);
      // the sessions are remembered first, so those browsers learn they were removed.
      const removedAt = options.clock?.() ?? new Date(meta.now);
      await tx
        .insert(t.removedSessions)
        .select(
          tx
            .select({ tokenHash: t.sessions.tokenHash, workspaceId: t.sessions.workspaceId, removedAt: sql<Date>`${removedAt.toISOString()}::timestamptz`.as('removed_at') })
            .from(t.sessions)
            .where(and(eq(t.sessions.workspaceId, workspaceId), inArray(t.sessions.memberId, deletes))),
        )
        .onConflictDoNothing();
      const gone = await tx
        .delete(t.members)
        .where(and(eq(t.members.workspaceId, workspaceId), inArray(t.members.id, deletes)))
        .returning({ id: t.members.id });
      await recordDeletions('team', gone.map((row) => row.id), next);
    }
    const [manager] = await tx
      .select({ id: t.members.id })
      .from(t.members)
      .where(and(eq(t.members.workspaceId, workspaceId), eq(t.members.status, 'Active'), eq(t.members.manageTeam, true)))
      .limit(1);
    if (!manager) throw new TxRejected(LAST_MANAGER_MESSAGE);
  }

  return {
    actor,
    get,
    scan,
    lookup,
    singleton,
    put,
    delete: remove,
    setSingleton,
    log,
    preload,
    commit,
    get baseVersion() {
      if (version === null) throw new Error('preload() has not run');
      return version;
    },
  };
}

const teamRecord = v.object({
  id: v.string(),
  name: v.pipe(v.string(), v.trim(), v.nonEmpty('A member needs a name')),
  email: v.string(),
  role: v.picklist(ROLES),
  status: v.picklist(['Active', 'Pending'] as const),
  permissions: v.object({ editAutomations: v.boolean(), sendOutreach: v.boolean(), manageTeam: v.boolean(), viewAnalytics: v.boolean() }),
});

function checkTeamRecord(record: Entity): TeamMember {
  const parsed = v.safeParse(teamRecord, record);
  if (!parsed.success) throw new TxRejected(`Invalid team member: ${describeIssues(parsed.issues).message}`);
  return parsed.output;
}

/** A database constraint that guards an invariant, said the way the domain says it. */
function translateConstraintError(error: unknown, rows: Record<string, unknown>[]): TxRejected | null {
  const facts = databaseErrorFacts(error);
  if (!facts) return null;
  if (facts.code === '23505' && facts.constraint === 'inventory_workspace_sku_lower_key') {
    const key = /=\([^,]*, ?(.*)\) already exists/.exec(facts.detail ?? '')?.[1];
    const row = rows.find((r) => typeof r.sku === 'string' && r.sku.toLowerCase() === key);
    return new TxRejected(`SKU ${typeof row?.sku === 'string' ? row.sku : (key ?? '')} already exists`.replace(/ {2}/, ' '));
  }
  if (facts.code === '23514' && facts.constraint === 'inventory_quantity_nonnegative') return new TxRejected('Quantity cannot be negative');
  if (facts.code === '23514' && facts.constraint === 'inventory_thresholds_nonnegative') return new TxRejected('Stock thresholds cannot be negative');
  if (facts.code === '23505') return new TxRejected('A record with the same key already exists');
  if (facts.code === '23514') return new TxRejected('A value breaks a rule of this workspace');
  // Invalid text representation, numeric out of range, NUL in text.
  if (facts.code === '22P02' || facts.code === '22003' || facts.code === '22021' || facts.code === '22P05')
    return new TxRejected('A value does not fit its field');
  return null;
}

// ---------- Running a mutator ----------

// `lastMutationID` (with clientID and mutationID): the client's last processed mutation id as
// stored after this one, when known without reading it again.
export type MutationOutcome<R = unknown> =
  /** Written at `version`. */
  | { status: 'applied'; value: R; version: number; message?: string; lastMutationID?: number; queuedWebhooks?: boolean; queuedMail?: boolean }
  /** The client already had this mutation id processed: nothing done again. */
  | { status: 'skipped'; version: number; lastMutationID?: number }
  /** The mutator's rule (or a database invariant) said no: nothing written. */
  | { status: 'rejected'; error: string; problem?: Message; version: number; lastMutationID?: number }
  /** Arguments (or meta) failed validation: nothing written. */
  | { status: 'invalid'; error: string; field: string; lastMutationID?: number }
  /** The member may not run it (removed, Pending, Viewer, missing flag, other workspace): nothing changed at all. */
  | { status: 'forbidden'; error: string }
  /** Unknown mutator, a bug in the mutator: nothing written. */
  | { status: 'error'; error: string };

/** The HTTP status a route answers with for an outcome. */
export function outcomeHttpStatus(outcome: MutationOutcome): number {
  switch (outcome.status) {
    case 'applied':
    case 'skipped':
      return 200;
    case 'rejected':
      return 409;
    case 'invalid':
      return 400;
    case 'forbidden':
      return 403;
    case 'error':
      return 500;
  }
}

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
  memberId: string;
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
   * Server-only work of an accepted mutation (sealing or deleting secrets), in its transaction
   * just before the commit: if it throws, nothing of the mutation is written.
   */
  beforeCommit?: (tx: DbTx, args: unknown) => Promise<void>;
  /**
   * Runs first in the mutation's transaction (an idempotency key's reservation). What it
   * throws ends the mutation unchanged and reaches the caller as thrown.
   */
  reserve?: (tx: DbTx) => Promise<void>;
  /** Runs last in the transaction that ends the mutation, with its outcome (the answer stored with the reservation). */
  record?: (tx: DbTx, outcome: MutationOutcome) => Promise<void>;
  /**
   * Server-side work that belongs to an applied mutation (the outreach email), run in its
   * database transaction after the writes: both commit, or neither.
   */
  alsoInTransaction?: (tx: DbTx, applied: { args: unknown; actor: Actor }) => Promise<void>;
}

/** What `reserve` threw, carried out of the transaction untouched. */
class ReserveRefused extends Error {
  constructor(readonly reason: unknown) {
    super('reserve refused');
  }
}
const reserveIn = async (tx: DbTx, reserve: RunMutationOptions<AnyMutator>['reserve']) => {
  if (!reserve) return;
  try {
    await reserve(tx);
  } catch (reason) {
    throw new ReserveRefused(reason);
  }
};

/**
 * Authorizes, validates and runs one mutator in one database transaction. Refusals change
 * nothing; a mutator saying no (`{ ok: false }`) or failing validation writes nothing but
 * records the client's mutation id as processed, so the client does not push it forever.
 */
export async function runMutation<M extends AnyMutator>(options: RunMutationOptions<M>): Promise<MutationOutcome> {
  const { db, workspaceId, memberId, mutator, clientID, mutationID } = options;
  const clock = options.now ?? (() => new Date());
  const tracked = clientID !== undefined && mutationID !== undefined;
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
    const { member, client } = options.creatorFunnelId
      ? { member: await creatorActor(tx, workspaceId, options.creatorFunnelId), client: null }
      : options.apiKeyId
        ? { member: await apiKeyActor(tx, workspaceId, options.apiKeyId, options.apiKeyRole), client: tracked ? await clientOf(tx, workspaceId, clientID) : null }
        : await memberActor(tx, workspaceId, memberId, tracked ? clientID : undefined);
    const allowed = options.creatorFunnelId ? authorizeCreator(member, mutator.permission) : authorizeMember(member, mutator.permission);
    if (!allowed.ok) return { status: 'forbidden', error: allowed.error } satisfies MutationOutcome;

    if (tracked && client) {
      if (client.memberId !== memberId) return { status: 'forbidden', error: 'This client belongs to another member' } satisfies MutationOutcome;
      if (mutationID <= client.lastMutationId) return { status: 'skipped', version: base, lastMutationID: client.lastMutationId } satisfies MutationOutcome;
    }
    // Checked above: the client is this member's and `mutationID` is past its last, so the upsert records `mutationID`.
    const processed = tracked ? { lastMutationID: mutationID } : {};
    const markProcessed = () => (tracked ? recordClientMutation(tx, workspaceId, clientID, memberId, mutationID, clock()) : Promise.resolve());

    // Validating, running and writing a large mutation (an import) are each long stretches of
    // work in this thread: other requests get a turn between them (server/slices.ts). Not for
    // an ordinary mutation: a turn taken while holding the workspace lock makes every other
    // writer of the workspace wait longer.
    const bulk = longListOf(mutator.args as v.GenericSchema, options.args) !== undefined;
    const breathe = () => (bulk ? yieldToEventLoop() : Promise.resolve());
    await breathe();
    const parsed = await parseInSlices(mutator.args as v.GenericSchema, options.args);
    if (!parsed.success) {
      await markProcessed();
      const problem = describeIssues(parsed.issues);
      return { status: 'invalid', error: problem.message, field: problem.field, ...processed } satisfies MutationOutcome;
    }

    const actor: Actor = {
      id: member!.id,
      name: member!.name,
      role: member!.role,
      permissions: member!.permissions,
      ...(options.creatorFunnelId ? { creatorOf: options.creatorFunnelId } : {}),
    };
    const serverTx = createServerTx(tx, workspaceId, actor, { meta, clock, lockedVersion: base });
    await breathe();
    await serverTx.preload(mutator.reads(parsed.output));
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
      return { status: 'rejected', error: result.error, ...(result.problem ? { problem: result.problem } : {}), version: base, ...processed } satisfies MutationOutcome;
    }
    await options.beforeCommit?.(tx, parsed.output);
    await breathe();
    // The client's mutation id goes in the same statement as the record writes.
    const committed = await serverTx.commit(tracked ? [recordClientMutation(tx, workspaceId, clientID, memberId, mutationID, clock())] : []);
    if (options.alsoInTransaction) await options.alsoInTransaction(tx, { args: parsed.output, actor });
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

interface ClientRow {
  memberId: string;
  lastMutationId: number;
}

/** The member as stored and, when `clientID` is given, that client's row (one statement). */
async function memberActor(tx: DbTx, workspaceId: string, memberId: string, clientID?: string) {
  const cm = t.clientMutations;
  const [row] = await tx
    .select({ member: t.members, clientMemberId: cm.memberId, lastMutationId: cm.lastMutationId })
    .from(t.members)
    .leftJoin(cm, and(eq(cm.workspaceId, t.members.workspaceId), eq(cm.clientId, clientID ?? '')))
    .where(and(eq(t.members.workspaceId, workspaceId), eq(t.members.id, memberId)));
  if (!row) return { member: null, client: null };
  const m = row.member;
  const client: ClientRow | null = clientID && row.clientMemberId !== null && row.lastMutationId !== null ? { memberId: row.clientMemberId, lastMutationId: row.lastMutationId } : null;
  return { member: { id: m.id, name: m.name, role: m.role, status: m.status, permissions: permissionsOf(m) }, client };
}

async function clientOf(tx: DbTx, workspaceId: string, clientID: string): Promise<ClientRow | null> {
  const [row] = await tx
    .select({ memberId: t.clientMutations.memberId, lastMutationId: t.clientMutations.lastMutationId })
    .from(t.clientMutations)
    .where(and(eq(t.clientMutations.workspaceId, workspaceId), eq(t.clientMutations.clientId, clientID)));
  return row ?? null;
}

/** An API key acts as a member of its role, named by its last four characters in the activity log. */
async function apiKeyActor(tx: DbTx, workspaceId: string, keyId: string, lower?: Role) {
  const [row] = await tx
    .select()
    .from(t.apiKeys)
    .where(and(eq(t.apiKeys.workspaceId, workspaceId), eq(t.apiKeys.id, keyId), isNull(t.apiKeys.revokedAt)));
  if (!row) return null;
  // ROLES runs from most to least allowed: the later of the two wins.
  const role = lower && ROLES.indexOf(lower) > ROLES.indexOf(row.role) ? lower : row.role;
  return { id: row.id, name: apiKeyLabel(row.lastFour), role, status: 'Active' as const, permissions: apiKeyPermissions(role) };
}

/**
 * A creator acts in their own name, with no role of the workspace (a Viewer's, so no member
 * rule ever lets them through) and only on the funnel their link opens.
 */
async function creatorActor(tx: DbTx, workspaceId: string, funnelId: string) {
  const [row] = await tx
    .select({ name: t.funnels.creatorName })
    .from(t.funnels)
    .where(and(eq(t.funnels.workspaceId, workspaceId), eq(t.funnels.id, funnelId)));
  if (!row) return null;
  return { id: `creator:${funnelId}`, name: row.name, role: 'Viewer' as const, status: 'Active' as const, permissions: apiKeyPermissions('Viewer') };
}

function authorizeCreator(creator: { status: string } | null, rule: { kind: string }) {
  if (!creator) return { ok: false as const, error: 'This link has ended' };
  if (rule.kind !== 'creator') return { ok: false as const, error: 'A creator can only answer on their portal' };
  return { ok: true as const };
}

function recordClientMutation(tx: DbTx, workspaceId: string, clientId: string, memberId: string, mutationId: number, now: Date) {
  return tx
    .insert(t.clientMutations)
    .values({ workspaceId, clientId, memberId, lastMutationId: mutationId, updatedAt: now })
    .onConflictDoUpdate({
      target: [t.clientMutations.workspaceId, t.clientMutations.clientId],
      set: { lastMutationId: mutationId, updatedAt: now },
      // Never move backwards, never take over another member's client id.
      setWhere: and(sql`${t.clientMutations.lastMutationId} < ${mutationId}`, eq(t.clientMutations.memberId, memberId)),
    });
}

function randomSeed() {
  return globalThis.crypto.randomUUID().replace(/-/g, '').slice(0, 16);
}

/** Runs server-side writes (team routes) through the same transaction machinery as mutators. */
export async function withServerTx<T>(
  db: Database,
  workspaceId: string,
  actor: Actor | null,
  options: ServerTxOptions & { reads?: readonly ReadSpec[] },
  fn: (tx: ServerTx, dbTx: DbTx) => Promise<T>,
): Promise<{ value: T; version: number }> {
  return db.transaction(async (dbTx) => {
    const serverTx = createServerTx(dbTx, workspaceId, actor, options);
    await serverTx.preload(options.reads ?? []);
    const value = await fn(serverTx, dbTx);
    const { version } = await serverTx.commit();
    return { value, version };
  });
}
