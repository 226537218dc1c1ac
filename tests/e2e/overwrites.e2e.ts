// Overwrites are told, on `npm start`'s team server: two members change the same order status,
// and the one whose change was replaced sees a notice naming the other and the new status, with
// their own value offered back; the same for a quantity ("Use my value"); and an item deleted
// while a teammate types its quantity is told by name instead of the input vanishing.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useTeamServer } from './browser';

const { newPage, signIn, invite, accept } = useTeamServer();

const saved = (page: Page) => page.getByRole('status').filter({ hasText: 'All changes saved' }).waitFor();
const notice = (page: Page, text: string) => page.getByRole('status', { name: 'Changes by teammates' }).getByText(text, { exact: true });

/** A record as the server holds it. */
const onServer = <T>(page: Page, collection: string, id: string) =>
  page.evaluate(
    async ([c, i]) => {
      const pulled = (await (await fetch('/sync/pull?since=0')).json()) as { records: { collection: string; id: string; value: unknown }[] };
      return pulled.records.find((r) => r.collection === c && r.id === i)?.value ?? null;
    },
    [collection, id],
  ) as Promise<T | null>;

async function setQuantity(page: Page, name: string, quantity: number) {
  await page.getByRole('button', { name: `Edit quantity of ${name}` }).click();
  const input = page.getByRole('spinbutton', { name: `Quantity of ${name}` });
  await input.fill(String(quantity));
  await input.press('Enter');
}

describe('a teammate’s overwrite is told', () => {
  it('order status: the overwritten member sees who set it and to what, and puts theirs back; a quantity likewise with "Use my value"; a deletion under typing', async () => {
    const owner = await newPage();
    await signIn(owner.page, { path: '/orders/ord_1' });
    await saved(owner.page);
    const link = await invite(owner.page, 'jamie@acme.test', 'Editor');
    const jamie = await accept(link, 'Jamie Smith');

    // The owner sets the status; then Jamie sets another: the owner's change was replaced.
    await owner.page.goto('/orders/ord_1');
    await jamie.page.goto('/orders/ord_1');
    await owner.page.getByLabel('Order status').selectOption('Processing');
    await saved(owner.page);
    await jamie.page.getByLabel('Order status').selectOption('Shipped');
    await saved(jamie.page);
    await notice(owner.page, 'Jamie Smith set the status of ORD-1001 to Shipped').waitFor();
    await expect.poll(() => owner.page.getByLabel('Order status').inputValue()).toBe('Shipped');

    // "Use my value" is a normal change: the server takes it and Jamie is told in turn.
    await owner.page.getByRole('button', { name: 'Use my value (Processing)' }).click();
    await saved(owner.page);
    await expect.poll(async () => (await onServer<{ status: string }>(owner.page, 'orders', 'ord_1'))?.status).toBe('Processing');
    await notice(owner.page, 'Jamie Smith set the status of ORD-1001 to Shipped').waitFor({ state: 'detached' });
    await notice(jamie.page, 'Alex Morgan set the status of ORD-1001 to Processing').waitFor();

    // A quantity: the owner sets 25, Jamie sets 30; the owner is told and uses their value again.
    await owner.page.goto('/inventory');
    await jamie.page.goto('/inventory');
    await setQuantity(owner.page, 'Bluetooth Speaker', 25);
    await saved(owner.page);
    await setQuantity(jamie.page, 'Bluetooth Speaker', 30);
    await saved(jamie.page);
    await notice(owner.page, 'Jamie Smith set the quantity of Bluetooth Speaker to 30').waitFor();
    await owner.page.getByRole('button', { name: 'Use my value (25)' }).click();
    await saved(owner.page);
    await expect.poll(async () => (await onServer<{ quantity: number }>(owner.page, 'inventory', 'inv_5'))?.quantity).toBe(25);
    await notice(jamie.page, 'Alex Morgan set the quantity of Bluetooth Speaker to 25').waitFor();
    await expect.poll(() => jamie.page.getByRole('row').filter({ hasText: 'Bluetooth Speaker' }).locator('.cf-qty').textContent()).toMatch(/^25/);

    // Jamie deletes an item while the owner types its quantity: the owner is told by name.
    await owner.page.getByRole('button', { name: 'Edit quantity of Smart Watch' }).click();
    await owner.page.getByRole('spinbutton', { name: 'Quantity of Smart Watch' }).fill('12');
    await jamie.page.getByRole('button', { name: 'View details of Smart Watch' }).click();
    await jamie.page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await jamie.page.getByRole('button', { name: 'Delete Item' }).click();
    await saved(jamie.page);
    await notice(owner.page, 'Jamie Smith deleted Smart Watch while you were editing it').waitFor();
    expect(await owner.page.getByRole('spinbutton', { name: 'Quantity of Smart Watch' }).count()).toBe(0);

    for (const who of [owner, jamie]) expect(who.errors).toEqual([]);
  }, 180_000);
});
