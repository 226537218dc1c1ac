// Large imports against `npm start`'s server: a CSV goes in pages, the progress bar counts the
// rows the server confirmed, and "Data imported successfully" shows once it has them all. A
// second member's fresh browser then holds every funnel, and an edit made after the import
// still reaches them. (100,000 rows in one file: sync-bulk-100k.nightly.ts, in npm run test:nightly.)
import { describe, expect, it } from 'vitest';
import { useTeamServer } from './browser';
import { creatorsCsv, importCsv } from './imports';

const { newPage, signIn, invite, accept } = useTeamServer();

describe('imports in pages', () => {
  it('the owner imports 10,000 rows; the bar reaches 10,000; a second member sees all 10,006 funnels and a later edit', async () => {
    const owner = await newPage();
    await signIn(owner.page);
    await owner.page.getByRole('status').filter({ hasText: 'All changes saved' }).waitFor();

    const ms = await importCsv(owner.page, creatorsCsv(10_000, 'ten'), '10,000', 280_000);
    console.log(`[sync-bulk e2e] 10,000 rows confirmed by the server in ${ms} ms`);
    const bar = owner.page.getByRole('progressbar', { name: 'Import progress' });
    expect(await bar.getAttribute('aria-valuenow')).toBe('10000');
    expect(await bar.getAttribute('aria-valuemax')).toBe('10000');
    await owner.page.getByText('10,000 of 10,000 saved').waitFor();
    await owner.page.getByRole('status').filter({ hasText: 'All changes saved' }).waitFor();

    const link = await invite(owner.page, 'jamie@acme.test', 'Editor');
    await owner.page.getByRole('button', { name: 'Done' }).click();
    const editor = await accept(link, 'Jamie Smith');
    await editor.page.goto('/dashboard');
    const count = editor.page.getByText(/ of [\d,.\s]+ funnels$/).first();
    await count.waitFor();
    await expect.poll(() => count.textContent(), { timeout: 120_000, interval: 1000 }).toMatch(/of 10,?006 funnels$/);

    // An edit the owner makes after the import reaches the second member's open screen.
    await editor.page.goto('/orders');
    const editorRow = editor.page.getByRole('row').filter({ hasText: 'ORD-1001' });
    await editorRow.getByText('New', { exact: true }).waitFor();
    await owner.page.goto('/orders/ord_1');
    await owner.page.getByLabel('Order status').selectOption('Processing');
    await owner.page.getByRole('status').filter({ hasText: 'All changes saved' }).waitFor();
    await editorRow.getByText('Processing', { exact: true }).waitFor({ timeout: 30_000 });
    expect(owner.errors).toEqual([]);
    expect(editor.errors).toEqual([]);
  }, 400_000);

  it('a reload mid-import resumes it: the pages left, queued and kept aside, finish, and every row is there once', async () => {
    const owner = await newPage();
    await signIn(owner.page);
    await owner.page.getByRole('status').filter({ hasText: 'All changes saved' }).waitFor();
    // The workspace's funnels before (the file's other tests may have imported some).
    await owner.page.goto('/dashboard');
    const before = owner.page.getByText(/ of [\d,.\s]+ funnels$/).first();
    await before.waitFor();
    const total = (text: string | null) => Number(/of ([\d,.\s]+) funnels$/.exec(text ?? '')?.[1].replace(/[,.\s]/g, ''));
    const expected = total(await before.textContent()) + 6_000;
    await owner.page.goto('/import');
    // Twelve pages: four in the queue at a time, the rest kept aside in the browser's cache.
    await owner.page.getByLabel('Choose a CSV file').setInputFiles({ name: 'creators.csv', mimeType: 'text/csv', buffer: creatorsCsv(6_000, 'rl') });
    await owner.page.getByRole('button', { name: 'Import 6,000 rows' }).click();
    await owner.page.getByText(/^[1-5],\d{3} of 6,000 saved$/).waitFor({ timeout: 120_000 });
    await owner.page.reload();
    // The import shows again, counted from the pages left, and ends with all of them saved.
    await owner.page.getByText(/^([\d,]+) of \1 saved$/).waitFor({ timeout: 240_000 });
    await owner.page.getByText('Data imported successfully').first().waitFor();
    await owner.page.getByRole('status').filter({ hasText: 'All changes saved' }).waitFor();
    await owner.page.goto('/dashboard');
    const count = owner.page.getByText(/ of [\d,.\s]+ funnels$/).first();
    await count.waitFor();
    await expect.poll(async () => total(await count.textContent()), { timeout: 60_000, interval: 500 }).toBe(expected);
    // A fresh browser of a teammate holds exactly the same: no page was applied twice.
    const link = await invite(owner.page, 'rowan@acme.test', 'Editor');
    await owner.page.getByRole('button', { name: 'Done' }).click();
    const editor = await accept(link, 'Rowan Lee');
    await editor.page.goto('/dashboard');
    const seen = editor.page.getByText(/ of [\d,.\s]+ funnels$/).first();
    await seen.waitFor();
    await expect.poll(async () => total(await seen.textContent()), { timeout: 120_000, interval: 1000 }).toBe(expected);
    expect(owner.errors).toEqual([]);
    expect(editor.errors).toEqual([]);
  }, 600_000);
});
