// Keyboard only, the creator on a 360 × 740 screen against `npm start`'s server: the products,
// brief and links forms are reached control by control with Tab and answered with Space and
// Enter; every problem is named at once under its field (aria-invalid, aria-describedby) with
// focus on the first, each answer moves focus to its section's heading, and a button disabled
// while an answer saves says why. axe finds nothing at 360 and 1280 px, errors shown or not.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { violationsAt } from './axe';
import { useTeamServer } from './browser';
import { allowProducts, copyCreatorLink, openCreatorPage } from './portal-staff';

const { newPage, signIn, baseURL, browser } = useTeamServer();
/** What has focus, as a user hears it: a field's label, else the element's text. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLInputElement | null;
    if (!el || el === document.body) return '<body>';
    return (el.labels?.[0]?.textContent ?? el.textContent ?? '').trim();
  });

/** Presses Tab (or Shift+Tab) until `target` has focus; what had focus on the way (target last). */
async function tabTo(page: Page, target: string, key: 'Tab' | 'Shift+Tab' = 'Tab') {
  const visited: string[] = [];
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press(key);
    visited.push(await focused(page));
    if (visited.at(-1) === target) return visited;
  }
  throw new Error(`Tab never reached "${target}": ${visited.join(' | ')}`);
}

/** The field is marked invalid and described by `error`. */
async function saysUnder(page: Page, field: Locator, error: string) {
  await expect.poll(() => field.getAttribute('aria-invalid')).toBe('true');
  const described = await field.getAttribute('aria-describedby');
  expect(await page.locator(`[id="${described}"]`).innerText()).toBe(error);
}

describe('the portal forms, keyboard only', () => {
  it('products, brief and links: every problem named at once under its field, focus to the first, then to each result', async () => {
    const owner = await newPage();
    await openCreatorPage(owner.page, signIn, 'CR12348');
    await allowProducts(owner.page, 1);
    const link = await copyCreatorLink(owner.page);

    const context = await browser().newContext({ baseURL: baseURL(), viewport: { width: 360, height: 740 } });
    const creator = await context.newPage();
    const errors: string[] = [];
    creator.on('pageerror', (error) => errors.push(error.message));
    await creator.goto(link);
    await creator.getByRole('heading', { name: 'Hi Alex Rivera' }).waitFor();

    // Confirm and the address, by keyboard, to reach the products.
    await tabTo(creator, 'Confirm');
    await creator.keyboard.press('Enter');
    await creator.getByText(/^You confirmed on /).waitFor();
    await tabTo(creator, 'Street address');
    await creator.keyboard.type('42 Harbour Road');
    await tabTo(creator, 'City');
    await creator.keyboard.type('Portland');
    await tabTo(creator, 'Postal code');
    await creator.keyboard.type('97201');
    await tabTo(creator, 'Country');
    await creator.keyboard.type('United States');
    await tabTo(creator, 'Save address');
    await creator.keyboard.press('Enter');
    await creator.getByText(/^Saved on /).waitFor();
    await expect.poll(() => focused(creator)).toBe('Shipping address');

    // Products: one allowed. Tab reaches every product and the button.
    const group = creator.getByRole('group', { name: /^Choose up to 1 product, worth up to / });
    await group.waitFor();
    const boxes = group.getByRole('checkbox');
    const productNames = await Promise.all((await boxes.all()).map((box) => box.locator('xpath=..').innerText()));
    expect(productNames.length).toBeGreaterThan(1);
    const onTheWay = await tabTo(creator, 'Choose these products');
    for (const name of productNames) expect(onTheWay).toContain(name.trim());
    // None chosen: said under the products, focus on the first.
    await creator.keyboard.press('Enter');
    await saysUnder(creator, boxes.first(), 'Please choose at least one product');
    await expect.poll(() => focused(creator)).toBe(productNames[0].trim());
    await group.getByText('0 of 1 chosen').waitFor();
    expect(await violationsAt(creator, [360, 1280])).toEqual([]);
    // Two chosen, one allowed: said under the products, focus on the first.
    await creator.keyboard.press('Space');
    await creator.keyboard.press('Tab');
    await creator.keyboard.press('Space');
    await group.getByText('2 of 1 chosen').waitFor();
    await tabTo(creator, 'Choose these products');
    await creator.keyboard.press('Enter');
    await saysUnder(creator, boxes.nth(1), 'You can choose up to 1 product');
    await expect.poll(() => focused(creator)).toBe(productNames[0].trim());
    await creator.keyboard.press('Space');
    await group.getByText('1 of 1 chosen').waitFor();
    await tabTo(creator, 'Choose these products');
    await creator.keyboard.press('Enter');
    await creator.getByText(/^You chose: /).waitFor();
    await expect.poll(() => focused(creator)).toBe('Your products');

    // The brief: while the answer is being saved the button is disabled and says why.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await context.route('**/portal/api/answer', async (route) => {
      await held;
      await route.continue();
    });
    await tabTo(creator, 'I have read the brief');
    await creator.keyboard.press('Enter');
    const acknowledge = creator.getByRole('button', { name: 'I have read the brief' });
    await expect.poll(() => acknowledge.isDisabled()).toBe(true);
    const why = await acknowledge.getAttribute('aria-describedby');
    expect(await creator.locator(`[id="${why}"]`).innerText()).toBe('Wait: your answer is being saved.');
    expect(await violationsAt(creator, [360])).toEqual([]);
    release();
    await creator.getByText(/^You acknowledged the brief on /).waitFor();
    await expect.poll(() => focused(creator)).toBe('The brief');
    await context.unroute('**/portal/api/answer');

    // Links: two bad links are both named at once, each under its own field; focus on the first.
    const toAdd = await tabTo(creator, 'Add another link');
    for (const control of ['Link 1', 'Note for link 1']) expect(toAdd).toContain(control);
    await creator.keyboard.press('Enter');
    await creator.getByLabel('Link 2', { exact: true }).waitFor();
    const back = await tabTo(creator, 'Link 1', 'Shift+Tab');
    for (const control of ['Note for link 2', 'Link 2', 'Note for link 1']) expect(back).toContain(control);
    await creator.keyboard.type('ftp://example.com/reel');
    await tabTo(creator, 'Link 2');
    await creator.keyboard.type('my reel');
    await tabTo(creator, 'Hand in');
    await creator.keyboard.press('Enter');
    await saysUnder(creator, creator.getByLabel('Link 1', { exact: true }), 'Link 1 must start with http:// or https://');
    await saysUnder(creator, creator.getByLabel('Link 2', { exact: true }), 'Link 2 must start with http:// or https://');
    await expect.poll(() => focused(creator)).toBe('Link 1');
    expect(await violationsAt(creator, [360, 1280])).toEqual([]);
    await creator.keyboard.press('Control+a');
    await creator.keyboard.type('https://www.instagram.com/p/alex-unboxing');
    await tabTo(creator, 'Link 2');
    await creator.keyboard.press('Control+a');
    await creator.keyboard.type('https://www.instagram.com/p/alex-story');
    await tabTo(creator, 'Hand in');
    await creator.keyboard.press('Enter');
    await creator.getByText(/^Handed in on /).waitFor();
    await expect.poll(() => focused(creator)).toBe('Your content');
    expect(await creator.getByLabel('Link 1', { exact: true }).getAttribute('aria-invalid')).toBeNull();
    expect(await violationsAt(creator, [360, 1280])).toEqual([]);
    expect(await creator.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect(errors).toEqual([]);
    await context.close();
  }, 240_000);
});
