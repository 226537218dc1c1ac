// deploy/grafana-dashboard.json queries only what /metrics exposes: every metric name in its
// expressions is one a server on PostgreSQL (which adds the pool and query-time series) lists
// in its scrape, a histogram's _bucket, _sum and _count included; and every label a panel
// groups by is one those series carry.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from './harness';
import { SEED_TIME } from './fixture';
import { listenOnLoopback, pushLive, signInLive } from './http-live';

const TOKEN = 'dashboard-metrics-token-0123456789abcdef';

interface Dashboard {
  panels: { id: number; title: string; targets: { expr: string }[] }[];
  templating: { list: { name: string; query?: unknown }[] };
}

const dashboard = JSON.parse(readFileSync(new URL('../../deploy/grafana-dashboard.json', import.meta.url), 'utf8')) as Dashboard;
const expressions = [
  ...dashboard.panels.flatMap((panel) => panel.targets.map((target) => target.expr)),
  ...dashboard.templating.list.flatMap((variable) => (variable.query && typeof variable.query === 'object' ? [(variable.query as { query: string }).query] : [])),
];

describe('the Grafana dashboard', () => {
  let server: TestServer;
  let scrape: string;
  beforeAll(async () => {
    server = await startServer('postgres', { metricsToken: TOKEN });
    const base = await listenOnLoopback(server.app);
    // Some work first, so the labelled series have samples: a sign-in, a push, a pull.
    const editor = await signInLive(base, 'editor');
    const pushed = await pushLive(editor, 'dashboard-client', [{ id: 1, name: 'inventory.setQuantity', args: { id: 'inv_2', quantity: 3 }, meta: { now: SEED_TIME.toISOString(), idSeed: 'gd1' } }]);
    expect(pushed.status).toBe(200);
    const pulled = await fetch(`${base}/sync/pull?since=0&clientID=dashboard-client`, { headers: { cookie: editor.cookie } });
    expect(pulled.status).toBe(200);
    await pulled.arrayBuffer();
    const response = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(response.status).toBe(200);
    scrape = await response.text();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('queries only metric names /metrics exposes', () => {
    const exposed = new Set<string>();
    for (const [, name, type] of scrape.matchAll(/^# TYPE (\S+) (\S+)$/gm)) {
      exposed.add(name);
      if (type === 'histogram') for (const suffix of ['_bucket', '_sum', '_count']) exposed.add(name + suffix);
    }
    expect(exposed.has('creatorflow_db_pool_connections')).toBe(true);
    const queried = new Set(expressions.flatMap((expr) => expr.match(/\bcreatorflow_[a-z0-9_]+/g) ?? []));
    expect(queried.size).toBeGreaterThanOrEqual(12);
    expect([...queried].filter((name) => !exposed.has(name))).toEqual([]);
  });

  it('groups only by labels those series carry, in panels with distinct ids and at least one query each', () => {
    // Prometheus adds instance and job when it scrapes.
    const labels = new Set(['instance', 'job']);
    for (const [, list] of scrape.matchAll(/^creatorflow_[a-z0-9_]+\{([^}]*)\}/gm)) for (const [, label] of list.matchAll(/(\w+)="/g)) labels.add(label);
    const grouped = new Set(expressions.flatMap((expr) => [...expr.matchAll(/by \(([^)]*)\)/g)].flatMap(([, list]) => list.split(',').map((label) => label.trim()))));
    expect([...grouped].sort()).toEqual(expect.arrayContaining(['name', 'outbox', 'outcome', 'route', 'state']));
    expect([...grouped].filter((label) => !labels.has(label))).toEqual([]);
    expect(new Set(dashboard.panels.map((panel) => panel.id)).size).toBe(dashboard.panels.length);
    for (const panel of dashboard.panels) expect(panel.targets.length, panel.title).toBeGreaterThan(0);
  });
});
