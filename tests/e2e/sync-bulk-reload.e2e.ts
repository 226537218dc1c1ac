// A resumed import arrives whole, on PGlite and on PostgreSQL: the owner imports a file and
// reloads the tab at random moments, from before the first page is confirmed to the last
// page. Each time the import shows again counted over the whole file, "Data imported
// successfully" never shows before the server holds every row, and once it shows, the server
// holds exactly the file's rows (the tab is cut off the network at that moment, so nothing it
// sends later can make the count right after the fact).
import { randomBytes } from 'node:crypto';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BULK } from '../../lib/domain/bulk';
import { adminQuery, resolvePostgres, withDatabase, type PostgresServer } from '../server/pg';
import { CHROMIUM_ARGS, executablePath } from './browser';
import { creatorsCsv } from './imports';
import { OWNER, startTeamServer, type TeamServer } from './team-server';

/** The whole 10,000 rows on each database. */
const RUNS = [
  { database: 'pglite', rows: 10_000 },
  { database: 'postgres', rows: 10_000 },
] as const;
const MOMENTS = 5;
const PAGE_ROWS = BULK.pageRows;

const format = (n: number) => n.toLocaleString('en-US');

/** Reload moments, in rows confirmed: before the first page, within the last page, and random ones between. */
function momentsFor(rows: number) {
  const between = Array.from({ length: MOMENTS - 2 }, () => Math.floor(Math.random() * (rows - PAGE_ROWS)));
  return [0, ...between.sort((a, b) => a - b), rows - PAGE_ROWS];
}

describe.each(RUNS)('an import reloaded at random moments on $database', ({ database, rows }) => {
  const dbName = `cf_e2e_${randomBytes(6).toString('hex')}`;
  let postgres: PostgresServer | undefined;
  let server: TeamServer;
  let browser: Browser;

  beforeAll(async () => {
    let env: Record<string, string> = {};
    if (database === 'postgres') {
      postgres = await resolvePostgres();
      await adminQuery(postgres.adminUrl, `create database ${dbName}`);
      env = { DATABASE_URL: withDatabase(postgres.adminUrl, dbName) };
    }
    [server, browser] = await Promise.all([startTeamServer(env), chromium.launch({ executablePath: executablePath(), args: CHROMIUM_ARGS })]);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    if (postgres) {
      await adminQuery(postgres.adminUrl, `drop database if exists ${dbName} with (force)`);
      await postgres.stop();
    }
  });

  /** Creators with the file's handles on the server, asked with the tab's session from outside the tab. */
  async function onServer(page: Page, prefix: string) {
    const cookies = await page.context().cookies();
    const response = await fetch(`${server.baseURL}/sync/pull?since=0&clientID=e2e-count`, { headers: { cookie: cookies.map((c) => `${c.name}=${c.value}`).join('; ') } });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { records: { collection: string; value: { creatorHandle?: string } | null }[]; cursor?: string };
    expect(body.cursor).toBeUndefined();
    return body.records.filter((r) => r.collection === 'funnels' && r.value?.creatorHandle?.startsWith(`@${prefix}`)).length;
  }

  it(`every row reaches the server, and "imported" shows only once it holds them all (${format(rows)} rows, ${MOMENTS} reloads)`, async () => {
    const context = await browser.newContext({ baseURL: server.baseURL, viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto('/import');
    await page.waitForURL(/\/signin/);
    await page.getByLabel('Email').fill(OWNER.email);
    await page.getByLabel('Password').fill(OWNER.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('status').filter({ hasText: 'All changes saved' }).waitFor({ timeout: 60_000 });

    const prefix = `rl${randomBytes(3).toString('hex')}_`;
    const moments = momentsFor(rows);
    console.log(`[sync-bulk-reload e2e] ${database}: reloads at ${moments.join(', ')} rows confirmed`);
    await page.goto('/import');
    await page.getByLabel('Choose a CSV file').setInputFiles({ name: 'creators.csv', mimeType: 'text/csv', buffer: creatorsCsv(rows, prefix) });
    const started = Date.now();
    await page.getByRole('button', { name: `Import ${format(rows)} rows` }).click();
    const bar = page.getByRole('progressbar', { name: 'Import progress' });
    const success = page.getByText('Data imported successfully').first();
    // The import shows (again after a reload), unless the server took its last page just before the reload.
    const shownOrDone = () =>
      expect
        .poll(async () => ((await bar.isVisible()) ? 'shown' : (await onServer(page, prefix)) === rows ? 'done' : 'loading'), { timeout: 60_000, interval: 250 })
        .not.toBe('loading')
        .then(() => bar.isVisible());
    let open = await shownOrDone();
    for (const moment of moments) {
      if (!open) break;
      await expect.poll(async () => Number(await bar.getAttribute('aria-valuenow')), { timeout: 240_000, interval: 100 }).toBeGreaterThanOrEqual(moment);
      const shown = Number(await bar.getAttribute('aria-valuenow'));
      // The bar counts the whole file, whichever visit it is.
      expect(await bar.getAttribute('aria-valuemax')).toBe(String(rows));
      if (shown >= rows) break;
      expect(await success.isVisible()).toBe(false);
      await page.reload();
      open = await shownOrDone();
    }
    if (open) await success.waitFor({ timeout: 240_000 });
    // Nothing more leaves the tab from here: what the server holds now is what "imported" stood on.
    await context.setOffline(true);
    expect(await onServer(page, prefix)).toBe(rows);
    console.log(`[sync-bulk-reload e2e] ${database}: ${format(rows)} rows with ${MOMENTS} reloads in ${Date.now() - started} ms`);
    if (open) {
      expect(await bar.getAttribute('aria-valuenow')).toBe(String(rows));
      await page.getByText(`${format(rows)} of ${format(rows)} saved`).waitFor();
    }
    expect(errors).toEqual([]);
    await context.close();
  }, 600_000);
});
