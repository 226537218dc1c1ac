// The Prometheus metrics (`GET /metrics`, prom-client's text format), for whoever runs the
// server: never public. Without CREATORFLOW_METRICS_TOKEN the route answers 401 to everyone;
// with it, only to a request without `Authorization: Bearer <token>`. Counted: each request's
// duration by route pattern (never the raw URL, which may hold a token) and status; pushes,
// pulls and mutations by name and outcome; open event streams; the outboxes' depth, age,
// retries and given-up rows; the database pool and query time; the process's event-loop lag
// and memory (prom-client's default metrics).
import { timingSafeEqual, createHash } from 'node:crypto';
import { and, count, eq, gt, min } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { mutationLabel } from './request-log';
import { SYNC_PATHS } from '../../lib/sync/protocol';
import type { DatabaseHandle } from '../db/client';
import * as t from '../db/schema';

export interface Metrics {
  registry: Registry;
  /** One mutation of a push, by name (unknown names pooled) and outcome. */
  mutation(name: string, outcome: string): void;
  /** An event stream opened; returns what counts it closed (once). */
  streamOpened(): () => void;
}

const sha = (text: string) => createHash('sha256').update(text).digest();

/** What the outcome of a sync request is called in the counters: ok, refused (4xx) or failed (5xx). */
const outcomeOf = (status: number) => (status < 400 ? 'ok' : status < 500 ? 'refused' : 'failed');

export function createMetrics(handle: DatabaseHandle, now: () => Date): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'creatorflow_' });
  const mutations = new Counter({ name: 'creatorflow_sync_mutations_total', help: 'Mutations run by pushes, by name and outcome', labelNames: ['name', 'outcome'], registers: [registry] });
  const streams = new Gauge({ name: 'creatorflow_sync_event_streams_open', help: 'Event streams open on this process', registers: [registry] });
  // Read once a scrape (every outbox gauge awaits the same read): small counts on indexed columns.
  const tables = { webhooks: t.webhookDeliveries, mail: t.mailOutbox } as const;
  type Snapshot = Record<keyof typeof tables, { pending: number; age: number; retrying: number; givenUp: number }> | null;
  let reading: Promise<Snapshot> | null = null;
  const readOutboxes = async (): Promise<Snapshot> => {
    const snapshot = {} as NonNullable<Snapshot>;
    for (const [label, table] of Object.entries(tables) as [keyof typeof tables, typeof t.mailOutbox][]) {
      const [pending] = await handle.db.select({ n: count(), oldest: min(table.createdAt) }).from(table).where(eq(table.status, 'pending'));
      const [retry] = await handle.db.select({ n: count() }).from(table).where(and(eq(table.status, 'pending'), gt(table.attempts, 0)));
      const [failed] = await handle.db.select({ n: count() }).from(table).where(eq(table.status, 'failed'));
      const oldest = pending?.oldest ? new Date(pending.oldest).getTime() : null;
      snapshot[label] = {
        pending: Number(pending?.n ?? 0),
        age: oldest === null ? 0 : Math.max(0, (now().getTime() - oldest) / 1000),
        retrying: Number(retry?.n ?? 0),
        givenUp: Number(failed?.n ?? 0),
      };
    }
    return snapshot;
  };
  const snapshot = () =>
    (reading ??= readOutboxes()
      .catch(() => null)
      .finally(() => (reading = null)));
  const outbox = (name: string, help: string, field: 'pending' | 'age' | 'retrying' | 'givenUp') =>
    new Gauge({
      name,
      help,
      labelNames: ['outbox'],
      registers: [registry],
      async collect() {
        const read = await snapshot();
        if (read) for (const label of Object.keys(tables) as (keyof typeof tables)[]) this.set({ outbox: label }, read[label][field]);
      },
    });
  outbox('creatorflow_outbox_pending', 'Rows waiting to be sent (webhooks, mail), claimed ones included', 'pending');
  outbox('creatorflow_outbox_oldest_pending_age_seconds', 'Age of the oldest row waiting to be sent', 'age');
  outbox('creatorflow_outbox_retrying', 'Rows waiting after at least one failed attempt', 'retrying');
  outbox('creatorflow_outbox_given_up', 'Rows given up after every retry failed', 'givenUp');
  new Gauge({
    name: 'creatorflow_outbox_scrape_errors',
    help: 'Whether the last scrape could not read the outboxes (1) or could (0)',
    registers: [registry],
    async collect() {
      this.set((await snapshot()) ? 0 : 1);
    },
  });
  if (handle.poolStats) {
    const stats = handle.poolStats;
    new Gauge({
      name: 'creatorflow_db_pool_connections',
      help: 'Database pool: connections by state (open, idle, max) and requests waiting for one',
      labelNames: ['state'],
      registers: [registry],
      collect() {
        const now = stats();
        for (const state of ['total', 'idle', 'waiting', 'max'] as const) this.set({ state }, now[state]);
      },
    });
  }
  if (handle.onQueryTime) {
    const queries = new Histogram({
      name: 'creatorflow_db_query_duration_seconds',
      help: 'Database query time (PostgreSQL)',
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      registers: [registry],
    });
    handle.onQueryTime((seconds) => queries.observe(seconds));
  }
  return {
    registry,
    mutation: (name, outcome) => mutations.inc({ name: mutationLabel(name), outcome }),
    streamOpened() {
      streams.inc();
      let open = true;
      return () => {
        if (open) streams.dec();
        open = false;
      };
    },
  };
}

/** Counts requests (duration by route and status; pushes and pulls by outcome) and serves /metrics. */
export function registerMetrics(app: FastifyInstance, metrics: Metrics | null, token: string | undefined) {
  const expected = token ? sha(token) : null;
  app.get('/metrics', { logLevel: 'warn', config: { auth: 'public' } }, async (request, reply) => {
    const given = /^Bearer (.+)$/i.exec(request.headers.authorization ?? '')?.[1];
    if (!metrics || !expected || !given || !timingSafeEqual(sha(given), expected)) {
      reply.header('www-authenticate', 'Bearer realm="metrics"');
      return reply.code(401).send({ error: expected ? 'A valid metrics token is needed' : 'Metrics are off: set CREATORFLOW_METRICS_TOKEN to read them' });
    }
    reply.header('content-type', metrics.registry.contentType).header('cache-control', 'no-store');
    return metrics.registry.metrics();
  });
  if (!metrics) return;
  const { registry } = metrics;
  const durations = new Histogram({
    name: 'creatorflow_http_request_duration_seconds',
    help: 'Time to answer a request, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const pushes = new Counter({ name: 'creatorflow_sync_pushes_total', help: 'Pushes by outcome (ok, refused, failed)', labelNames: ['outcome'], registers: [registry] });
  const pulls = new Counter({ name: 'creatorflow_sync_pulls_total', help: 'Pulls by outcome (ok, refused, failed)', labelNames: ['outcome'], registers: [registry] });
  app.addHook('onResponse', async (request, reply) => {
    // The pattern the router matched (`/api/v1/funnels/:id`), never the URL itself.
    const route = request.routeOptions.url ?? '(unmatched)';
    if (route === '/metrics') return;
    durations.observe({ method: request.method, route, status: String(reply.statusCode) }, reply.elapsedTime / 1000);
    if (route === SYNC_PATHS.push) pushes.inc({ outcome: outcomeOf(reply.statusCode) });
    if (route === SYNC_PATHS.pull) pulls.inc({ outcome: outcomeOf(reply.statusCode) });
  });
}
