import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from './browser';
import { ROUTES as SPEC_ROUTES } from './routes';

const b = useBrowser();

/** Every route of the spec's route list (§2), with a real sample id where it takes one. */
// The spec's route list (shared with the accessibility run), plus query-parameter variants
// and the documentation pages the help center links to.
const ROUTES = [
  // Real routes only: the not-found route has its own test below.
  ...SPEC_ROUTES.filter((path) => path !== '/no-such-page'),
  '/?search=Sarah',
  '/dashboard?filter=top_creators&creator=@sarahjstyle&expand=true',
  '/creator/CR12345?step=Product%20Shipment',
  '/docs/dashboard',
  '/docs/api',
  '/support',
];

/** Waits until the element has focus (focus moves in an effect after the key press). */
async function hasFocus(locator: Locator) {
  await expect.poll(() => locator.evaluate((el) => el === document.activeElement), { timeout: 5000 }).toBe(true);
}

async function heading(page: Page) {
  const h1 = page.locator('main h1').first();
  await h1.waitFor({ timeout: 20_000 });
  return (await h1.textContent())?.trim() ?? '';
}

/** Presses Tab until `hasFocus` holds; fails after `max` presses. */
async function tabTo(page: Page, accessibleCheck: () => boolean | Promise<boolean>, max = 25) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    if (await accessibleCheck()) return;
  }
  throw new Error('focus never reached the target by Tab');
}

describe('every route renders', () => {
  it.each(ROUTES)('%s shows its page (an h1), no console errors, no third-party requests', async (path) => {
    const { page, problems } = await b.open(path);
    const title = await heading(page);
    expect(title).not.toBe('');
    expect(title).not.toBe('404');
    expect(await page.getByRole('navigation', { name: 'Breadcrumb' }).count()).toBe(1);
    expect(problems.errors).toEqual([]);
    expect(problems.thirdParty).toEqual([]);
  });

  it('an unknown route shows the 404 page, whose search goes to /?search=...', async () => {
    const { page, problems } = await b.open('/no/such/page');
    expect(await heading(page)).toBe('404');
    await page.getByText('Page not found').waitFor();
    await page.getByRole('searchbox', { name: 'Search creators and funnels' }).fill('Emma Davis');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/' && url.searchParams.get('search') === 'Emma Davis');
    expect(problems.errors).toEqual([]);
    expect(problems.thirdParty).toEqual([]);
  });

  it('the help center documentation links lead to real pages, not the 404', async () => {
    const { page } = await b.open('/help');
    const docs = page.getByRole('navigation', { name: 'Documentation' });
    for (const name of ['Dashboard guide', 'API reference', 'Support']) {
      await docs.getByRole('link', { name }).click();
      expect(await heading(page)).not.toBe('404');
      await page.goBack();
      await docs.waitFor();
    }
  });
});

describe('onboarding wizard', () => {
  it('connects a store, goes through the three steps and Finish reaches /dashboard', async () => {
    const { page, problems } = await b.open('/onboarding');
    await page.getByRole('heading', { name: 'Connect Your Stores' }).waitFor();
    await page.getByRole('button', { name: 'Connect Amazon' }).click();
    await page.getByText('Connecting to Amazon...').waitFor();
    await page.getByText('Successfully connected to Amazon!').waitFor({ timeout: 5000 });
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('heading', { name: 'Configure Automation' }).waitFor();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('textbox', { name: 'Email address 1' }).fill('e2e.member@brand.com');
    await page.getByRole('button', { name: 'Finish' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard');
    await heading(page);
    expect(problems.errors).toEqual([]);
    expect(problems.thirdParty).toEqual([]);
  });
});

describe('keyboard-only use of the shell', () => {
  it('the top search: Tab to it, type, arrow to a suggestion, Enter opens it', async () => {
    const { page, problems } = await b.open('/help');
    await heading(page);
    const combobox = page.getByRole('combobox', { name: 'Search creators, funnels and pages' });
    await tabTo(page, () => combobox.evaluate((el) => el === document.activeElement));
    await page.keyboard.type('emma');
    await page.getByRole('option', { name: /Emma Davis/ }).waitFor();
    expect(await combobox.getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('ArrowDown');
    const active = await combobox.getAttribute('aria-activedescendant');
    expect(active).toBeTruthy();
    expect(await page.locator(`[id="${active}"]`).getAttribute('aria-selected')).toBe('true');
    await page.keyboard.press('Escape');
    expect(await combobox.getAttribute('aria-expanded')).toBe('false');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/creator/CR12347');
    expect(problems.errors).toEqual([]);
    expect(problems.thirdParty).toEqual([]);
  });

  it('the user menu: open with the keyboard, arrow to an item, Enter; Logout and Sign in', async () => {
    const { page, problems } = await b.open('/help');
    await heading(page);
    const trigger = page.getByRole('button', { name: 'Alex Morgan' });
    await tabTo(page, () => trigger.evaluate((el) => el === document.activeElement));
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu');
    await menu.waitFor();
    await hasFocus(page.getByRole('menuitem', { name: 'Profile' }));
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/settings');
    // The shell moves focus to the new page's content after a route change; wait for it.
    await hasFocus(page.locator('main'));
    await trigger.focus();
    await page.keyboard.press('ArrowUp'); // opens on the last item: Logout
    await hasFocus(page.getByRole('menuitem', { name: 'Logout' }));
    await page.keyboard.press('Escape');
    await hasFocus(trigger);
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'You are signed out' }).waitFor();
    await tabTo(page, () => page.getByRole('button', { name: 'Sign in' }).evaluate((el) => el === document.activeElement));
    await page.keyboard.press('Enter');
    await page.getByRole('navigation', { name: 'Main' }).waitFor();
    expect(problems.errors).toEqual([]);
    expect(problems.thirdParty).toEqual([]);
  });

  it('the sidebar marks the exact current path; narrow screens collapse it behind a toggle', async () => {
    const { page } = await b.open('/funnel');
    await heading(page);
    const nav = page.getByRole('navigation', { name: 'Main' });
    expect(await nav.getByRole('link', { name: 'Funnel Dashboard' }).getAttribute('aria-current')).toBe('page');
    expect(await nav.getByRole('link', { name: 'Dashboard', exact: true }).getAttribute('aria-current')).toBeNull();
    await page.setViewportSize({ width: 400, height: 800 });
    await nav.waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Main menu' }).click();
    await nav.getByRole('link', { name: 'Orders' }).click();
    await page.waitForURL((url) => url.pathname === '/orders');
    await nav.waitFor({ state: 'hidden' });
  });
});
