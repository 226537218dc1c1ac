import { describe, expect, it } from 'vitest';
import { useBrowser } from './browser';
import { ROUTES } from './routes';

const b = useBrowser();

/** A phone held upright (an iPhone 14 or 15 is 390 CSS pixels wide). */
const PHONE = { width: 390, height: 844 };

describe('phones (390 px wide)', () => {
  it.each(ROUTES)('%s fits the width: the page never scrolls sideways', async (path) => {
    const context = await b.newContext();
    const page = await context.newPage();
    await page.setViewportSize(PHONE);
    await page.goto(path);
    await page.locator('main h1').first().waitFor({ timeout: 20_000 });
    // Lazy parts (charts, the calendar, the dashboard grid) are in place once no loading note is left.
    await expect.poll(() => page.getByRole('status').filter({ hasText: /^Loading/ }).count(), { timeout: 20_000 }).toBe(0);
    // The dashboard grid lays out at a guessed width until it has measured its container.
    await page.waitForFunction(() => !document.querySelector('.cf-dashboard-grid:not([data-measured])'));
    const result = await page.evaluate(() => {
      const root = document.scrollingElement ?? document.documentElement;
      window.scrollTo(10_000, 0);
      const scrolled = window.scrollX;
      window.scrollTo(0, 0);
      // What sticks out, for the failure message: elements past the right edge that no
      // scrolling box of their own (a table's frame) contains.
      const clipped = (el: Element) => {
        for (let p = el.parentElement; p && p !== document.body; p = p.parentElement)
          if (getComputedStyle(p).overflowX !== 'visible' && p.getBoundingClientRect().right <= window.innerWidth + 0.5) return true;
        return false;
      };
      const wide = [...document.body.querySelectorAll('*')]
        .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 0.5 && !clipped(el))
        .slice(0, 5)
        .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join('.')} (right edge ${Math.round(el.getBoundingClientRect().right)} px)`);
      return { overflow: root.scrollWidth - root.clientWidth, scrolled, wide };
    });
    expect(result.scrolled, `the page scrolled sideways; sticking out: ${result.wide.join(', ')}`).toBe(0);
    expect(result.overflow, `the page is wider than the screen; sticking out: ${result.wide.join(', ')}`).toBeLessThanOrEqual(0);
  });
});
