import { describe, expect, it } from 'vitest';
import { useBrowser } from './browser';

const b = useBrowser();

describe('Back buttons', () => {
  it.each([
    ['/profile', '← Back'],
    ['/settings', '← Back'],
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
