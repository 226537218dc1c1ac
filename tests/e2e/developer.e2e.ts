// The Developer area against `npm start`'s server: an Admin creates an API key in the browser,
// the test calls the public API with it and the new funnel shows on the open board; a local
// webhook receiver registered in the Developer area gets one signed funnel.status.updated
// when a funnel step is saved, listed under Recent events.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { Webhook } from 'standardwebhooks';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTeamServer } from './browser';

const { newPage, signIn, baseURL } = useTeamServer();
let page: Page;
let errors: string[];

beforeAll(async () => {
  ({ page, errors } = await newPage());
  await signIn(page, { path: '/developer' });
  await page.waitForURL(/\/developer$/);
});

describe('the Developer area on the team server', () => {
  it('creates a key shown once; a funnel created with it through the API appears on the board', async () => {
    await page.getByLabel('Key name').fill('e2e');
    await page.getByLabel('Role').selectOption('Editor');
    await page.getByRole('button', { name: 'Create API Key' }).click();
    const dialog = page.getByRole('dialog', { name: 'Your new API key' });
    const secret = (await dialog.getByLabel('API key').textContent()) ?? '';
    expect(secret).toMatch(/^sk_test_[0-9a-f]{48}$/);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await page.getByRole('table', { name: 'API Keys' }).getByText(`sk_test_••••${secret.slice(-4)}`).waitFor();

    await page.goto('/dashboard');
    await page.getByRole('status').filter({ hasText: 'All changes saved' }).waitFor();
    await page.getByRole('link', { name: 'Sarah Johnson' }).first().waitFor();
    expect(await page.getByRole('link', { name: 'Lena Park' }).count()).toBe(0);

    const response = await fetch(`${baseURL()}/api/v1/funnels`, {
      method: 'POST',
      headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json', 'idempotency-key': 'e2e-1' },
      body: JSON.stringify({ creatorId: 'SC1', type: 'Product Review' }),
    });
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({ status: 'Brief' });
    // The open board hears of it from the server (a poke), without a reload.
    await page.getByRole('link', { name: 'Lena Park' }).first().waitFor();

    await page.goto('/activity');
    await page.getByText(`API key …${secret.slice(-4)}`).first().waitFor();
    expect(errors).toEqual([]);
  });

  it('delivers one signed funnel.status.updated to a local receiver when a step is saved, listed under Recent events', async () => {
    const received: { headers: IncomingHttpHeaders; body: string }[] = [];
    let arrived: () => void = () => {};
    const first = new Promise<void>((done) => (arrived = done));
    const receiver: Server = createServer((request, reply) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      request.on('end', () => {
        received.push({ headers: request.headers, body });
        reply.writeHead(204).end();
        arrived();
      });
    });
    await new Promise<void>((done) => receiver.listen(0, '127.0.0.1', done));
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
    try {
      await page.goto('/developer');
      await page.getByRole('tab', { name: 'Webhooks' }).click();
      await page.getByLabel('Endpoint URL').fill(url);
      await page.getByRole('checkbox', { name: 'creator.onboarded' }).uncheck();
      await page.getByRole('button', { name: 'Add Endpoint' }).click();
      const secretDialog = page.getByRole('dialog', { name: 'Signing secret' });
      const secret = (await secretDialog.getByLabel('Signing secret').textContent()) ?? '';
      expect(secret).toMatch(/^whsec_/);
      await secretDialog.getByRole('button', { name: 'Close' }).click();

      await page.goto('/funnel');
      await page.getByRole('status').filter({ hasText: 'All changes saved' }).waitFor();
      const card = page.getByRole('article', { name: 'Priya Patel' });
      await card.getByRole('button', { name: 'Expand Priya Patel' }).click();
      await card.getByRole('button', { name: 'Edit step Content Production' }).click();
      await card.getByRole('button', { name: 'Save Step' }).click();
      await page.getByRole('status').filter({ hasText: 'All changes saved' }).waitFor();
      await first;
      expect(received).toHaveLength(1);
      const payload = new Webhook(secret).verify(received[0].body, received[0].headers as Record<string, string>) as { id: string; type: string; data: { funnel: { status: string } } };
      expect(payload).toMatchObject({ type: 'funnel.status.updated', data: { funnel: { status: 'Production' } } });

      await page.goto('/developer');
      await page.getByRole('tab', { name: 'Webhooks' }).click();
      const events = page.getByRole('table', { name: 'Recent events' });
      const row = events.getByRole('row').filter({ hasText: 'funnel.status.updated' });
      await row.getByText('delivered').waitFor();
      expect(await row.count()).toBe(1);
      await row.getByRole('button', { name: `View payload of funnel.status.updated ${payload.id}` }).click();
      const shown = JSON.parse((await page.getByRole('dialog', { name: 'Payload of funnel.status.updated' }).getByLabel('Payload JSON').textContent()) ?? '');
      expect(shown).toEqual(payload);
      expect(received).toHaveLength(1);
      expect(errors).toEqual([]);
    } finally {
      await new Promise<void>((done) => receiver.close(() => done()));
    }
  });
});
