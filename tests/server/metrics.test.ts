// GET /metrics: off (401) without a token, 401 without the right bearer, and with it the
// Prometheus text format (checked by Debian's promtool and parsed here), whose counters and
// histograms move with the work they count: requests by route pattern and status, pushes,
// pulls and mutations by outcome, open event streams, the webhook outbox, the database pool
// and query time (PostgreSQL), the event loop and memory.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_TIME } from './fixture';
import { DB_KINDS, startServer, type TestServer } from './harness';
import { listenOnLoopback, openStream, MOVING_STEP, pushLive, registerWebhookLive, signInLive } from './http-live';

const TOKEN = 'metrics-token-for-the-tests-0123456789';

/** The samples of a text-format scrape: `name{labels}` → value (labels as written, sorted by the exporter). */
function parse(text: string): Map<string, number> {
  const samples = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*(?:\{.*\})?) (\S+)$/.exec(line);
    if (!match) throw new Error(`Not a sample line: ${line}`);
    samples.set(match[1], Number(match[2]));
  }
  return samples;
}

const meta = (seed: string) => ({ now: SEED_TIME.toISOString(), idSeed: seed });

describe('metrics are off without a token', () => {
  it('answers 401 to everyone', async () => {
    const server = await startServer('pglite');
    try {
      const response = await server.client().get('/metrics', { authorization: `Bearer ${TOKEN}` });
      expect(response.statusCode).toBe(401);
      expect(JSON.parse(response.body)).toEqual({ error: 'Metrics are off: set CREATORFLOW_METRICS_TOKEN to read them' });
    } finally {
      await server.close();
    }
  });
});

describe.each(DB_KINDS)('metrics on %s', (kind) => {
  let server: TestServer;
  let base: string;
  beforeAll(async () => {
    server = await startServer(kind, { metricsToken: TOKEN, webhooks: { deliverEveryMs: false, allowLoopback: true } });
    base = await listenOnLoopback(server.app);
  });
  afterAll(async () => {
    await server?.close();
  });
  const scrape = async () => {
    const response = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    return response.text();
  };

  it('refuses a scrape without the token or with another, with 401', async () => {
    for (const headers of [{}, { authorization: 'Bearer not-the-token' }, { authorization: TOKEN }] as Record<string, string>[]) {
      const response = await fetch(`${base}/metrics`, { headers });
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toBe('Bearer realm="metrics"');
      expect(await response.text()).not.toContain('creatorflow_');
    }
  });

  it('moves the counters and histograms with the work they count, in a format promtool accepts', async () => {
    const before = parse(await scrape());
    const owner = await signInLive(base, 'owner');
    const editor = await signInLive(base, 'editor');
    const stream = await openStream(owner);
    await stream.until((text) => text.includes(': connected'));
    await registerWebhookLive(owner);
    const pushed = await pushLive(editor, 'metrics-client', [
      { id: 1, name: 'inventory.setQuantity', args: { id: 'inv_2', quantity: 12 }, meta: meta('mt1') },
      { id: 2, ...MOVING_STEP, meta: meta('mt2') },
      { id: 3, name: 'no.suchChange', args: {}, meta: meta('mt3') },
    ]);
    expect(pushed.status).toBe(200);
    const pulled = await fetch(`${base}/sync/pull?since=0&clientID=metrics-client`, { headers: { cookie: editor.cookie } });
    expect(pulled.status).toBe(200);
    await pulled.arrayBuffer();

    const text = await scrape();
    stream.close();
    const after = parse(text);
    const moved = (name: string) => (after.get(name) ?? 0) - (before.get(name) ?? 0);
    expect(moved('creatorflow_http_request_duration_seconds_count{method="POST",route="/sync/push",status="200"}')).toBe(1);
    expect(moved('creatorflow_http_request_duration_seconds_count{method="GET",route="/sync/pull",status="200"}')).toBe(1);
    expect(moved('creatorflow_http_request_duration_seconds_count{method="POST",route="/auth/signin",status="200"}')).toBe(2);
    // Never the raw URL: no query string, no id, in any label.
    expect(text).not.toContain('since=');
    expect(moved('creatorflow_sync_pushes_total{outcome="ok"}')).toBe(1);
    expect(moved('creatorflow_sync_pulls_total{outcome="ok"}')).toBe(1);
    expect(moved('creatorflow_sync_mutations_total{name="inventory.setQuantity",outcome="applied"}')).toBe(1);
    expect(moved('creatorflow_sync_mutations_total{name="funnels.saveStep",outcome="applied"}')).toBe(1);
    expect(moved('creatorflow_sync_mutations_total{name="(unknown)",outcome="rejected"}')).toBe(1);
    expect(after.get('creatorflow_sync_event_streams_open')).toBe(1);
    // The saved step queued one webhook event; nothing delivers it here (the worker is off).
    expect(after.get('creatorflow_outbox_pending{outbox="webhooks"}')).toBe(1);
    expect(after.get('creatorflow_outbox_pending{outbox="mail"}')).toBeGreaterThanOrEqual(0);
    expect(after.get('creatorflow_outbox_oldest_pending_age_seconds{outbox="webhooks"}')).toBeGreaterThanOrEqual(0);
    expect(after.get('creatorflow_outbox_scrape_errors')).toBe(0);
    expect(after.get('creatorflow_nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(after.get('creatorflow_process_resident_memory_bytes')).toBeGreaterThan(0);
    if (kind === 'postgres') {
      expect(after.get('creatorflow_db_pool_connections{state="max"}')).toBe(4);
      expect(moved('creatorflow_db_query_duration_seconds_count')).toBeGreaterThan(5);
    } else expect(text).not.toContain('creatorflow_db_pool_connections');

    const promtool = '/usr/bin/promtool';
    expect(existsSync(promtool), 'Debian\'s prometheus package provides promtool').toBe(true);
    const checked = spawnSync(promtool, ['check', 'metrics'], { input: text, encoding: 'utf8' });
    // Its only remarks are lint on three of prom-client's own default gauges (named *_total);
    // a text it could not parse would be said as an error.
    const remarks = `${checked.stdout}${checked.stderr}`.split('\n').filter(Boolean);
    expect(remarks.filter((line) => !/^creatorflow_nodejs_active_(handles|requests|resources)_total non-counter metrics should not have "_total" suffix$/.test(line))).toEqual([]);
    expect(checked.error).toBeUndefined();
  });
});
