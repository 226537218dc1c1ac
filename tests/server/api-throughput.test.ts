// An integrator adds 1,000 creators with their funnels through the public API within a minute,
// at the default rate limit (120 requests a minute per key): ten batches of 100, sent two at
// a time. No answer is a 5xx and no write is lost: every creator is in the workspace once,
// each with a funnel at Brief. The rate is printed for the record.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadRecords } from '../../server/db/records';
import { DB_KINDS, json, startServer, type TestServer } from './harness';

const CREATORS = 1000;
const BATCH = 100;

describe.each(DB_KINDS)('API throughput on %s', (kind) => {
  let server: TestServer;
  let secret: string;
  beforeAll(async () => {
    server = await startServer(kind, { webhooks: { deliverEveryMs: false } });
    const owner = await server.signIn('owner');
    secret = json<{ secret: string }>(await owner.post('/developer/keys', { role: 'Editor' })).secret;
  });
  afterAll(async () => {
    await server?.close();
  });

  it(`adds ${CREATORS} creators with funnels in under a minute, without a 5xx or a lost write`, async () => {
    const batches = Array.from({ length: CREATORS / BATCH }, (_, b) =>
      Array.from({ length: BATCH }, (_, i) => ({ name: `Bulk Creator ${b * BATCH + i}`, handle: `bulk_${b * BATCH + i}`, followers: 1000 + i, platform: 'Instagram' })),
    );
    const statuses: number[] = [];
    const started = performance.now();
    // Two requests in flight, as a client with a small pool would send them.
    for (let b = 0; b < batches.length; b += 2) {
      const answers = await Promise.all(
        batches.slice(b, b + 2).map((creators, k) =>
          server.client().post('/api/v1/creators/batch', { creators }, { authorization: `Bearer ${secret}`, 'idempotency-key': `bulk-${b + k}` }),
        ),
      );
      statuses.push(...answers.map((a) => a.statusCode));
    }
    const seconds = (performance.now() - started) / 1000;
    console.log(`[throughput ${kind}] ${CREATORS} creators with funnels in ${seconds.toFixed(2)} s: ${Math.round(CREATORS / seconds)} creators/s`);
    expect(statuses).toEqual(batches.map(() => 201));
    expect(seconds).toBeLessThan(60);
    const bulk = (await loadRecords(server.db.handle.db, 'acme', 'funnels')).map((r) => r.record).filter((f) => f.creatorHandle.startsWith('@bulk_'));
    expect(bulk).toHaveLength(CREATORS);
    expect(new Set(bulk.map((f) => f.creatorHandle)).size).toBe(CREATORS);
    expect(new Set(bulk.map((f) => f.id)).size).toBe(CREATORS);
    expect(bulk.every((f) => f.status === 'Brief')).toBe(true);
  });
});
