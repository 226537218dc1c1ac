// Nothing injected: a strict CSP on every page with zero violations, and markup typed into
// free-text fields renders as text.
import { describe, expect, it } from 'vitest';
import { useBrowser } from './browser';

const b = useBrowser();

async function collectViolations(page: import('playwright-core').Page) {
  return page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? []);
}

describe('content security policy', () => {
  for (const path of ['/inventory', '/examples/embed-plain-html/', '/examples/embed-strict-csp/']) {
    it(`${path} is served with a strict policy and raises no violation`, async () => {
      const context = await b.newContext();
      await context.addInitScript(() => {
        const list: string[] = [];
        (window as unknown as { __csp: string[] }).__csp = list;
        document.addEventListener('securitypolicyviolation', (e) => list.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`));
      });
      const page = await context.newPage();
      const response = await page.goto(path);
      const policy = response!.headers()['content-security-policy'];
      expect(policy).toContain("script-src 'self'");
      expect(policy).toMatch(/style-src 'self' 'nonce-[^']+'/);
      expect(policy).not.toContain('unsafe-inline');
      expect(policy).not.toContain('unsafe-eval');
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(300);
      expect(await collectViolations(page)).toEqual([]);
    });
  }
});

describe('markup in free text renders as text', () => {
  const payload = '<img src=x onerror="window.__pwned=1">';

  it('inventory names and locations', async () => {
    const { page } = await b.open('/inventory');
    await page.getByRole('button', { name: 'Add Item' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Item' });
    await dialog.getByLabel('SKU').fill('XSS-1');
    await dialog.getByLabel('Product Name').fill(payload);
    await dialog.getByLabel('Location').fill(payload);
    await dialog.getByRole('button', { name: 'Add Item' }).click();
    await page.getByRole('cell', { name: payload }).first().waitFor();
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(await page.locator('img[src="x"]').count()).toBe(0);
  });
});
