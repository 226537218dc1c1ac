// The partner-portal example against `npm start`'s server: an Admin makes a key with the
// portal's origin; the portal's backend trades it for an embed session; the portal page shows
// the team's real funnels, and a step saved in the host app appears there live.
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, startServerProcess, type ServerProcess } from '../../scripts/processes.mjs';
import { CHROMIUM_ARGS, executablePath } from './browser';
import { OWNER, startTeamServer, type TeamServer } from './team-server';

let server: TeamServer;
let browser: Browser;
let partner: ServerProcess | null = null;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  [server, browser] = await Promise.all([startTeamServer(), chromium.launch({ executablePath: executablePath(), args: CHROMIUM_ARGS })]);
}, 120_000);
afterAll(async () => {
  await partner?.stop();
  await Promise.all(contexts.map((c) => c.close()));
  await browser?.close();
  await server?.stop();
});

describe('the partner-portal example', () => {
  it('shows the team’s real funnels through an embed session, and a change in the host app live', async () => {
    const host = await browser.newContext({ baseURL: server.baseURL, viewport: { width: 1366, height: 900 } });
    contexts.push(host);
    const page = await host.newPage();
    await page.goto('/developer');
    await page.waitForURL(/\/signin/);
    await page.getByLabel('Email').fill(OWNER.email);
    await page.getByLabel('Password').fill(OWNER.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/developer$/);

    const port = await freePort();
    const portal = `http://127.0.0.1:${port}`;
    await page.getByLabel('Key name').fill('Partner portal');
    await page.getByLabel('Role').selectOption('Viewer');
    await page.getByLabel('Allowed origins (embedding)').fill(portal);
    await page.getByRole('button', { name: 'Create API Key' }).click();
    const secret = (await page.getByRole('dialog', { name: 'Your new API key' }).getByLabel('API key').textContent()) ?? '';
    expect(secret).toMatch(/^sk_test_/);

    partner = await startServerProcess({
      args: ['examples/partner-portal/server.mjs'],
      port,
      env: { CREATORFLOW_SERVER: server.baseURL, CREATORFLOW_API_KEY: secret },
      readyLine: 'Partner portal on',
      name: 'The partner portal',
    });

    const visitor = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    contexts.push(visitor);
    const portalPage = await visitor.newPage();
    const errors: string[] = [];
    portalPage.on('pageerror', (error) => errors.push(error.message));
    await portalPage.goto(`${portal}/`);
    const board = portalPage.locator('cf-funnel-board');
    const priya = board.getByRole('article', { name: 'Priya Patel' });
    await priya.waitFor();
    await priya.getByText('Contract', { exact: true }).first().waitFor();

    await page.goto('/funnel');
    await page.getByRole('status').filter({ hasText: 'All changes saved' }).waitFor();
    const card = page.getByRole('article', { name: 'Priya Patel' });
    await card.getByRole('button', { name: 'Expand Priya Patel' }).click();
    await card.getByRole('button', { name: 'Edit step Content Production' }).click();
    await card.getByRole('button', { name: 'Save Step' }).click();
    await page.getByRole('status').filter({ hasText: 'All changes saved' }).waitFor();

    await priya.getByText('Production', { exact: true }).first().waitFor();
    expect(errors).toEqual([]);
  });
});
