// Nothing is called saved before it is: an edit shown on screen survives a reload that follows
// at once, and a bulk import says it succeeded only once its rows are stored.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { storedRecords, useBrowser } from './browser';

const b = useBrowser();

const quantityText = (page: Page, name: string) =>
  page.getByRole('row').filter({ hasText: name }).locator('.cf-qty').evaluate((el) => el.firstChild?.textContent?.trim() ?? '');

/**
 * Counts the stored records of a collection, straight from IndexedDB. Before the app has created
 * its database there is nothing stored (0): opening it here must not create it first, empty,
 * under the app.
 */
const storedCount = (page: Page, collection: string) => storedRecords(page, 'creatorflow:default', collection);

describe('durability', () => {
  it('keeps an inline quantity edit through a reload right after Enter, 20 times in a row', async () => {
    const { page, problems } = await b.open('/inventory');
    const name = 'Phone Case';
    for (let round = 1; round <= 20; round++) {
      const quantity = String(100 + round);
      await page.getByRole('button', { name: `Edit quantity of ${name}` }).click();
      const input = page.getByRole('spinbutton', { name: `Quantity of ${name}` });
      await input.fill(quantity);
      await input.press('Enter');
      await page.reload();
      await page.getByRole('button', { name: `Edit quantity of ${name}` }).waitFor();
      expect(await quantityText(page, name), `round ${round}`).toBe(quantity);
    }
    expect(problems.errors).toEqual([]);
  });

  it('says an import of 10,000 creators succeeded only once they are stored: a reload right after keeps them all', async () => {
    const { page, problems } = await b.open('/import');
    // The first visit seeds the sample workspace: count from after its funnels are stored.
    await expect.poll(() => storedCount(page, 'funnels')).toBeGreaterThan(0);
    const before = await storedCount(page, 'funnels');
    const lines = ['creator_handle,creator_name,email,platform,followers,engagement_rate,category'];
    for (let i = 0; i < 10_000; i++) lines.push(`@bulk${i},Bulk Creator ${i},bulk${i}@example.com,Instagram,${1000 + i},3.5,Creator`);
    await page.getByLabel('Choose a CSV file').setInputFiles({ name: 'bulk.csv', mimeType: 'text/csv', buffer: Buffer.from(lines.join('\n')) });
    await page.getByRole('button', { name: 'Import 10,000 rows' }).click();
    await page.getByRole('heading', { name: 'Data imported successfully' }).waitFor({ timeout: 60_000 });
    await page.reload();
    await page.getByLabel('Choose a CSV file').waitFor();
    expect(await storedCount(page, 'funnels')).toBe(before + 10_000);
    await page.getByRole('combobox').fill('Bulk Creator 9999');
    await page.getByRole('option', { name: /Bulk Creator 9999/ }).waitFor();
    expect(problems.errors).toEqual([]);
  });
});
