// The partner-portal example against `npm start`'s server: an Admin makes a key with the
// portal's origin; the portal's backend trades it for an embed session; the portal page shows
// the team's real funnels, a step saved in the host app appears there live, and a step edited
// in the portal (an Editor session) appears in the host app.
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, startServerProcess, type ServerProcess } from '../../scripts/processes.mjs';
import { useTeamServer } from './browser';

const { newPage, signIn, baseURL } = useTeamServer();
let partner: ServerProcess | null = null;
afterAll(async () => {
  await partner?.stop();
});

describe('the partner-portal example', () => {
  it('shows the team’s real funnels through an embed session, a change in the host app live, and takes an Editor session’s edit', async () => {
    const { page } = await newPage();
    await signIn(page, { path: '/developer' });
    await page.waitForURL(/\/developer$/);

    const port = await freePort();
    const portal = `http://127.0.0.1:${port}`;
    await page.getByLabel('Key name').fill('Partner portal');
    await page.getByLabel('Role').selectOption('Editor');
    await page.getByLabel('Allowed origins (embedding)').fill(portal);
    await page.getByRole('button', { name: 'Create API Key' }).click();
    const secret = (await page.getByRole('dialog', { name: 'Your new API key' }).getByLabel('API key').textContent()) ?? '';
    expect(secret).toMatch(/^sk_test_/);

    partner = await startServerProcess({
      args: ['examples/partner-portal/server.mjs'],
      port,
      env: { CREATORFLOW_SERVER: baseURL(), CREATORFLOW_API_KEY: secret, CREATORFLOW_EMBED_ROLE: 'Editor' },
      readyLine: 'Partner portal on',
      name: 'The partner portal',
    });

    const { page: portalPage, errors } = await newPage();
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
