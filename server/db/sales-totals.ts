// Attributed sales kept as daily totals per funnel (sales_daily): every order write moves them,
// in its own transaction, by what it changed (the orders' contributions before, taken away, and
// after, added: lib/domain/results.ts), so the totals always equal the stored sales.
import { and, eq, inArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { salesDelta, type saleContribution } from '../../lib/domain/results';
import type { Order } from '../../lib/domain/types';
import type { Executor } from './client';
import * as t from './schema';

export type SaleFields = Parameters<typeof saleContribution>[0];

const saleColumns = {
  id: t.orders.id,
  kind: t.orders.kind,
  attribution: t.orders.attribution,
  createdAt: t.orders.createdAt,
  subtotal: t.orders.subtotal,
  status: t.orders.status,
  refunds: t.orders.refunds,
};

const asSale = (row: { kind: string; attribution: Order['attribution'] | null; createdAt: string; subtotal: number; status: string; refunds: Order['refunds'] | null }): SaleFields => ({
  kind: row.kind as Order['kind'],
  attribution: row.attribution ?? undefined,
  createdAt: row.createdAt,
  subtotal: row.subtotal,
  status: row.status as Order['status'],
  refunds: row.refunds ?? undefined,
});

/** The stored order rows with these ids, as they are before the write (read under the workspace lock). */
export async function salesBefore(tx: Executor, workspaceId: string, ids: readonly string[]): Promise<SaleFields[]> {
  const out: SaleFields[] = [];
  for (let i = 0; i < ids.length; i += 1000) {
    const rows = await tx
      .select(saleColumns)
      .from(t.orders)
      .where(and(eq(t.orders.workspaceId, workspaceId), inArray(t.orders.id, ids.slice(i, i + 1000)), eq(t.orders.kind, 'sale')));
    out.push(...rows.map(asSale));
  }
  return out;
}

/** A built statement as a wrapper for a statement of several (see below). */
const wrapped = (statement: SQL): SQLWrapper => ({ getSQL: () => statement });

/**
 * The statements that move the kept daily sales totals by what a write changed: the funnels'
 * rows (sales_daily) and, by the same amounts summed per day, the workspace's rows
 * (results_workspace_daily). None when the write changed no sale.
 */
export function salesTotalsStatements(tx: Executor, workspaceId: string, before: readonly SaleFields[], after: readonly SaleFields[]): SQLWrapper[] {
  const delta = salesDelta(before, after);
  if (delta.length === 0) return [];
  const funnels = tx
    .insert(t.salesDaily)
    .values(delta.map((row) => ({ workspaceId, funnelId: row.funnelId, day: row.day, orders: row.orders, revenueCents: row.revenueCents })))
    .onConflictDoUpdate({
      target: [t.salesDaily.workspaceId, t.salesDaily.funnelId, t.salesDaily.day],
      set: { orders: sql`${t.salesDaily.orders} + excluded.orders`, revenueCents: sql`${t.salesDaily.revenueCents} + excluded.revenue_cents` },
    })
    .getSQL();
  // A wrapper, not the builder (a builder is a promise: awaiting one runs it), nor bare SQL
  // (inside a statement of several it needs its parentheses, which a wrapper gets).
  const out = [wrapped(funnels)];
  const days = new Map<string, { orders: number; revenueCents: number }>();
  for (const row of delta) {
    const day = days.get(row.day) ?? { orders: 0, revenueCents: 0 };
    day.orders += row.orders;
    day.revenueCents += row.revenueCents;
    days.set(row.day, day);
  }
  // A sale moved from one funnel to another on its day moves nothing for the workspace.
  const moved = [...days].filter(([, d]) => d.orders !== 0 || d.revenueCents !== 0);
  if (moved.length) out.push(wrapped(workspaceTotalsInsert(tx, workspaceId, moved)));
  return out;
}

function workspaceTotalsInsert(tx: Executor, workspaceId: string, days: readonly [string, { orders: number; revenueCents: number }][]): SQL {
  const w = t.resultsWorkspaceDaily;
  return tx
    .insert(w)
    .values(days.map(([day, d]) => ({ workspaceId, day, clicks: 0, visitors: 0, orders: d.orders, revenueCents: d.revenueCents })))
    .onConflictDoUpdate({ target: [w.workspaceId, w.day], set: { orders: sql`${w.orders} + excluded.orders`, revenueCents: sql`${w.revenueCents} + excluded.revenue_cents` } })
    .getSQL();
}

export const KEEP_SALES_TOTALS = 'sales-daily-totals';

/** Counts the attributed sales stored before the totals were kept; once per database, in one transaction. */
export async function keepSalesTotals(db: Executor): Promise<number> {
  const [done] = await db.select({ name: t.dataMigrations.name }).from(t.dataMigrations).where(eq(t.dataMigrations.name, KEEP_SALES_TOTALS));
  if (done) return 0;
  return db.transaction(async (tx) => {
    await tx.delete(t.salesDaily);
    const rows = await tx
      .select({ workspaceId: t.orders.workspaceId, ...saleColumns })
      .from(t.orders)
      .where(and(eq(t.orders.kind, 'sale'), sql`${t.orders.attribution} is not null`));
    const byWorkspace = new Map<string, SaleFields[]>();
    for (const row of rows) byWorkspace.set(row.workspaceId, [...(byWorkspace.get(row.workspaceId) ?? []), asSale(row)]);
    for (const [workspaceId, sales] of byWorkspace) {
      for (const statement of salesTotalsStatements(tx, workspaceId, [], sales)) await tx.execute(statement.getSQL());
    }
    await tx.insert(t.dataMigrations).values({ name: KEEP_SALES_TOTALS }).onConflictDoNothing();
    return rows.length;
  });
}


export const KEEP_WORKSPACE_TOTALS = 'workspace-daily-totals';

/**
 * Counts the workspace-wide daily totals from the per-funnel rows kept before them; once per
 * database, in one transaction (after keepSalesTotals, whose rows it sums).
 */
export async function keepWorkspaceTotals(db: Executor): Promise<number> {
  const [done] = await db.select({ name: t.dataMigrations.name }).from(t.dataMigrations).where(eq(t.dataMigrations.name, KEEP_WORKSPACE_TOTALS));
  if (done) return 0;
  return db.transaction(async (tx) => {
    await tx.delete(t.resultsWorkspaceDaily);
    const result = await tx.execute(sql`
      insert into results_workspace_daily (workspace_id, day, clicks, visitors, orders, revenue_cents)
      select workspace_id, day, sum(clicks)::int, sum(visitors)::int, sum(orders)::int, sum(revenue_cents)::bigint from (
        select workspace_id, day, clicks, visitors, 0 as orders, 0::bigint as revenue_cents from link_clicks
        union all
        select workspace_id, day, 0, 0, orders, revenue_cents from sales_daily
      ) measured group by workspace_id, day`);
    await tx.insert(t.dataMigrations).values({ name: KEEP_WORKSPACE_TOTALS }).onConflictDoNothing();
    return (result as { affectedRows?: number; rowCount?: number }).rowCount ?? (result as { affectedRows?: number }).affectedRows ?? 0;
  });
}
