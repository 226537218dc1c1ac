// Offline work against `npm start`'s server: a member edits with the network down, sees how
// many changes wait, closes the tab; the reopened tab sends them and another member's open
// screen shows the edit without a reload. A member demoted to Viewer while offline has the
// change refused when back online: it rolls back on their own screen, with the reason.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useTeamServer } from './browser';

const { newPage, signIn, invite, accept } = useTeamServer();

const status = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });

describe('offline edits with a team server', () => {
  it('an offline edit survives a closed tab and reaches the other member live; a change the server refuses rolls back with its reason', async () => {
    const owner = await newPage();
    await signIn(owner.page, { path: '/team' });
    await owner.page.waitForURL(/\/team$/);
    const link = await invite(owner.page, 'jamie@acme.test', 'Editor');
    await owner.page.getByRole('button', { name: 'Done' }).click();
    const editor = await accept(link, 'Jamie Smith');

    // The owner watches the order list; the Editor opens an order, then loses the network.
    await owner.page.goto('/orders');
    const ownerRow = owner.page.getByRole('row').filter({ hasText: 'ORD-1001' });
    await ownerRow.getByText('New', { exact: true }).waitFor();
    await editor.page.goto('/orders/ord_1');
    await status(editor.page, 'All changes saved').waitFor();
    await editor.context.setOffline(true);
    await editor.page.getByLabel('Order status').selectOption('Canceled');
    await status(editor.page, 'Offline — 1 change will sync').waitFor();
    await editor.page.close();

    // Back online, a new tab sends what the closed one left; the owner's open list follows.
    await editor.context.setOffline(false);
    const reopened = await editor.context.newPage();
    reopened.on('pageerror', (error) => editor.errors.push(error.message));
    await reopened.goto('/orders/ord_1');
    await status(reopened, 'All changes saved').waitFor();
    await ownerRow.getByText('Canceled', { exact: true }).waitFor();
    await expect.poll(() => reopened.getByLabel('Order status').inputValue()).toBe('Canceled');

    // Offline again, the Editor changes another order while the owner makes them a Viewer.
    await reopened.goto('/orders/ord_3');
    await status(reopened, 'All changes saved').waitFor();
    await editor.context.setOffline(true);
    await owner.page.goto('/team');
    await owner.page.getByLabel('Role of Jamie Smith').selectOption('Viewer');
    await status(owner.page, 'All changes saved').waitFor();
    await reopened.getByLabel('Order status').selectOption('Delivered');
    await status(reopened, 'Offline — 1 change will sync').waitFor();
    await editor.context.setOffline(false);
    // The server refuses it: the order is Shipped again on the Editor's own screen, and the reason shows.
    const reason = 'Your role cannot make changes in this workspace';
    await reopened.getByRole('alert').filter({ hasText: `Couldn't save: ${reason}` }).waitFor();
    await status(reopened, 'All changes saved').waitFor();
    await expect.poll(() => reopened.getByLabel('Order status').inputValue()).toBe('Shipped');
    await owner.page.goto('/orders');
    await owner.page.getByRole('row').filter({ hasText: 'ORD-1003' }).getByText('Shipped', { exact: true }).waitFor();

    expect(owner.errors).toEqual([]);
    expect(editor.errors).toEqual([]);
  }, 180_000);

  it('one tab of a browser holds the event stream and tells the others; when it closes, another takes it over', async () => {
    const { context, page: first, errors } = await newPage();
    const streams: string[] = [];
    context.on('request', (request) => {
      if (new URL(request.url()).pathname === '/sync/events') streams.push(request.url());
    });
    await signIn(first, { path: '/orders' });
    await first.waitForURL(/\/orders$/);
    await status(first, 'All changes saved').waitFor();
    const second = await context.newPage();
    second.on('pageerror', (error) => errors.push(error.message));
    await second.goto('/orders');
    await status(second, 'All changes saved').waitFor();

    // Another browser of the owner changes an order: both tabs show it, over one stream.
    const other = await newPage();
    await signIn(other.page, { path: '/signin' });
    await status(other.page, 'All changes saved').waitFor();
    const pushFrom = (page: Page, clientID: string, notes: string) =>
      page.evaluate(
        async ({ clientID, notes }) => {
          const response = await fetch('/sync/push', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ clientID, mutations: [{ id: 1, name: 'orders.changeStatus', args: { id: 'ord_1', status: notes }, meta: { now: new Date().toISOString(), idSeed: clientID } }] }),
          });
          return response.status;
        },
        { clientID, notes },
      );
    expect(await pushFrom(other.page, 'other-browser-1', 'New')).toBe(200);
    for (const page of [first, second]) await page.getByRole('row').filter({ hasText: 'ORD-1001' }).getByText('New', { exact: true }).waitFor();
    expect(streams).toHaveLength(1);

    // The holder closes: the other tab opens the stream and still hears of changes.
    await first.close();
    await expect.poll(() => streams.length, { timeout: 15_000 }).toBe(2);
    expect(await pushFrom(other.page, 'other-browser-2', 'Processing')).toBe(200);
    await second.getByRole('row').filter({ hasText: 'ORD-1001' }).getByText('Processing', { exact: true }).waitFor();
    expect(errors).toEqual([]);
  }, 180_000);
});
