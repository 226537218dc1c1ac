import { describe, expect, it } from 'vitest';
import { useBrowser } from './browser';

const b = useBrowser();

describe('funnel board in the host app', () => {
  it('the New Funnel wizard creates a funnel at Brief that the board shows at once and that survives a reload', async () => {
    const { page, problems } = await b.open('/');
    await page.getByRole('button', { name: 'New Funnel' }).click();
    const dialog = page.getByRole('dialog', { name: 'New Funnel' });
    await dialog.getByLabel('Creator Name').fill('Nina Park');
    await dialog.getByLabel('Handle').fill('@ninapark');
    await dialog.getByLabel('Email').fill('nina@park.example');
    await dialog.getByLabel('Platform').selectOption('YouTube');
    await dialog.getByLabel('Followers').fill('88000');
    await dialog.getByLabel('Engagement Rate (%)').fill('4.2');
    await dialog.getByRole('button', { name: 'Next' }).click();
    await dialog.getByRole('group', { name: 'Step 2 of 3: Campaign objectives' }).waitFor();
    await dialog.getByLabel('Objective').selectOption('Brand awareness');
    await dialog.getByLabel('Budget (USD)').fill('1800');
    await dialog.getByRole('button', { name: 'Next' }).click();
    await dialog.getByRole('group', { name: 'Step 3 of 3: Deliverables' }).waitFor();
    await dialog.getByLabel('Content Type').selectOption('Vlog');
    await dialog.getByRole('button', { name: 'Create Funnel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const card = page.getByRole('article', { name: 'Nina Park' });
    await card.waitFor();
    await page.reload();
    await card.getByLabel('Status: Brief').waitFor();
    await card.getByRole('link', { name: 'Nina Park' }).click();
    await page.getByRole('heading', { level: 1, name: 'Nina Park' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/creator/CR12351');
    expect(problems.errors).toEqual([]);
    expect(problems.thirdParty).toEqual([]);
  });

  it('searches by name or id and filters with removable chips', async () => {
    const { page, problems } = await b.open('/funnel');
    const search = page.getByPlaceholder('Search by Creator or ID');
    await search.fill('cr12347');
    await page.getByRole('article', { name: 'Emma Davis' }).waitFor();
    expect(await page.getByRole('article').count()).toBe(1);
    await search.fill('');
    await page.getByRole('button', { name: 'Filters' }).click();
    await page.getByRole('group', { name: 'Filter funnels' }).getByRole('checkbox', { name: 'Paused' }).check();
    await page.getByRole('button', { name: 'Remove filter Status: Paused' }).waitFor();
    expect(await page.getByRole('article').count()).toBe(1);
    await page.getByRole('article', { name: 'Priya Patel' }).waitFor();
    await page.getByRole('button', { name: 'Clear all' }).click();
    await page.getByRole('article', { name: 'Sarah Johnson' }).waitFor();
    expect(await page.getByRole('article').count()).toBe(6);
    expect(problems.errors).toEqual([]);
    expect(problems.thirdParty).toEqual([]);
  });

  it('sends outreach and lands on /dashboard?creator= with the card selected at Confirmation', async () => {
    const { page, problems } = await b.open('/funnel');
    await page.getByRole('button', { name: 'Send outreach to Alex Rivera' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send Outreach' });
    await dialog.getByPlaceholder('Write your message here...').fill('Would love to work with you');
    await dialog.getByRole('button', { name: 'Send Message' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard');
    expect(new URL(page.url()).searchParams.get('creator')).toBe('@alexcooks');
    await page.getByRole('heading', { level: 1, name: 'Dashboard', exact: true }).waitFor();
    const card = page.getByRole('article', { name: 'Alex Rivera' });
    expect(await card.getAttribute('data-selected')).toBe('true');
    expect(await card.getByText('Confirmation', { exact: true }).count()).toBe(1);
    expect(problems.errors).toEqual([]);
  });

  it('saving a step says where the funnel moved, and the team notification is in the list (no email or SMS is claimed)', async () => {
    const { page, problems } = await b.open('/funnel');
    await page.getByRole('link', { name: 'Notifications, 2 unread' }).waitFor();
    const card = page.getByRole('article', { name: 'Priya Patel' });
    await card.getByRole('button', { name: 'Expand Priya Patel' }).click();
    await card.getByText('Step 3 of 7 (43%)').waitFor();
    await card.getByRole('button', { name: 'Edit step Content Production' }).click();
    await card.getByRole('button', { name: 'Save Step' }).click();
    await page.getByText('Priya Patel moved to Production').waitFor();
    await page.getByRole('link', { name: 'Notifications, 3 unread' }).waitFor();
    expect(await page.getByText('Email notification sent to @priyatravels').count()).toBe(0);
    expect(await page.getByText('SMS notification sent to @priyatravels').count()).toBe(0);
    await page.getByRole('link', { name: 'Notifications, 3 unread' }).click();
    await page.getByText('Priya Patel has started content production. Review timeline updated.').first().waitFor();
    expect(problems.errors).toEqual([]);
  });

  it('opens a creator at the step of ?step=, and says Creator not found for an unknown id', async () => {
    const { page, problems } = await b.open('/creator/CR12345?step=Product%20Shipment');
    await page.getByRole('heading', { level: 1, name: 'Sarah Johnson' }).waitFor();
    expect(await page.getByRole('button', { name: /^Product Shipment/ }).getAttribute('aria-expanded')).toBe('true');
    await page.goto('/creator/CR00001');
    await page.getByRole('heading', { level: 1, name: 'Creator not found' }).waitFor();
    await page.getByRole('link', { name: 'Back to Dashboard' }).click();
    await page.getByRole('heading', { level: 1, name: 'Funnel Dashboard' }).waitFor();
    expect(problems.errors).toEqual([]);
    expect(problems.thirdParty).toEqual([]);
  });

  it('restores the dashboard grid layout after a reload', async () => {
    const { page, problems } = await b.open('/');
    const grid = page.locator('.cf-dashboard-grid');
    await grid.waitFor();
    expect(await grid.getAttribute('data-layout')).toBe('default');
    const matching = page.locator('[data-widget="matching"]');
    const handle = matching.locator('.cf-drag-handle');
    await handle.scrollIntoViewIfNeeded();
    const before = await matching.boundingBox();
    const box = (await handle.boundingBox())!;
    // Drag Smart Matching to the left column, under the performance widget.
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x - 300, box.y + 20, { steps: 10 });
    await page.mouse.move(box.x - 600, box.y + 40, { steps: 10 });
    await page.mouse.up();
    await page.waitForFunction(() => document.querySelector('.cf-dashboard-grid')?.getAttribute('data-layout') === 'saved');
    await page.waitForTimeout(400); // the grid's 200 ms move transition
    // Positions inside the grid, so page scrolling does not matter.
    const inGrid = async () => {
      const [item, container] = await Promise.all([page.locator('[data-widget="matching"]').boundingBox(), page.locator('.cf-dashboard-grid').boundingBox()]);
      return { x: item!.x - container!.x, y: item!.y - container!.y };
    };
    const moved = await inGrid();
    expect(moved.x).toBeLessThan(before!.x - (await grid.boundingBox())!.x);
    await page.reload();
    await page.locator('.cf-dashboard-grid[data-layout="saved"]').waitFor();
    await page.waitForTimeout(400);
    const restored = await inGrid();
    expect(Math.round(restored.x)).toBe(Math.round(moved.x));
    expect(Math.round(restored.y)).toBe(Math.round(moved.y));
    expect(problems.errors).toEqual([]);
  });
});

describe('embedding', () => {
  it('<cf-funnel-board> emits cf-navigate for card links', async () => {
    // A partner page that adds <cf-funnel-board> to the plain embed example.
    const context = await b.newContext();
    await context.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        const el = document.createElement('cf-funnel-board');
        el.setAttribute('search', 'emma');
        document.querySelector('main')?.appendChild(el);
      });
    });
    const { page, problems } = await b.open('/examples/embed-plain-html/', context);
    const board = page.locator('cf-funnel-board');
    await board.getByRole('article', { name: 'Emma Davis' }).waitFor();
    expect(await board.getByRole('article').count()).toBe(1);
    await board.getByRole('link', { name: 'Emma Davis' }).click();
    expect(await page.locator('#last-navigation').textContent()).toBe('Creatorflow asked to open /creator/CR12347');
    expect(problems.thirdParty).toEqual([]);
  });
});
