// The partner-portal example against `npm start`'s server: an Admin makes a key with the
// portal's origin; the portal's backend trades it for an embed session; the portal page shows
// the team's real funnels, a step saved in the host app appears there live, and a step edited
// in the portal (an Editor session) appears in the host app.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import { chromium, type Browser, type BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS, executablePath } from './browser';
import { OWNER, startTeamServer, type TeamServer } from './team-server';

let server: TeamServer;
let browser: Browser;
let partner: ChildProcess | null = null;
const contexts: BrowserContext[] = [];

async function freePort(): Promise<number> {
  return new Promise((done, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => done(port));
    });
  });
}

beforeAll(async () => {
  [server, browser] = await Promise.all([startTeamServer(), chromium.launch({ executablePath: executablePath(), args: CHROMIUM_ARGS })]);
}, 120_000);
afterAll(async () => {
  partner?.kill('SIGTERM');
  await Promise.all(contexts.map((c) => c.close()));
  await browser?.close();
  await server?.stop();
});

describe('the partner-portal example', () => {
  it('shows the team’s real funnels through an embed session, a change in the host app live, and takes an Editor session’s edit', async () => {
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
    await page.getByLabel('Role').selectOption('Editor');
    await page.getByLabel('Allowed origins (embedding)').fill(portal);
    await page.getByRole('button', { name: 'Create API Key' }).click();
    const secret = (await page.getByRole('dialog', { name: 'Your new API key' }).getByLabel('API key').textContent()) ?? '';
    expect(secret).toMatch(/^sk_test_/);

    let output = '';
    partner = spawn(process.execPath, ['examples/partner-portal/server.mjs'], {
      cwd: resolve(import.meta.dirname, '../..'),
      env: { ...process.env, CREATORFLOW_SERVER: server.baseURL, CREATORFLOW_API_KEY: secret, CREATORFLOW_EMBED_ROLE: 'Editor', PORT: String(port), HOST: '127.0.0.1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    partner.stdout!.on('data', (chunk) => (output += String(chunk)));
    partner.stderr!.on('data', (chunk) => (output += String(chunk)));
    // Ready when it says so (an observable state), bounded by the test's timeout.
    while (!output.includes('Partner portal on')) {
      if (partner.exitCode !== null) throw new Error(`The partner portal exited:\n${output}`);
      await new Promise((done) => setTimeout(done, 50));
    }

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

    // The portal's visitor edits a step: the embed session acts as the key, with the Editor role.
    await priya.getByRole('button', { name: 'Expand Priya Patel' }).click();
    await priya.getByRole('button', { name: 'Edit step Review & Feedback' }).click();
    await priya.getByLabel('Step description').fill('Drafts reviewed in the partner portal');
    await priya.getByRole('button', { name: 'Save Step' }).click();
    await card.getByText('Drafts reviewed in the partner portal').waitFor();
    expect(errors).toEqual([]);
  });
});
