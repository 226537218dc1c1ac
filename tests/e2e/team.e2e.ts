// The team workspace against `npm start`'s server with a fresh data folder: the owner signs in
// and invites an Editor and a Viewer; each accepts in a browser of their own and sees the
// team's funnels; an edit by one member shows on another's open screen without a reload; the
// Viewer's controls are disabled and a forced push is refused.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useTeamServer } from './browser';
import { OWNER } from './team-server';

const { newPage, signIn, invite, accept } = useTeamServer();

describe('the team workspace', () => {
  it('owner invites an Editor and a Viewer; each sees the same funnels; edits reach the others live; the Viewer changes nothing', async () => {
    const owner = await newPage();
    // Every app route sends a signed-out browser to sign in, and back after.
    await signIn(owner.page, { path: '/orders', password: 'not the password' });
    await owner.page.getByText('Email or password is incorrect').waitFor();
    await owner.page.getByLabel('Password').fill(OWNER.password);
    await owner.page.getByRole('button', { name: 'Sign in' }).click();
    await owner.page.waitForURL(/\/orders$/);
    await owner.page.getByRole('status').filter({ hasText: 'All changes saved' }).waitFor();

    const editorLink = await invite(owner.page, 'jamie@acme.test', 'Editor');
    expect(editorLink).toMatch(/\/invite\/[A-Za-z0-9_-]+$/);
    await owner.page.getByRole('button', { name: 'Done' }).click();
    await owner.page.getByRole('row').filter({ hasText: 'jamie@acme.test' }).getByText('Pending').waitFor();
    const viewerLink = await invite(owner.page, 'taylor@acme.test', 'Viewer');
    await owner.page.getByRole('button', { name: 'Done' }).click();

    const editor = await accept(editorLink, 'Jamie Smith');
    await editor.page.goto('/dashboard');
    await editor.page.getByRole('link', { name: 'Sarah Johnson' }).first().waitFor();
    // The invitation works once.
    const again = await newPage();
    await again.page.goto(editorLink);
    await again.page.getByText(/no longer valid|already been used|not valid/i).first().waitFor();

    // The owner's open order list follows the Editor's change without a reload.
    await owner.page.goto('/orders');
    const ownerRow = owner.page.getByRole('row').filter({ hasText: 'ORD-1001' });
    await ownerRow.getByText('New', { exact: true }).waitFor();
    await editor.page.goto('/orders/ord_1');
    await editor.page.getByLabel('Order status').selectOption('Processing');
    await editor.page.getByRole('status').filter({ hasText: 'All changes saved' }).waitFor();
    await ownerRow.getByText('Processing', { exact: true }).waitFor();

    // The activity log names the member who made the change.
    await owner.page.goto('/activity');
    await owner.page.getByText(/Jamie Smith/).first().waitFor();

    const stockOf = (page: Page) =>
      page.evaluate(async () => {
        const pulled = (await (await fetch('/sync/pull?since=0')).json()) as { records: { collection: string; id: string; value: { quantity: number } }[] };
        return pulled.records.find((r) => r.collection === 'inventory' && r.id === 'inv_4')?.value.quantity;
      });
    const stockBefore = await stockOf(owner.page);
    expect(stockBefore).toEqual(expect.any(Number));
    const viewer = await accept(viewerLink, 'Taylor Reed');
    await viewer.page.goto('/inventory');
    await expect.poll(() => viewer.page.getByRole('button', { name: 'Add Item' }).isDisabled()).toBe(true);
    // Said in plain text, not only in tooltips; the import's file input is off like its button.
    await viewer.page.getByText('View only: as a Viewer you can see this workspace, but your role cannot change it.').waitFor();
    expect(await viewer.page.getByLabel('Import inventory CSV file').isDisabled()).toBe(true);
    // A request forced past the disabled controls is refused by the server and changes nothing.
    const forced = await viewer.page.evaluate(async () => {
      const response = await fetch('/sync/push', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          clientID: 'forced',
          mutations: [{ id: 1, name: 'inventory.setQuantity', args: { id: 'inv_4', quantity: 0 }, meta: { now: new Date().toISOString(), idSeed: 'forced' } }],
        }),
      });
      return { status: response.status, body: await response.json() };
    });
    // Refused on its own (403 for that change), so nothing behind it waits.
    expect(forced).toMatchObject({ status: 200, body: { results: [{ id: 1, ok: false, status: 403, error: 'Your role cannot make changes in this workspace' }] } });
    expect(await stockOf(owner.page)).toBe(stockBefore);

    for (const who of [owner, editor, viewer]) expect(who.errors).toEqual([]);
  }, 180_000);

  it('a first visit downloads the workspace once: the event stream opens after it and asks only for what changed since', async () => {
    const owner = await newPage();
    const pulls: string[] = [];
    owner.page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/sync/pull') pulls.push(new URL(request.url()).searchParams.get('since') ?? '');
    });
    // The first pull's answer is held until the event stream is asked for, or 2 s passed: a
    // stream opened during the first pull would show as a second pull since 0. (The wait only
    // gives a wrong order the chance to show; the outcome never depends on it.)
    let held = false;
    await owner.page.route('**/sync/pull?since=0*', async (route) => {
      if (!held) {
        held = true;
        await owner.page.waitForRequest('**/sync/events*', { timeout: 2_000 }).catch(() => undefined);
      }
      await route.continue();
    });
    await signIn(owner.page, { path: '/funnel' });
    await owner.page.getByText('Sarah Johnson').first().waitFor();
    // The stream's opening pull follows the first one.
    await expect.poll(() => pulls.length).toBeGreaterThanOrEqual(2);
    expect(pulls[0]).toBe('0');
    expect(pulls.slice(1).filter((since) => since === '0')).toEqual([]);
  });

  it('a member changes their password in Profile: the server checks the current one, and only the new one signs in after', async () => {
    const owner = await newPage();
    await signIn(owner.page);
    await owner.page.getByRole('status').filter({ hasText: 'All changes saved' }).waitFor();
    const link = await invite(owner.page, 'morgan@acme.test', 'Editor');
    const member = await accept(link, 'Morgan Lee');
    await member.page.goto('/profile');
    const form = member.page.locator('form[part="profile"]');
    await form.getByLabel('Current Password').fill('not my password');
    await form.getByLabel('New Password', { exact: true }).fill('an even longer passphrase');
    await form.getByLabel('Confirm New Password').fill('an even longer passphrase');
    await form.getByRole('button', { name: 'Save Changes' }).click();
    await form.getByRole('alert').filter({ hasText: 'Current password is incorrect' }).waitFor();
    await expect.poll(() => form.getByLabel('Current Password').getAttribute('aria-invalid')).toBe('true');

    await form.getByLabel('Current Password').fill('a long enough password');
    await form.getByRole('button', { name: 'Save Changes' }).click();
    await member.page.getByText('Profile updated successfully').first().waitFor();
    // Whatever the browser queued for the server carries no password.
    const queued = await member.page.evaluate(async () => {
      const response = await fetch('/sync/pull?since=0');
      return response.text();
    });
    expect(queued).not.toContain('an even longer passphrase');

    const fresh = await newPage();
    await signIn(fresh.page, { email: 'morgan@acme.test', password: 'a long enough password' });
    await fresh.page.getByText('Email or password is incorrect').waitFor();
    await fresh.page.getByLabel('Password').fill('an even longer passphrase');
    await fresh.page.getByRole('button', { name: 'Sign in' }).click();
    await fresh.page.getByRole('status').filter({ hasText: 'All changes saved' }).waitFor();
    for (const who of [owner, member, fresh]) expect(who.errors).toEqual([]);
  }, 120_000);
});
