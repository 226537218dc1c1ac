import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from './browser';

const b = useBrowser();

/** The narrowest phone in common use. */
const NARROW = { width: 360, height: 780 };

type Box = { x: number; y: number; width: number; height: number };
const intersect = (a: Box, c: Box) => a.x < c.x + c.width && c.x < a.x + a.width && a.y < c.y + c.height && c.y < a.y + a.height;

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  expect(box, 'the element is laid out').not.toBeNull();
  return box!;
}

async function openNarrow(path: string): Promise<Page> {
  const { page } = await b.open(path);
  await page.setViewportSize(NARROW);
  await page.locator('main h1').first().waitFor({ timeout: 20_000 });
  await expect.poll(() => page.getByRole('status').filter({ hasText: /^Loading/ }).count(), { timeout: 20_000 }).toBe(0);
  return page;
}

/** Elements past the screen's right edge that no labelled scroll region holds. */
function overflowingOutsideRegions(page: Page) {
  return page.evaluate(() => {
    const inRegion = (el: Element) => {
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
        const named = p.getAttribute('role') === 'region' && (p.hasAttribute('aria-label') || p.hasAttribute('aria-labelledby'));
        if (named && getComputedStyle(p).overflowX !== 'visible' && p.getBoundingClientRect().right <= window.innerWidth + 0.5) return true;
      }
      return false;
    };
    return [...document.body.querySelectorAll('*')]
      .filter((el) => el.getBoundingClientRect().width > 0 && el.getBoundingClientRect().right > window.innerWidth + 0.5 && !inRegion(el))
      .slice(0, 5)
      .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join('.')}`);
  });
}

describe('a 360 px phone', () => {
  it('funnel cards: the priority star never covers the funnel id; the unread badge sits beside the bell', async () => {
    const page = await openNarrow('/funnel');
    const cards = page.getByRole('article').filter({ has: page.getByRole('button', { name: /^Priority:/ }) });
    await cards.first().waitFor();
    const count = await cards.count();
    expect(count).toBeGreaterThan(2);
    for (let i = 0; i < count; i++) {
      const card = cards.nth(i);
      if (!(await card.isVisible())) continue;
      const star = await boxOf(card.getByRole('button', { name: /^Priority:/ }));
      const id = await boxOf(card.getByText(/^#CR\d+$/));
      expect(intersect(star, id), `star ${JSON.stringify(star)} over id ${JSON.stringify(id)}`).toBe(false);
      expect(id.x + id.width).toBeLessThanOrEqual(NARROW.width);
    }
    const bell = page.getByRole('link', { name: /^Notifications, \d+ unread$/ });
    const icon = await boxOf(bell.locator('svg'));
    const badge = await boxOf(bell.locator('.cf-unread-badge'));
    expect(intersect(icon, badge), `badge ${JSON.stringify(badge)} over bell ${JSON.stringify(icon)}`).toBe(false);
    expect(await overflowingOutsideRegions(page)).toEqual([]);
  });

  it('calendar: no event shows cut words in the month or week; each keeps its words as its name', async () => {
    const page = await openNarrow('/calendar');
    const events = page.locator('.fc-event');
    await events.first().waitFor();
    for (const view of ['Month', 'Week']) {
      await page.getByRole('button', { name: view, exact: true }).click();
      await expect.poll(() => page.getByRole('button', { name: view, exact: true }).getAttribute('aria-pressed')).toBe('true');
      const shown = await page.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>('.fc-event')].map((event) => ({
          words: event.textContent?.trim() ?? '',
          height: event.getBoundingClientRect().height,
          // Text a reader sees (not the 1 px box of words kept only for the name) and cut by its box.
          cut: [...event.querySelectorAll<HTMLElement>('.fc-event-time, .fc-event-title')]
            .filter((text) => (text.closest('.fc-event-main')?.getBoundingClientRect().width ?? 0) > 1 && text.scrollWidth > text.clientWidth + 1)
            .map((text) => text.textContent),
        })),
      );
      if (view === 'Month') expect(shown.length).toBeGreaterThan(0);
      for (const event of shown) {
        expect(event.cut, `${view}: cut words in "${event.words}"`).toEqual([]);
        expect(event.words).not.toBe('');
        expect(event.height).toBeGreaterThanOrEqual(6);
      }
    }
    expect(await overflowingOutsideRegions(page)).toEqual([]);
  });

  it.each([
    ['/orders', 'Orders'],
    ['/inventory', undefined],
    ['/orders/ORD-1001', 'Order items'],
  ])('%s: a table wider than the screen says it scrolls sideways, and nothing else sticks out', async (path, region) => {
    const page = await openNarrow(path);
    const wrap = region ? page.getByRole('region', { name: region }) : page.locator('.cf-table-wrap').first();
    await wrap.waitFor();
    expect(await wrap.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    await page.getByText('More columns: scroll sideways →').first().waitFor();
    expect(await wrap.getAttribute('data-more')).toBe('end');
    await wrap.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
    await expect.poll(() => wrap.getAttribute('data-more')).toBe('start');
    expect(await overflowingOutsideRegions(page)).toEqual([]);
  });
});
