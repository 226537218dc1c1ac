// The creator on a 360 × 740 phone and staff in another browser, against `npm start`'s server:
// a new address reaches the gift order while it is New; "Stop emails" asks first, then the link
// still shows, read only, what the creator handed in; the board's card says Opted out and Send
// Outreach is refused with the reason. axe finds nothing on the portal screens at 360 and 1280 px.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Order } from '../../lib/domain/types';
import { violationsAt } from './axe';
import { useTeamServer } from './browser';
import { allowProducts, copyCreatorLink, openCreatorPage } from './portal-staff';

const { newPage, signIn, baseURL, browser } = useTeamServer();

const giftOrderOf = (page: Page, creatorId: string) =>
  page.evaluate(async (id) => {
    const pulled = (await (await fetch('/sync/pull?since=0')).json()) as { records: { collection: string; value: Order }[] };
    return pulled.records.find((r) => r.collection === 'orders' && r.value.creatorId === id && r.value.source === 'Creator portal')?.value;
  }, creatorId);

describe('the creator changes the address, then opts out', () => {
  it('the order follows the address; after Stop emails the link is read only and outreach is refused on the card', async () => {
    const owner = await newPage();
    await openCreatorPage(owner.page, signIn, 'CR12346');
    await allowProducts(owner.page, 1);
    // No email has gone out yet: there is nothing to resend.
    expect(await owner.page.getByRole('button', { name: 'Resend link' }).count()).toBe(0);
    const link = await copyCreatorLink(owner.page);

    const context = await browser().newContext({ baseURL: baseURL(), viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
    const creator = await context.newPage();
    const errors: string[] = [];
    creator.on('pageerror', (error) => errors.push(error.message));
    await creator.goto(link);
    await creator.getByRole('heading', { name: 'Hi Mike Chen' }).waitFor();
    await creator.getByRole('button', { name: 'Confirm' }).click();
    await creator.getByText(/^You confirmed on /).waitFor();
    await creator.getByLabel('Street address').fill('1 Main St');
    await creator.getByLabel('City').fill('Austin');
    await creator.getByLabel('Postal code').fill('78701');
    await creator.getByLabel('Country').fill('US');
    await creator.getByRole('button', { name: 'Save address' }).click();
    await creator.getByText(/^Saved on /).waitFor();
    await creator.getByRole('group', { name: /Choose up to 1/ }).getByRole('checkbox').first().check();
    await creator.getByRole('button', { name: 'Choose these products' }).click();
    await creator.getByText(/^You chose: /).waitFor();
    expect(await giftOrderOf(owner.page, 'CR12346')).toMatchObject({ status: 'New', shippingAddress: { city: 'Austin' } });

    // A new address while the order is New: the order ships there.
    await creator.getByLabel('City').fill('Denver');
    await creator.getByLabel('Postal code').fill('80202');
    await creator.getByRole('button', { name: 'Save address' }).click();
    await expect.poll(async () => (await giftOrderOf(owner.page, 'CR12346'))?.shippingAddress.city, { timeout: 15_000 }).toBe('Denver');
    expect(await violationsAt(creator, [360, 1280])).toEqual([]);

    // Stop emails asks first; Cancel changes nothing.
    await creator.getByRole('button', { name: 'Stop emails' }).click();
    await creator.getByText(/^Stop every email about this campaign\?/).waitFor();
    expect(await violationsAt(creator, [360])).toEqual([]);
    await creator.getByRole('button', { name: 'Cancel' }).click();
    await creator.getByRole('button', { name: 'Stop emails' }).click();
    await creator.getByRole('button', { name: 'Yes, stop emails' }).click();
    await creator.getByText(/^You stopped emails on .*read only, what you handed in\.$/).waitFor();
    await creator.getByText(/^1 Main St, Denver, 80202, US$/).waitFor();
    expect(await creator.getByRole('button', { name: 'Save address' }).count()).toBe(0);
    // The link still works after a reload: read only, not "This link doesn't work".
    await creator.reload();
    await creator.getByText(/^You stopped emails on /).waitFor();
    expect(await violationsAt(creator, [360, 1280])).toEqual([]);
    expect(await creator.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    // The board's card says so, and outreach is refused with the reason.
    await owner.page.goto('/dashboard');
    const card = owner.page.getByRole('article', { name: 'Mike Chen' });
    await card.getByText('Opted out').waitFor();
    const send = card.getByRole('button', { name: 'Send outreach to Mike Chen' });
    expect(await send.isDisabled()).toBe(true);
    expect(await send.getAttribute('title')).toBe('@mikechentech opted out of email');
    // The creator page says it too, and Copy creator link says why it is disabled.
    await owner.page.goto('/creator/CR12346');
    await owner.page.getByRole('banner').or(owner.page.locator('header')).getByText('Opted out').first().waitFor();
    const copy = owner.page.getByRole('button', { name: 'Copy creator link' });
    expect(await copy.isDisabled()).toBe(true);
    expect(await copy.getAttribute('title')).toBe('@mikechentech opted out of email');
    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);

  it('keyboard only: Confirm, then an empty address names every missing field at once, and each answer moves focus to its result', async () => {
    const owner = await newPage();
    await openCreatorPage(owner.page, signIn, 'CR12349');
    const link = await copyCreatorLink(owner.page);
    const context = await browser().newContext({ baseURL: baseURL(), viewport: { width: 360, height: 740 } });
    const creator = await context.newPage();
    await creator.goto(link);
    await creator.getByRole('heading', { name: 'Hi Priya Patel' }).waitFor();
    const focused = () => creator.evaluate(() => document.activeElement?.textContent?.trim() ?? document.activeElement?.getAttribute('name') ?? '');
    // Tab to Confirm and press Enter: focus lands on the section's heading, where the result is said.
    for (let i = 0; i < 20 && (await focused()) !== 'Confirm'; i++) await creator.keyboard.press('Tab');
    expect(await focused()).toBe('Confirm');
    await creator.keyboard.press('Enter');
    await creator.getByText(/^You confirmed on /).waitFor();
    await expect.poll(focused).toBe('Will you take part?');

    // Tab to Save address with every field empty and press Enter: all four named, under their fields.
    for (let i = 0; i < 20 && (await focused()) !== 'Save address'; i++) await creator.keyboard.press('Tab');
    await creator.keyboard.press('Enter');
    for (const [label, error] of [
      ['Street address', 'Please enter the street address'],
      ['City', 'Please enter the city'],
      ['Postal code', 'Please enter the postal code'],
      ['Country', 'Please enter the country'],
    ] as const) {
      const input = creator.getByLabel(label, { exact: true });
      await expect.poll(() => input.getAttribute('aria-invalid')).toBe('true');
      const described = await input.getAttribute('aria-describedby');
      expect(await creator.locator(`[id="${described}"]`).innerText()).toBe(error);
    }
    await expect.poll(() => creator.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('line1');
    await creator.keyboard.type('5 Pine Rd');
    await creator.keyboard.press('Tab');
    await creator.keyboard.press('Tab');
    await creator.keyboard.type('Portland');
    await creator.keyboard.press('Tab');
    await creator.keyboard.press('Tab');
    await creator.keyboard.type('97201');
    await creator.keyboard.press('Tab');
    await creator.keyboard.type('US');
    await creator.keyboard.press('Enter');
    await creator.getByText(/^Saved on /).waitFor();
    await expect.poll(focused).toBe('Shipping address');
    expect(await creator.getByLabel('City', { exact: true }).getAttribute('aria-invalid')).toBeNull();
    expect(await violationsAt(creator, [360, 1280])).toEqual([]);
    await context.close();
  }, 180_000);
});
