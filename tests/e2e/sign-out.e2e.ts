// Logout against `npm start`'s server: it ends the session, or the browser says how it will.
// Offline, the session ends in this browser at once and on the server at the next contact (in
// this tab when the network returns, or in the next page opened); it never stays valid. With
// changes waiting, the dialog and the bar behind it say they would be lost, and the member may
// wait for them. A removed member is told which changes were not kept, with no "syncing…" left.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { storedRecords, useTeamServer } from './browser';

const { newPage, signIn, invite, accept, baseURL } = useTeamServer();

const status = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });
const cachedRecords = (page: Page) => storedRecords(page, `creatorflow:team:${baseURL()}`);
/** What `/auth/session` answers this page's cookies. */
const sessionAnswer = (page: Page) => page.evaluate(async () => (await fetch('/auth/session')).status);
const OWED = 'You are signed out on this device. The server ends your session as soon as this browser reaches it again.';

async function logout(page: Page) {
  await page.locator('.cf-user-menu').getByRole('button').first().click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
}

describe('Logout', () => {
  it('offline: the workspace goes at once and the page says the server is told later; back online, the session is ended', async () => {
    const owner = await newPage();
    await signIn(owner.page, { path: '/orders/ord_2' });
    await status(owner.page, 'All changes saved').waitFor();
    expect(await sessionAnswer(owner.page)).toBe(200);

    await owner.context.setOffline(true);
    await logout(owner.page);
    // No browser error page: the app says what happened, and nothing of the workspace stays.
    await owner.page.getByRole('status').filter({ hasText: OWED }).waitFor();
    expect(await cachedRecords(owner.page)).toBe(0);
    await expect(owner.page.locator('.cf-user-menu').count()).resolves.toBe(0);

    await owner.context.setOffline(false);
    await expect.poll(() => sessionAnswer(owner.page), { timeout: 15_000 }).toBe(401);
    await owner.page.getByRole('status').filter({ hasText: OWED }).waitFor({ state: 'detached' });
    // Nobody is signed in: the app sends whoever opens it to sign in.
    await owner.page.goto('/orders');
    await owner.page.waitForURL(/\/signin/);
    expect(owner.errors).toEqual([]);
  }, 120_000);

  it('offline, then the tab closed: the next page opened on this browser ends the session before showing anything', async () => {
    const owner = await newPage();
    await signIn(owner.page, { path: '/orders/ord_2' });
    await status(owner.page, 'All changes saved').waitFor();
    await owner.context.setOffline(true);
    await logout(owner.page);
    await owner.page.getByRole('status').filter({ hasText: OWED }).waitFor();
    await owner.page.close();

    await owner.context.setOffline(false);
    const next = await owner.context.newPage();
    next.on('pageerror', (error) => owner.errors.push(error.message));
    await next.goto('/orders');
    // Whatever the old cookie let through, nobody is signed in: no workspace, no name.
    await next.getByRole('button', { name: 'Sign in' }).waitFor();
    await expect.poll(() => sessionAnswer(next)).toBe(401);
    expect(await next.getByText('Alex Morgan').count()).toBe(0);
    expect(await next.getByRole('row').filter({ hasText: 'ORD-1001' }).count()).toBe(0);
    expect(owner.errors).toEqual([]);
  }, 120_000);

  it('with a change waiting, the dialog and the bar say it would be lost; waiting for it saves it, then signs out', async () => {
    const owner = await newPage();
    await signIn(owner.page, { path: '/orders/ord_1' });
    await status(owner.page, 'All changes saved').waitFor();
    await owner.context.setOffline(true);
    await owner.page.getByLabel('Order status').selectOption('Processing');
    await status(owner.page, 'Offline — 1 change will sync').waitFor();

    await logout(owner.page);
    const dialog = owner.page.getByRole('dialog', { name: 'Sign out?' });
    await dialog.getByText('1 change is not saved yet. It will be lost if you sign out now.').waitFor();
    await owner.page.locator('.cf-sync-status').filter({ hasText: '1 change not saved yet — lost if you sign out now' }).waitFor();
    expect(await owner.page.getByText('will sync').count()).toBe(0);

    await dialog.getByRole('button', { name: 'Wait for them, then sign out' }).click();
    await dialog.getByText('Waiting for 1 change to be saved: you will be signed out once it is. This browser is offline: they are saved once it is back online.').waitFor();
    // The bar says what is true again: the change waits for the network.
    await status(owner.page, 'Offline — 1 change will sync').waitFor();

    await owner.context.setOffline(false);
    await owner.page.waitForURL(/\/signin/);
    expect(await cachedRecords(owner.page)).toBe(0);
    // Saved before the session ended: sign in again and the server holds it.
    await signIn(owner.page, { path: '/orders/ord_1' });
    await owner.page.waitForURL(/\/orders\/ord_1$/);
    await status(owner.page, 'All changes saved').waitFor();
    await expect.poll(() => owner.page.getByLabel('Order status').inputValue()).toBe('Processing');
    expect(owner.errors).toEqual([]);
  }, 180_000);

  it('a removed member is told which of their changes were not kept, and no "syncing…" note stays', async () => {
    const owner = await newPage();
    await signIn(owner.page, { path: '/team' });
    await owner.page.waitForURL(/\/team$/);
    const link = await invite(owner.page, 'robin@acme.test', 'Editor');
    await owner.page.getByRole('button', { name: 'Done' }).click();
    const editor = await accept(link, 'Robin Park');

    await editor.page.goto('/orders/ord_3');
    await status(editor.page, 'All changes saved').waitFor();
    await editor.context.setOffline(true);
    await editor.page.getByLabel('Order status').selectOption('Delivered');
    await status(editor.page, 'Offline — 1 change will sync').waitFor();
    const syncing = editor.page.getByText('Saved on this device, syncing…');
    await syncing.waitFor();

    // The owner's list may still show the invitation's name until a pull brings the new one.
    await owner.page.getByRole('button', { name: /^Remove robin/i }).click();
    await owner.page.getByRole('dialog').getByRole('button', { name: 'Remove member' }).click();
    await status(owner.page, 'All changes saved').waitFor();

    await editor.context.setOffline(false);
    await status(editor.page, 'You were removed from this workspace').waitFor();
    const notKept = editor.page.getByRole('region', { name: 'This change of yours was not kept:' });
    await expect.poll(() => notKept.getByRole('listitem').allInnerTexts()).toEqual([expect.stringMatching(/ORD-1003/)]);
    // Its "syncing…" note goes with it (it would otherwise stay its full 10 s).
    await syncing.waitFor({ state: 'detached', timeout: 4_000 });
    expect([...owner.errors, ...editor.errors]).toEqual([]);
  }, 180_000);
});
