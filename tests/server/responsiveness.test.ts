// /healthz keeps answering while a 10,000-row import runs: the import is one push whose
// database work is split into bounded statements, so the event loop gets to other requests in
// between. Asserted as a property of order (health answers arrive while the import is still
// running), never as a time; the latencies are printed for the record (npm run bench measures speed).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PullResponse, PushResponse } from '../../lib/sync/protocol';
import { DB_KINDS, json, startServer, type TestServer } from './harness';

const ROWS = 10_000;

describe.each(DB_KINDS)('responsiveness on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(kind);
  });
  afterAll(async () => {
    await server?.close();
  });

  it(`answers /healthz while a ${ROWS.toLocaleString('en')}-row import runs, and the import lands whole`, async () => {
    const owner = await server.signIn('owner');
    // Over a real socket: each answer needs the event loop, as a load balancer's probe does.
    const base = await server.app.listen({ port: 0, host: '127.0.0.1' });
    const rows = Array.from({ length: ROWS }, (_, i) => ({ sku: `BULK-${i}`, name: `Bulk item ${i}`, quantity: String(i % 50) }));
    let finished = false;
    let finishedAt = 0;
    const started = performance.now();
    const importing = owner
      .post('/sync/push', { clientID: 'bulk', mutations: [{ id: 1, name: 'inventory.importItems', args: { rows }, meta: { now: server.clock.now().toISOString(), idSeed: 'bulk' } }] })
      .then((response) => {
        finished = true;
        finishedAt = performance.now();
        return response;
      });
    const latencies: number[] = [];
    let beforeDone = 0;
    while (!finished) {
      const sent = performance.now();
      const health = await fetch(`${base}/healthz`);
      expect(health.status).toBe(200);
      expect(await health.json()).toEqual({ status: 'ok' });
      latencies.push(performance.now() - sent);
      if (!finished) beforeDone++;
    }
    const response = await importing;
    expect(response.statusCode).toBe(200);
    expect(json<PushResponse>(response).results).toEqual([{ id: 1, ok: true }]);
    // Health answers came while the import was still running, not only after it.
    expect(beforeDone).toBeGreaterThanOrEqual(3);
    const stored = json<PullResponse>(await owner.get('/sync/pull?since=0')).records.filter((r) => r.collection === 'inventory' && r.id && (r.value as { sku: string }).sku.startsWith('BULK-'));
    expect(stored).toHaveLength(ROWS);
    const sorted = [...latencies].sort((a, b) => a - b);
    const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))].toFixed(1);
    console.log(
      `[${kind}] import of ${ROWS} rows: ${(finishedAt - started).toFixed(0)} ms; ${beforeDone} /healthz answers during it, ` +
        `latency median ${at(0.5)} ms, p99 ${at(0.99)} ms, max ${sorted[sorted.length - 1].toFixed(1)} ms`,
    );
  });
});
