import { describe, expect, it } from 'vitest';
import { useBrowser } from './browser';
import { ROUTES } from './routes';

const b = useBrowser();

/** A phone held upright (the width of an iPhone 14/15). */
const PHONE = { width: 390, height: 844 };

describe('phones (390 px wide)', () => {
  it.each(ROUTES)('%s fits the width: no sideways page scroll', async (path) => {
    const context = await b.newContext();
    const page = await context.newPage();
    await page.setViewportSize(PHONE);
    await page.goto(path);
    await page.locator('main h1').first().waitFor({ timeout: 20_000 });
    // Lazy parts (charts, the calendar) are in place once their loading notes are gone.
    await expect.poll(() => page.getByRole('status').filter({ hasText: /^Loading/ }).count(), { timeout: 20_000 }).toBe(0);
    const overflow = await page.evaluate(() => {
      const root = document.scrollingElement ?? document.documentElement;
      const wide = [...document.querySelectorAll<HTMLElement>('main *')]
        .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 0.5)
        .filter((el) => {
          // Content inside a box that scrolls on its own (a table's frame) is allowed to be wider.
          for (let p = el.parentElement; p; p = p.parentElement) {
            const style = getComputedStyle(p);
            if (/(auto|scroll|hidden|clip)/.test(style.overflowX) && p.getBoundingClientRect().right <= window.innerWidth + 0.5) return false;
          }
          return true;
        })
        .slice(0, 5)
        .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join('.')} right=${Math.round(el.getBoundingClientRect().right)}`);
      return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth, wide };
    });
    expect(overflow.wide).toEqual([]);
    expect(overflow.scrollWidth).toBeLessThanOrEqual(overflow.clientWidth);
  });
});
