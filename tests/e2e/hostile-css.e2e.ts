// The elements on a partner page with aggressive global CSS (examples/embed-plain-html/hostile.css):
// the funnel board must look exactly as it does on a calm page (a pixel comparison of the two
// element screenshots), and the toasts, which live in the page's own DOM, must keep their look.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from './browser';

const b = useBrowser();
const PAGE = '/examples/embed-plain-html/hostile.html';
/** The hostile page's layout rules without its hostile ones: the element gets the same width. */
const CALM_CSS = 'body { margin: 0; } main { padding: 24px; }';

async function openBoard(page: Page, calm: boolean) {
  // Tall enough for the whole board: a screenshot cut by the viewport would differ with the page's text above it.
  await page.setViewportSize({ width: 1366, height: 2400 });
  if (calm) await page.route('**/hostile.css', (route) => route.fulfill({ status: 200, contentType: 'text/css', body: CALM_CSS }));
  await page.goto(PAGE);
  const board = page.locator('cf-funnel-board');
  await board.getByRole('article').first().waitFor();
  await page.mouse.move(0, 0);
  return board;
}

/** How many pixels of two same-sized PNG screenshots differ, decoded by the browser itself. */
async function differingPixels(page: Page, a: Buffer, b: Buffer) {
  return page.evaluate(
    async ([first, second]) => {
      const decode = async (base64: string) => {
        const bitmap = await createImageBitmap(await (await fetch(`data:image/png;base64,${base64}`)).blob());
        const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
        const context = canvas.getContext('2d')!;
        context.drawImage(bitmap, 0, 0);
        return { width: bitmap.width, height: bitmap.height, data: context.getImageData(0, 0, bitmap.width, bitmap.height).data };
      };
      const [x, y] = await Promise.all([decode(first), decode(second)]);
      // The element may start at a fractional y on one page (the page's own text above it
      // differs), which rounds its screenshot one pixel taller: compare the common area.
      const width = Math.min(x.width, y.width);
      const height = Math.min(x.height, y.height);
      let differing = 0;
      for (let row = 0; row < height; row++) {
        for (let column = 0; column < width; column++) {
          const i = (row * x.width + column) * 4;
          const j = (row * y.width + column) * 4;
          if (Math.abs(x.data[i] - y.data[j]) + Math.abs(x.data[i + 1] - y.data[j + 1]) + Math.abs(x.data[i + 2] - y.data[j + 2]) > 24) differing++;
        }
      }
      return { widthGap: Math.abs(x.width - y.width), heightGap: Math.abs(x.height - y.height), differing, total: width * height };
    },
    [a.toString('base64'), b.toString('base64')] as const,
  );
}

describe('elements on a page with hostile CSS', () => {
  it('the funnel board looks the same as on a calm page, pixel for pixel', async () => {
    const context = await b.newContext();
    const calmPage = await context.newPage();
    const calmBoard = await openBoard(calmPage, true);
    const hostilePage = await context.newPage();
    const problems = b.watch(hostilePage);
    const hostileBoard = await openBoard(hostilePage, false);
    // The page's rules are live: its own heading is in Comic Sans, red.
    expect(await hostilePage.locator('main > h1').evaluate((el) => getComputedStyle(el).color)).toBe('rgb(255, 0, 0)');

    const [calmShot, hostileShot] = [
      await calmBoard.screenshot({ animations: 'disabled', caret: 'hide' }),
      await hostileBoard.screenshot({ animations: 'disabled', caret: 'hide' }),
    ];
    // Decoded on a blank page: the example pages' CSP (rightly) refuses data: fetches.
    const diff = await differingPixels(await context.newPage(), calmShot, hostileShot);
    expect(diff.widthGap).toBe(0);
    expect(diff.heightGap).toBeLessThanOrEqual(1);
    expect(diff.total).toBeGreaterThan(100_000);
    // Antialiasing at a different subpixel offset may touch a few edge pixels; leaked fonts,
    // spacing, colours or borders change tens of thousands.
    expect(diff.differing / diff.total).toBeLessThan(0.002);
    expect(problems.errors).toEqual([]);
  });

  it("toasts keep their look: the page's button, font and spacing rules do not reach them", async () => {
    const { page, problems } = await b.open(PAGE);
    const inventory = page.locator('cf-inventory');
    const name = 'Phone Case';
    await inventory.getByRole('button', { name: `Edit quantity of ${name}` }).click();
    await inventory.getByRole('spinbutton', { name: `Quantity of ${name}` }).fill('7');
    await inventory.getByRole('button', { name: `Save quantity of ${name}` }).click();
    const toast = page.locator('[data-creatorflow-toaster]').getByRole('status').filter({ hasText: 'Quantity updated successfully' });
    await toast.waitFor();
    const look = await toast.evaluate((el) => {
      const close = el.querySelector('button')!;
      const style = getComputedStyle(el);
      return {
        closeBorder: getComputedStyle(close).borderTopStyle,
        font: style.fontFamily,
        color: style.color,
        letterSpacing: style.letterSpacing,
      };
    });
    expect(look.closeBorder).not.toBe('dashed');
    expect(look.font).not.toMatch(/Comic Sans/);
    expect(look.color).not.toBe('rgb(255, 0, 0)');
    expect(look.letterSpacing).toBe('normal');
    expect(problems.errors).toEqual([]);
  });
});
