// A funnel's code, tracking link and measured results on the public API, over real HTTP (a
// listening server, the typed client creatorflow/client) on PGlite and PostgreSQL: clicks made
// on /r/<code> and sales made through the API show on the funnel (all time) and day by day on
// /performance; a cancelled sale leaves them; a Viewer key gets no totals and a 403 from
// /performance; another workspace's funnel is a 404; a backwards or too long range is a 422
// naming its field, a malformed day a 400. Every answer is checked against the OpenAPI document.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../lib/client';
import { DAY, DB_KINDS, json, startServer, type Exchange, type TestServer } from './harness';
import { answerProblems } from './openapi-answers';

const FUNNEL = 'CR12345';
const ADDRESS = { line1: '1 Main St', city: 'Austin', state: 'TX', postalCode: '78701', country: 'US' };

describe.each(DB_KINDS)('funnel results on the API on %s', (kind) => {
  let server: TestServer;
  let baseUrl = '';
  const keys = { Editor: '', Viewer: '', globex: '' };
  /** Every /api/v1 answer received over HTTP, for the OpenAPI check. */
  const exchanges: Exchange[] = [];

  /** A fetch that records each answer as it arrived. */
  const recording: typeof fetch = async (input, init) => {
    const request = new Request(input, init);
    const response = await fetch(request);
    const body = await response.clone().text();
    const url = new URL(request.url);
    exchanges.push({ method: request.method as Exchange['method'], url: url.pathname + url.search, status: response.status, headers: Object.fromEntries(response.headers), body });
    return response;
  };
  const client = (who: keyof typeof keys) => createClient({ baseUrl, apiKey: keys[who], fetch: recording, sleep: async () => {} });
  const dayByDay = (who: keyof typeof keys, query: Record<string, string>, id = FUNNEL) =>
    client(who).GET('/api/v1/funnels/{id}/performance', { params: { path: { id }, query } });
  const click = async (code: string) => {
    const response = await fetch(`${baseUrl}/r/${code}?w=acme`, { redirect: 'manual' });
    expect(response.status).toBe(200); // No shop URL set: the plain page, and the click counted.
  };

  beforeAll(async () => {
    server = await startServer(kind, { limits: { perAddress: { max: 1000, windowMs: 60_000 } }, webhooks: { deliverEveryMs: false } });
    baseUrl = await server.app.listen({ port: 0, host: '127.0.0.1' });
    const owner = await server.signIn('owner');
    keys.Editor = json<{ secret: string }>(await owner.post('/developer/keys', { role: 'Editor' })).secret;
    keys.Viewer = json<{ secret: string }>(await owner.post('/developer/keys', { role: 'Viewer' })).secret;
    keys.globex = json<{ secret: string }>(await (await server.signIn('globexOwner')).post('/developer/keys', { role: 'Admin' })).secret;
  });
  afterAll(async () => {
    await server?.close();
  });

  it('shows the code, the link and the clicks and sales measured, all time and day by day', async () => {
    const day1 = server.clock.now().toISOString().slice(0, 10);
    const before = await client('Editor').GET('/api/v1/funnels/{id}', { params: { path: { id: FUNNEL } } });
    expect(before.data).toMatchObject({ discountCode: 'SARAHJSTYLE', results: { period: 'all_time', clicks: 0, visitors: 0, orders: 0, revenue: 0 } });
    expect(before.data!.trackingUrl).toMatch(/^https?:\/\/[^/]+\/r\/SARAHJSTYLE\?w=acme$/);

    await click('SARAHJSTYLE');
    await click('sarahjstyle');
    const sale = await client('Editor').POST('/api/v1/orders', {
      body: { customerName: 'Pat Buyer', customerEmail: 'pat@buyer.test', shippingAddress: ADDRESS, items: [{ sku: 'SKU-001', quantity: 2, price: 19.99 }], attribution: { code: 'SarahJStyle' } },
    });
    expect(sale.data).toMatchObject({ kind: 'sale', subtotal: 39.98, attribution: { funnelId: FUNNEL, code: 'SARAHJSTYLE', rule: 'code' } });
    server.clock.advance(DAY);
    const day2 = server.clock.now().toISOString().slice(0, 10);
    await click('SARAHJSTYLE');

    const funnel = await client('Editor').GET('/api/v1/funnels/{id}', { params: { path: { id: FUNNEL } } });
    expect(funnel.data!.results).toEqual({ period: 'all_time', clicks: 3, visitors: 2, orders: 1, revenue: 39.98 });
    const listed = await client('Editor').GET('/api/v1/funnels', { params: { query: { limit: 100 } } });
    expect(listed.data!.funnels.find((f) => f.id === FUNNEL)!.results).toEqual(funnel.data!.results);

    const byDay = await dayByDay('Editor', { from: day1, to: day2 });
    expect(byDay.data).toEqual({
      funnelId: FUNNEL,
      from: day1,
      to: day2,
      days: [
        { day: day1, clicks: 2, visitors: 1, orders: 1, revenue: 39.98 },
        { day: day2, clicks: 1, visitors: 1, orders: 0, revenue: 0 },
      ],
      totals: { clicks: 3, visitors: 2, orders: 1, revenue: 39.98 },
    });
    // No range: the last 30 days, today included, every day listed.
    const recent = await dayByDay('Editor', {});
    expect(recent.data!.days).toHaveLength(30);
    expect(recent.data!.to).toBe(day2);
    expect(recent.data!.totals).toEqual({ clicks: 3, visitors: 2, orders: 1, revenue: 39.98 });

    // Cancelled, the sale counts for nothing: the day's totals say so.
    expect((await client('Editor').PATCH('/api/v1/orders/{id}', { params: { path: { id: sale.data!.id } }, body: { status: 'Canceled' } })).response.status).toBe(200);
    expect((await dayByDay('Editor', { from: day1, to: day1 })).data!.days).toEqual([{ day: day1, clicks: 2, visitors: 1, orders: 0, revenue: 0 }]);
  });

  it('refuses a Viewer key, another workspace, an unknown funnel and a bad range, each with its reason', async () => {
    const viewerFunnel = await client('Viewer').GET('/api/v1/funnels/{id}', { params: { path: { id: FUNNEL } } });
    expect(viewerFunnel.data).toMatchObject({ discountCode: 'SARAHJSTYLE', results: null });
    // A funnel only Acme has (a new one: ids are per workspace, and Globex has a CR12345 of its own).
    const acmeOnly = (await client('Editor').POST('/api/v1/creators', { body: { name: 'Only Acme', handle: '@onlyacme' } })).data!;
    expect(acmeOnly).toMatchObject({ discountCode: 'ONLYACME', results: { period: 'all_time', clicks: 0, orders: 0, revenue: 0 } });
    const cases: [keyof typeof keys, Record<string, string>, string, number, string, string | undefined][] = [
      ['Viewer', { from: '2026-03-01', to: '2026-03-02' }, FUNNEL, 403, 'This key’s role may not view analytics: use an Admin or Editor key', undefined],
      ['globex', { from: '2026-03-01', to: '2026-03-02' }, acmeOnly.id, 404, `No funnel ${acmeOnly.id}`, undefined],
      ['Editor', { from: '2026-03-01', to: '2026-03-02' }, 'CR00000', 404, 'No funnel CR00000', undefined],
      ['Editor', { from: '2026-03-05', to: '2026-03-02' }, FUNNEL, 422, 'from must be on or before to', 'from'],
      ['Editor', { from: '2025-03-01', to: '2026-03-02' }, FUNNEL, 422, 'A range covers at most 366 days', 'to'],
      ['Editor', { from: '2026-3-1' }, FUNNEL, 400, 'from must be a day, yyyy-MM-dd', 'from'],
      ['Editor', { to: '2026-02-30' }, FUNNEL, 400, 'to must be a day, yyyy-MM-dd', 'to'],
      ['Editor', { since: '2026-03-01' }, FUNNEL, 400, 'Unknown parameter since', undefined],
    ];
    for (const [who, query, id, status, message, field] of cases) {
      const answer = await dayByDay(who, query, id);
      expect([who, query, answer.response.status]).toEqual([who, query, status]);
      expect(answer.error).toMatchObject({ error: message, ...(field ? { field } : {}) });
    }
    // A range of exactly 366 days is answered.
    expect((await dayByDay('Editor', { from: '2025-03-02', to: '2026-03-02' })).data!.days).toHaveLength(366);
  });

  it('reads a funnel’s own day rows only: a year of them among 73,000 others in each table, all time and day by day', async () => {
    const db = server.db.handle.db;
    // 200 other funnels × 365 days of clicks and sales, and a year of Mike Chen's.
    const others = sql`select 'acme', 'F' || f, to_char(date '2025-01-01' + d, 'YYYY-MM-DD') from generate_series(0, 199) f, generate_series(0, 364) d`;
    const mike = sql`select 'acme', 'CR12346', to_char(date '2025-01-01' + d, 'YYYY-MM-DD') from generate_series(0, 364) d`;
    for (const rows of [others, mike]) {
      await db.execute(sql`insert into link_clicks (workspace_id, funnel_id, day, clicks, visitors) select r.*, 5, 4 from (${rows}) r`);
      await db.execute(sql`insert into sales_daily (workspace_id, funnel_id, day, orders, revenue_cents) select r.*, 1, 2501 from (${rows}) r`);
    }
    // Statistics as autovacuum keeps them after a load this size: without them the planner reads
    // one funnel's year through the (workspace, day) index, every funnel's days (about 160 ms
    // here), rather than through the primary key's (workspace, funnel, day) (under 15 ms).
    await db.execute(sql`analyze link_clicks`);
    await db.execute(sql`analyze sales_daily`);
    let started = performance.now();
    const listed = await client('Editor').GET('/api/v1/funnels', { params: { query: { limit: 100 } } });
    const listMs = performance.now() - started;
    expect(listed.data!.funnels.find((f) => f.id === 'CR12346')!.results).toEqual({ period: 'all_time', clicks: 1825, visitors: 1460, orders: 365, revenue: 9128.65 });
    started = performance.now();
    const year = await dayByDay('Editor', { from: '2025-01-01', to: '2025-12-31' }, 'CR12346');
    const yearMs = performance.now() - started;
    expect(year.data!.days).toHaveLength(365);
    expect(year.data!.days[0]).toEqual({ day: '2025-01-01', clicks: 5, visitors: 4, orders: 1, revenue: 25.01 });
    expect(year.data!.totals).toEqual({ clicks: 1825, visitors: 1460, orders: 365, revenue: 9128.65 });
    console.info(`API funnel results on ${kind}, 73,000 other day rows of clicks and of sales: a page of ${listed.data!.funnels.length} funnels with totals in ${Math.round(listMs)} ms, a year by day in ${Math.round(yearMs)} ms`);
  }, 120_000);

  it('answers only as the OpenAPI document declares', async () => {
    const doc = json<Parameters<typeof answerProblems>[0]>(await server.client().get('/api/v1/openapi.json'));
    const { problems, checked } = answerProblems(doc, exchanges);
    expect(problems).toEqual([]);
    expect(checked).toBeGreaterThanOrEqual(18);
    expect(Object.keys(doc.paths)).toContain('/api/v1/funnels/{id}/performance');
  });
});
