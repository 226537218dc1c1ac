import { describe, expect, it } from 'vitest';
import { useBrowser } from './browser';

const b = useBrowser();

describe('Back buttons', () => {
  it.each([
    ['/profile', '← Back'],
    ['/settings', '← Back'],
    ['/calendar', '← Back'],
    ['/notifications', '← Back'],
    ['/terms', 'Back'],
    ['/privacy', 'Back'],
  ])('%s opened directly: Back goes to the dashboard, not to a blank page', async (path, name) => {
    const { page, problems } = await b.open(path);
    await page.locator('main h1').first().waitFor();
    await page.getByRole('button', { name, exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('heading', { level: 1, name: 'Funnel Dashboard' }).waitFor();
    expect(problems.errors).toEqual([]);
  });

  it('after moving around the app, Back returns to the previous page', async () => {
    const { page } = await b.open('/help');
    await page.getByRole('heading', { level: 1, name: 'Help Center' }).waitFor();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
    await page.getByRole('button', { name: '← Back' }).click();
    await page.waitForURL((url) => url.pathname === '/help');
  });
});

describe('detail views have their own URL', () => {
  it('an open order is /orders/{id}: it survives a reload, Back to orders and the browser Back', async () => {
    const { page, problems } = await b.open('/orders');
    await page.getByRole('row', { name: 'Open order ORD-1001' }).click();
    await page.getByRole('heading', { level: 1, name: 'Order ORD-1001' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/orders/ord_1');
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Order ORD-1001' }).waitFor();
    await page.getByRole('button', { name: '← Back to orders' }).click();
    await page.getByRole('row', { name: 'Open order ORD-1001' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/orders');
    await page.goBack();
    await page.getByRole('heading', { level: 1, name: 'Order ORD-1001' }).waitFor();
    expect(problems.errors).toEqual([]);
  });

  it('an old /orders?order= link opens the order at its own URL', async () => {
    const { page } = await b.open('/orders?order=ORD-1002');
    await page.getByRole('heading', { level: 1, name: 'Order ORD-1002' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/orders/ORD-1002');
  });

  it("an inventory item's details are /inventory/{id} and survive a reload", async () => {
    const { page } = await b.open('/inventory');
    await page.getByRole('button', { name: 'View details of Smart Watch' }).click();
    await page.getByRole('dialog', { name: 'Smart Watch' }).waitFor();
    expect(new URL(page.url()).pathname).toMatch(/^\/inventory\/[^/]+$/);
    await page.reload();
    await page.getByRole('dialog', { name: 'Smart Watch' }).getByText('SKU-002').waitFor();
    await page.getByRole('dialog', { name: 'Smart Watch' }).getByRole('button', { name: 'Done' }).click();
    await page.waitForURL((url) => url.pathname === '/inventory');
  });
});
