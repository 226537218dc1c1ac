// The team path of `npm run bench` (loaded by scripts/bench.mjs through tsx): the product as a
// team runs it. `npm start`'s server (server/main.ts) on a PGlite data folder prepared
// beforehand, members signed in, Chromium opening the screens: a teammate's first visit (nothing
// in IndexedDB) and a reopen (the workspace cached in IndexedDB, the JS cached), and the server's
// own start on a new and on an existing data folder. Not a test: nothing here passes or fails.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { hashPassword } from '../server/auth/passwords';
import type { DatabaseHandle } from '../server/db/client';
import { createWorkspace } from '../server/db/seed';
import { emptyWorkspaceData } from '../server/db/seed-data';
import { SYSTEM_FIELDS } from '../lib/domain/types';
import { openMigratedPglite } from '../server/db/template';
import { profiled } from './bench-profile.mjs';
import { call, insertFunnels, signIn, startServer, stats, type Stats } from './bench-sync';

const root = resolve(import.meta.dirname, '..');
const PASSWORD = 'bench horse battery staple';
const KEEP_NAMES = 'window.__name = (fn) => fn;';

/** The workspaces of the team path: each its own owner, opened on the screen that lists its records. */
const WORKSPACES = [
  { key: '10k funnels', email: 't10k@bench.test', workspace: 'team10k', funnels: 10_000, orders: 0, path: '/funnel', first: /#CRB\d+/, whole: / of 10,?000 funnels$/, full: false },
  { key: '100k funnels', email: 't100k@bench.test', workspace: 'team100k', funnels: 100_000, orders: 0, path: '/funnel', first: /#CRB\d+/, whole: / of 100,?000 funnels$/, full: true },
  { key: '50k orders', email: 't50k@bench.test', workspace: 'team50korders', funnels: 0, orders: 50_000, path: '/orders', first: /ORD-3\d{5}/, whole: undefined, full: false },
] as const;

/** Bulk insert of orders: one INSERT ... SELECT over generate_series. */
async function insertOrders(handle: DatabaseHandle, workspaceId: string, count: number) {
  await handle.db.execute(sql`
    INSERT INTO orders (workspace_id, id, version, position, source, order_number, status, customer_email, customer_name,
      shipping_address, items, subtotal, tax, shipping, total, created_at, updated_at, history, tags, stock_deducted)
    SELECT ${workspaceId}, 'ordb_' || g, 1, 1000 + g, (ARRAY['Amazon','eBay','Instagram Shop'])[1 + g % 3], 'ORD-' || (300000 + g),
      (ARRAY['New','Processing','Shipped','Delivered'])[1 + g % 4], 'customer' || g || '@example.com', 'Customer ' || g,
      '{"line1":"1 Main St","city":"Austin","state":"TX","postalCode":"73301","country":"US"}'::jsonb,
      jsonb_build_array(jsonb_build_object('id', 'oi_' || g, 'productId', 'inv_1', 'name', 'Wireless Earbuds', 'sku', 'SKU-001', 'quantity', 1, 'price', 49.99)),
      49.99, 4.12, 8.95, 63.06, '2026-06-01T00:00:00.000Z', '2026-06-01T00:00:00.000Z',
      jsonb_build_array(jsonb_build_object('id', 'oh_' || g, 'timestamp', '2026-06-01T00:00:00.000Z', 'status', 'New')), '{}'::text[], g % 4 > 0
    FROM generate_series(1, ${count}::int) AS g`);
}

async function prepare(handle: DatabaseHandle, workspaces: readonly (typeof WORKSPACES)[number][], log: (line: string) => void) {
  const now = new Date();
  const passwordHash = await hashPassword(PASSWORD);
  for (const w of workspaces) {
    await createWorkspace(handle.db, { id: w.workspace, name: w.key, owner: { memberId: `tm_${w.workspace}`, name: 'Bench Owner', email: w.email, passwordHash }, data: emptyWorkspaceData(now, 'Bench Owner'), now });
    const started = performance.now();
    if (w.funnels) await insertFunnels(handle, w.workspace, w.funnels);
    if (w.orders) await insertOrders(handle, w.workspace, w.orders);
    log(`    seeded ${w.key} server-side in ${Math.round(performance.now() - started)} ms`);
  }
}

/** Records long tasks and the end of every pull answer, from the page's first script on. */
const WATCH = `${KEEP_NAMES}
window.__longTasks = [];
new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__longTasks.push({ start: e.startTime, ms: e.duration }); }).observe({ type: 'longtask', buffered: true });`;

/**
 * Opens `path` and waits for the first record; ms since navigation start, the longest task after
 * it, when the whole workspace was in (`whole`: the screen's text once every record is read, e.g.
 * the board's "of 100,000 funnels") and when the last pull answer ended.
 */
async function openAndMeasure(page: Page, base: string, path: string, first: RegExp, whole?: RegExp) {
  await page.goto(`${base}${path}`);
  await page.getByText(first).first().waitFor({ timeout: 120_000 });
  const firstCard = await page.evaluate(() => performance.now());
  // The rest of the workspace. The network going quiet is not enough: a first visit asks for
  // each page once the one before is in the cache, and that can take longer than the 500 ms
  // Playwright's networkidle waits for, so the screen saying the whole workspace is in is awaited.
  let wholeMs: number | null = null;
  if (whole) {
    await page.getByText(whole).first().waitFor({ timeout: 180_000 });
    wholeMs = await page.evaluate(() => performance.now());
  }
  await page.waitForLoadState('networkidle', { timeout: 120_000 }).catch(() => undefined);
  const seen = await page.evaluate((at) => {
    const w = window as unknown as { __longTasks: { start: number; ms: number }[] };
    const pulls = performance.getEntriesByType('resource').filter((e) => (e as PerformanceResourceTiming).name.includes('/sync/pull'));
    return {
      firstCardMs: at,
      lastPullEndMs: pulls.length ? Math.max(...pulls.map((e) => (e as PerformanceResourceTiming).responseEnd)) : null,
      pulls: pulls.length,
      longestTaskAfterFirstCardMs: Math.max(0, ...w.__longTasks.filter((t) => t.start >= at).map((t) => t.ms)),
    };
  }, firstCard);
  return { ...seen, wholeMs };
}

export interface TeamOpen {
  /** A teammate's first visit: nothing cached (the JS cached after the first). */
  firstVisit: { coldMs: number; firstCardMs: Stats; wholeWorkspaceMs: Stats; lastPullEndMs: Stats; pulls: number };
  /** Reload with the workspace in IndexedDB and the JS cached. */
  reopen: { firstCardMs: Stats; pullsBeforeFirstCard: number; longestTaskAfterFirstCardMs: number };
  /** --profile-browser: one more first visit under the CPU profiler (where the time went). */
  profile?: unknown;
}

async function teamOpen(browser: Browser, base: string, w: (typeof WORKSPACES)[number], visits: number, reopens: number, profile = false): Promise<TeamOpen> {
  const who = await signIn(base, w.email);
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  await context.addInitScript({ content: WATCH });
  await context.addCookies([{ name: who.name, value: who.value, url: base }]);
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const visitsSeen = [];
    for (let i = 0; i < visits; i++) {
      if (i > 0) {
        await page.goto('about:blank');
        await cdp.send('Storage.clearDataForOrigin', { origin: base, storageTypes: 'indexeddb' });
      }
      visitsSeen.push(await openAndMeasure(page, base, w.path, w.first, w.whole));
    }
    const reopened = [];
    for (let i = 0; i < reopens; i++) reopened.push(await openAndMeasure(page, base, w.path, w.first));
    // --profile-browser: one more first visit (IndexedDB cleared) under the CPU profiler, never counted above.
    let profiledVisit: unknown;
    if (profile) {
      await page.goto('about:blank');
      await cdp.send('Storage.clearDataForOrigin', { origin: base, storageTypes: 'indexeddb' });
      let seen: Awaited<ReturnType<typeof openAndMeasure>> | undefined;
      const summary = await profiled(page, `team-first-visit-${w.workspace}`, async () => void (seen = await openAndMeasure(page, base, w.path, w.first, w.whole)), { distFolder: join(root, 'dist/host'), top: 20 });
      profiledVisit = { ...summary, firstCardMs: seen?.firstCardMs, wholeMs: seen?.wholeMs, lastPullEndMs: seen?.lastPullEndMs, pulls: seen?.pulls };
    }
    return {
      firstVisit: {
        coldMs: Math.round(visitsSeen[0].firstCardMs),
        firstCardMs: stats(visitsSeen.map((v) => v.firstCardMs)),
        wholeWorkspaceMs: stats(visitsSeen.map((v) => Math.max(v.firstCardMs, v.wholeMs ?? 0, v.lastPullEndMs ?? 0))),
        lastPullEndMs: stats(visitsSeen.map((v) => v.lastPullEndMs ?? 0)),
        pulls: Math.max(...visitsSeen.map((v) => v.pulls)),
      },
      reopen: {
        firstCardMs: stats(reopened.map((v) => v.firstCardMs)),
        // Pulls that ended before the first card: the reopen waited for the network if any did.
        pullsBeforeFirstCard: Math.max(...reopened.map((v) => (v.lastPullEndMs !== null && v.lastPullEndMs < v.firstCardMs ? v.pulls : 0))),
        longestTaskAfterFirstCardMs: Math.max(...reopened.map((v) => v.longestTaskAfterFirstCardMs)),
      },
      ...(profiledVisit ? { profile: profiledVisit } : {}),
    };
  } finally {
    await context.close();
  }
}

/** A CSV of `count` creators with the sample's headers (about 77 bytes a row). */
function creatorsCsv(count: number, prefix: string): Buffer {
  const lines = [SYSTEM_FIELDS.join(',')];
  for (let i = 0; i < count; i++) lines.push(`@${prefix}${i},${prefix} Creator ${i},${prefix}${i}@example.com,Instagram,${1000 + i},4.5,Influencer`);
  return Buffer.from(lines.join('\n'));
}

/**
 * Another client of the same workspace (a Node client of the same owner) pushing one quantity
 * change about every 250 ms until `stop()`: each push's round trip, while the import holds the
 * same workspace's lock page after page.
 */
function otherPushes(base: string, cookie: string) {
  const clientID = `benchother${Date.now().toString(36)}`;
  const seed = `bo${Date.now().toString(36)}`;
  let next = 1;
  const push = (name: string, args: unknown) => {
    const id = next++;
    return call(base, 'POST', '/sync/push', { cookie, body: { clientID, mutations: [{ id, name, args, meta: { now: new Date().toISOString(), idSeed: `${seed}x${id}` } }] } });
  };
  const times: number[] = [];
  let running = true;
  const done = (async () => {
    // The item the first push adds: its id comes from that push's seed.
    const itemId = `inv_${seed}x${next}0`;
    await push('inventory.addItem', { draft: { sku: `BENCH-${seed}`, name: 'Bench item', quantity: '1' } });
    for (let quantity = 2; running; quantity++) {
      const started = performance.now();
      const answer = await push('inventory.setQuantity', { id: itemId, quantity: String(quantity) });
      if (answer.status === 200) times.push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  })();
  return {
    async stop() {
      running = false;
      await done;
      return times.length ? stats(times) : null;
    },
  };
}

/**
 * Settings > Import Data as the owner of a workspace: from Import to "Data imported
 * successfully", which shows once the server confirmed every page, while another client's
 * pushes to the same workspace are timed; then the first size again with the importing tab
 * reloaded once some pages are confirmed, the pushes timed from the reload. With `profile`, the first size runs under the
 * browser's CPU profiler (bench/profiles/).
 */
async function importTimes(browser: Browser, base: string, email: string, sizes: number[], profile = false) {
  const who = await signIn(base, email);
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  await context.addInitScript({ content: KEEP_NAMES });
  await context.addCookies([{ name: who.name, value: who.value, url: base }]);
  const out: Record<string, { confirmedMs: number; rowsPerS: number; otherPushMs?: Stats | null; profile?: unknown }> = {};
  try {
    const page = await context.newPage();
    for (const [at, rows] of sizes.entries()) {
      await page.goto(`${base}/import`);
      // A first visit shows the workspace's first page at once and the rest as it arrives: an
      // import (which checks every creator) waits for all of it, as a member would.
      await page.waitForLoadState('networkidle', { timeout: 120_000 }).catch(() => undefined);
      await page.getByLabel('Choose a CSV file').setInputFiles({ name: 'creators.csv', mimeType: 'text/csv', buffer: creatorsCsv(rows, `b${rows}x`) });
      const other = otherPushes(base, who.cookie);
      const started = performance.now();
      let ms = 0;
      const run = async () => {
        await page.getByRole('button', { name: `Import ${rows.toLocaleString('en-US')} rows` }).click();
        await page.getByRole('heading', { name: 'Data imported successfully' }).waitFor({ timeout: 1_800_000 });
        ms = performance.now() - started;
      };
      const summary = profile && at === 0 ? await profiled(page, `import-${rows}`, run, { distFolder: join(root, 'dist/host'), top: 20 }) : (await run(), undefined);
      const otherPushMs = await other.stop();
      out[`${rows.toLocaleString('en-US')} rows`] = { confirmedMs: Math.round(ms), rowsPerS: Math.round(rows / (ms / 1000)), otherPushMs, ...(summary ? { profile: summary } : {}) };
    }
    // The importing tab reloaded mid-import (the first size again, another file): the other
    // client's pushes timed from the reload until the resumed import is confirmed.
    const rows = sizes[0];
    await page.goto(`${base}/import`);
    await page.waitForLoadState('networkidle', { timeout: 120_000 }).catch(() => undefined);
    await page.getByLabel('Choose a CSV file').setInputFiles({ name: 'creators.csv', mimeType: 'text/csv', buffer: creatorsCsv(rows, `r${rows}x`) });
    await page.getByRole('button', { name: `Import ${rows.toLocaleString('en-US')} rows` }).click();
    // Some pages confirmed, most still to come.
    await page.getByText(new RegExp(`^[1-9][\\d,]* of ${rows.toLocaleString('en-US')} saved$`)).first().waitFor({ timeout: 600_000 });
    const other = otherPushes(base, who.cookie);
    const started = performance.now();
    await page.reload();
    // A resumed import says it with the toast alone: the outcome card (a heading) belongs to the
    // visit that chose the file.
    const finished = await page
      .getByText('Data imported successfully')
      .first()
      .waitFor({ timeout: 600_000 })
      .then(() => true)
      .catch(() => false);
    const ms = performance.now() - started;
    out[`${rows.toLocaleString('en-US')} rows, the tab reloaded mid-import`] = { confirmedMs: finished ? Math.round(ms) : -1, rowsPerS: 0, otherPushMs: await other.stop() };
  } finally {
    await context.close();
  }
  return out;
}

/**
 * `--only=imports`: a server of its own with an empty workspace, and the imports of 10,000 and
 * then 100,000 creators in one CSV each (1,000 with --quick).
 */
export async function importBench({
  browser,
  quick,
  profile,
  profileServer = false,
  sizes = quick ? [1_000] : [10_000, 100_000],
  log,
}: {
  browser: Browser;
  quick: boolean;
  profile: boolean;
  /** V8 CPU profiles of the server under bench/profiles/import-server-…/. */
  profileServer?: boolean;
  /** Rows of each CSV, imported in turn into the same workspace. */
  sizes?: number[];
  log: (line: string) => void;
}) {
  const dir = mkdtempSync(join(tmpdir(), 'cf-bench-import-'));
  try {
    const dataDir = join(dir, 'data');
    const handle = await openMigratedPglite(dataDir, join(root, '.creatorflow', 'cache'));
    const now = new Date();
    await createWorkspace(handle.db, { id: 'teamimport', name: 'imports', owner: { memberId: 'tm_teamimport', name: 'Bench Owner', email: 'timport@bench.test', passwordHash: await hashPassword(PASSWORD) }, data: emptyWorkspaceData(now, 'Bench Owner'), now });
    await handle.close();
    const server = await startServer({ CREATORFLOW_DATA_DIR: dataDir }, profileServer ? `import-server-${Date.now()}` : undefined);
    try {
      log('  imports: Import Data in one CSV');
      return await importTimes(browser, server.base, 'timport@bench.test', sizes, profile);
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** From spawning `npm start`'s server to its first answer (`/readyz` 200), on a new and on an existing data folder. */
async function serverStart(runs: number) {
  const dir = mkdtempSync(join(tmpdir(), 'cf-bench-start-'));
  const fresh: number[] = [];
  const existing: number[] = [];
  try {
    for (let i = 0; i < runs; i++) {
      const env = { CREATORFLOW_DATA_DIR: join(dir, `data${i}`), CREATORFLOW_OWNER_EMAIL: 'start@bench.test', CREATORFLOW_OWNER_PASSWORD: PASSWORD };
      for (const into of [fresh, existing]) {
        const started = performance.now();
        const server = await startServer(env);
        into.push(performance.now() - started);
        await server.stop();
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return { newDataFolderMs: stats(fresh), existingDataFolderMs: stats(existing) };
}

export async function teamBench({
  browser,
  quick,
  log,
  profile = false,
  profileServer = false,
  workspaces,
}: {
  browser: Browser;
  quick: boolean;
  log: (line: string) => void;
  /** One more first visit of each workspace under Chromium's CPU profiler. */
  profile?: boolean;
  /** V8 CPU profiles of the server of the visits, under bench/profiles/team-server-…/. */
  profileServer?: boolean;
  /** Only these workspaces (their keys, e.g. '100k funnels'), without the server-start runs. */
  workspaces?: string[];
}) {
  const out: Record<string, unknown> = {};
  const chosen = WORKSPACES.filter((w) => (workspaces ? workspaces.includes(w.key) : !(quick && w.full)));
  if (!workspaces) {
    log('  team path: server start');
    out.serverStart = await serverStart(quick ? 1 : 3);
  }
  const dir = mkdtempSync(join(tmpdir(), 'cf-bench-team-'));
  try {
    const dataDir = join(dir, 'data');
    const handle = await openMigratedPglite(dataDir, join(root, '.creatorflow', 'cache'));
    await prepare(handle, chosen, log);
    await handle.close();
    const server = await startServer({ CREATORFLOW_DATA_DIR: dataDir }, profileServer ? `team-server-${Date.now()}` : undefined);
    try {
      const opens: Record<string, TeamOpen | { error: string }> = {};
      for (const w of chosen) {
        log(`  team path: ${w.key}`);
        opens[w.key] = await teamOpen(browser, server.base, w, quick ? 1 : w.full ? 2 : 3, quick ? 2 : 3, profile).catch((error: Error) => ({ error: String(error.message).split('\n')[0] }));
      }
      out.open = opens;
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return out;
}
