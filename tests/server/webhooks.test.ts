// Webhooks over real HTTP to receivers on 127.0.0.1 (allowed here as in local development),
// on PGlite and PostgreSQL: endpoints only for Admins and only https (or http to this machine), events queued with the change that
// caused them, Standard Webhooks signatures checked with the `standardwebhooks` package,
// retries with one webhook-id, a disabled endpoint after a day of failures, and an outbox
// that survives a restart in the middle of a delivery.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { RETRY_DELAYS_MS } from '../../lib/domain/webhooks';
import { SEED_TIME } from './fixture';
import { loadRecords } from '../../server/db/records';
import { type WebhookSender } from '../../server/webhooks/worker';
import type { Resolver } from '../../server/webhooks/targets';
import { DB_KINDS, json, startServer, type Client, type TestServer } from './harness';
import { expectAnswersFollowOpenApi } from './openapi-answers';

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A webhook receiver: answers each request with the next status of `statuses` (the last one repeats). */
class Receiver {
  received: Received[] = [];
  private server: Server;
  constructor(public statuses: number[] = [200]) {
    this.server = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      request.on('end', () => {
        const status = this.statuses[Math.min(this.received.length, this.statuses.length - 1)];
        this.received.push({ headers: request.headers, body });
        response.writeHead(status, { 'content-type': 'text/plain' }).end('ok');
      });
    });
  }
  async start() {
    await new Promise<void>((done) => this.server.listen(0, '127.0.0.1', done));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hooks`;
  }
  async stop() {
    await new Promise<void>((done) => this.server.close(() => done()));
  }
}

interface Delivery {
  id: string;
  type: string;
  status: string;
  attempts: number;
  lastStatusCode?: number | null;
  lastError?: string | null;
  payload: { id: string; type: string; data: Record<string, unknown> };
}
interface Endpoint {
  id: string;
  url: string;
  disabledAt: string | null;
}

let seed = 0;
const meta = () => ({ now: SEED_TIME.toISOString(), idSeed: `wh${(seed++).toString(36)}` });

describe.each(DB_KINDS)('webhooks on %s', (kind) => {
  let server: TestServer;
  let owner: Client;
  const receivers: Receiver[] = [];
  beforeAll(async () => {
    server = await startServer(kind, { limits: { perAddress: { max: 1000, windowMs: 60_000 } }, webhooks: { deliverEveryMs: false, allowLoopback: true } }, { onDisk: true });
    owner = await server.signIn('owner');
  });
  afterEach(async () => {
    // Each test's endpoint goes, so the next test's changes reach only its own receiver.
    for (const endpoint of json<{ endpoints: Endpoint[] }>(await owner.get('/developer/webhooks')).endpoints) await owner.request('DELETE', `/developer/webhooks/${endpoint.id}`);
    while (receivers.length) await receivers.pop()!.stop();
  });
  afterAll(async () => {
    await server?.close();
  });

  async function receiver(statuses?: number[]) {
    const r = new Receiver(statuses);
    receivers.push(r);
    return { receiver: r, url: await r.start() };
  }
  async function register(url: string, events = ['funnel.status.updated', 'creator.onboarded', 'payment.succeeded']) {
    const response = await owner.post('/developer/webhooks', { url, events });
    expect(response.statusCode).toBe(201);
    return json<{ endpoint: Endpoint; secret: string }>(response);
  }
  /** Checks a signature as a receiver would, at the server's (test) time. */
  function verify(secret: string, body: string, headers: IncomingHttpHeaders, at = server.clock.time) {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(at);
    try {
      return new Webhook(secret).verify(body, headers as Record<string, string>);
    } finally {
      vi.useRealTimers();
    }
  }
  const deliveries = async () => json<{ deliveries: Delivery[] }>(await owner.get('/developer/webhooks')).deliveries;
  const saveStep = async (client: Client, funnelId: string, stepIndex: number, name: string) =>
    client.post('/sync/push', { clientID: `hooks-${seed}`, mutations: [{ id: 1, name: 'funnels.saveStep', args: { funnelId, stepIndex, draft: { name, description: 'Go' } }, meta: meta() }] });

  it('registers endpoints for Admins only, https or http to this machine, with at least one event', async () => {
    const editor = await server.signIn('editor');
    expect((await editor.post('/developer/webhooks', { url: 'https://example.com/h', events: ['creator.onboarded'] })).statusCode).toBe(403);
    for (const url of ['http://example.com/h', 'ftp://example.com/h', 'not a url', 'https://user:pw@example.com/h']) {
      const response = await owner.post('/developer/webhooks', { url, events: ['creator.onboarded'] });
      expect(response.statusCode).toBe(400);
      expect(json(response)).toMatchObject({ field: 'url' });
    }
    expect(json(await owner.post('/developer/webhooks', { url: 'https://example.com/h', events: ['order.teleported'] }))).toEqual({ error: 'Choose at least one event type', field: 'events' });
    const created = await register('http://127.0.0.1:9/h', ['creator.onboarded']);
    expect(created.secret).toMatch(/^whsec_/);
    expect((await owner.get('/developer/webhooks')).body).not.toContain(created.secret);
  });

  it('sends one signed funnel.status.updated for a saved step that moves the funnel, listed as delivered', async () => {
    const { receiver: r, url } = await receiver();
    const { secret } = await register(url, ['funnel.status.updated']);
    const editor = await server.signIn('editor');
    expect((await saveStep(editor, 'CR12349', 3, 'Content Production')).statusCode).toBe(200);
    expect(await server.app.webhooks.deliverDue()).toBe(1);
    expect(r.received).toHaveLength(1);
    const [message] = r.received;
    const verified = verify(secret, message.body, message.headers) as Delivery['payload'];
    expect(verified).toMatchObject({ type: 'funnel.status.updated', data: { funnel: { id: 'CR12349', status: 'Production', previousStatus: 'Contract' } } });
    expect(message.headers['webhook-id']).toBe(verified.id);
    expect(() => verify(secret, message.body.replace('Production', 'Shipped'), message.headers)).toThrow();
    const [listed] = await deliveries();
    expect(listed).toMatchObject({ id: verified.id, type: 'funnel.status.updated', status: 'delivered', attempts: 1, payload: verified });
    expect(await server.app.webhooks.deliverDue()).toBe(0);
  });

  it('does not follow a redirect: a 3xx is a failed attempt and its Location gets nothing', async () => {
    const { receiver: target, url: targetUrl } = await receiver();
    const redirecting = createServer((request, response) => {
      request.resume();
      response.writeHead(307, { location: targetUrl }).end();
    });
    await new Promise<void>((done) => redirecting.listen(0, '127.0.0.1', done));
    try {
      const { endpoint } = await register(`http://127.0.0.1:${(redirecting.address() as AddressInfo).port}/hooks`, ['creator.onboarded']);
      const queued = json<{ id: string }>(await owner.post(`/developer/webhooks/${endpoint.id}/test`, {}));
      expect(await server.app.webhooks.deliverDue()).toBe(1);
      expect((await deliveries()).find((d) => d.id === queued.id)).toMatchObject({ status: 'pending', attempts: 1, lastStatusCode: 307, lastError: 'HTTP 307' });
      expect(target.received).toEqual([]);
    } finally {
      await new Promise<void>((done) => redirecting.close(() => done()));
    }
  });

  it('retries after 503s with backoff and the same webhook-id, then succeeds', async () => {
    const { receiver: r, url } = await receiver([503, 503, 200]);
    const { secret } = await register(url, ['creator.onboarded']);
    const key = json<{ secret: string }>(await owner.post('/developer/keys', { role: 'Editor' })).secret;
    const created = await server.client().post('/api/v1/funnels', { creatorId: 'SC1', type: 'Sponsored Post' }, { authorization: `Bearer ${key}` });
    expect(created.statusCode).toBe(201);
    await server.app.webhooks.deliverDue();
    expect((await deliveries())[0]).toMatchObject({ status: 'pending', attempts: 1 });
    // Not due again before its delay.
    expect(await server.app.webhooks.deliverDue()).toBe(0);
    server.clock.advance(RETRY_DELAYS_MS[0]);
    await server.app.webhooks.deliverDue();
    server.clock.advance(RETRY_DELAYS_MS[1]);
    await server.app.webhooks.deliverDue();
    expect(r.received).toHaveLength(3);
    expect(new Set(r.received.map((m) => m.headers['webhook-id'])).size).toBe(1);
    // Each attempt is signed at its own time, as its receiver checks it then.
    const times = r.received.map((m) => Number(m.headers['webhook-timestamp']) * 1000);
    expect(times[2] - times[0]).toBe(RETRY_DELAYS_MS[0] + RETRY_DELAYS_MS[1]);
    for (const [i, m] of r.received.entries()) expect(verify(secret, m.body, m.headers, times[i])).toMatchObject({ type: 'creator.onboarded', data: { creator: { name: 'Lena Park' } } });
    expect((await deliveries())[0]).toMatchObject({ status: 'delivered', attempts: 3 });
  });

  it('disables an endpoint whose every attempt over a day failed, and tells the team', async () => {
    const { receiver: r, url } = await receiver([500]);
    const { endpoint } = await register(url, ['creator.onboarded']);
    const test = await owner.post(`/developer/webhooks/${endpoint.id}/test`, {});
    expect(test.statusCode).toBe(202);
    await server.app.webhooks.deliverDue();
    for (const delay of RETRY_DELAYS_MS) {
      server.clock.advance(delay);
      await server.app.webhooks.deliverDue();
    }
    expect(r.received).toHaveLength(RETRY_DELAYS_MS.length + 1);
    expect(JSON.parse(r.received[0].body)).toMatchObject({ type: 'creator.onboarded', data: { test: true } });
    expect((await deliveries())[0]).toMatchObject({ status: 'failed', attempts: RETRY_DELAYS_MS.length + 1 });
    const listed = json<{ endpoints: Endpoint[] }>(await owner.get('/developer/webhooks')).endpoints.find((e) => e.id === endpoint.id);
    expect(listed?.disabledAt).not.toBeNull();
    const notes = (await loadRecords(server.db.handle.db, 'acme', 'notifications')).map((n) => n.record);
    expect(notes[0]).toMatchObject({ title: 'Webhook endpoint disabled', read: false });
    expect(notes[0].message).toContain(url);
    expect((await owner.post(`/developer/webhooks/${endpoint.id}/test`, {})).statusCode).toBe(409);
  });

  it('keeps the outbox across a restart in the middle of a delivery, and sends it again at once with the same webhook-id', async () => {
    let calls = 0;
    let reached: () => void = () => {};
    const inFlight = new Promise<void>((done) => (reached = done));
    // The first attempt never gets an answer: the server goes down while it waits.
    const hanging: WebhookSender = (_target, message) =>
      new Promise((_resolve, reject) => {
        calls += 1;
        reached();
        message.signal.addEventListener('abort', () => reject(new Error('aborted')));
      });
    const hangingServer = await startServer(kind, { webhooks: { deliverEveryMs: false, send: hanging, allowLoopback: true } }, { database: server.db });
    hangingServer.clock.time = server.clock.time;
    const { receiver: r, url } = await receiver();
    const admin = await hangingServer.signIn('owner');
    const { secret } = json<{ secret: string }>(await admin.post('/developer/webhooks', { url, events: ['funnel.status.updated'] }));
    const editor = await hangingServer.signIn('editor');
    expect((await saveStep(editor, 'CR12348', 1, 'Confirmation')).statusCode).toBe(200);
    const pass = hangingServer.app.webhooks.deliverDue();
    // The pass only ends (before the shutdown) if it had nothing to send.
    await Promise.race([inFlight, pass.then((n) => Promise.reject(new Error(`the pass ended with ${n} deliveries`)))]);
    expect(calls).toBe(1);
    await hangingServer.close();
    await pass;

    await server.restart();
    owner = await server.signIn('owner');
    // The stop handed the claimed delivery back: sent again at once, not after its lease.
    expect(await server.app.webhooks.deliverDue()).toBe(1);
    expect(r.received).toHaveLength(1);
    const payload = verify(secret, r.received[0].body, r.received[0].headers) as Delivery['payload'];
    expect(payload).toMatchObject({ type: 'funnel.status.updated', data: { funnel: { id: 'CR12348', status: 'Confirmation' } } });
    expect((await deliveries()).find((d) => d.id === payload.id)).toMatchObject({ status: 'delivered', attempts: 1 });
  });

  it('gave every public API answer above as its OpenAPI document declares it (status, body and headers)', async () => {
    await expectAnswersFollowOpenApi(server, 1);
  });
});

describe.each(DB_KINDS)('webhook targets outside only, on %s', (kind) => {
  let server: TestServer;
  let owner: Client;
  /** What each name resolves to, changed by the tests (a name that moves after registration). */
  const dns: Record<string, string[]> = { localhost: ['127.0.0.1', '::1'] };
  const resolve: Resolver = async (host) => {
    const addresses = dns[host];
    if (!addresses) throw new Error(`ENOTFOUND ${host}`);
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  const sent: { url: string; address: string }[] = [];
  const send: WebhookSender = async (target) => {
    sent.push({ url: target.url.toString(), address: target.address.address });
    return 200;
  };
  const INSIDE = [
    'http://127.0.0.1:9/hooks',
    'http://[::1]:9/hooks',
    'https://10.0.0.1/hooks',
    'https://172.16.0.1/hooks',
    'https://192.168.0.1/hooks',
    'https://169.254.169.254/latest/meta-data',
    'https://100.64.0.1/hooks',
    'http://localhost:9/hooks',
    'https://metadata.google.internal/computeMetadata/v1',
    'https://[fd00:ec2::254]/hooks',
    'https://[::ffff:10.0.0.1]/hooks',
    'https://[::ffff:127.0.0.1]/hooks',
  ];

  beforeAll(async () => {
    server = await startServer(kind, { limits: { perAddress: { max: 1000, windowMs: 60_000 } }, webhooks: { deliverEveryMs: false, resolve, send } });
    owner = await server.signIn('owner');
  });
  afterAll(async () => {
    await server?.close();
  });
  const endpoints = async (client = owner) => json<{ endpoints: Endpoint[]; deliveries: (Delivery & { lastError: string | null })[] }>(await client.get('/developer/webhooks'));

  it('refuses every address inside at registration with a 400 naming the url, and stores nothing', async () => {
    for (const url of INSIDE) {
      const response = await owner.post('/developer/webhooks', { url, events: ['creator.onboarded'] });
      expect(response.statusCode, url).toBe(400);
      expect(json(response)).toMatchObject({ field: 'url', code: 'endpointNotPublic', error: expect.stringMatching(/^Endpoint URL must be on the public internet: /) });
    }
    dns['inside.example.com'] = ['93.184.215.14', '192.168.10.4'];
    expect(json(await owner.post('/developer/webhooks', { url: 'https://inside.example.com/h', events: ['creator.onboarded'] }))).toEqual({
      error: 'Endpoint URL must be on the public internet: inside.example.com is a private network',
      code: 'endpointNotPublic',
      params: { host: 'inside.example.com', kind: 'private' },
      field: 'url',
    });
    expect(json(await owner.post('/developer/webhooks', { url: 'https://nowhere.example.com/h', events: ['creator.onboarded'] }))).toMatchObject({ code: 'endpointUnresolved', field: 'url' });
    expect((await endpoints()).endpoints).toEqual([]);
  });

  it('refuses at delivery when the name has moved inside since registration, and never connects', async () => {
    dns['hooks.example.com'] = ['93.184.215.14'];
    const created = await owner.post('/developer/webhooks', { url: 'https://hooks.example.com/in', events: ['creator.onboarded'] });
    expect(created.statusCode).toBe(201);
    const { endpoint } = json<{ endpoint: Endpoint }>(created);
    // While it resolves outside, the delivery connects to the address that was checked.
    expect((await owner.post(`/developer/webhooks/${endpoint.id}/test`, {})).statusCode).toBe(202);
    expect(await server.app.webhooks.deliverDue()).toBe(1);
    expect(sent).toEqual([{ url: 'https://hooks.example.com/in', address: '93.184.215.14' }]);
    for (const address of ['127.0.0.1', '::1', '10.0.0.1', '172.16.0.1', '192.168.0.1', '169.254.169.254', '100.64.0.1', '::ffff:127.0.0.1']) {
      dns['hooks.example.com'] = [address];
      const queued = json<{ id: string }>(await owner.post(`/developer/webhooks/${endpoint.id}/test`, {}));
      expect(await server.app.webhooks.deliverDue()).toBe(1);
      const delivery = (await endpoints()).deliveries.find((d) => d.id === queued.id)!;
      expect(delivery, address).toMatchObject({ status: 'pending', attempts: 1, lastError: expect.stringMatching(/^Refused: Endpoint URL must be on the public internet: hooks\.example\.com is /) });
    }
    expect(sent).toHaveLength(1);
  });

  it('with the loopback setting accepts loopback endpoints and still refuses every other range', async () => {
    const local = await startServer(kind, { webhooks: { deliverEveryMs: false, resolve, send, allowLoopback: true } }, { database: server.db });
    try {
      const admin = await local.signIn('owner');
      for (const url of INSIDE) {
        const response = await admin.post('/developer/webhooks', { url, events: ['creator.onboarded'] });
        const loopback = /^http:\/\/(127\.0\.0\.1|\[::1\]|localhost):/.test(url) || url.includes('::ffff:127.0.0.1');
        expect(response.statusCode, url).toBe(loopback ? 201 : 400);
      }
      dns['sneaky.example.com'] = ['127.0.0.1', '10.1.1.1'];
      expect((await admin.post('/developer/webhooks', { url: 'https://sneaky.example.com/h', events: ['creator.onboarded'] })).statusCode).toBe(400);
    } finally {
      await local.close();
    }
  });
});
