// A period's overall figures over HTTP on PGlite and PostgreSQL: GET /results/overall answers the
// workspace's totals per day from its own kept rows (results_workspace_daily), moved in the same
// transaction and by the same amounts as the per-funnel rows (sales_daily, link_clicks). Checked
// here: after clicks, sales, cancellations, re-attribution and refunds (generated sequences of
// them, fast-check), the workspace's rows equal its funnels' rows summed per day; another
// workspace is never counted; counted once at start-up from the funnels' rows; bad input refused.
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PeriodTotals } from '../../lib/domain/results';
import type { Executor } from '../../server/db/client';
import { keepWorkspaceTotals, salesTotalsStatements, type SaleFields } from '../../server/db/sales-totals';
import * as t from '../../server/db/schema';
import { loadRecords } from '../../server/db/records';
import { DB_KINDS, json, startServer, type Client, type TestServer } from './harness';

type Overall = { from: string; to: string; days: PeriodTotals['days'] };
const address = { line1: '1 Main St', city: 'Austin', state: 'TX', postalCode: '78701', country: 'US' };

/** The workspace's kept rows, and its funnels' rows summed per day (clicks and sales), all days. */
async function bothWays(db: Executor, workspaceId: string) {
  const kept = await db.execute(sql`
    select day, clicks, visitors, orders, revenue_cents::bigint as revenue_cents from results_workspace_daily
    where workspace_id = ${workspaceId} and (clicks <> 0 or visitors <> 0 or orders <> 0 or revenue_cents <> 0) order by day`);
  const summed = await db.execute(sql`
    select day, sum(clicks)::int as clicks, sum(visitors)::int as visitors, sum(orders)::int as orders, sum(revenue_cents)::bigint as revenue_cents from (
      select day, clicks, visitors, 0 as orders, 0::bigint as revenue_cents from link_clicks where workspace_id = ${workspaceId}
      union all
      select day, 0, 0, orders, revenue_cents from sales_daily where workspace_id = ${workspaceId}
    ) measured group by day having sum(clicks) <> 0 or sum(visitors) <> 0 or sum(orders) <> 0 or sum(revenue_cents) <> 0 order by day`);
  const plain = (rows: unknown) => (rows as { rows: Record<string, unknown>[] }).rows.map((r) => ({ day: String(r.day), clicks: Number(r.clicks), visitors: Number(r.visitors), orders: Number(r.orders), revenueCents: Number(r.revenue_cents) }));
  return { kept: plain(kept), summed: plain(summed) };
}

describe.each(DB_KINDS)('overall results on %s', (kind) => {
  let server: TestServer;
  let owner: Client;
  let viewer: Client;
  let today: string;

  beforeAll(async () => {
    server = await startServer(kind, { limits: { perAddress: { max: 1000, windowMs: 60_000 } } });
    owner = await server.signIn('owner');
    viewer = await server.signIn('viewer');
    today = server.clock.now().toISOString().slice(0, 10);
  });
  afterAll(async () => {
    await server?.close();
  });

  const db = () => server.db.handle.db;
  const overall = async (client: Client, from = today, to = today) => json<Overall>(await client.get(`/results/overall?from=${from}&to=${to}`));
  const sale = async (code: string, price: number) => {
    const pushed = await owner.push('orders.create', { draft: { source: 'API', customerName: 'Ann Buyer', customerEmail: 'ann@buyer.test', shippingAddress: address, items: [{ sku: 'SKU-001', quantity: 1, price }] }, attribution: { code } });
    expect(pushed.status).toBe(200);
  };
  const sales = async () => (await loadRecords(db(), 'acme', 'orders')).map((r) => r.record).filter((o) => o.kind === 'sale' && o.attribution);

  it('answers the day a click and sales happen, equal to the funnels summed, after a cancellation and a re-attribution too', async () => {
    expect(await overall(viewer)).toEqual({ from: today, to: today, days: [] });
    await server.client().get('/r/SARAHJSTYLE?w=acme', { 'user-agent': 'Test/1' });
    await server.client().get('/r/SARAHJSTYLE?w=acme', { 'user-agent': 'Test/1' });
    await sale('SARAHJSTYLE', 40);
    await sale('SARAHJSTYLE', 12.5);
    expect((await overall(viewer)).days).toEqual([{ day: today, clicks: 2, visitors: 1, orders: 2, revenue: 52.5 }]);
    const second = (await sales()).find((o) => o.subtotal === 12.5)!;
    expect((await owner.push('orders.changeStatus', { id: second.id, status: 'Canceled' })).status).toBe(200);
    expect((await overall(owner)).days).toEqual([{ day: today, clicks: 2, visitors: 1, orders: 1, revenue: 40 }]);
    const first = (await sales()).find((o) => o.subtotal === 40)!;
    const other = (await loadRecords(db(), 'acme', 'funnels')).map((r) => r.record).find((f) => f.id !== first.attribution!.funnelId)!;
    // Moved to another funnel: the funnels' rows change, the workspace's day does not.
    expect((await owner.push('orders.setAttribution', { id: first.id, funnelId: other.id })).status).toBe(200);
    expect((await overall(owner)).days).toEqual([{ day: today, clicks: 2, visitors: 1, orders: 1, revenue: 40 }]);
    expect((await owner.push('orders.setAttribution', { id: first.id, funnelId: null })).status).toBe(200);
    expect((await overall(owner)).days).toEqual([{ day: today, clicks: 2, visitors: 1, orders: 0, revenue: 0 }]);
    const { kept, summed } = await bothWays(db(), 'acme');
    expect(kept).toEqual(summed);
    // The overall read and the per-funnel read agree.
    const totals = json<PeriodTotals>(await owner.get(`/results/totals?from=${today}&to=${today}`));
    expect((await overall(owner)).days).toEqual(totals.days);
  });

  it('keeps the workspace rows equal to the funnel rows summed under any sequence of sales, refunds, cancellations and re-attributions', async () => {
    const funnels = ['PF1', 'PF2', 'PF3'];
    const day = fc.constantFrom('2026-03-01', '2026-03-02', '2026-04-15');
    const saleOf = fc.record({
      funnel: fc.option(fc.constantFrom(...funnels), { nil: undefined }),
      day,
      cents: fc.integer({ min: 0, max: 100_000 }),
      status: fc.constantFrom('Pending', 'Canceled'),
      refunds: fc.array(fc.integer({ min: 0, max: 120_000 }), { maxLength: 3 }),
    });
    const asSale = (s: { funnel?: string; day: string; cents: number; status: string; refunds: number[] }): SaleFields => ({
      kind: 'sale',
      attribution: s.funnel ? { funnelId: s.funnel, code: s.funnel, handle: s.funnel, rule: 'code' } : undefined,
      createdAt: `${s.day}T12:00:00.000Z`,
      subtotal: s.cents / 100,
      status: s.status as SaleFields['status'],
      refunds: s.refunds.map((amount, k) => ({ id: `r${k}`, amount: amount / 100 })),
    });
    // Each step writes one order from what it was to what it becomes (made, changed, refunded, moved).
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(fc.nat(3), saleOf), { minLength: 1, maxLength: 12 }), async (steps) => {
        const ws = 'globex';
        await db().execute(sql`delete from sales_daily where workspace_id = ${ws}`);
        await db().execute(sql`delete from results_workspace_daily where workspace_id = ${ws}`);
        const orders: (SaleFields | null)[] = [null, null, null, null];
        for (const [slot, next] of steps) {
          const before = orders[slot];
          const after = asSale(next);
          for (const statement of salesTotalsStatements(db(), ws, before ? [before] : [], [after])) await db().execute(statement.getSQL());
          orders[slot] = after;
        }
        const { kept, summed } = await bothWays(db(), ws);
        expect(kept).toEqual(summed);
      }),
      { numRuns: 25 },
    );
    await db().execute(sql`delete from sales_daily where workspace_id = 'globex'`);
    await db().execute(sql`delete from results_workspace_daily where workspace_id = 'globex'`);
  });

  it('never counts another workspace, and a signed-out caller is asked to sign in', async () => {
    const stranger = await server.signIn('globexOwner');
    expect(await overall(stranger)).toEqual({ from: today, to: today, days: [] });
    expect((await overall(owner)).days).toHaveLength(1);
    expect((await server.client().get(`/results/overall?from=${today}&to=${today}`)).statusCode).toBe(401);
  });

  it('counts the workspace rows once at start-up from the funnels rows kept before them', async () => {
    await db().execute(sql`insert into link_clicks (workspace_id, funnel_id, day, clicks, visitors) values ('acme', 'OLD1', '2025-01-02', 7, 5), ('acme', 'OLD2', '2025-01-02', 3, 2)`);
    await db().execute(sql`insert into sales_daily (workspace_id, funnel_id, day, orders, revenue_cents) values ('acme', 'OLD1', '2025-01-02', 2, 4550), ('globex', 'OLD9', '2025-01-02', 9, 900)`);
    await db().delete(t.dataMigrations).where(eq(t.dataMigrations.name, 'workspace-daily-totals'));
    expect(await keepWorkspaceTotals(db())).toBeGreaterThanOrEqual(2);
    expect(await keepWorkspaceTotals(db())).toBe(0);
    expect((await overall(owner, '2025-01-01', '2025-01-31')).days).toEqual([{ day: '2025-01-02', clicks: 10, visitors: 7, orders: 2, revenue: 45.5 }]);
    for (const ws of ['acme', 'globex']) {
      const { kept, summed } = await bothWays(db(), ws);
      expect(kept).toEqual(summed);
    }
  });

  it('refuses a member without viewAnalytics, and a malformed, reversed or too long period, with a reason', async () => {
    await db().update(t.members).set({ viewAnalytics: false }).where(eq(t.members.id, 'tm_viewer'));
    const refused = await viewer.get(`/results/overall?from=${today}&to=${today}`);
    expect(refused.statusCode).toBe(403);
    expect(json(refused)).toEqual({ error: 'You do not have permission to view analytics' });
    await db().update(t.members).set({ viewAnalytics: true }).where(eq(t.members.id, 'tm_viewer'));
    for (const query of ['from=2026-13-01&to=2026-12-01', 'from=yesterday&to=today', 'to=2026-01-01', 'from=2026-01-01']) {
      const bad = await owner.get(`/results/overall?${query}`);
      expect(bad.statusCode, query).toBe(400);
      expect(json<{ error: string }>(bad).error, query).toMatch(/\w/);
    }
    expect(json(await owner.get('/results/overall?from=2026-02-01&to=2026-01-01'))).toEqual({ error: 'from must be on or before to', field: 'from' });
    expect(json(await owner.get('/results/overall?from=2020-01-01&to=2026-01-01'))).toEqual({ error: 'A read covers at most 800 days', field: 'to' });
  });
});
