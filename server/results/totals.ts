// A period's measured results per funnel and per day, as browsers read them: the clicks the tracking
// links counted and the attributed sales, both kept as daily totals (link_clicks, sales_daily),
// so the read touches the period's day rows of one workspace, never every sale or click.
// The sales totals change in the transaction of each order write (server/db/sales-totals.ts).
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { validateMonthRange, type FunnelMonthSales } from '../../lib/domain/commission';
import { refusedInput } from '../../lib/domain/types';
import type { Measured, PeriodTotals } from '../../lib/domain/results';
import { toDollars } from '../../lib/domain/sales';
import { signedIn } from '../http/auth';
import type { ValibotTypeProvider } from '../http/valibot';
import { HttpError, type ServerContext } from '../context';
import type { Executor } from '../db/client';

type Row = { funnel_id: string | null; day: string | null; clicks: number; visitors: number; orders: number; revenue_cents: string | number };
const measured = (row: Row) => ({ clicks: Number(row.clicks), visitors: Number(row.visitors), orders: Number(row.orders), revenue: toDollars(Number(row.revenue_cents)) });

/**
 * A workspace's measured totals from `from` to `to` (UTC days, both included): per funnel, and
 * per day: one aggregate over the period's day rows (link_clicks, sales_daily), found by their
 * (workspace, day) indexes.
 */
export async function periodTotals(db: Executor, workspaceId: string, from: string, to: string): Promise<PeriodTotals> {
  // One pass over the period's rows, summed both ways (by funnel, and by day).
  const result = await db.execute(sql`
    select funnel_id, day, sum(clicks)::int as clicks, sum(visitors)::int as visitors, sum(orders)::int as orders, sum(revenue_cents)::bigint as revenue_cents from (
      select funnel_id, day, clicks, visitors, 0 as orders, 0::bigint as revenue_cents from link_clicks where workspace_id = ${workspaceId} and day >= ${from} and day <= ${to}
      union all
      select funnel_id, day, 0, 0, orders, revenue_cents from sales_daily where workspace_id = ${workspaceId} and day >= ${from} and day <= ${to}
    ) measured group by grouping sets ((funnel_id), (day))
    having sum(clicks) <> 0 or sum(orders) <> 0 or sum(revenue_cents) <> 0
    order by funnel_id, day`);
  const rows = (result as { rows: Row[] }).rows;
  const out: PeriodTotals = { funnels: [], days: [] };
  for (const row of rows) {
    if (row.funnel_id !== null) out.funnels.push({ funnelId: row.funnel_id, ...measured(row) });
    else if (row.day !== null) out.days.push({ day: row.day, ...measured(row) });
  }
  return out;
}

/**
 * A workspace's overall measured totals for each day from `from` to `to` (UTC days, both
 * included) that has any: its kept workspace rows (results_workspace_daily), one a day, found by
 * their primary key, so the read costs the same with ten funnels or a hundred thousand.
 */
export async function overallDayTotals(db: Executor, workspaceId: string, from: string, to: string): Promise<PeriodTotals['days']> {
  const result = await db.execute(sql`
    select day, clicks, visitors, orders, revenue_cents from results_workspace_daily
    where workspace_id = ${workspaceId} and day >= ${from} and day <= ${to} and (clicks <> 0 or orders <> 0 or revenue_cents <> 0)
    order by day`);
  return (result as { rows: Omit<Row, 'funnel_id'>[] }).rows.map((row) => ({ day: String(row.day), ...measured({ ...row, funnel_id: null }) }));
}

/**
 * A workspace's attributed sales per funnel and UTC month from `from` to `to` (yyyy-MM, both
 * included), summed from the months' day rows of sales_daily, found by its (workspace, day)
 * index, or by its (workspace, funnel, day) key for one funnel. Months with nothing are left out.
 */
export async function monthTotals(db: Executor, workspaceId: string, from: string, to: string, funnelId?: string): Promise<FunnelMonthSales[]> {
  const oneFunnel = funnelId === undefined ? sql`` : sql` and funnel_id = ${funnelId}`;
  const result = await db.execute(sql`
    select funnel_id, substr(day, 1, 7) as month, sum(orders)::int as orders, sum(revenue_cents)::bigint as revenue_cents
    from sales_daily where workspace_id = ${workspaceId}${oneFunnel} and day >= ${`${from}-01`} and day <= ${`${to}-31`}
    group by funnel_id, substr(day, 1, 7)
    having sum(orders) <> 0 or sum(revenue_cents) <> 0
    order by funnel_id, month`);
  return (result as { rows: { funnel_id: string; month: string; orders: number; revenue_cents: string | number }[] }).rows.map((row) => ({
    funnelId: row.funnel_id,
    month: row.month,
    orders: Number(row.orders),
    netSales: toDollars(Number(row.revenue_cents)),
  }));
}

const DAY = v.pipe(v.string('from and to are days, yyyy-MM-dd'), v.isoDate('from and to are days, yyyy-MM-dd'));
const totalsQuery = v.object({ from: DAY, to: DAY });
/** At most this many days in one read (a little over two years). */
export const MAX_RESULTS_DAYS = 800;

const measuredSchema = { clicks: v.number(), visitors: v.number(), orders: v.number(), revenue: v.number() };
const totalsAnswer = v.object({
  from: v.string(),
  to: v.string(),
  funnels: v.array(v.object({ funnelId: v.string(), ...measuredSchema })),
  days: v.array(v.object({ day: v.string(), ...measuredSchema })),
});

const overallAnswer = v.object({ from: v.string(), to: v.string(), days: v.array(v.object({ day: v.string(), ...measuredSchema })) });

/** A read of a period's daily totals: the member may view analytics, and `from`..`to` is a valid span of days. */
function periodRead(request: FastifyRequest, query: { from: string; to: string }) {
  const session = signedIn(request);
  if (!session.member.viewAnalytics) throw new HttpError(403, 'You do not have permission to view analytics');
  const { from, to } = query;
  const span = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;
  if (!(span >= 0)) throw new HttpError(400, 'from must be on or before to', 'from');
  if (span > MAX_RESULTS_DAYS) throw new HttpError(400, `A read covers at most ${MAX_RESULTS_DAYS} days`, 'to');
  return { workspaceId: session.workspace.id, from, to };
}

const MONTH = v.pipe(v.string('from and to are months, yyyy-MM'), v.regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'from and to are months, yyyy-MM'));
const monthsQuery = v.object({ from: MONTH, to: MONTH, funnelId: v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(200))) });
const monthsAnswer = v.object({
  from: v.string(),
  to: v.string(),
  months: v.array(v.object({ funnelId: v.string(), month: v.string(), orders: v.number(), netSales: v.number() })),
});

export async function resultsTotalsRoutes(fastify: FastifyInstance, options: { ctx: ServerContext }) {
  const app = fastify.withTypeProvider<ValibotTypeProvider>();
  const { ctx } = options;
  /** The signed-in member's workspace's daily totals from `from` to `to` (both included), per funnel and per day; a member without viewAnalytics is refused. */
  app.get(
    '/results/totals',
    { schema: { querystring: totalsQuery, response: { 200: totalsAnswer } }, config: { auth: 'member' } },
    async (request) => {
      const { workspaceId, from, to } = periodRead(request, request.query);
      return { from, to, ...(await periodTotals(ctx.db, workspaceId, from, to)) };
    },
  );
  /** The same period's overall totals per day only, from the workspace's own day rows: what Analytics paints first. */
  app.get(
    '/results/overall',
    { schema: { querystring: totalsQuery, response: { 200: overallAnswer } }, config: { auth: 'member' } },
    async (request) => {
      const { workspaceId, from, to } = periodRead(request, request.query);
      return { from, to, days: await overallDayTotals(ctx.db, workspaceId, from, to) };
    },
  );
  /**
   * The signed-in member's workspace's attributed sales per funnel and month from `from` to `to`
   * (yyyy-MM, both included, at most ten years), optionally of one funnel: what
   * commission, the creator ledger and the export of what is owed are computed from.
   */
  app.get(
    '/results/months',
    { schema: { querystring: monthsQuery, response: { 200: monthsAnswer } }, config: { auth: 'member' } },
    async (request) => {
      const session = signedIn(request);
      if (!session.member.viewAnalytics) throw new HttpError(403, 'You do not have permission to view analytics');
      const { from, to, funnelId } = request.query;
      const range = validateMonthRange({ from, to });
      if (!range.ok) throw new HttpError(400, range.error, refusedInput(range));
      return { from, to, months: await monthTotals(ctx.db, session.workspace.id, from, to, funnelId) };
    },
  );
}

/** Measured totals of each of `funnelIds` over all time, from their kept day rows (the primary keys' workspace-and-funnel prefix). */
export async function funnelAllTimeTotals(db: Executor, workspaceId: string, funnelIds: readonly string[]): Promise<Map<string, Measured>> {
  const out = new Map<string, Measured>();
  if (funnelIds.length === 0) return out;
  const ids = sql.join(
    funnelIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const result = await db.execute(sql`
    select funnel_id, null as day, sum(clicks)::int as clicks, sum(visitors)::int as visitors, sum(orders)::int as orders, sum(revenue_cents)::bigint as revenue_cents from (
      select funnel_id, clicks, visitors, 0 as orders, 0::bigint as revenue_cents from link_clicks where workspace_id = ${workspaceId} and funnel_id in (${ids})
      union all
      select funnel_id, 0, 0, orders, revenue_cents from sales_daily where workspace_id = ${workspaceId} and funnel_id in (${ids})
    ) measured group by funnel_id`);
  for (const row of (result as { rows: Row[] }).rows) if (row.funnel_id !== null) out.set(row.funnel_id, measured(row));
  return out;
}

/** One funnel's measured totals for each UTC day from `from` to `to` (both included) that has any. */
export async function funnelDayTotals(db: Executor, workspaceId: string, funnelId: string, from: string, to: string): Promise<Map<string, Measured>> {
  const result = await db.execute(sql`
    select null as funnel_id, day, sum(clicks)::int as clicks, sum(visitors)::int as visitors, sum(orders)::int as orders, sum(revenue_cents)::bigint as revenue_cents from (
      select day, clicks, visitors, 0 as orders, 0::bigint as revenue_cents from link_clicks where workspace_id = ${workspaceId} and funnel_id = ${funnelId} and day >= ${from} and day <= ${to}
      union all
      select day, 0, 0, orders, revenue_cents from sales_daily where workspace_id = ${workspaceId} and funnel_id = ${funnelId} and day >= ${from} and day <= ${to}
    ) measured group by day`);
  const out = new Map<string, Measured>();
  for (const row of (result as { rows: Row[] }).rows) if (row.day !== null) out.set(String(row.day), measured(row));
  return out;
}
