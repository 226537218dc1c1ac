// A period's measured results over HTTP on PGlite and PostgreSQL: GET /results/totals answers
// each funnel's clicks and attributed sales for the period, and the workspace's by day, from
// daily totals kept in the transaction of every
// order write (a sale made, cancelled, refunded or re-attributed moves them by exactly that).
// GET /results/months answers the same kept sales per funnel and month (commission, the ledger).
// Workspace-scoped; a Viewer with viewAnalytics reads them; a member without it, or a stranger, can't.
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { periodTotalsOf, salesDaysOf, type PeriodTotals } from '../../lib/domain/results';
import { loadRecords } from '../../server/db/records';
import { keepSalesTotals } from '../../server/db/sales-totals';
import * as t from '../../server/db/schema';
import { periodTotals } from '../../server/results/totals';
import { DB_KINDS, json, startServer, type Client, type TestServer } from './harness';

type Totals = PeriodTotals & { from: string; to: string };

const address = { line1: '1 Main St', city: 'Austin', state: 'TX', postalCode: '78701', country: 'US' };

describe.each(DB_KINDS)('results totals on %s', (kind) => {
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
  const totals = async (client: Client, from = today, to = today) => json<Totals>(await client.get(`/results/totals?from=${from}&to=${to}`));
  const sarah = async (client: Client = viewer) => (await totals(client)).funnels.find((d) => d.funnelId === 'CR12345');
  const sale = async (code: string, price: number, quantity = 1) => {
    const pushed = await owner.push('orders.create', { draft: { source: 'API', customerName: 'Ann Buyer', customerEmail: 'ann@buyer.test', shippingAddress: address, items: [{ sku: 'SKU-001', quantity, price }] }, attribution: { code } });
    expect(pushed.status, pushed.response.body + server.logs.filter((l) => l.includes("\"level\":50")).join("\n")).toBe(200);
  };
  const gift = async (creatorId: string) => {
    const pushed = await owner.push('orders.create', { draft: { source: 'Manual', customerName: 'Sarah Johnson', customerEmail: 'sarah@creator.test', shippingAddress: address, items: [{ sku: 'SKU-001', quantity: 1 }], creatorId } });
    expect(pushed.status).toBe(200);
  };
  const stored = async () => (await loadRecords(db(), 'acme', 'orders')).map((r) => r.record);

  it('counts a click and an attributed sale on the day they happen, for a Viewer too', async () => {
    expect(await sarah()).toBeUndefined();
    await server.client().get('/r/SARAHJSTYLE?w=acme', { 'user-agent': 'Test/1' });
    await sale('sarahjstyle', 40, 2);
    expect(await sarah()).toEqual({ funnelId: 'CR12345', clicks: 1, visitors: 1, orders: 1, revenue: 80 });
    expect((await totals(owner)).days).toEqual([{ day: today, clicks: 1, visitors: 1, orders: 1, revenue: 80 }]);
  });

  it('a sale for no code, or a gift, adds nothing; a cancelled sale takes back exactly what it added', async () => {
    await sale('NOSUCHCODE', 999);
    await gift('CR12345');
    expect(await sarah()).toMatchObject({ orders: 1, revenue: 80 });
    await sale('SARAHJSTYLE', 12.5);
    expect(await sarah()).toMatchObject({ orders: 2, revenue: 92.5 });
    const second = (await stored()).find((o) => o.kind === 'sale' && o.subtotal === 12.5)!;
    expect((await owner.push('orders.changeStatus', { id: second.id, status: 'Canceled' })).status).toBe(200);
    expect(await sarah()).toMatchObject({ clicks: 1, orders: 1, revenue: 80 });
  });

  it('the kept totals equal the stored sales counted again, also when counted from scratch', async () => {
    const counted = periodTotalsOf(salesDaysOf(await stored()), today, today);
    const salesOnly = (p: PeriodTotals) => p.funnels.filter((f) => f.orders || f.revenue).map(({ funnelId, orders, revenue }) => ({ funnelId, orders, revenue }));
    const kept = await totals(owner);
    expect(salesOnly(kept)).toEqual(salesOnly(counted));
    expect(kept.days.map((d) => d.revenue)).toEqual(counted.days.map((d) => d.revenue));
    // A database from before the totals were kept counts its stored sales once, at start-up.
    await db().delete(t.dataMigrations).where(eq(t.dataMigrations.name, 'sales-daily-totals'));
    expect(await keepSalesTotals(db())).toBeGreaterThanOrEqual(2);
    expect(salesOnly(await periodTotals(db(), 'acme', today, today))).toEqual(salesOnly(kept));
  });

  it('is scoped to the workspace: another workspace sees none of it, a signed-out caller is asked to sign in', async () => {
    const stranger = await server.signIn('globexOwner');
    expect(await totals(stranger)).toEqual({ from: today, to: today, funnels: [], days: [] });
    const signedOut = await server.client().get(`/results/totals?from=${today}&to=${today}`);
    expect(signedOut.statusCode).toBe(401);
  });

  it('refuses a member without viewAnalytics, and a malformed or reversed period, with a reason', async () => {
    await db().update(t.members).set({ viewAnalytics: false }).where(and(eq(t.members.workspaceId, 'acme'), eq(t.members.id, 'tm_viewer')));
    const refused = await viewer.get(`/results/totals?from=${today}&to=${today}`);
    expect(refused.statusCode).toBe(403);
    expect(json(refused)).toEqual({ error: 'You do not have permission to view analytics' });
    await db().update(t.members).set({ viewAnalytics: true }).where(and(eq(t.members.workspaceId, 'acme'), eq(t.members.id, 'tm_viewer')));
    for (const query of ['from=2026-13-01&to=2026-12-01', 'from=yesterday&to=today', 'to=2026-01-01']) expect((await owner.get(`/results/totals?${query}`)).statusCode, query).toBe(400);
    expect(json(await owner.get('/results/totals?from=2026-02-01&to=2026-01-01'))).toEqual({ error: 'from must be on or before to', field: 'from' });
    expect((await owner.get('/results/totals?from=2020-01-01&to=2026-01-01')).statusCode).toBe(400);
  });

  it('answers the attributed sales per funnel and month for a Viewer, of one funnel when asked, and nothing of another workspace', async () => {
    const month = today.slice(0, 7);
    const months = async (client: Client, query: string) => json<{ from: string; to: string; months: { funnelId: string; month: string; orders: number; netSales: number }[] }>(await client.get(`/results/months?${query}`));
    const answer = await months(viewer, `from=${month}&to=${month}`);
    const kept = await sarah(owner);
    expect(answer.months.find((m) => m.funnelId === 'CR12345')).toEqual({ funnelId: 'CR12345', month, orders: kept!.orders, netSales: kept!.revenue });
    expect((await months(viewer, `from=${month}&to=${month}&funnelId=CR12345`)).months.map((m) => m.funnelId)).toEqual(['CR12345']);
    expect((await months(viewer, `from=${month}&to=${month}&funnelId=NOPE`)).months).toEqual([]);
    expect(await months(await server.signIn('globexOwner'), `from=${month}&to=${month}`)).toEqual({ from: month, to: month, months: [] });
    expect((await server.client().get(`/results/months?from=${month}&to=${month}`)).statusCode).toBe(401);
  });

  it('refuses the monthly totals without viewAnalytics, and a malformed, reversed or too long range, with a reason', async () => {
    await db().update(t.members).set({ viewAnalytics: false }).where(and(eq(t.members.workspaceId, 'acme'), eq(t.members.id, 'tm_viewer')));
    const refused = await viewer.get('/results/months?from=2026-01&to=2026-02');
    expect(refused.statusCode).toBe(403);
    expect(json(refused)).toEqual({ error: 'You do not have permission to view analytics' });
    await db().update(t.members).set({ viewAnalytics: true }).where(and(eq(t.members.workspaceId, 'acme'), eq(t.members.id, 'tm_viewer')));
    for (const query of ['from=2026-13&to=2026-12', 'from=2026-01-01&to=2026-02', 'to=2026-01', 'from=2026-01&to=2026-02&funnelId=']) {
      const bad = await owner.get(`/results/months?${query}`);
      expect(bad.statusCode, query).toBe(400);
      expect(json<{ error: string }>(bad).error, query).toMatch(/\w/);
    }
    expect(json(await owner.get('/results/months?from=2026-02&to=2026-01'))).toEqual({ error: 'The first month must not be after the last', field: 'to' });
    expect(json(await owner.get('/results/months?from=2016-01&to=2026-01'))).toEqual({ error: 'A period covers at most 120 months', field: 'to' });
    expect((await owner.get('/results/months?from=2016-02&to=2026-01')).statusCode).toBe(200);
  });

  it('reads a period from the kept day rows fast: 2,000 funnels × 30 days of clicks and sales', async () => {
    const rows = sql`select 'acme', 'F' || f, to_char(date '2026-06-01' + d, 'YYYY-MM-DD') from generate_series(0, 1999) f, generate_series(0, 29) d`;
    await db().execute(sql`insert into link_clicks (workspace_id, funnel_id, day, clicks, visitors) select r.*, 5, 4 from (${rows}) r`);
    await db().execute(sql`insert into sales_daily (workspace_id, funnel_id, day, orders, revenue_cents) select r.*, 1, 2500 from (${rows}) r`);
    const started = performance.now();
    const answer = await totals(owner, '2026-06-01', '2026-06-30');
    const elapsed = performance.now() - started;
    expect(answer.funnels).toHaveLength(2000);
    expect(answer.funnels[0]).toEqual({ funnelId: 'F0', clicks: 150, visitors: 120, orders: 30, revenue: 750 });
    expect(answer.days).toHaveLength(30);
    expect(answer.days[0]).toEqual({ day: '2026-06-01', clicks: 10_000, visitors: 8000, orders: 2000, revenue: 50_000 });
    // Another workspace's rows are never read.
    expect((await totals(await server.signIn('globexOwner'), '2026-06-01', '2026-06-30')).funnels).toEqual([]);
    console.info(`results totals on ${kind}: 60,000 funnel-days of clicks and 60,000 of sales read in ${Math.round(elapsed)} ms`);
    const monthsStarted = performance.now();
    const byMonth = json<{ months: { funnelId: string; month: string; orders: number; netSales: number }[] }>(await owner.get('/results/months?from=2026-06&to=2026-06'));
    const monthsElapsed = performance.now() - monthsStarted;
    expect(byMonth.months).toHaveLength(2000);
    expect(byMonth.months[0]).toEqual({ funnelId: 'F0', month: '2026-06', orders: 30, netSales: 750 });
    console.info(`results months on ${kind}: 60,000 funnel-days of sales read by month in ${Math.round(monthsElapsed)} ms`);
  });
});
