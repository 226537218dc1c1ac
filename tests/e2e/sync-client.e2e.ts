// The sync client against `npm start`'s server: a refused change never blocks the edits behind
// it; a change queued on a browser belongs to the member who made it, whoever signs in there
// next; Logout leaves no workspace behind and asks first when changes wait.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { storedRecords, useTeamServer } from './browser';
import { OWNER } from './team-server';

const { newPage, signIn, invite, accept, baseURL } = useTeamServer();

const status = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });

/** What the server holds, as a fresh pull by this page's session sees it. */
const serverRecord = <T,>(page: Page, collection: string, id: string) =>
  page.evaluate(
    async ({ collection, id }) => {
      const pulled = (await (await fetch('/sync/pull?since=0')).json()) as { records: { collection: string; id: string; value: unknown }[] };
      return pulled.records.find((r) => r.collection === collection && r.id === id)?.value;
    },
    { collection, id },
  ) as Promise<T | undefined>;

/** Every record this browser keeps for the team workspace, straight from IndexedDB (0 when the database is absent). */
const cachedRecords = (page: Page) => storedRecords(page, `creatorflow:team:${baseURL()}`);

async function setQuantity(page: Page, name: string, quantity: string) {
  await page.getByRole('button', { name: `Edit quantity of ${name}` }).click();
  const input = page.getByRole('spinbutton', { name: `Quantity of ${name}` });
  await input.fill(quantity);
  await input.press('Enter');
}

describe('the sync client', () => {
  it('a change the server refuses, ahead of a normal edit: the edit still reaches the server, the refused one rolls back with its reason', async () => {
    const first = await newPage();
    await signIn(first.page, { path: '/inventory' });
    await status(first.page, 'All changes saved').waitFor();
    const second = await newPage();
    await signIn(second.page, { path: '/inventory' });
    await status(second.page, 'All changes saved').waitFor();

    // Offline, the first browser ships ORD-1001 (2 Wireless Earbuds), then sets a quantity.
    await first.page.goto('/orders/ord_1');
    await status(first.page, 'All changes saved').waitFor();
    await first.context.setOffline(true);
    await first.page.getByLabel('Order status').selectOption('Processing');
    await first.page.getByRole('navigation', { name: 'Main', exact: true }).getByRole('link', { name: 'Inventory' }).click();
    await setQuantity(first.page, 'Smart Watch', '41');
    await status(first.page, 'Offline — 2 changes will sync').waitFor();
    // Meanwhile the stock it needs is gone.
    await setQuantity(second.page, 'Wireless Earbuds', '0');
    await status(second.page, 'All changes saved').waitFor();

    await first.context.setOffline(false);
    await first.page.getByRole('alert').filter({ hasText: "Couldn't save: Insufficient inventory for this order" }).waitFor();
    await status(first.page, 'All changes saved').waitFor();
    expect(await serverRecord<{ quantity: number }>(second.page, 'inventory', 'inv_2')).toMatchObject({ quantity: 41 });
    expect(await serverRecord<{ status: string }>(second.page, 'orders', 'ord_1')).toMatchObject({ status: 'New' });
    // Rolled back on the first browser's own screen; the other browser sees the saved edit live.
    await first.page.goto('/orders/ord_1');
    await expect.poll(() => first.page.getByLabel('Order status').inputValue()).toBe('New');
    await second.page.getByRole('row').filter({ hasText: 'Smart Watch' }).locator('.cf-qty').getByText('41').waitFor();
    expect([...first.errors, ...second.errors]).toEqual([]);
  }, 180_000);

  it("an Editor's offline edit waits for the Editor: not applied when the owner signs in on that browser, applied and credited when the Editor does", async () => {
    const owner = await newPage();
    await signIn(owner.page, { path: '/team' });
    await owner.page.waitForURL(/\/team$/);
    const link = await invite(owner.page, 'casey@acme.test', 'Editor');
    await owner.page.getByRole('button', { name: 'Done' }).click();
    const editor = await accept(link, 'Casey Lee');

    await editor.page.goto('/orders/ord_3');
    await status(editor.page, 'All changes saved').waitFor();
    // The order is on screen before the network goes: a first visit reads the workspace in pages,
    // and "All changes saved" speaks of the changes waiting, not of the pages still to come.
    await editor.page.getByLabel('Order status').waitFor();
    await editor.context.setOffline(true);
    await editor.page.getByLabel('Order status').selectOption('Delivered');
    await status(editor.page, 'Offline — 1 change will sync').waitFor();
    await editor.page.close();
    // The session ends (its cookie is gone); the owner signs in on the same browser.
    await editor.context.clearCookies();
    await editor.context.setOffline(false);
    const shared = await editor.context.newPage();
    shared.on('pageerror', (error) => editor.errors.push(error.message));
    await signIn(shared, { path: '/orders/ord_3', email: OWNER.email, password: OWNER.password });
    await shared.waitForURL(/\/orders\/ord_3$/);
    await status(shared, 'All changes saved').waitFor();
    await expect.poll(() => shared.getByLabel('Order status').inputValue()).toBe('Shipped');
    expect(await serverRecord<{ status: string }>(shared, 'orders', 'ord_3')).toMatchObject({ status: 'Shipped' });

    // The Editor signs in again on that browser: their change goes, in their name.
    await shared.context().clearCookies();
    await signIn(shared, { path: '/orders/ord_3', email: 'casey@acme.test', password: 'a long enough password' });
    await shared.waitForURL(/\/orders\/ord_3$/);
    await status(shared, 'All changes saved').waitFor();
    await expect.poll(() => serverRecord<{ status: string }>(owner.page, 'orders', 'ord_3')).toMatchObject({ status: 'Delivered' });
    const entry = await owner.page.evaluate(async () => {
      const pulled = (await (await fetch('/sync/pull?since=0')).json()) as { records: { collection: string; value: { action: string; details: string; userName: string } }[] };
      return pulled.records.filter((r) => r.collection === 'activity' && /ORD-1003/.test(r.value.details) && /Delivered/.test(`${r.value.action} ${r.value.details}`)).map((r) => r.value.userName);
    });
    expect(entry).toEqual(['Casey Lee']);
    expect([...owner.errors, ...editor.errors]).toEqual([]);
  }, 180_000);

  it('Logout with nothing waiting leaves no workspace record in this browser, even with a pull held open, 20 times in a row; with changes waiting it asks first', async () => {
    const owner = await newPage();
    await signIn(owner.page, { path: '/orders/ord_2' });
    await status(owner.page, 'All changes saved').waitFor();
    await expect.poll(() => cachedRecords(owner.page)).toBeGreaterThan(0);

    // Offline with one change waiting: Logout asks, and Stay signed in keeps everything.
    await owner.context.setOffline(true);
    await owner.page.getByLabel('Order status').selectOption('Shipped');
    await status(owner.page, 'Offline — 1 change will sync').waitFor();
    const menu = () => owner.page.locator('.cf-user-menu').getByRole('button').first();
    await menu().click();
    await owner.page.getByRole('menuitem', { name: 'Logout' }).click();
    const dialog = owner.page.getByRole('dialog', { name: 'Sign out?' });
    await dialog.getByText('1 change is not saved yet. It will be lost if you sign out now.').waitFor();
    await dialog.getByRole('button', { name: 'Stay signed in' }).click();
    await dialog.waitFor({ state: 'detached' });
    await owner.context.setOffline(false);
    await status(owner.page, 'All changes saved').waitFor();

    // Nothing waits: Logout signs out at once and the browser keeps no workspace record, even
    // when a pull is on its way: its answer is held until the sign-out has reached the server.
    const isPull = (url: URL) => url.pathname === '/sync/pull';
    for (let round = 1; round <= 20; round += 1) {
      if (round > 1) {
        await signIn(owner.page, { path: '/orders/ord_2' });
        await owner.page.waitForURL(/\/orders\/ord_2$/);
        await status(owner.page, 'All changes saved').waitFor();
      }
      let pullAsked = () => {};
      const pullHeld = new Promise<void>((done) => (pullAsked = done));
      let signedOut = () => {};
      const signOutSent = new Promise<void>((done) => (signedOut = done));
      await owner.page.route(
        isPull,
        async (route) => {
          // The server's real answer, given to the page only once the sign-out went through.
          const answer = await route.fetch();
          pullAsked();
          await signOutSent;
          await route.fulfill({ response: answer }).catch(() => undefined);
        },
        { times: 1 },
      );
      await owner.page.route(
        (url) => url.pathname === '/auth/signout',
        async (route) => {
          await route.continue();
          signedOut();
        },
        { times: 1 },
      );
      // Focus asks for a pull.
      await owner.page.evaluate(() => window.dispatchEvent(new Event('focus')));
      await pullHeld;
      await menu().click();
      await owner.page.getByRole('menuitem', { name: 'Logout' }).click();
      await owner.page.waitForURL(/\/signin/);
      await owner.page.unrouteAll({ behavior: 'ignoreErrors' });
      expect(await cachedRecords(owner.page), `records left after logout ${round}`).toBe(0);
    }
    expect(owner.errors).toEqual([]);
  }, 600_000);
});
