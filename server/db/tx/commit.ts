// A server transaction's commit: every collected change written at version + 1 in as few
// statements as possible, with the webhook events and mail the change queues.
import { and, eq, inArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { RecordChange } from '../../../lib/domain/webhooks';
import { COLLECTION_NAMES, type CollectionName, type RecordOf } from '../../../lib/schema/names';
import { mapInSlices, yieldToEventLoop } from '../../slices';
import { enqueueForChanges } from '../../webhooks/outbox';
import type { Order } from '../../../lib/domain/types';
import { salesBefore, salesTotalsStatements, type SaleFields } from '../sales-totals';
import { RECORD_TABLES, RecordShapeError, recordToRow, type RecordRow, type TableCollection } from '../records';
import * as t from '../schema';
import { TxRejected, translateConstraintError } from './errors';
import { queueMailForChanges } from './queue-mail';
import { commitTeam } from './team';
import { positionsFor, recordDeletions } from './rows';
import { INLINE_POSITIONS, ROWS_PER_STATEMENT, WEBHOOK_SOURCES, ensureLocked, pendingWrites, singletonWrites as singletonWritesOf, type CommitResult, type Pending, type Staged } from './staged';

/**
 * Sends data-modifying statements as few as possible: each batch (up to ROWS_PER_STATEMENT rows
 * in all) is one statement, `WITH s0 AS (...), s1 AS (...) SELECT 1`, so a push that writes an
 * item and its activity entry costs one round trip under the workspace lock, not six. The
 * statements of a batch touch different rows (one upsert per table, the tombstones of other
 * ids, the version row, the client row), which PostgreSQL requires of data-modifying WITH.
 */
async function sendTogether(s: Staged, statements: readonly { query: SQLWrapper; rows: Record<string, unknown>[] }[]) {
  const { tx } = s;
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

export async function commit(s: Staged, also: readonly SQLWrapper[] = []): Promise<CommitResult> {
  const { tx, workspaceId, options, knownOf } = s;
  const writes = pendingWrites(s);
  const singletonWrites = singletonWritesOf(s);
  const base = await ensureLocked(s);
  const changed = [...writes.values()].some((m) => m.size > 0) || singletonWrites.size > 0;
  const extra = also.map((query) => ({ query, rows: [] }));
  if (!changed) {
    await sendTogether(s, extra);
    return { version: base, changed: false };
  }
  const next = base + 1;
  const statements: { query: SQLWrapper; rows: Record<string, unknown>[] }[] = [
    { query: tx.update(t.workspaceVersions).set({ version: next }).where(eq(t.workspaceVersions.workspaceId, workspaceId)), rows: [] },
  ];
  // The kept sales totals move by what this write changes, read before any row is written.
  for (const query of await salesTotalsOf(s, writes.get('orders'))) statements.push({ query, rows: [] });
  for (const c of COLLECTION_NAMES) {
    const pending = writes.get(c);
    if (!pending || pending.size === 0) continue;
    if (c === 'team') await commitTeam(s, pending, next);
    else statements.push(...(await tableWrites(s, c, pending, next)));
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
  await sendTogether(s, [...statements, ...extra]);
  // Webhook events of this change, queued in its own transaction (the outbox).
  const changes: RecordChange[] = [];
  for (const c of WEBHOOK_SOURCES) {
    for (const [id, change] of writes.get(c) ?? []) {
      if (change.kind === 'put') changes.push({ collection: c, before: knownOf(c).get(id)?.record, after: change.record });
    }
  }
  // Stock and order writes are frequent: say so only when a delivery was actually queued.
  const queued = changes.length ? await enqueueForChanges(tx, workspaceId, changes, options.clock?.() ?? new Date()) : 0;
  const queuedMail = await queueMailForChanges(s, writes);
  s.version = next;
  return { version: next, changed: true, queuedWebhooks: queued > 0, ...(queuedMail ? { queuedMail } : {}) };
}

/** The statements moving the kept daily sales totals by an order write (none when no sale changes). */
async function salesTotalsOf(s: Staged, pending: Map<string, Pending> | undefined) {
  if (!pending || pending.size === 0) return [];
  const after: SaleFields[] = [];
  for (const change of pending.values()) if (change.kind === 'put' && (change.record as Order).kind === 'sale') after.push(change.record as Order);
  const before = await salesBefore(s.tx, s.workspaceId, [...pending.keys()]);
  return salesTotalsStatements(s.tx, s.workspaceId, before, after);
}

/**
 * A collection's writes as statements for sendTogether: its upserts (ROWS_PER_STATEMENT rows
 * each) with the tombstones of the ids written again, then its deletions (sent at once: they
 * need the ids actually deleted).
 */
async function tableWrites(s: Staged, c: CollectionName, pending: Map<string, Pending>, next: number) {
  const { tx, workspaceId, knownOf } = s;
  const collection = c as TableCollection;
  const table = RECORD_TABLES[collection] as typeof t.funnels;
  const puts = [...pending].filter((entry): entry is [string, Pending & { kind: 'put' }] => entry[1].kind === 'put');
  const deletes = [...pending].filter(([, change]) => change.kind === 'delete').map(([id]) => id);
  const statements: { query: SQLWrapper; rows: Record<string, unknown>[] }[] = [];
  if (puts.length) {
    // A few new records (a push's activity entry) get their positions inside the write
    // statement; many (an import) from one read of the table's ends, not one per row.
    const fresh = puts.filter(([id]) => !knownOf(c).get(id)).length;
    const positions = fresh > INLINE_POSITIONS ? await positionsFor(s, c, puts) : null;
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
    await recordDeletions(s, c, gone.map((row) => row.id), next);
  }
  return statements;
}
