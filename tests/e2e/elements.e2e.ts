// The custom elements as a partner uses them: the plain-HTML embed with every element, lazy
// chunks, cf-* events, theming through --cf-* properties, live attributes, workspaces.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from './browser';

const b = useBrowser();

const ALL_TAGS = [
  'cf-inventory', 'cf-inventory-summary', 'cf-funnel-board', 'cf-funnel-dashboard', 'cf-dashboard-overview',
  'cf-creator-detail', 'cf-shipping-label', 'cf-shipment-tracking', 'cf-creative-brief', 'cf-orders',
  'cf-calendar', 'cf-analytics', 'cf-notifications', 'cf-settings', 'cf-profile', 'cf-team', 'cf-billing',
  'cf-integrations', 'cf-developer', 'cf-activity-log', 'cf-data-import', 'cf-data-export', 'cf-help-center',
  'cf-onboarding',
];

/** Records every cf-* event that reaches the document, with the tag it came from. */
async function recordEvents(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as { __cf: unknown[] };
    w.__cf = [];
    for (const type of ['cf-navigate', 'cf-change', 'cf-error'])
      document.addEventListener(type, (event) => {
        const e = event as CustomEvent;
        w.__cf.push({
          type,
          from: (e.target as Element).localName,
          detail: JSON.parse(JSON.stringify(e.detail)),
          bubbles: e.bubbles,
          composed: e.composed,
          cancelable: e.cancelable,
          defaultPrevented: e.defaultPrevented,
        });
      });
  });
  return () => page.evaluate(() => (window as unknown as { __cf: Record<string, unknown>[] }).__cf);
}

async function editQuantity(page: Page, name: string, quantity: string) {
  const table = page.locator('cf-inventory');
  await table.getByRole('button', { name: `Edit quantity of ${name}` }).click();
  await table.getByRole('spinbutton', { name: `Quantity of ${name}` }).fill(quantity);
  await table.getByRole('button', { name: `Save quantity of ${name}` }).click();
}

const quantityCell = (page: Page, name: string) =>
  page.locator('cf-inventory').getByRole('row').filter({ hasText: name }).locator('.cf-qty');

/** The quantity shown for an item (the text before its edit button). */
const quantityOf = (page: Page, name: string) => quantityCell(page, name).evaluate((el) => el.firstChild?.textContent?.trim() ?? '');

async function waitForQuantity(page: Page, name: string, quantity: string) {
  await page.waitForFunction(
    ([item, expected]) => {
      const root = document.querySelector('cf-inventory')?.shadowRoot;
      const row = [...(root?.querySelectorAll('tr') ?? [])].find((r) => r.textContent?.includes(item));
      return row?.querySelector('.cf-qty')?.firstChild?.textContent?.trim() === expected;
    },
    [name, quantity],
  );
}

describe('the plain-HTML embed', () => {
  it('shows every element with no console errors', async () => {
    const { page, problems } = await b.open('/examples/embed-plain-html/');
    await page.locator('cf-inventory').getByRole('table').waitFor();
    // Opened from the keyboard, one at a time, each waited for: elements mounting above a
    // section move it, and a mouse click aimed at a moving summary can miss.
    for (const section of await page.locator('details.partner-section').all()) {
      if (!(await section.evaluate((d) => (d as HTMLDetailsElement).open))) await section.locator('summary').first().press('Enter');
      await section.and(page.locator('[open]')).waitFor();
    }
    expect(await page.locator('details.partner-section[open]').count()).toBe(await page.locator('details.partner-section').count());
    await page.waitForFunction(
      (tags) =>
        tags.every((tag) => {
          const el = document.querySelector(tag);
          const root = el?.shadowRoot;
          return !!customElements.get(tag) && !!root?.querySelector('[data-screen]') && !root.textContent?.includes('Loading workspace…');
        }),
      ALL_TAGS,
      { timeout: 45_000 },
    );
    const broken = await page.evaluate(
      (tags) => tags.filter((tag) => document.querySelector(tag)?.shadowRoot?.textContent?.includes('could not be shown')),
      ALL_TAGS,
    );
    expect(broken).toEqual([]);
    await page.locator('cf-calendar .fc-toolbar').waitFor();
    await page.locator('cf-funnel-board').getByRole('article').first().waitFor();
    expect(problems.errors).toEqual([]);
    expect(problems.thirdParty).toEqual([]);
  });

  it('a page with only <cf-inventory> downloads no other screen', async () => {
    const context = await b.newContext();
    const page = await context.newPage();
    const problems = b.watch(page);
    const requests: string[] = [];
    page.on('request', (request) => requests.push(new URL(request.url()).pathname));
    await page.goto('/examples/embed-plain-html/workspace-a.html');
    await page.locator('cf-inventory').getByRole('table').waitFor();
    await page.waitForLoadState('networkidle');
    // The inventory code itself was requested (dev: its source module; build: its chunk)...
    expect(requests.some((path) => /inventory/.test(path))).toBe(true);
    // ...and nothing of the other screens: no source module, no chunk, no heavy library.
    const others = requests.filter((path) =>
      /widgets\/(calendar|analytics|funnel|funnel-board|orders|creator|settings|notifications|admin|help|onboarding)\/|chunks\/(calendar|analytics|funnel-board|orders|creator|settings|notifications)-|@fullcalendar|fullcalendar|recharts|elements\/(calendar|analytics|funnel-board|orders)\.tsx/.test(path),
    );
    expect(others).toEqual([]);
    expect(problems.errors).toEqual([]);
  });

  it('cf-navigate is cancelable and carries detail.href', async () => {
    const { page, problems } = await b.open('/examples/embed-plain-html/');
    const events = await recordEvents(page);
    const url = page.url();
    await page.locator('#section-funnel-board > summary').click();
    const board = page.locator('cf-funnel-board');
    await board.getByRole('link', { name: 'Emma Davis' }).click();
    await page.getByText('Creatorflow asked to open /creator/CR12347').waitFor();
    const navigations = (await events()).filter((e) => e.type === 'cf-navigate');
    // page.js cancels it before our later listener sees it: the page stays where it is.
    expect(navigations).toEqual([
      { type: 'cf-navigate', from: 'cf-funnel-board', detail: { href: '/creator/CR12347' }, bubbles: true, composed: true, cancelable: true, defaultPrevented: true },
    ]);
    expect(page.url()).toBe(url);
    await page.locator('#event-log').getByText('cf-navigate from <cf-funnel-board>: /creator/CR12347').waitFor();
    expect(problems.errors).toEqual([]);
  });

  it('cf-change arrives from the element after an inline quantity edit', async () => {
    const { page, problems } = await b.open('/examples/embed-plain-html/');
    await quantityCell(page, 'Phone Case').waitFor();
    const events = await recordEvents(page);
    const phoneCaseId = await page.evaluate(
      () => window.creatorflow!.getStore().inventory.items.items.value.find((item) => item.name === 'Phone Case')!.id,
    );
    await editQuantity(page, 'Phone Case', '50');
    await page.locator('#event-log').getByText(`cf-change from <cf-inventory>: Inventory quantity updated (inventory ${phoneCaseId})`).waitFor();
    const changes = (await events()).filter((e) => e.type === 'cf-change');
    expect(changes).toEqual([
      {
        type: 'cf-change',
        from: 'cf-inventory',
        detail: expect.objectContaining({ collection: 'inventory', id: phoneCaseId, action: 'Inventory quantity updated' }),
        bubbles: true,
        composed: true,
        cancelable: false,
        defaultPrevented: false,
      },
    ]);
    expect(problems.errors).toEqual([]);
  });

  it('cf-change fires on the element that made the change only, and never for the same change arriving from another tab', async () => {
    const first = await b.open('/examples/embed-plain-html/');
    const second = await b.open('/examples/embed-plain-html/', first.context);
    for (const { page } of [first, second]) await quantityCell(page, 'Phone Case').waitFor();
    const eventsHere = await recordEvents(first.page);
    const eventsThere = await recordEvents(second.page);
    // A click in the other tab's table: it must not make that table the author of a change it did not make.
    await second.page.locator('cf-inventory').getByRole('button', { name: 'Edit quantity of Wireless Earbuds' }).click();
    // A click in the summary just before the edit: the summary did not make the change either.
    await first.page.locator('cf-inventory-summary').getByText('Total Items').click();
    await editQuantity(first.page, 'Phone Case', '61');
    await waitForQuantity(second.page, 'Phone Case', '61');
    await first.page.locator('#event-log').getByText(/cf-change from <cf-inventory>: Inventory quantity updated/).waitFor();
    const here = (await eventsHere()).filter((e) => e.type === 'cf-change');
    expect(here.map((e) => e.from)).toEqual(['cf-inventory']);
    expect((await eventsThere()).filter((e) => e.type === 'cf-change')).toEqual([]);
    expect(first.problems.errors).toEqual([]);
    expect(second.problems.errors).toEqual([]);
  });

  it('the dark theme toggle changes colours inside the shadow roots', async () => {
    const { page, problems } = await b.open('/examples/embed-plain-html/');
    const addItem = page.locator('cf-inventory').getByRole('button', { name: 'Add Item' });
    await addItem.waitFor();
    const colours = () =>
      addItem.evaluate((el) => {
        const root = el.getRootNode() as ShadowRoot;
        return { button: getComputedStyle(el).backgroundColor, text: getComputedStyle(root.querySelector('.cf-root')!).color };
      });
    expect(await colours()).toEqual({ button: 'rgb(67, 56, 202)', text: 'rgb(27, 31, 42)' });
    const toggle = page.getByRole('button', { name: 'Dark theme' });
    await toggle.click();
    expect(await toggle.getAttribute('aria-pressed')).toBe('true');
    expect(await colours()).toEqual({ button: 'rgb(165, 180, 252)', text: 'rgb(226, 232, 240)' });
    // An element added later (a section opened) gets the theme too.
    await page.locator('#section-notifications > summary').click();
    const heading = page.locator('cf-notifications').getByRole('heading', { level: 1, name: 'Notifications' });
    await heading.waitFor();
    expect(await heading.evaluate((el) => getComputedStyle(el).color)).toBe('rgb(226, 232, 240)');
    await toggle.click();
    expect(await colours()).toEqual({ button: 'rgb(67, 56, 202)', text: 'rgb(27, 31, 42)' });
    expect(problems.errors).toEqual([]);
  });

  it('attributes update the elements live', async () => {
    const { page, problems } = await b.open('/examples/embed-plain-html/');
    const inventory = page.locator('cf-inventory');
    await inventory.getByRole('cell', { name: 'Wireless Earbuds', exact: true }).waitFor();
    // A boolean attribute written the HTML way (`hide-summary`, no value) counts, and its removal too.
    const ownSummary = inventory.getByRole('region', { name: 'Inventory summary' });
    expect(await ownSummary.count()).toBe(0);
    await inventory.evaluate((el) => el.removeAttribute('hide-summary'));
    await ownSummary.waitFor();
    await inventory.evaluate((el) => el.setAttribute('hide-summary', ''));
    await ownSummary.waitFor({ state: 'detached' });
    await inventory.evaluate((el) => el.setAttribute('search', 'phone'));
    await inventory.getByRole('cell', { name: 'Wireless Earbuds', exact: true }).waitFor({ state: 'detached' });
    await inventory.getByRole('cell', { name: 'Phone Case', exact: true }).waitFor();
    expect(await inventory.getByLabel('Search inventory').inputValue()).toBe('phone');
    await inventory.evaluate((el) => el.removeAttribute('search'));
    await inventory.getByRole('cell', { name: 'Wireless Earbuds', exact: true }).waitFor();

    await page.evaluate(() => {
      const analytics = document.createElement('cf-analytics');
      analytics.setAttribute('period', '6m');
      const settings = document.createElement('cf-settings');
      settings.setAttribute('tab', 'general');
      document.querySelector('main')!.append(analytics, settings);
    });
    const analytics = page.locator('cf-analytics');
    await analytics.getByRole('heading', { name: 'Analytics' }).waitFor();
    expect(await analytics.getByLabel('Period').inputValue()).toBe('6m');
    await analytics.evaluate((el) => el.setAttribute('period', '12m'));
    await page.waitForFunction(() => {
      const select = document.querySelector('cf-analytics')?.shadowRoot?.querySelector('select');
      return select?.value === '12m';
    });
    expect(await analytics.getByLabel('Period').inputValue()).toBe('12m');

    const settings = page.locator('cf-settings');
    await settings.getByRole('tab', { name: /General/, selected: true }).waitFor();
    await settings.evaluate((el) => el.setAttribute('tab', 'billing'));
    await settings.getByRole('tab', { name: /Billing/, selected: true }).waitFor();
    expect(await settings.getByRole('tab', { selected: true }).count()).toBe(1);
    expect(problems.errors).toEqual([]);
  });
});

describe('workspaces', () => {
  it('two workspaces on one origin stay apart; one workspace is shared by its pages', async () => {
    const context = await b.newContext();
    const { page: a } = await b.open('/examples/embed-plain-html/workspace-a.html', context);
    await quantityCell(a, 'Phone Case').waitFor();
    const original = await quantityOf(a, 'Phone Case');
    expect(original).toMatch(/^\d+$/);
    expect(original).not.toBe('77');
    await editQuantity(a, 'Phone Case', '77');
    await waitForQuantity(a, 'Phone Case', '77');
    await a.evaluate(() => window.creatorflow!.getStore().flush());

    const { page: b2, problems } = await b.open('/examples/embed-plain-html/workspace-b.html', context);
    await quantityCell(b2, 'Phone Case').waitFor();
    expect(await quantityOf(b2, 'Phone Case')).toBe(original);

    const { page: a2 } = await b.open('/examples/embed-plain-html/workspace-a.html', context);
    await quantityCell(a2, 'Phone Case').waitFor();
    await waitForQuantity(a2, 'Phone Case', '77');

    const databases = await b2.evaluate(async () => (await indexedDB.databases()).map((d) => d.name).sort());
    expect(databases).toEqual(expect.arrayContaining(['creatorflow:a', 'creatorflow:b']));
    expect(problems.errors).toEqual([]);
  });
});
