// Usable by everyone: zero axe-core violations (WCAG 2.0/2.1/2.2 A and AA) on every route
// and on the embed example, plus no console errors and no third-party requests.
import AxeBuilder from '@axe-core/playwright';
import { describe, expect, it } from 'vitest';
import { useBrowser } from './browser';
import { ROUTES } from './routes';

const b = useBrowser();
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

async function violations(page: import('playwright-core').Page) {
  const result = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  return result.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')})`);
}

describe('accessibility', () => {
  for (const route of ROUTES) {
    it(`${route} has no axe violations, console errors or third-party requests`, async () => {
      const { page, problems } = await b.open(route);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.waitForLoadState('networkidle');
      expect(await violations(page)).toEqual([]);
      expect(problems.errors).toEqual([]);
      expect(problems.thirdParty).toEqual([]);
    });
  }

  it('the embed example has no axe violations', async () => {
    const { page, problems } = await b.open('/examples/embed-plain-html/');
    await page.locator('cf-inventory').getByRole('table').waitFor();
    expect(await violations(page)).toEqual([]);
    expect(problems.errors).toEqual([]);
  });
});
