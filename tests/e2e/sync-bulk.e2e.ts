// Large imports against `npm start`'s server: a CSV goes in pages, the progress bar counts the
// rows the server confirmed, and "Data imported successfully" shows once it has them all. A
// second member's fresh browser then holds every funnel, and an edit made after the import
// still reaches them. (Reloads mid-import: sync-bulk-reload.e2e.ts; 100,000 rows in one file:
// sync-bulk-100k.nightly.ts, in npm run test:nightly.)
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
});
