// An integrator's campaign against `npm start`'s server while a member watches: the owner has
// the funnel board open in one page and Orders in another; the consumer example's campaign
// script (examples/react-consumer/src/campaign.ts) runs through creatorflow/client with an
// Editor API key. Each change shows on the open pages without a reload, and a loopback webhook
// receiver gets one event per change, each verified with standardwebhooks' Webhook.verify.
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCampaign } from '../../examples/react-consumer/src/campaign';
import { createClient } from '../../lib/client';
import { campaignEventLines, eventLines, type WebhookEvent } from '../helpers/campaign-events';
import { useTeamServer } from './browser';
import { OWNER } from './team-server';

const { newPage, signIn, baseURL } = useTeamServer();

const EVENTS = ['creator.onboarded', 'funnel.status.updated', 'order.created', 'order.status.updated', 'inventory.low_stock'];

/** A webhook receiver on 127.0.0.1 that resolves `until(n)` once n deliveries arrived. */
function receiver() {
  const received: { headers: IncomingHttpHeaders; body: string }[] = [];
  const waiters: { count: number; done: () => void }[] = [];
  const server: Server = createServer((request, reply) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      received.push({ headers: request.headers, body });
      reply.writeHead(204).end();
      for (const w of waiters.filter((w) => received.length >= w.count)) w.done();
    });
  });
  return {
    received,
    async start() {
      await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
    },
    until: (count: number) => new Promise<void>((done) => (received.length >= count ? done() : waiters.push({ count, done }))),
    stop: () => new Promise<void>((done) => server.close(() => done())),
  };
}

/** Signs the owner in over HTTP and answers the session cookie. */
async function ownerCookie() {
  const answer = await fetch(`${baseURL()}/auth/signin`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: OWNER.email, password: OWNER.password }) });
  expect(answer.status).toBe(200);
  return answer.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
}

const hooks = receiver();
afterAll(() => hooks.stop());

describe('a campaign through creatorflow/client while a member watches', () => {
  let apiKey: string;
  let signingSecret: string;

  beforeAll(async () => {
    const cookie = await ownerCookie();
    const headers = { 'content-type': 'application/json', cookie };
    const key = await fetch(`${baseURL()}/developer/keys`, { method: 'POST', headers, body: JSON.stringify({ name: 'integrator', role: 'Editor' }) });
    expect(key.status).toBe(201);
    apiKey = ((await key.json()) as { secret: string }).secret;
    const endpoint = await fetch(`${baseURL()}/developer/webhooks`, { method: 'POST', headers, body: JSON.stringify({ url: await hooks.start(), events: EVENTS }) });
    expect(endpoint.status).toBe(201);
    signingSecret = ((await endpoint.json()) as { secret: string }).secret;
  });

  it('shows the creator, its steps, the outreach, the order and Processing live on the board and Orders, with a verified webhook for each', async () => {
    const board = await newPage();
    await signIn(board.page, { path: '/funnel' });
    await board.page.waitForURL(/\/funnel$/);
    await board.page.getByRole('status').filter({ hasText: 'All changes saved' }).waitFor();
    await board.page.getByRole('article', { name: 'Sarah Johnson' }).waitFor();
    const orders = await board.context.newPage();
    await orders.goto('/orders');
    await orders.getByRole('row', { name: /Open order ORD-/ }).first().waitFor();
    // Neither page has what the campaign makes yet.
    expect(await board.page.getByRole('article', { name: 'Client Creator' }).count()).toBe(0);
    expect(await board.page.getByRole('article', { name: 'Lena Park' }).count()).toBe(0);
    expect(await orders.getByRole('row').filter({ hasText: 'Client Buyer' }).count()).toBe(0);
    // A mark that a reload would wipe.
    for (const page of [board.page, orders]) await page.evaluate(() => ((window as unknown as { __stayed: boolean }).__stayed = true));

    const result = await runCampaign(createClient({ baseUrl: baseURL(), apiKey }), 'client_e2e', 'SKU-001');
    expect(result.orderStatus).toBe('Processing');

    // The new creator, past its two completed steps (Brief → Confirmation → Contract).
    const created = board.page.getByRole('article', { name: 'Client Creator' });
    await created.getByText('Contract', { exact: true }).waitFor();
    // The suggested creator's funnel, moved on by the outreach.
    await board.page.getByRole('article', { name: 'Lena Park' }).getByText('Confirmation', { exact: true }).waitFor();
    // The order, in Processing.
    const row = orders.getByRole('row').filter({ hasText: 'Client Buyer' });
    await row.getByText('Processing', { exact: true }).waitFor();
    expect(await row.count()).toBe(1);
    for (const page of [board.page, orders]) expect(await page.evaluate(() => (window as unknown as { __stayed?: boolean }).__stayed)).toBe(true);

    // One signed event per change; the worker sends them in any order.
    await hooks.until(7);
    const verified = hooks.received.map((m) => new Webhook(signingSecret).verify(m.body, m.headers as Record<string, string>) as WebhookEvent);
    expect(eventLines(verified)).toEqual(campaignEventLines(result));
    // A delivery signed with another secret does not verify.
    expect(() => new Webhook(`whsec_${Buffer.from('another secret entirely').toString('base64')}`).verify(hooks.received[0].body, hooks.received[0].headers as Record<string, string>)).toThrow();
    expect(board.errors).toEqual([]);
  });

  it('connects Shopify: the dialog shows the webhook address and saves the signing secret; a delivery signed with it is taken, one signed with another is 401', async () => {
    const admin = await newPage();
    await signIn(admin.page, { path: '/integrations' });
    await admin.page.waitForURL(/\/integrations$/);
    await admin.page.getByRole('button', { name: 'Connect Shopify' }).click();
    const section = admin.page.getByRole('dialog', { name: 'Configure Integration' }).getByRole('region', { name: 'Shopify order webhooks' });
    const address = await section.getByLabel('Webhook address to paste into Shopify').inputValue();
    expect(address).toMatch(new RegExp(`^${baseURL()}/integrations/shopify/webhooks/[\\w-]+$`));
    const secret = 'shpss_e2e0123456789abcdef9876';
    await section.getByLabel('Webhook signing secret').fill(secret);
    await section.getByRole('button', { name: 'Save signing secret' }).click();
    await section.getByRole('status').filter({ hasText: 'Signing secret saved on the server' }).waitFor();
    await section.getByText('Saved: •••• 9876. Enter a new one to replace it.').waitFor();
    expect(await section.getByLabel('Webhook signing secret').inputValue()).toBe('');

    const body = readFileSync(new URL('../server/fixtures/shopify-orders-create.json', import.meta.url), 'utf8');
    const deliver = (key: string, id: string) =>
      fetch(address, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-shopify-topic': 'orders/create', 'x-shopify-webhook-id': id, 'x-shopify-hmac-sha256': createHmac('sha256', key).update(body, 'utf8').digest('base64') },
        body,
      });
    expect((await deliver('shpss_another0123456789abcdef', 'e2e-forged')).status).toBe(401);
    expect((await deliver(secret, 'e2e-real')).status).toBe(200);
    expect(admin.errors).toEqual([]);
  });
});
