// Attributed sales kept as daily totals per funnel (sales_daily): every order write moves them,
// in its own transaction, by what it changed (the orders' contributions before, taken away, and
// after, added: lib/domain/results.ts), so the totals always equal the stored sales.
import { and, eq, inArray, sql, type SQLWrapper } from 'drizzle-orm';
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

/** The statement that moves the kept daily sales totals by what a write changed, or null when it changed none. */
export function salesTotalsStatement(tx: Executor, workspaceId: string, before: readonly SaleFields[], after: readonly SaleFields[]): SQLWrapper | null {
  const delta = salesDelta(before, after);
  if (delta.length === 0) return null;
  const statement = tx
    .insert(t.salesDaily)
    .values(delta.map((row) => ({ workspaceId, funnelId: row.funnelId, day: row.day, orders: row.orders, revenueCents: row.revenueCents })))
    .onConflictDoUpdate({
      target: [t.salesDaily.workspaceId, t.salesDaily.funnelId, t.salesDaily.day],
      set: { orders: sql`${t.salesDaily.orders} + excluded.orders`, revenueCents: sql`${t.salesDaily.revenueCents} + excluded.revenue_cents` },
    })
    .getSQL();
  // A wrapper, not the builder (a builder is a promise: awaiting one runs it), nor bare SQL
  // (inside a statement of several it needs its parentheses, which a wrapper gets).
  return { getSQL: () => statement };
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
      const statement = salesTotalsStatement(tx, workspaceId, [], sales);
      if (statement) await tx.execute(statement.getSQL());
    }
    await tx.insert(t.dataMigrations).values({ name: KEEP_SALES_TOTALS }).onConflictDoNothing();
    return rows.length;
  });
}

