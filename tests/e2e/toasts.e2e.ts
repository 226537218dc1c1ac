import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowser } from './browser';

const b = useBrowser();

async function overlaps(a: Locator, c: Locator) {
  const [x, y] = [(await a.boundingBox())!, (await c.boundingBox())!];
  return x.x < y.x + y.width && y.x < x.x + x.width && x.y < y.y + y.height && y.y < x.y + x.height;
}

describe('toasts', () => {
  it.each([
    ['laptop', 1366],
    ['phone', 390],
  ])('cover neither the bell nor the user menu (%s)', async (_name, width) => {
    const context = await b.newContext();
    const page = await context.newPage();
    await page.setViewportSize({ width, height: 844 });
    await page.goto('/settings');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    const toast = page.getByRole('status').filter({ hasText: 'Settings saved successfully' });
    await toast.waitFor();
    expect(await overlaps(toast, page.getByRole('link', { name: /^Notifications/ }))).toBe(false);
    expect(await overlaps(toast, page.locator('.cf-user-menu > button'))).toBe(false);
  });

  it('stay readable and closable above an open dialog', async () => {
    const { page, problems } = await b.open('/inventory');
    await page.getByRole('button', { name: 'View details of Smart Watch' }).click();
    await page.getByRole('dialog', { name: 'Smart Watch' }).getByRole('button', { name: 'Edit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Smart Watch' });
    await dialog.getByLabel('Location').fill('Shelf 4');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    const toast = page.getByRole('status').filter({ hasText: 'Smart Watch updated' });
    await toast.waitFor();
    // Hovering pauses the toast's timer (as for any user), so it cannot expire before the click.
    await toast.hover({ timeout: 5000 });
    // A real click: it fails if the toast sits under the dialog's backdrop or in the inert page.
    await toast.getByRole('button', { name: 'Dismiss notification' }).click({ timeout: 5000 });
    await toast.waitFor({ state: 'detached' });
    expect(await page.getByRole('dialog', { name: 'Smart Watch' }).isVisible()).toBe(true);
    expect(problems.errors).toEqual([]);
  });
});
