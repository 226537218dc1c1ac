import { describe, expect, it } from 'vitest';
import { useBrowser } from './browser';

const b = useBrowser();

describe('inventory in the host app', () => {
  it('adds an item that is still there after a reload', async () => {
    const { page, problems } = await b.open('/inventory');
    await page.getByRole('button', { name: 'Add Item' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Item' });
    await dialog.getByLabel('SKU').fill('E2E-1');
    await dialog.getByLabel('Product Name').fill('Ring Light');
    await dialog.getByLabel('Initial Quantity').fill('4');
    await dialog.getByRole('button', { name: 'Add Item' }).click();
    await page.getByText('Inventory item added successfully').waitFor();
    await page.getByRole('cell', { name: 'Ring Light', exact: true }).waitFor();
    await page.reload();
    const row = page.getByRole('row').filter({ hasText: 'Ring Light' });
    await row.waitFor();
    expect(await row.getByText('Low Stock').count()).toBe(1);
    expect(problems.errors).toEqual([]);
    expect(problems.thirdParty).toEqual([]);
  });

  it('refuses an item without SKU and name with the spec message', async () => {
    const { page } = await b.open('/inventory');
    await page.getByRole('button', { name: 'Add Item' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Item' });
    await dialog.getByRole('button', { name: 'Add Item' }).click();
    expect(await dialog.getByRole('alert').textContent()).toBe('Please fill in SKU and name');
  });

  it('a second tab sees a change made in the first', async () => {
    const first = await b.open('/inventory');
    const second = await b.open('/inventory', first.context);
    await first.page.getByRole('button', { name: 'Edit quantity of Phone Case' }).click();
    await first.page.getByRole('spinbutton', { name: 'Quantity of Phone Case' }).fill('33');
    await first.page.getByRole('button', { name: 'Save quantity of Phone Case' }).click();
    const row = second.page.getByRole('row').filter({ hasText: 'Phone Case' });
    // Out of Stock (0) becomes In Stock (33) in the other tab without a reload.
    await row.getByText('In Stock').waitFor({ timeout: 5000 });
    expect(await row.getByRole('cell').nth(2).textContent()).toContain('33');
  });
});

describe('embedding', () => {
  it('two elements on a plain page share one store', async () => {
    const { page, problems } = await b.open('/examples/embed-plain-html/');
    const table = page.locator('cf-inventory');
    const summary = page.locator('cf-inventory-summary');
    await table.getByRole('cell', { name: 'Phone Case', exact: true }).waitFor();
    const outOfStock = summary.getByText('Out of Stock').locator('xpath=following-sibling::p');
    expect(await outOfStock.textContent()).toBe('1');
    await table.getByRole('button', { name: 'Edit quantity of Phone Case' }).click();
    await table.getByRole('spinbutton', { name: 'Quantity of Phone Case' }).fill('50');
    await table.getByRole('button', { name: 'Save quantity of Phone Case' }).click();
    await page.waitForFunction(() => {
      const root = document.querySelector('cf-inventory-summary')?.shadowRoot;
      const label = [...(root?.querySelectorAll('.cf-stat-label') ?? [])].find((n) => n.textContent === 'Out of Stock');
      return label?.nextElementSibling?.textContent === '0';
    });
    expect(problems.errors).toEqual([]);
    expect(problems.thirdParty).toEqual([]);
  });

  it('styles live inside the shadow root', async () => {
    const { page } = await b.open('/examples/embed-plain-html/');
    await page.locator('cf-inventory').getByRole('button', { name: 'Add Item' }).waitFor();
    const background = await page.locator('cf-inventory').getByRole('button', { name: 'Add Item' }).evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(background).toBe('rgb(67, 56, 202)');
  });
});
