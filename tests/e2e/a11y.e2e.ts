// Usable by everyone: zero axe-core violations (WCAG 2.0/2.1/2.2 A and AA) on every route, at a
// phone's width (360 px) and a laptop's (1280 px), signed in as an Admin and as a Viewer (whose
// controls are disabled, with their reasons), and on the embed example; no console errors and no
// third-party requests. One page per role is reused from route to route.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { useBrowser, type PageProblems } from './browser';
import { ROUTES } from './routes';

const b = useBrowser();
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const WIDTHS = [360, 1280] as const;
/** The sample workspace's Viewer. */
const VIEWER_ID = 'tm_3';

async function violations(page: Page) {
  const result = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  return result.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')})`);
}

/** Makes the sample's Viewer the one signed in on this browser's workspace (stored), then loads the page again. */
async function signInAsViewer(page: Page) {
  await page.evaluate(async (memberId) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open('creatorflow:default');
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error ?? new Error('IndexedDB could not be opened'));
    });
    const tx = db.transaction('records', 'readwrite');
    tx.objectStore('records').put({ collection: 'singletons', id: 'session', value: { memberId } });
    await new Promise((resolve) => (tx.oncomplete = resolve));
    db.close();
  }, VIEWER_ID);
  await page.reload();
}

for (const role of ['Admin', 'Viewer'] as const) {
  describe(`accessibility as ${role}`, () => {
    let page: Page;
    let problems: PageProblems;

    beforeAll(async () => {
      ({ page, problems } = await b.open('/', await b.newContext({ keep: true })));
      // The heading shows once the workspace is read (the sample seeded, its writes under way):
      // the Viewer's session is written after them.
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      if (role === 'Viewer') {
        await signInAsViewer(page);
        await page.getByText('View only: as a Viewer you can see this workspace, but your role cannot change it.').first().waitFor();
      }
    });

    for (const route of ROUTES) {
      it(`${route} at 360 and 1280 px: no axe violations, console errors or third-party requests`, async () => {
        problems.errors.length = 0;
        problems.thirdParty.length = 0;
        const found: string[] = [];
        // Loaded once, at a phone's width, then widened: the same page laid out again.
        await page.setViewportSize({ width: WIDTHS[0], height: 800 });
        await page.goto(route);
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        await page.waitForLoadState('networkidle');
        for (const width of WIDTHS) {
          await page.setViewportSize({ width, height: 800 });
          // Laid out, and what follows its size (a table that now scrolls) rendered again.
          await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
          found.push(...(await violations(page)).map((v) => `${width}px ${v}`));
        }
        expect(found).toEqual([]);
        expect(problems.errors).toEqual([]);
        expect(problems.thirdParty).toEqual([]);
      });
    }
  });
}

describe('the embed example', () => {
  it('has no axe violations', async () => {
    const { page, problems } = await b.open('/examples/embed-plain-html/');
    await page.locator('cf-inventory').getByRole('table').waitFor();
    expect(await violations(page)).toEqual([]);
    expect(problems.errors).toEqual([]);
  });
});
