import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser } from './browser';

const b = useBrowser();

/** Sets an inventory quantity through the Inventory screen, as a user would. */
async function setStock(page: Page, product: string, quantity: number) {
  await page.getByRole('button', { name: `Edit quantity of ${product}` }).click();
  await page.getByRole('spinbutton', { name: `Quantity of ${product}` }).fill(String(quantity));
  await page.getByRole('button', { name: `Save quantity of ${product}` }).click();
  await page.getByText('Quantity updated successfully').first().waitFor();
}

const stockCell = (page: Page, product: string) =>
  page.getByRole('row').filter({ hasText: product }).getByRole('cell').nth(2);

describe('orders in the host app', () => {
  it('blocks a status change when stock is short, with the spec message', async () => {
    const { page, problems } = await b.open('/inventory');
    // ORD-1001 needs 2 × SKU-001 (Wireless Earbuds): leave only 1.
    await setStock(page, 'Wireless Earbuds', 1);
    await page.goto('/orders');
    await page.getByRole('row', { name: 'Open order ORD-1001' }).click();
    await page.getByRole('heading', { level: 1, name: 'Order ORD-1001' }).waitFor();
    await page.getByRole('table', { name: 'Order items' }).getByText('Insufficient').waitFor();
    await page.getByLabel('Order status').selectOption('Processing');
    await page.getByText('Insufficient inventory for this order').first().waitFor();
    expect(await page.getByLabel('Order status').inputValue()).toBe('New');
    expect(problems.errors).toEqual([]);
    expect(problems.thirdParty).toEqual([]);
  });

  it('a successful change deducts stock, and inventory shows it after a reload', async () => {
    const { page, problems } = await b.open('/orders?order=ord_1');
    await page.getByRole('heading', { level: 1, name: 'Order ORD-1001' }).waitFor();
    await page.getByLabel('Order status').selectOption('Processing');
    await page.getByText('Order status updated to Processing').first().waitFor();
    await page.goto('/inventory');
    await page.reload();
    await stockCell(page, 'Wireless Earbuds').getByText('148').waitFor();
    // Moving it to Shipped deducts nothing more; canceling puts the 2 back.
    await page.goto('/orders?order=ord_1');
    await page.getByLabel('Order status').selectOption('Shipped');
    await page.getByText('Order status updated to Shipped').first().waitFor();
    await page.getByLabel('Order status').selectOption('Canceled');
    await page.getByText('Order status updated to Canceled').first().waitFor();
    await page.getByRole('region', { name: 'History' }).getByText('Stock returned to inventory: 2 × SKU-001').waitFor();
    await page.goto('/inventory');
    await stockCell(page, 'Wireless Earbuds').getByText('150').waitFor();
    expect(problems.errors).toEqual([]);
  });

  it('the shipping form requires tracking and carrier, then ships and keeps them after a reload', async () => {
    const { page, problems } = await b.open('/orders');
    await page.getByRole('row', { name: 'Open order ORD-1002' }).focus();
    await page.keyboard.press('Enter');
    const shipping = page.getByRole('region', { name: 'Shipping' });
    await shipping.getByRole('button', { name: 'Add Tracking' }).click();
    await shipping.getByLabel('Tracking Number').fill('9400100000000000000000');
    await shipping.getByRole('button', { name: 'Save & Ship' }).click();
    expect(await shipping.getByRole('alert').textContent()).toBe('Please enter tracking number and carrier');
    await shipping.getByLabel('Carrier').fill('USPS');
    await shipping.getByRole('button', { name: 'Save & Ship' }).click();
    await page.getByText('Shipping information added and order marked as shipped').first().waitFor();
    expect(await page.getByLabel('Order status').inputValue()).toBe('Shipped');
    await page.goto('/orders?order=ORD-1002');
    const stored = page.getByRole('region', { name: 'Shipping' });
    await stored.getByText('9400100000000000000000').waitFor();
    await stored.getByText('USPS').waitFor();
    expect(problems.errors).toEqual([]);
    expect(problems.thirdParty).toEqual([]);
  });
});

describe('<cf-orders> on a plain page', () => {
  it('renders in its shadow root and shares the store with <cf-inventory>', async () => {
    const { page, problems } = await b.open('/examples/embed-plain-html/');
    await page.locator('cf-inventory').getByRole('cell', { name: 'Smart Watch', exact: true }).waitFor();
    await page.evaluate(() => {
      const element = document.createElement('cf-orders');
      element.setAttribute('order-id', 'ORD-1002');
      document.querySelector('main')!.prepend(element);
    });
    const orders = page.locator('cf-orders');
    await orders.getByRole('heading', { level: 1, name: 'Order ORD-1002' }).waitFor();
    // Canceling the deducted ORD-1002 returns its Smart Watch to stock in the other element.
    await orders.getByLabel('Order status').selectOption('Canceled');
    await page.getByText('Order status updated to Canceled').first().waitFor();
    await page.locator('cf-inventory').getByRole('row').filter({ hasText: 'Smart Watch' }).getByRole('cell').nth(2).getByText('9').waitFor();
    await orders.getByRole('button', { name: /Back to orders/ }).click();
    await orders.getByRole('row', { name: 'Open order ORD-1001' }).waitFor();
    const background = await orders.getByRole('button', { name: 'New Order' }).evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(background).toBe('rgb(67, 56, 202)');
    expect(problems.errors).toEqual([]);
    expect(problems.thirdParty).toEqual([]);
  });
});
