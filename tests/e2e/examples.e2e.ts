// The examples are living documentation: each one runs.
import { describe, expect, it } from 'vitest';
import { useBrowser } from './browser';

const b = useBrowser();

describe('examples', () => {
  it('the React consumer (built from the packed tarball) renders two screens and reads the store', async () => {
    const { page, problems } = await b.open('/examples/react-consumer/');
    await page.getByRole('heading', { name: 'My company dashboard' }).waitFor();
    await page.getByText('The store holds 5 inventory items.').waitFor();
    await page.getByRole('table', { name: 'Inventory items' }).waitFor();
    // defaultLowStockOnly: the in-stock earbuds are filtered out of the React screen.
    expect(await page.getByRole('table', { name: 'Inventory items' }).getByText('Wireless Earbuds').count()).toBe(0);
    await page.locator('cf-inventory-summary').getByText('Total Items').waitFor();
    expect(problems.errors).toEqual([]);
    expect(problems.thirdParty).toEqual([]);
  });

  it('the plain-HTML embed routes links through cf-navigate', async () => {
    const { page } = await b.open('/examples/embed-plain-html/');
    await page.locator('cf-inventory').getByRole('table').waitFor();
    expect(await page.getByRole('status').filter({ hasText: 'Creatorflow asked' }).count()).toBe(0);
  });
});
