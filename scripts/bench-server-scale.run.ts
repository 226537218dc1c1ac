// npm run bench:server-scale: the team server at a brand's scale on PostgreSQL (127.0.0.1:5432,
// a fresh database): 100,000 funnels, 1,000,000 attributed sales and 5,000,000 clicks seeded in
// bulk with SQL, then Analytics' first figure (/results/overall for a year: the workspace's own
// day rows), its second read (/results/totals: per funnel) and its commission's (/results/months),
// a shop webhook one at
// a time and at 50 a second, and a /r/ redirect at 500 a second. Prints its figures with the load
// average; not part of npm test (it seeds for about two minutes).
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../tests/server/harness';

const SECRET = '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';
const ORDER = JSON.parse(readFileSync(new URL('../tests/server/fixtures/shopify-orders-create.json', import.meta.url), 'utf8')) as Record<string, unknown>;
const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.95)];

describe('scale', () => {
  let server: TestServer;
  let base = '';
  beforeAll(async () => {
    server = await startServer('postgres', { limits: { perAddress: { max: 1_000_000, windowMs: 60_000 } } });
    const owner = await server.signIn('owner');
    expect((await owner.request('PUT', '/integrations/shopify/signing-secret', { secret: SECRET })).statusCode).toBe(200);
    await owner.request('PUT', '/settings/shop-url', { url: 'https://shop.example.com' });
    const db = server.db.handle.db;
    const t0 = performance.now();
    await db.execute(sql.raw(`insert into funnels select 'acme', 'FB' || g, 1, 100000 + g, 'Bulk ' || g, '@bulk' || g, '', 'Brief', 'Tech', 'a', 0, 0, 'tm_1', '2026-01-01', false, 'Brief', 'Gifting', 'Instagram', 0, 0, 0, '2026-01-01', '2026-02-01', 0, '[]'::jsonb, null, null, null, null, null, null, null, null, null, 'BULK' || g, null, null from generate_series(1, 100000) g`));
    const tF = performance.now();
    await db.execute(sql.raw(`insert into orders (workspace_id, id, version, position, source, order_number, status, customer_email, customer_name, shipping_address, items, subtotal, tax, shipping, total, created_at, updated_at, history, tags, kind, attribution)
      select 'acme', 'ord_bulk_' || g, 1, -g - 10, 'Shopify', 'ORD-' || (100000 + g), 'New', 'buyer' || g || '@x.test', 'Buyer ' || g, '{"line1":"1","city":"A","state":"TX","postalCode":"1","country":"US"}'::jsonb, '[]'::jsonb, 20, 0, 0, 20,
        to_char(timestamp '2026-01-01' + (g % 300) * interval '1 day', 'YYYY-MM-DD"T"HH24:MI:SS.000"Z"'), '2026-01-01T00:00:00.000Z', '[]'::jsonb, '{}'::text[], 'sale',
        jsonb_build_object('funnelId', 'FB' || (g % 100000 + 1), 'code', 'BULK' || (g % 100000 + 1), 'handle', '@bulk' || (g % 100000 + 1), 'rule', 'code')
      from generate_series(1, 1000000) g`));
    const tO = performance.now();
    await db.execute(sql.raw(`insert into sales_daily select 'acme', 'FB' || (g % 100000 + 1), to_char(date '2026-01-01' + (g / 100000) * 30, 'YYYY-MM-DD'), 1, 2000 from generate_series(0, 999999) g on conflict do nothing`));
    await db.execute(sql.raw(`insert into link_clicks select 'acme', 'FB' || (g % 100000 + 1), to_char(date '2026-01-01' + (g / 100000) * 30, 'YYYY-MM-DD'), 5, 4 from generate_series(0, 999999) g on conflict do nothing`));
    // The workspace's own day rows: the funnels' rows summed per day, as start-up counts them.
    await db.execute(sql.raw(`insert into results_workspace_daily select workspace_id, day, sum(clicks)::int, sum(visitors)::int, sum(orders)::int, sum(revenue_cents)::bigint from (
      select workspace_id, day, clicks, visitors, 0 as orders, 0::bigint as revenue_cents from link_clicks union all select workspace_id, day, 0, 0, orders, revenue_cents from sales_daily
    ) m group by workspace_id, day on conflict do nothing`));
    await db.execute(sql.raw('analyze'));
    const tS = performance.now();
    console.info(`seeded: funnels ${Math.round(tF - t0)} ms, 1,000,000 sales ${Math.round(tO - tF)} ms, daily totals + 5,000,000 clicks ${Math.round(tS - tO)} ms; load ${loadavg().map((n) => n.toFixed(2)).join(' ')}`);
    base = await server.app.listen({ port: 0, host: '127.0.0.1' });
  }, 900_000);
  afterAll(async () => {
    await server?.close();
  });

  it('measures', async () => {
    const owner = await server.signIn('owner');
    // Analytics' first figure: a year of overall totals, from the workspace's day rows.
    const overall: number[] = [];
    let overallDays: unknown = null;
    for (let i = 0; i < 5; i++) {
      const s = performance.now();
      const r = await owner.get('/results/overall?from=2026-01-01&to=2026-12-31');
      expect(r.statusCode).toBe(200);
      overall.push(performance.now() - s);
      overallDays = (JSON.parse(r.body) as { days: unknown }).days;
    }
    // The commission's read (sales per funnel and month), which the Cost card waits for.
    const months: number[] = [];
    for (let i = 0; i < 3; i++) {
      const s = performance.now();
      const r = await owner.get('/results/months?from=2026-01&to=2026-12');
      expect(r.statusCode).toBe(200);
      months.push(performance.now() - s);
    }
    // The second read: a year of totals per funnel (and per day, which must agree with the first).
    const totals: number[] = [];
    for (let i = 0; i < 5; i++) {
      const s = performance.now();
      const r = await owner.get('/results/totals?from=2026-01-01&to=2026-12-31');
      expect(r.statusCode).toBe(200);
      totals.push(performance.now() - s);
      expect((JSON.parse(r.body) as { days: unknown }).days).toEqual(overallDays);
    }
    // Said now: the writes below may fail on a loaded machine, the reads' figures stand on their own.
    const median = (xs: number[]) => Math.round([...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]);
    console.info(
      `overall (first figure) first ${Math.round(overall[0])} ms, median ${median(overall)} ms; months (commission) first ${Math.round(months[0])} ms, median ${median(months)} ms; totals per funnel first ${Math.round(totals[0])} ms, median ${median(totals)} ms; load ${loadavg().map((n) => n.toFixed(2)).join(' ')}`,
    );
    // One at a time first: what a delivery costs with nothing queued.
    const serial: number[] = [];
    for (let i = 0; i < 20; i++) {
      const body = JSON.stringify({ ...ORDER, id: 6_000_000 + i, admin_graphql_api_id: `gid://shopify/Order/${6_000_000 + i}`, name: `#T${i}`, discount_codes: [{ code: `bulk${i + 1}`, amount: '0.00', type: 'percentage' }] });
      const sig = createHmac('sha256', SECRET).update(body, 'utf8').digest('base64');
      const s = performance.now();
      const r = await fetch(`${base}/integrations/shopify/webhooks/acme`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-shopify-hmac-sha256': sig, 'x-shopify-topic': 'orders/create', 'x-shopify-webhook-id': `serial-${i}` }, body });
      await r.text();
      serial.push(performance.now() - s);
    }
    const plan = await server.db.handle.db.execute(sql.raw(`explain analyze select id from orders where workspace_id = 'acme' and order_number ~ '^ORD-[0-9]+$' order by length(ltrim(substring(order_number from 5), '0')) desc, (ltrim(substring(order_number from 5), '0') collate "C") desc limit 1`));
    console.info(`serial webhook median ${Math.round([...serial].sort((a, b) => a - b)[10])} ms, max ${Math.round(Math.max(...serial))} ms; highest order number plan:\n${(plan as { rows: { 'QUERY PLAN': string }[] }).rows.map((r) => r['QUERY PLAN']).join('\n')}`);
    // Shop webhooks at 50/s for 10 s.
    const hooks: number[] = [];
    const sends: Promise<void>[] = [];
    for (let i = 0; i < 500; i++) {
      const body = JSON.stringify({ ...ORDER, id: 5_000_000 + i, admin_graphql_api_id: `gid://shopify/Order/${5_000_000 + i}`, name: `#S${i}`, discount_codes: [{ code: `bulk${(i % 1000) + 1}`, amount: '0.00', type: 'percentage' }] });
      const sig = createHmac('sha256', SECRET).update(body, 'utf8').digest('base64');
      sends.push(
        (async () => {
          const s = performance.now();
          const r = await fetch(`${base}/integrations/shopify/webhooks/acme`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-shopify-hmac-sha256': sig, 'x-shopify-topic': 'orders/create', 'x-shopify-webhook-id': `scale-${i}` }, body });
          await r.text();
          expect(r.status).toBe(200);
          hooks.push(performance.now() - s);
        })(),
      );
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await Promise.all(sends);
    // Redirects at 500/s for 4 s.
    const redirects: number[] = [];
    const rs: Promise<void>[] = [];
    for (let i = 0; i < 2000; i++) {
      rs.push(
        (async () => {
          const s = performance.now();
          const r = await fetch(`${base}/r/BULK${(i % 100000) + 1}?w=acme`, { redirect: 'manual', headers: { 'user-agent': `b${i % 50}` } });
          await r.text();
          redirects.push(performance.now() - s);
        })(),
      );
      if (i % 10 === 9) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await Promise.all(rs);
    console.info(
      `totals first ${Math.round(totals[0])} ms, median ${Math.round([...totals].sort((a, b) => a - b)[2])} ms; webhook p95 ${Math.round(p95(hooks))} ms (median ${Math.round([...hooks].sort((a, b) => a - b)[250])}); redirect p95 ${p95(redirects).toFixed(1)} ms; load ${loadavg().map((n) => n.toFixed(2)).join(' ')}`,
    );
  }, 900_000);
});
