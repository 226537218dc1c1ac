// Staff's side of a portal test, on a creator's page that is open and saved.
import type { Page } from 'playwright-core';

/** Lets the creator choose up to `items` products worth up to 100 in total, and waits until it is saved. */
export async function allowProducts(page: Page, items: number) {
  await page.getByLabel('Products the creator may choose').fill(String(items));
  await page.getByLabel('Up to a value of').fill('100');
  await page.getByRole('button', { name: 'Save allowance' }).click();
  await page.getByRole('status').filter({ hasText: 'All changes saved' }).waitFor();
}

/** Copies the creator's portal link and returns it. */
export async function copyCreatorLink(page: Page) {
  await page.getByRole('button', { name: 'Copy creator link' }).click();
  const field = page.getByRole('textbox', { name: 'Creator link' });
  await field.waitFor();
  return field.inputValue();
}

/** Signs in (by `signIn`) at a creator's page and waits until it shows everything saved. */
export async function openCreatorPage(page: Page, signIn: (page: Page, options: { path: string }) => Promise<void>, creatorId: string) {
  await signIn(page, { path: `/creator/${creatorId}` });
  await page.waitForURL(new RegExp(`/creator/${creatorId}$`));
  await page.getByRole('status').filter({ hasText: 'All changes saved' }).waitFor();
}
