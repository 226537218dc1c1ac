// creatorflow/client against a real team server listening on loopback, on PGlite and
// PostgreSQL: the consumer example's campaign script (examples/react-consumer/src/campaign.ts)
// runs through the client, and a webhook receiver gets one signed event for each change,
// verified with the `standardwebhooks` package. Then the client's own promises: retries on
// 429 and 5xx honour Retry-After with one Idempotency-Key, and pages come as an async iterator.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createClient, retryAfterMs } from '../../lib/client';
import { runCampaign } from '../../examples/react-consumer/src/campaign';
import { campaignEventLines, eventLines, type WebhookEvent } from '../helpers/campaign-events';
import { DB_KINDS, json, startServer, type TestServer } from './harness';

class Receiver {
  received: { headers: IncomingHttpHeaders; body: string }[] = [];
  private server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      this.received.push({ headers: request.headers, body });
      response.writeHead(200).end('ok');
    });
  });
  async start() {
    await new Promise<void>((done) => this.server.listen(0, '127.0.0.1', done));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hooks`;
  }
  async stop() {
    await new Promise<void>((done) => this.server.close(() => done()));
  }
}

describe.each(DB_KINDS)('creatorflow/client on %s', (kind) => {
  let server: TestServer;
  let baseUrl: string;
  let apiKey: string;
  const receiver = new Receiver();
  let secret: string;

  beforeAll(async () => {
    server = await startServer(kind, { limits: { perAddress: { max: 1000, windowMs: 60_000 } }, webhooks: { deliverEveryMs: false, allowLoopback: true } });
    baseUrl = await server.app.listen({ port: 0, host: '127.0.0.1' });
    const owner = await server.signIn('owner');
    apiKey = json<{ secret: string }>(await owner.post('/developer/keys', { role: 'Editor' })).secret;
    const events = ['creator.onboarded', 'funnel.status.updated', 'order.created', 'order.status.updated', 'inventory.low_stock'];
    const registered = await owner.post('/developer/webhooks', { url: await receiver.start(), events });
    expect(registered.statusCode).toBe(201);
    secret = json<{ secret: string }>(registered).secret;
  });
  afterAll(async () => {
    await server?.close();
    await receiver.stop();
  });

  it('runs a campaign through the client, and a signed webhook arrives for each change', async () => {
    const api = createClient({ baseUrl, apiKey });
    const result = await runCampaign(api, 'clientcreator', 'SKU-004');
    expect(result.orderStatus).toBe('Processing');
    expect(result.funnelStatus).toMatch(/^Contract; outreach moved CR\d+ to Confirmation$/);
    // Processing took one charger out of 75: above its threshold, so no low-stock event.
    expect(result.stock.find((s) => s.sku === 'SKU-004')).toEqual({ sku: 'SKU-004', quantity: 74 });
    expect(result.stock.length).toBeGreaterThan(4);

    while ((await server.app.webhooks.deliverDue()) > 0);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(server.clock.time);
    const verified = receiver.received.map((m) => new Webhook(secret).verify(m.body, m.headers as Record<string, string>) as WebhookEvent);
    vi.useRealTimers();
    // One event per change, each verified.
    expect(eventLines(verified)).toEqual(campaignEventLines(result));
  });

  it('retries 429 and 5xx after Retry-After with one Idempotency-Key, and pages through a list', async () => {
    const seen: { method: string; key: string | null }[] = [];
    const waits: number[] = [];
    const answers = [429, 503];
    const flaky: typeof fetch = async (input, init) => {
      const request = new Request(input, init);
      seen.push({ method: request.method, key: request.headers.get('idempotency-key') });
      const status = answers.shift();
      if (status) return new Response(JSON.stringify({ error: 'busy' }), { status, headers: { 'content-type': 'application/json', 'retry-after': status === 429 ? '2' : '1' } });
      return fetch(request);
    };
    const api = createClient({ baseUrl, apiKey, fetch: flaky, sleep: async (ms) => void waits.push(ms) });
    const created = await api.POST('/api/v1/creators', { body: { name: 'Retried Creator', handle: 'retried' } });
    expect(created.response.status).toBe(201);
    expect(waits).toEqual([2000, 1000]);
    expect(seen).toHaveLength(3);
    expect(new Set(seen.map((s) => s.key)).size).toBe(1);
    expect(seen[0].key).toMatch(/^[0-9a-f-]{36}$/);

    const ids: string[] = [];
    for await (const creator of api.list('/api/v1/creators', { limit: 2 })) ids.push(creator.id);
    const all = await api.GET('/api/v1/creators', { params: { query: { limit: 100 } } });
    expect(ids).toEqual(all.data!.creators.map((c) => c.id));
    expect(ids.length).toBeGreaterThan(2);
    expect(retryAfterMs('Wed, 25 Nov 2026 10:00:05 GMT', Date.parse('2026-11-25T10:00:00Z'))).toBe(5000);
  });
});
