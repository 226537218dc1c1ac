// A graceful stop (what SIGTERM runs, server/http/shutdown.ts), over real sockets on
// PGlite and PostgreSQL: /readyz fails while the process still listens, an open event stream
// is told to reconnect (retry hint) and ends, a new one is refused, a push in flight when the
// stop began is answered and kept, and a webhook delivery the process had claimed is handed
// back, so another process sends it at once instead of after its lease.
import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import * as t from '../../server/db/schema';
import { RECONNECT_HINT_MS, shutDown } from '../../server/http/shutdown';
import type { WebhookSender } from '../../server/webhooks/worker';
import { SEED_TIME } from './fixture';
import { DB_KINDS, startServer, type TestServer } from './harness';
import { eventually, getOnNewConnection, isListening, listenOnLoopback, openStream, MOVING_STEP, pushLive, registerWebhookLive, signInLive } from './http-live';

const meta = (seed: string) => ({ now: SEED_TIME.toISOString(), idSeed: seed });

describe.each(DB_KINDS)('a graceful stop on %s', (kind) => {
  const servers: TestServer[] = [];
  afterEach(async () => {
    for (const server of servers.splice(0).reverse()) await server.close().catch(() => undefined);
  });

  it('fails /readyz first, tells streams to reconnect, answers and keeps the push in flight, and hands back its claimed webhook', async () => {
    let reached: () => void = () => {};
    const sending = new Promise<void>((resolve) => (reached = resolve));
    const sentIds: string[] = [];
    // This process's delivery never gets an answer: it is in flight when the stop begins.
    const hanging: WebhookSender = (_target, message) =>
      new Promise((_resolve, reject) => {
        sentIds.push(String(message.headers['webhook-id']));
        reached();
        message.signal.addEventListener('abort', () => reject(new Error('aborted')));
      });
    const server = await startServer(kind, { webhooks: { deliverEveryMs: false, send: hanging, allowLoopback: true } });
    servers.push(server);
    const base = await listenOnLoopback(server.app);
    const port = Number(new URL(base).port);
    const owner = await signInLive(base, 'owner');
    const editor = await signInLive(base, 'editor');

    await registerWebhookLive(owner);
    const step = await pushLive(editor, 'graceful-hooks', [
      { id: 1, ...MOVING_STEP, meta: meta('gsstep1') },
    ]);
    expect(step.status).toBe(200);
    const pass = server.app.webhooks.deliverDue();
    await sending;

    const stream = await openStream(owner);
    expect(stream.status).toBe(200);
    await stream.until((text) => text.includes(': connected'));

    // The push waits on the inventory table, held by another transaction, until the stop has begun.
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    let locked: () => void = () => {};
    const holding = new Promise<void>((resolve) => (locked = resolve));
    const holder = server.db.handle.db.transaction(async (tx) => {
      await tx.execute(sql`lock table inventory in access exclusive mode`);
      locked();
      await gate;
    });
    await holding;
    let received: () => void = () => {};
    const arrived = new Promise<void>((resolve) => (received = resolve));
    server.app.server.on('request', (request: { url?: string }) => {
      if (request.url === '/sync/push') received();
    });
    const push = pushLive(editor, 'graceful-push', [{ id: 1, name: 'inventory.setQuantity', args: { id: 'inv_2', quantity: 41 }, meta: meta('gspush1') }]);
    await arrived;

    const stopping = shutDown(server.app, { drainDelayMs: 1_000 });
    // Not ready, while still listening: a new connection is accepted and told so.
    const ready = await getOnNewConnection(`${base}/readyz`);
    expect(ready).toEqual({ status: 503, body: JSON.stringify({ status: 'draining' }) });
    // The open stream is told to come back at once (to another process) and ends.
    const said = await stream.until((text) => text.includes('event: reconnect'));
    expect(said).toContain(`retry: ${RECONNECT_HINT_MS}\nevent: reconnect\ndata: {}\n\n`);
    await stream.ended;

    // On PostgreSQL the listener closes while the push still waits; PGlite runs one query at a
    // time, so there the held transaction holds the stop too, and is let go now.
    if (kind === 'postgres') await eventually(async () => !(await isListening(port)));
    release();
    await holder;
    const answered = await push;
    expect(answered.status).toBe(200);
    expect(await answered.json()).toEqual({ lastMutationID: 1, results: [{ id: 1, ok: true }] });
    await stopping;
    await pass;
    expect(await isListening(port)).toBe(false);

    // Kept: the database holds the acknowledged change.
    const [row] = await server.db.handle.db.select({ quantity: t.inventory.quantity }).from(t.inventory).where(eq(t.inventory.id, 'inv_2'));
    expect(row).toEqual({ quantity: 41 });
    // Handed back: another process on the same database sends the delivery at once, same webhook-id.
    expect(sentIds).toHaveLength(1);
    const delivered: string[] = [];
    const next = await startServer(kind, { webhooks: { deliverEveryMs: false, allowLoopback: true, send: async (_target, message) => (delivered.push(String(message.headers['webhook-id'])), 200) } }, { database: server.db });
    servers.push(next);
    expect(await next.app.webhooks.deliverDue()).toBe(1);
    expect(delivered).toEqual(sentIds);
  });

  it('refuses a new event stream while draining, with a retry', async () => {
    const server = await startServer(kind);
    servers.push(server);
    const base = await listenOnLoopback(server.app);
    const owner = await signInLive(base, 'owner');
    const stopping = shutDown(server.app, { drainDelayMs: 1_000 });
    const refused = await fetch(`${base}/sync/events`, { headers: { cookie: owner.cookie, accept: 'text/event-stream' } });
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('1');
    expect(await refused.json()).toEqual({ error: 'This server process is restarting: connect again' });
    await stopping;
  });
});
