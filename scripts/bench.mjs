#!/usr/bin/env node
// npm run bench: drives the built host app and the elements bundle in headless Chromium on
// generated workspaces (deterministic data written into IndexedDB before the page loads),
// prints a table and writes bench/results.json. Not a test: nothing here passes or fails.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join, relative } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { ensureChromium, ensureDependencies, root, run } from './setup.mjs';

ensureDependencies();
const chromiumPath = await ensureChromium();
if (!existsSync(join(root, 'dist/host/index.html')) || process.argv.includes('--build')) run('npm run build');

const { chromium } = await import('playwright-core');
const { startServer } = await import('./serve.mjs');
const { profiled } = await import('./bench-profile.mjs');
// The generated workspaces are stored at the schema version the build reads: data marked older
// would take the upgrade path (every record read, migrated and written again before the first
// screen) and the open would time that one-off migration, not a reopen.
// Read from the source rather than imported through tsx: registering tsx here as well would
// compile the later TypeScript benches twice (their page functions then name a helper the
// page does not have).
const SCHEMA_VERSION = Number(/export const SCHEMA_VERSION = (\d+);/.exec(readFileSync(new URL('../lib/schema/migrations.ts', import.meta.url), 'utf8'))?.[1]);
if (!Number.isInteger(SCHEMA_VERSION)) throw new Error('lib/schema/migrations.ts no longer says SCHEMA_VERSION as a number');
const server = await startServer(0, '127.0.0.1');
const origin = `http://127.0.0.1:${server.address().port}`;
const browser = await chromium.launch({
  executablePath: chromiumPath,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});

const benchStarted = Date.now();
// The machine is shared: the load average at the start and the end says how much the figures are worth.
const load = () => loadavg().map((n) => Math.round(n * 100) / 100);
const results = { machine: machine(), date: new Date().toISOString(), loadAverage: { start: load() }, workloads: [], bundles: [] };
const quick = process.argv.includes('--quick');
// --only=funnels,sync: just those groups (while working on one of them).
const only = process.argv.find((a) => a.startsWith('--only='))?.slice('--only='.length).split(',');
const wanted = (group) => !only || only.includes(group);
// --profile-browser: after a workload's measured runs, one more open and one more typing pass
// (or view switch) run under the CPU profiler; the profiles go to bench/profiles/ and the report
// lists where the time went (never mixed into the figures above them).
const profileBrowser = process.argv.includes('--profile-browser');
const profileSteps = async (page, name, steps) => {
  if (!profileBrowser) return {};
  const out = {};
  for (const [step, action] of Object.entries(steps)) out[step] = await profiled(page, `${name}-${step}`, action, { distFolder: join(root, 'dist/host') });
  return { profiles: out };
};

// ---------- data generation (runs inside the page; deterministic) ----------
function generateAndStore({ kind, count, schemaVersion }) {
  let seed = 42;
  const rand = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
  const pick = (list) => list[Math.floor(rand() * list.length)];
  const first = ['Ava', 'Ben', 'Cleo', 'Dev', 'Eli', 'Fay', 'Gus', 'Hana', 'Ivo', 'Jin', 'Kai', 'Lia', 'Max', 'Noa', 'Oli', 'Pia'];
  const last = ['Stone', 'Reed', 'Park', 'Diaz', 'Khan', 'Moss', 'Wolf', 'Hale', 'Ng', 'Cruz', 'Vale', 'Ross'];
  const statuses = ['Brief', 'Confirmation', 'Contract', 'Production', 'Shipped'];
  const stepNames = ['Creator Confirmation', 'Product Shipment', 'Creative Brief Delivery', 'Content Production', 'Review & Feedback', 'Final Deliverables', 'Deployment & Tracking'];
  const base = Date.parse('2026-06-01T00:00:00Z');
  const iso = (offsetDays) => new Date(base + offsetDays * 86400000).toISOString();
  const records = [];
  for (let i = 0; i < count; i++) {
    if (kind === 'funnels') {
      const status = pick(statuses);
      const at = statuses.indexOf(status);
      const name = `${pick(first)} ${pick(last)} ${i}`;
      const id = `CR${String(100000 + i)}`;
      records.push({
        collection: 'funnels', id,
        value: {
          id, creatorName: name, creatorHandle: `@${name.toLowerCase().replace(/\s+/g, '')}`, creatorAvatar: '', status,
          category: pick(['Influencer', 'Creator', 'Brand', 'Agency']), activity: pick(['Active', 'Pending', 'Completed', 'Paused']),
          value: Math.round(rand() * 9000) + 500, progressPercentage: Math.round(((at + 1) / 7) * 100), assignedTo: 'Alex Morgan',
          lastUpdated: iso(-rand() * 30), isPriority: rand() < 0.1, currentStage: pick(['Outreach', 'Negotiation', 'Contract', 'Production', 'Delivery']),
          engagementType: 'Sponsored Post', platform: pick(['Instagram', 'TikTok', 'YouTube']), conversionRate: +(rand() * 8).toFixed(1),
          engagementRate: +(rand() * 10).toFixed(1), roi: +(rand() * 5).toFixed(1), startDate: iso(-rand() * 300), dueDate: iso(rand() * 60),
          daysRemaining: Math.round(rand() * 60), steps: stepNames.map((n, s) => ({ name: n, description: n, completed: s < at, current: s === at })),
          outreach: [],
        },
      });
    } else if (kind === 'orders') {
      const qty = 1 + Math.floor(rand() * 3);
      const price = Math.round(rand() * 20000) / 100;
      const subtotal = qty * price;
      const created = iso(-rand() * 365);
      const status = pick(['New', 'Processing', 'Shipped', 'Delivered', 'Canceled', 'Refunded']);
      records.push({
        collection: 'orders', id: `ord_b${i}`,
        value: {
          id: `ord_b${i}`, source: pick(['Amazon', 'eBay', 'Instagram Shop']), orderNumber: `ORD-${200000 + i}`, status,
          customerEmail: `customer${i}@example.com`, customerName: `${pick(first)} ${pick(last)}`,
          shippingAddress: { line1: `${i} Main St`, city: 'Austin', state: 'TX', postalCode: '73301', country: 'US' },
          items: [{ id: `oi_b${i}`, productId: 'inv_1', name: 'Wireless Earbuds', sku: 'SKU-001', quantity: qty, price }],
          subtotal, tax: +(subtotal * 0.08).toFixed(2), shipping: 8.95, total: +(subtotal * 1.08 + 8.95).toFixed(2),
          createdAt: created, updatedAt: created, history: [{ id: `oh_b${i}`, timestamp: created, status }], tags: [],
          stockDeducted: ['Processing', 'Shipped', 'Delivered'].includes(status),
        },
      });
    } else if (kind === 'inventory') {
      records.push({
        collection: 'inventory', id: `inv_b${i}`,
        value: { id: `inv_b${i}`, sku: `SKU-B${String(i).padStart(6, '0')}`, name: `${pick(['Cable', 'Lamp', 'Mic', 'Tripod', 'Case', 'Stand'])} ${i}`, quantity: Math.floor(rand() * 200), lowStockThreshold: 10, reorderPoint: 20, lastRestocked: iso(-rand() * 90), location: pick(['Warehouse A', 'Warehouse B', '']) },
      });
    } else if (kind === 'events') {
      // Around today, so the month view opens on them.
      const start = Date.now() - 15 * 86400000 + Math.floor(rand() * 30) * 86400000 + Math.floor(rand() * 10) * 3600000;
      records.push({
        collection: 'events', id: `ev_b${i}`,
        value: { id: `ev_b${i}`, title: `Event ${i}`, start: new Date(start).toISOString(), end: new Date(start + 3600000).toISOString(), type: pick(['shipment', 'reminder', 'review']), creatorId: '', creatorName: '', status: 'pending', description: '' },
      });
    }
  }
  return new Promise((resolve, reject) => {
    const open = indexedDB.open('creatorflow:default', 1);
    open.onupgradeneeded = () => open.result.createObjectStore('records', { keyPath: ['collection', 'id'] });
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const db = open.result;
      const tx = db.transaction('records', 'readwrite');
      const store = tx.objectStore('records');
      store.put({ collection: 'meta', id: 'schema', value: { version: schemaVersion } });
      store.put({ collection: 'singletons', id: 'session', value: { memberId: 'tm_1' } });
      store.put({ collection: 'team', id: 'tm_1', value: { id: 'tm_1', name: 'Alex Morgan', email: 'alex@example.com', role: 'Admin', status: 'Active', permissions: { editAutomations: true, sendOutreach: true, manageTeam: true, viewAnalytics: true } } });
      store.put({ collection: 'inventory', id: 'inv_1', value: { id: 'inv_1', sku: 'SKU-001', name: 'Wireless Earbuds', quantity: 100000, lowStockThreshold: 10, reorderPoint: 20, lastRestocked: iso(0), location: 'A' } });
      for (const record of records) store.put(record);
      tx.oncomplete = () => { db.close(); resolve(records.length); };
      tx.onerror = () => reject(tx.error);
    };
  });
}

// ---------- measurement helpers ----------
async function freshPage() {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  await page.addInitScript(() => {
    window.__latencies = [];
    window.__events = [];
    window.__longTasks = [];
    window.__work = [];
    // Script work per keystroke: from the first listener of the key event to the next task, so
    // the key's handlers and what runs right after them (React's render and commit, microtasks)
    // and nothing of the frame's style, layout or paint, nor the wait for the frame.
    const workChannel = new MessageChannel();
    const working = [];
    workChannel.port1.onmessage = () => {
      const started = working.shift();
      if (started) window.__work.push({ kind: started.kind, ms: performance.now() - started.at });
    };
    document.addEventListener('keydown', (event) => {
      working.push({ kind: event.key === 'Backspace' ? 'delete' : 'type', at: performance.now() });
      workChannel.port2.postMessage(0);
    }, true);
    // Keystroke to next frame: from the key event's time to a task queued right after the
    // next animation frame (the frame that shows the keystroke's result has been produced).
    document.addEventListener('keydown', (event) => {
      const start = event.timeStamp;
      const kind = event.key === 'Backspace' ? 'delete' : 'type';
      requestAnimationFrame(() => setTimeout(() => window.__latencies.push({ kind, ms: performance.now() - start }), 0));
    }, true);
    try {
      // Event Timing: one entry per event over 16 ms; interactionId groups a key's events into one interaction.
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) window.__events.push({ name: entry.name, duration: entry.duration, interactionId: entry.interactionId ?? 0, at: entry.startTime });
      }).observe({ type: 'event', durationThreshold: 16, buffered: true });
    } catch {
      // Event Timing is not supported in this browser: there is nothing to record.
    }
    try {
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) window.__longTasks.push({ at: entry.startTime, duration: entry.duration });
      }).observe({ type: 'longtask', buffered: true });
    } catch {
      // Long Tasks are not supported in this browser: there is nothing to record.
    }
  });
  return { context, page };
}

async function seed(page, kind, count) {
  await page.goto(`${origin}/blank.txt`);
  await page.evaluate(generateAndStore, { kind, count, schemaVersion: SCHEMA_VERSION });
}

const stats = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] : NaN);
  return { p50: round(at(0.5)), p95: round(at(0.95)), max: round(sorted[sorted.length - 1] ?? NaN), n: sorted.length };
};
const round = (n) => Math.round(n * 10) / 10;

/** Navigation to the first matching element, then the longest task until the page has been quiet for a second (bounded). */
async function timeToVisible(page, path, locator) {
  const started = Date.now();
  await page.goto(`${origin}${path}`);
  await locator(page).first().waitFor({ timeout: 60000 });
  const sinceNavigation = await page.evaluate(() => performance.now());
  // The rest of the load: wait (bounded, 20 s) until a whole second passes without a long task.
  const longest = await page.evaluate(async () => {
    const deadline = performance.now() + 20000;
    for (;;) {
      const last = window.__longTasks.reduce((m, t) => Math.max(m, t.at + t.duration), 0);
      if (performance.now() - last > 1000 || performance.now() > deadline) break;
      await new Promise((done) => setTimeout(done, 100));
    }
    const tasks = window.__longTasks;
    return { longestTaskMs: tasks.reduce((m, t) => Math.max(m, t.duration), 0), longTasks: tasks.length, settledMs: tasks.reduce((m, t) => Math.max(m, t.at + t.duration), 0) };
  });
  return { wallMs: Date.now() - started, sinceNavigationMs: round(sinceNavigation), ...longest };
}

/** A cold open (fresh context: nothing cached), then `reloads` reloads (JS cached), each timed to the first card. */
async function opens(page, path, locator, reloads) {
  const cold = await timeToVisible(page, path, locator);
  const warm = [];
  for (let i = 0; i < reloads; i++) warm.push(await timeToVisible(page, path, locator));
  const all = [cold, ...warm];
  return {
    firstPaintMs: cold.sinceNavigationMs,
    openMs: stats(all.map((o) => o.sinceNavigationMs)),
    ...(warm.length ? { reopenJsCachedMs: stats(warm.map((o) => o.sinceNavigationMs)) } : {}),
    longestTaskWhileLoadingMs: round(Math.max(...all.map((o) => o.longestTaskMs))),
    loadSettledMs: stats(all.map((o) => round(o.settledMs))),
  };
}

/**
 * Types each query and deletes it again, until at least `keystrokes` keys went in (half typed,
 * half deleted). Reports keystroke-to-next-frame for all, typed and deleted keys, Event
 * Timing interactions (the longest event of each) and long tasks while typing.
 */
async function typeLatency(page, searchbox, queries, keystrokes = quick ? 60 : 100) {
  await page.evaluate(() => { window.__latencies = []; window.__events = []; window.__longTasks = []; window.__work = []; });
  await searchbox.click();
  let sent = 0;
  for (let q = 0; sent < keystrokes; q++) {
    const text = queries[q % queries.length];
    for (const char of text) await page.keyboard.type(char, { delay: 30 });
    for (let i = 0; i < text.length; i++) await page.keyboard.press('Backspace', { delay: 30 });
    sent += text.length * 2;
  }
  // Every keystroke's frame has been measured: observable, bounded.
  await page.waitForFunction((n) => window.__latencies.length >= n, sent, { timeout: 30000 });
  await page.waitForFunction((n) => window.__work.length >= n, sent, { timeout: 30000 });
  const { latencies, events, longTasks, work } = await page.evaluate(() => ({ latencies: window.__latencies, events: window.__events, longTasks: window.__longTasks, work: window.__work }));
  const interactions = new Map();
  for (const e of events) if (e.interactionId) interactions.set(e.interactionId, Math.max(interactions.get(e.interactionId) ?? 0, e.duration));
  const durations = [...interactions.values()];
  return {
    keystroke: stats(latencies.map((l) => l.ms)),
    scriptWorkPerKeystroke: stats(work.map((w) => w.ms)),
    keystrokeTyping: stats(latencies.filter((l) => l.kind === 'type').map((l) => l.ms)),
    keystrokeDeleting: stats(latencies.filter((l) => l.kind === 'delete').map((l) => l.ms)),
    // Only interactions over 16 ms are reported by the browser; n counts those.
    eventTiming: stats(durations),
    interactionsOver100ms: durations.filter((d) => d > 100).length,
    longestTaskWhileTypingMs: round(longTasks.reduce((m, t) => Math.max(m, t.duration), 0)),
  };
}

const domRows = (page) =>
  page.evaluate(() => document.querySelectorAll('tbody tr, [role="listitem"], article').length);

async function workload(name, fn) {
  process.stdout.write(`… ${name}\n`);
  const started = Date.now();
  try {
    const value = await fn();
    results.workloads.push({ name, ...value });
  } catch (error) {
    results.workloads.push({ name, error: String(error?.message ?? error).split('\n')[0] });
  }
  process.stdout.write(`  (${((Date.now() - started) / 1000).toFixed(1)} s, load average ${load().join(' ')})\n`);
}

// ---------- workloads ----------
const reloads = quick ? 1 : 2;
const FUNNEL_QUERIES = ['stone 12', 'ava', 'cr10005', 'park 9', 'tiktok', 'khan'];
if (wanted('funnels')) {
  for (const count of quick ? [1000] : [1000, 10000, 100000]) {
    await workload(`funnel board, ${count.toLocaleString('en-US')} funnels`, async () => {
      const { context, page } = await freshPage();
      await seed(page, 'funnels', count);
      const open = await opens(page, '/funnel', (p) => p.getByText(/CR1000\d\d/), reloads);
      const search = page.getByPlaceholder('Search by Creator or ID').first();
      const typing = await typeLatency(page, search, FUNNEL_QUERIES);
      const rows = await domRows(page);
      const profiles = await profileSteps(page, `funnels-${count}`, {
        open: () => timeToVisible(page, '/funnel', (p) => p.getByText(/CR1000\d\d/)),
        typing: () => typeLatency(page, search, FUNNEL_QUERIES.slice(0, 2), 20),
      });
      let throttled;
      if (count === 10000 && !quick) {
        const cdp = await context.newCDPSession(page);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
        throttled = (await typeLatency(page, search, FUNNEL_QUERIES, 40)).keystroke;
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
      }
      await context.close();
      return { ...open, ...typing, domRows: rows, ...(throttled ? { keystrokeAt4xCpu: throttled } : {}), ...profiles };
    });
  }
}

if (wanted('orders')) {
  for (const count of quick ? [1000] : [1000, 50000]) {
    await workload(`orders, ${count.toLocaleString('en-US')} orders`, async () => {
      const { context, page } = await freshPage();
      await seed(page, 'orders', count);
      const open = await opens(page, '/orders', (p) => p.getByText(/ORD-2\d{5}/), reloads);
      const search = page.getByRole('searchbox').first();
      const typing = await typeLatency(page, search, ['ORD-2001', 'ava', 'customer12', 'austin']);
      await search.fill('');
      const rows = await domRows(page);
      const profiles = await profileSteps(page, `orders-${count}`, {
        open: () => timeToVisible(page, '/orders', (p) => p.getByText(/ORD-2\d{5}/)),
        typing: () => typeLatency(page, page.getByRole('searchbox').first(), ['ORD-2001', 'customer12'], 20),
      });
      const openStart = Date.now();
      await page.getByText(/ORD-2\d{5}/).first().click();
      await page.getByRole('heading', { level: 2 }).first().waitFor();
      const openDetailMs = Date.now() - openStart;
      await context.close();
      return { ...open, ...typing, domRows: rows, openDetailMs, ...profiles };
    });
  }
}

if (wanted('inventory')) {
  await workload('inventory, 10,000 items', async () => {
    const { context, page } = await freshPage();
    await seed(page, 'inventory', 10000);
    const open = await opens(page, '/inventory', (p) => p.getByRole('cell', { name: /SKU-B0000/ }), reloads);
    const typing = await typeLatency(page, page.getByRole('searchbox', { name: 'Search inventory' }), ['SKU-B0012', 'lamp', 'tripod 9']);
    const rows = await domRows(page);
    const edits = [];
    for (let i = 0; i < (quick ? 5 : 20); i++) {
      const value = String(300 + i);
      await page.getByRole('button', { name: /^Edit quantity of/ }).first().click();
      const input = page.getByRole('spinbutton').first();
      await input.fill(value);
      const editStart = Date.now();
      await input.press('Enter');
      await page.getByRole('cell').filter({ hasText: new RegExp(`^${value}`) }).first().waitFor();
      edits.push(Date.now() - editStart);
    }
    await context.close();
    return { ...open, ...typing, domRows: rows, quantityEditToPaintMs: stats(edits) };
  });
}

if (wanted('calendar')) {
  await workload('calendar, 2,000 events', async () => {
    const { context, page } = await freshPage();
    await seed(page, 'events', 2000);
    const open = await opens(page, '/calendar', (p) => p.locator('.fc-daygrid-event, .fc-event'), reloads);
    const toWeek = [];
    const toMonth = [];
    for (let i = 0; i < (quick ? 2 : 10); i++) {
      let start = Date.now();
      await page.getByRole('button', { name: 'Week', exact: true }).first().click();
      await page.locator('.fc-timegrid').first().waitFor();
      toWeek.push(Date.now() - start);
      start = Date.now();
      await page.getByRole('button', { name: 'Month', exact: true }).first().click();
      await page.locator('.fc-daygrid').first().waitFor();
      toMonth.push(Date.now() - start);
    }
    const profiles = await profileSteps(page, 'calendar-2000', {
      open: () => timeToVisible(page, '/calendar', (p) => p.locator('.fc-daygrid-event, .fc-event')),
      switching: async () => {
        await page.getByRole('button', { name: 'Week', exact: true }).first().click();
        await page.locator('.fc-timegrid').first().waitFor();
        await page.getByRole('button', { name: 'Month', exact: true }).first().click();
        await page.locator('.fc-daygrid').first().waitFor();
      },
    });
    await context.close();
    return { ...open, toWeekMs: stats(toWeek), toMonthMs: stats(toMonth), ...profiles };
  });
}

// One write at 100 vs 100,000 records, through the page-wide store of the elements bundle.
async function writeCost(count) {
  const { context, page } = await freshPage();
  await seed(page, 'funnels', count);
  await page.goto(`${origin}/examples/embed-plain-html/`);
  // Once every record is read (a large workspace loads in parts after the first screen shows;
  // a commit made meanwhile waits for the part being read).
  await page.waitForFunction(() => window.creatorflow?.getStore().complete.value === true, null, { timeout: 120000 });
  const times = await page.evaluate(async (samples) => {
    const store = window.creatorflow.getStore();
    const id = store.inventory.items.items.value[0].id;
    const out = [];
    for (let i = 0; i < samples; i++) {
      const start = performance.now();
      store.inventory.setQuantity(id, String(100 + i));
      await store.flush();
      out.push(performance.now() - start);
    }
    return out;
  }, quick ? 50 : 100);
  const estimate = await page.evaluate(() => navigator.storage.estimate());
  await context.close();
  return { write: stats(times), usageBytes: estimate.usage };
}
if (wanted('writes')) {
  await workload(quick ? 'one write, 100 funnels' : 'one write, 100 vs 100,000 funnels', async () => {
    const small = await writeCost(100);
    if (quick) return { at100: small.write };
    const large = await writeCost(100000);
    return { at100: small.write, at100k: large.write, ratioP50: round(large.write.p50 / small.write.p50), sizeOnDiskAt100kMB: round(large.usageBytes / 1e6) };
  });
}

// ---------- the team path: npm start's server, signed in (scripts/bench-team.ts) ----------
if (wanted('team')) {
  const { register } = await import('tsx/esm/api');
  register();
  const { teamBench } = await import('./bench-team.ts');
  const teamStarted = Date.now();
  let lastLog = Date.now();
  // --team-workspaces=100k funnels,50k orders: just those workspaces' visits (no server-start runs).
  const teamWorkspaces = process.argv.find((a) => a.startsWith('--team-workspaces='))?.slice('--team-workspaces='.length).split(',');
  results.team = await teamBench({ browser, quick, profile: profileBrowser, profileServer: process.argv.includes('--profile-server'), ...(teamWorkspaces ? { workspaces: teamWorkspaces } : {}), log: (line) => {
    process.stdout.write(`${line}  (+${((Date.now() - lastLog) / 1000).toFixed(1)} s)\n`);
    lastLog = Date.now();
  } }).catch((error) => ({ error: String(error?.message ?? error).split('\n')[0] }));
  process.stdout.write(`  (team path: ${((Date.now() - teamStarted) / 1000).toFixed(1)} s, load average ${load().join(' ')})\n`);
}

// ---------- imports: one CSV of 10,000 and of 100,000 creators, Import Data on npm start's server (scripts/bench-team.ts) ----------
if (wanted('imports')) {
  const { register } = await import('tsx/esm/api');
  register();
  const { importBench } = await import('./bench-team.ts');
  const started = Date.now();
  let lastLog = Date.now();
  // --import-rows=10000: just that size (comma-separated sizes run in turn into one workspace).
  const sizes = process.argv.find((a) => a.startsWith('--import-rows='))?.slice('--import-rows='.length).split(',').map(Number);
  results.imports = await importBench({ browser, quick, profile: profileBrowser, profileServer: process.argv.includes('--profile-server'), ...(sizes ? { sizes } : {}), log: (line) => {
    process.stdout.write(`${line}  (+${((Date.now() - lastLog) / 1000).toFixed(1)} s)\n`);
    lastLog = Date.now();
  } }).catch((error) => ({ error: String(error?.message ?? error).split('\n')[0] }));
  process.stdout.write(`  (imports: ${((Date.now() - started) / 1000).toFixed(1)} s, load average ${load().join(' ')})\n`);
}

// ---------- sync, against the real team server (scripts/bench-sync.ts) ----------
if (wanted('sync') || wanted('push') || wanted('fanout')) {
  const { register } = await import('tsx/esm/api');
  register();
  const { syncBench } = await import('./bench-sync.ts');
  const syncStarted = Date.now();
  let lastLog = Date.now();
  results.sync = await syncBench({ quick, browser, profileServer: process.argv.includes('--profile-server'), profileBrowser, pushOnly: !wanted('sync') && wanted('push'), fanoutOnly: !wanted('sync') && !wanted('push'), countStatements: process.argv.includes('--count-statements'), log: (line) => {
    // Each line with the time the step before it took.
    process.stdout.write(`${line}  (+${((Date.now() - lastLog) / 1000).toFixed(1)} s)\n`);
    lastLog = Date.now();
  } });
  process.stdout.write(`  (sync: ${((Date.now() - syncStarted) / 1000).toFixed(1)} s, load average ${load().join(' ')})\n`);
}

// ---------- bundles ----------
function sizes(file) {
  const data = readFileSync(file);
  return { file: relative(root, file), raw: data.length, gzip: gzipSync(data).length, brotli: brotliCompressSync(data).length };
}
function jsFiles(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true })
    .map((f) => join(dir, String(f)))
    .filter((f) => f.endsWith('.js') && statSync(f).isFile());
}
const hostHtml = readFileSync(join(root, 'dist/host/index.html'), 'utf8');
const firstLoad = [...hostHtml.matchAll(/(?:src|href)="\/?(assets\/[^"]+\.js)"/g)].map((m) => join(root, 'dist/host', m[1]));
const sum = (list, key) => list.reduce((total, item) => total + item[key], 0);
const first = firstLoad.map(sizes);
results.bundles.push({ name: 'host app first load (JS)', gzip: sum(first, 'gzip'), brotli: sum(first, 'brotli'), files: first.length });
const allHost = jsFiles(join(root, 'dist/host/assets')).map(sizes);
results.bundles.push({ name: 'host app, all screens (JS)', gzip: sum(allHost, 'gzip'), brotli: sum(allHost, 'brotli'), files: allHost.length });
const loader = sizes(join(root, 'dist/elements.js'));
const chunks = jsFiles(join(root, 'dist/elements/chunks')).map(sizes);
results.bundles.push({ name: 'elements loader (dist/elements.js)', gzip: loader.gzip, brotli: loader.brotli, files: 1 });
for (const chunk of chunks) results.bundles.push({ name: `elements chunk ${chunk.file.replace(/^dist\/elements\/chunks\//, '')}`, gzip: chunk.gzip, brotli: chunk.brotli, files: 1 });
// Spanish and French catalogs (with their date-fns locale) are chunks of their own, fetched only when chosen.
for (const lang of ['es', 'fr']) {
  const own = new RegExp(`/(lang-)?${lang}-[\\w-]+\\.js$`);
  for (const [where, list] of [['host app', allHost], ['elements', chunks]]) {
    const files = list.filter((f) => own.test(f.file));
    results.bundles.push({ name: `${where}: ${lang} language chunk (loaded only when chosen)`, gzip: sum(files, 'gzip'), brotli: sum(files, 'brotli'), files: files.length });
  }
}
for (const file of jsFiles(join(root, 'dist/lib')).filter((f) => !f.includes('/chunk-') && !f.endsWith('.map'))) {
  const s = sizes(file);
  results.bundles.push({ name: `library entry ${s.file.replace(/^dist\/lib\//, '')} (own code)`, gzip: s.gzip, brotli: s.brotli, files: 1 });
}

await browser.close();
server.close();
results.loadAverage.end = load();
results.durationS = Math.round((Date.now() - benchStarted) / 1000);

// ---------- report ----------
const fmt = (st) => (st && typeof st === 'object' && 'p50' in st ? `${st.p50} / ${st.p95}${st.p99 !== undefined ? ` / p99 ${st.p99}` : ''} / ${st.max} (n ${st.n})` : '');
const kb = (bytes) => (bytes === undefined ? '' : `${(bytes / 1024).toFixed(1)} kB`);
const lines = [];
const say = (line = '') => lines.push(line);
say(`Creatorflow benchmark${quick ? ' (--quick)' : ''}, ${results.date.slice(0, 16).replace('T', ' ')} UTC: ${results.machine.cpus} × ${results.machine.cpu}, ${results.machine.memoryGb} GB, Node ${results.machine.node}, ${results.machine.chromium ?? 'Chromium'} headless`);
say(`Load average (1, 5, 15 min) at the start ${results.loadAverage.start.join(' ')}, at the end ${results.loadAverage.end.join(' ')}; ${results.durationS} s in all.`);
say();
say('Figures are p50 / p95 / max (n samples), in ms unless marked.');
say();
// Before: the figures from before this round (the same machine, measured the same way: npm
// start, signed in, Chromium; the browser-only workloads and the sync bench as below).
const TEAM_BEFORE = {
  reopen10k: '887 (886–907)', reopen100k: '5,221 (5,221–5,342)', reopen50kOrders: 'not measured',
  firstVisit10k: '2,060', whole10k: '2,060 (nothing painted before the whole pull)', firstVisit100k: '19,500', whole100k: '19,500',
  startNew: '11,600', startExisting: '2,300',
  keystrokeWork10k: '24.2 (keystroke to next frame)',
  import10k: '37,000 as 10 files (28,000 in one file, CI)', import100k: '904,000 as 100 files', pushDuringImport: 'not measured', pushDuringReload: '30,000-37,000 (a teammate\'s edit to confirmed, by hand)',
  calendarOpen: '430', monthToWeek: '232', weekToMonth: '179',
  fanout50Pglite: '451', sustainedPostgres: '258–268', hostFirstLoadKb: '84.0 (2026-11-23)',
};
{
  // Every target of the round, with the figure from this run when its group ran (--only=...).
  const team = results.team ?? {};
  say('Targets: the team path (`npm start`\'s server, PGlite, signed in, in Chromium) and the other figures of this round (the browser-only tables follow)');
  say();
  say('| figure | target | before | now: p50 / p95 / max (n) | other |');
  say('|---|---|---|---|---|');
  if (team.error) say(`| team path | | | error: ${team.error} | |`);
  const open = team.open ?? {};
  const row = (name, target, before, figure, other = '') => say(`| ${name} | ${target} | ${before} | ${figure} | ${other} |`);
  const notRun = (group) => `not in this run (--only=${group})`;
  const reopenRow = (key, before) => {
    const o = open[key];
    if (!o) return row(`reopen to first card, ${key} (workspace cached, JS cached)`, '≤ 300', before, notRun('team'));
    if (o.error) return row(`reopen, ${key}`, '≤ 300', before, `error: ${o.error}`);
    row(`reopen to first card, ${key} (workspace cached, JS cached)`, '≤ 300', before, fmt(o.reopen.firstCardMs), `longest task after the first card ${o.reopen.longestTaskAfterFirstCardMs} ms (target ≤ 50); pull answers that arrived before the first card: ${o.reopen.pullsBeforeFirstCard}`);
  };
  reopenRow('10k funnels', TEAM_BEFORE.reopen10k);
  reopenRow('100k funnels', TEAM_BEFORE.reopen100k);
  reopenRow('50k orders', TEAM_BEFORE.reopen50kOrders);
  for (const [key, firstTarget, wholeTarget, beforeFirst, beforeWhole] of [['10k funnels', '≤ 1,000', '≤ 3,000', TEAM_BEFORE.firstVisit10k, TEAM_BEFORE.whole10k], ['100k funnels', '≤ 1,500', '≤ 10,000', TEAM_BEFORE.firstVisit100k, TEAM_BEFORE.whole100k]]) {
    const o = open[key];
    const ok = o && !o.error;
    row(`a teammate's first visit, ${key}: first card`, firstTarget, beforeFirst, ok ? fmt(o.firstVisit.firstCardMs) : o ? `error: ${o.error}` : notRun('team'), ok ? `cold (JS not cached either) ${o.firstVisit.coldMs}` : '');
    row(`a teammate's first visit, ${key}: the whole workspace (the board counts every funnel)`, wholeTarget, beforeWhole, ok ? fmt(o.firstVisit.wholeWorkspaceMs) : o ? '' : notRun('team'), ok && o.firstVisit.lastPullEndMs ? `last pull answer ended ${fmt(o.firstVisit.lastPullEndMs)}; ${o.firstVisit.pulls} pulls` : '');
  }
  row('server start to first answer, new PGlite data folder', '≤ 4,000', TEAM_BEFORE.startNew, team.serverStart ? fmt(team.serverStart.newDataFolderMs) : notRun('team'), 'from the migrated empty template (npm start prepares it once)');
  row('server start to first answer, existing data folder', '≤ 1,500', TEAM_BEFORE.startExisting, team.serverStart ? fmt(team.serverStart.existingDataFolderMs) : notRun('team'));
  const workloadNamed = (name) => results.workloads.find((w) => w.name === name && !w.error);
  const board10k = workloadNamed('funnel board, 10,000 funnels');
  row('script work per keystroke, 10k funnels (key event to the next task)', 'p95 ≤ 6', TEAM_BEFORE.keystrokeWork10k, board10k?.scriptWorkPerKeystroke ? fmt(board10k.scriptWorkPerKeystroke) : notRun('funnels'), board10k ? `keystroke to next frame ${fmt(board10k.keystroke)}` : '');
  const imports = results.imports && !results.imports.error ? results.imports : null;
  for (const [size, target, before] of [['10,000 rows', '≤ 15,000', TEAM_BEFORE.import10k], ['100,000 rows', '≤ 120,000', TEAM_BEFORE.import100k]]) {
    const im = imports?.[size];
    row(`Import Data, ${size} in one CSV (to every page confirmed)${im?.profile ? ' (under the CPU profiler)' : ''}`, target, before, im ? String(im.confirmedMs) : notRun('imports'), im ? `${im.rowsPerS} rows/s` : '');
    row(`another member's push during the import of ${size}`, 'p95 ≤ 250', TEAM_BEFORE.pushDuringImport, im?.otherPushMs ? fmt(im.otherPushMs) : notRun('imports'));
  }
  const reloaded = imports && Object.entries(imports).find(([size]) => size.endsWith('reloaded mid-import'));
  row(
    `another member's push during a reload of the importing tab${reloaded ? ` (${reloaded[0].replace(', the tab reloaded mid-import', '')})` : ''}`,
    'p95 ≤ 250',
    TEAM_BEFORE.pushDuringReload,
    reloaded?.[1].otherPushMs ? fmt(reloaded[1].otherPushMs) : notRun('imports'),
    reloaded ? (reloaded[1].confirmedMs >= 0 ? `from the reload to "Data imported successfully": ${reloaded[1].confirmedMs} ms` : 'the resumed import did not say "Data imported successfully" within 600 s') : '',
  );
  const calendar = workloadNamed('calendar, 2,000 events');
  row('calendar, 2,000 events: open (JS cached)', '≤ 300', TEAM_BEFORE.calendarOpen, calendar ? fmt(calendar.reopenJsCachedMs ?? calendar.openMs) : notRun('calendar'));
  row('calendar: month → week', '≤ 200', TEAM_BEFORE.monthToWeek, calendar ? fmt(calendar.toWeekMs) : notRun('calendar'));
  row('calendar: week → month', '≤ 200', TEAM_BEFORE.weekToMonth, calendar ? fmt(calendar.toMonthMs) : notRun('calendar'));
  const backendNamed = (name) => (results.sync ?? []).find((b) => b.backend === name && !b.error && !b.skipped);
  const fanout50 = backendNamed('pglite')?.editToOtherMember?.['50 clients'];
  row('edit painted on a teammate\'s screen, 50 clients, PGlite', 'p95 ≤ 250', TEAM_BEFORE.fanout50Pglite, fanout50?.paintedOnMemberBMs ? fmt(fanout50.paintedOnMemberBMs) : backendNamed('pglite')?.editToOtherMember ? 'not in this run (50 clients: not in --quick)' : notRun('fanout'), fanout50?.serverCpuMsPerEdit !== undefined ? `server CPU ${fanout50.serverCpuMsPerEdit} ms per edit` : '');
  const sustained = backendNamed('postgres')?.sustainedLoad;
  row('200 pushes/s from 50 clients, PostgreSQL', 'p99 ≤ 150', `p99 ${TEAM_BEFORE.sustainedPostgres}`, sustained ? `${sustained.latency.p50} / p90 ${sustained.latency.p90} / p99 ${sustained.latency.p99} / ${sustained.latency.max} (n ${sustained.requests})` : notRun('push'), sustained ? `${Math.round(sustained.ratePerS)} pushes/s achieved` : '');
  const hostFirst = results.bundles.find((b) => b.name === 'host app first load (JS)');
  row('host app first load (JS, gzip kB, from dist/)', '≤ 110', TEAM_BEFORE.hostFirstLoadKb, hostFirst ? (hostFirst.gzip / 1024).toFixed(1) : '', hostFirst ? `${hostFirst.files} files` : '');
  say();
}
if (results.imports) {
  say('Import Data on `npm start`\'s server (PGlite), signed in, in Chromium: one CSV of creators, from Import to every page confirmed by the server ("Data imported successfully"); another client pushes one quantity change to the same workspace every 250 ms meanwhile');
  say();
  say('| figure | target | before | now (ms) | rows/s | another client\'s push during it: p50 / p95 / max (n) |');
  say('|---|---|---|---|---|---|');
  const imports = results.imports;
  if (imports.error) say(`| imports | | | error: ${imports.error} | | |`);
  else
    for (const [size, im] of Object.entries(imports)) {
      const reload = size.endsWith('reloaded mid-import');
      const target = reload ? '' : size.startsWith('100,000') ? '≤ 120,000' : size.startsWith('10,000') ? '≤ 15,000' : '';
      const before = reload ? '' : size.startsWith('100,000') ? '431,000 (CI, e2e)' : size.startsWith('10,000') ? '28,000 (CI, e2e)' : '';
      if (reload) say(`| import ${size}: from the reload to every page confirmed | | | ${im.confirmedMs >= 0 ? im.confirmedMs : 'not confirmed within 600 s'} | | ${im.otherPushMs ? fmt(im.otherPushMs) : ''} |`);
      else say(`| import ${size} in one CSV${im.profile ? ' (under the CPU profiler)' : ''} | ${target} | ${before} | ${im.confirmedMs} | ${im.rowsPerS} | ${im.otherPushMs ? fmt(im.otherPushMs) : ''} |`);
    }
  say();
}
say('| workload | open: first card or row (ms) | reopen, JS cached (ms) | longest task while loading | keystroke to next frame (ms) | interactions > 100 ms | longest task while typing | other |');
say('|---|---|---|---|---|---|---|---|');
const main = ['profiles', 'name', 'firstPaintMs', 'openMs', 'reopenJsCachedMs', 'longestTaskWhileLoadingMs', 'keystroke', 'keystrokeTyping', 'keystrokeDeleting', 'eventTiming', 'interactionsOver100ms', 'longestTaskWhileTypingMs', 'loadSettledMs'];
for (const w of results.workloads) {
  if (w.error) {
    say(`| ${w.name} | error: ${w.error} | | | | | | |`);
    continue;
  }
  const other = Object.entries(w)
    .filter(([key]) => !main.includes(key))
    .map(([key, value]) => `${key}: ${fmt(value) || (typeof value === 'object' ? JSON.stringify(value) : value)}`)
    .join('; ');
  say(`| ${w.name} | ${fmt(w.openMs)} | ${fmt(w.reopenJsCachedMs)} | ${w.longestTaskWhileLoadingMs ?? ''} | ${fmt(w.keystroke)} | ${w.interactionsOver100ms ?? ''}${w.eventTiming ? ` (longest ${w.eventTiming.max})` : ''} | ${w.longestTaskWhileTypingMs ?? ''} | ${other} |`);
}
for (const backend of results.sync ?? []) {
  say();
  if (backend.error || backend.skipped) {
    say(`Sync, ${backend.backend}: ${backend.error ? `error: ${backend.error}` : `skipped: ${backend.skipped}`}`);
    continue;
  }
  say(`Sync against the team server, ${backend.backend === 'pglite' ? 'PGlite' : 'PostgreSQL'} (loopback)`);
  say();
  say('| figure | p50 / p95 / max (n) | other |');
  say('|---|---|---|');
  const statements = backend.statementsPerPush;
  const pushNotes = [
    statements ? `${statements.total} statements per push, ${statements.underLock} of them under the workspace lock (counted in the server)` : '',
    backend.serverCpuMsPerPush !== undefined ? `server CPU ${backend.serverCpuMsPerPush} ms per push` : '',
  ].filter(Boolean);
  say(`| push, one mutation, sequential | ${fmt(backend.pushMs)} | ${pushNotes.join('; ')} |`);
  for (const [size, pull] of Object.entries(backend.firstPullInBrowser ?? {}))
    say(pull.error ? `| first pull in Chromium, ${size}: error | | ${pull.error} |` : `| first pull in Chromium, ${size}: empty IndexedDB to first card painted | ${fmt(pull.ms)} | cold (nothing cached) ${pull.coldMs}${pull.jsCachedMs ? `; JS cached ${fmt(pull.jsCachedMs)}` : ''} |`);
  for (const [size, pull] of Object.entries(backend.firstPull ?? {})) say(`| first pull, ${size} | ${fmt(pull.ms)} | server (to first byte): ${fmt(pull.serverMsToFirstByte)}; ${pull.funnels} funnels, ${kb(pull.wireBytes)} on the wire (${pull.contentEncoding}), ${kb(pull.decodedBytes)} decoded |`);
  for (const [clients, row] of Object.entries(backend.editToOtherMember ?? {})) {
    if (row.paintedOnMemberBMs) say(`| edit by A painted on B's screen (Chromium), ${clients} | ${fmt(row.paintedOnMemberBMs)} | ${row.serverCpuMsPerEdit !== undefined ? `server CPU ${row.serverCpuMsPerEdit} ms per edit` : ''} |`);
    if (row.nodeClientPulledMs) say(`| edit by A pulled by each Node client, ${clients} | ${fmt(row.nodeClientPulledMs)} | last client: ${fmt(row.lastClientPulledMs)}; ${kb(row.bytesPerEditPerClient)} per edit per client |`);
  }
  for (const [clients, row] of Object.entries(backend.restRefetchBaseline ?? {})) {
    say(`| REST refetch baseline, ${clients}: sync | ${fmt(row.sync.nodeClientPulledMs)} | ${kb(row.sync.bytesPerEditPerClient)} per edit per client |`);
    say(`| REST refetch baseline, ${clients}: refetch GET /sync/pull?since=0 | ${fmt(row.rest.nodeClientPulledMs)} | ${kb(row.rest.bytesPerEditPerClient)} per edit per client; refetch ÷ sync: latency p50 ×${row.ratio.latencyP50}, p95 ×${row.ratio.latencyP95}, bytes ×${row.ratio.bytes} |`);
  }
  if (backend.sustainedLoad) {
    const l = backend.sustainedLoad;
    say(`| sustained load: ${l.planned.clients} clients, ${l.planned.perSecond} pushes/s planned for ${l.planned.seconds} s (autocannon, second process) | ${l.latency.p50} / p90 ${l.latency.p90} / p99 ${l.latency.p99} / ${l.latency.max} (n ${l.requests}) | ${Math.round(l.ratePerS)} pushes/s achieved; non-2xx ${l.non2xx}, errors ${l.errors}, timeouts ${l.timeouts} |`);
  }
  if (backend.contentEncoding) say(`| content-encoding observed | | ${Object.entries(backend.contentEncoding).map(([k, v]) => `${k}: ${v}`).join('; ')} |`);
  if (backend.bytesOnTheWire) {
    const w = backend.bytesOnTheWire;
    say();
    say('Bytes a browser downloads from the team server (compressed as sent, cache off)');
    say();
    say('| page or screen | on the wire | decoded | files |');
    say('|---|---|---|---|');
    for (const [name, t] of Object.entries(w)) if (name !== 'screens') say(`| ${name} | ${kb(t.transferBytes)} | ${kb(t.decodedBytes)} | ${t.files} |`);
    for (const [name, t] of Object.entries(w.screens ?? {})) say(t.error ? `| screen ${name} | error: ${t.error} | | |` : `| screen ${name}: its own chunks | ${kb(t.transferBytes)} | ${kb(t.decodedBytes)} | ${t.files} |`);
  }
}
const profiledSteps = [
  ...results.workloads.flatMap((w) => Object.entries(w.profiles ?? {}).map(([step, p]) => [`${w.name}: ${step}`, p])),
  ...Object.entries(results.imports?.error ? {} : (results.imports ?? {})).filter(([, im]) => im.profile).map(([size, im]) => [`Import Data, ${size} in one CSV`, im.profile]),
  ...(results.sync ?? []).flatMap((b) => Object.entries(b.firstPullInBrowser ?? {}).filter(([, p]) => p.profile).map(([size, p]) => [`sync ${b.backend}: first pull in Chromium, ${size}`, p.profile])),
  ...Object.entries(results.team?.open ?? {}).filter(([, o]) => o.profile).map(([key, o]) => [`team path: a teammate's first visit, ${key}`, o.profile]),
];
if (profiledSteps.length) {
  say();
  say('Where the time went (--profile-browser: one extra run of each step under the CPU profiler; self time in ms)');
  say();
  say('| step | profiled | idle | GC | most self time |');
  say('|---|---|---|---|---|');
  for (const [step, p] of profiledSteps) say(`| ${step} | ${p.totalMs} | ${p.idleMs} | ${p.garbageCollectorMs} | ${p.topSelfMs.slice(0, 8).map((e) => `${e.where} ${e.ms}`).join('; ')} |`);
}
say();
say('| bundle (files in dist/) | gzip (kB) | brotli (kB) |');
say('|---|---|---|');
for (const b of results.bundles) say(`| ${b.name} | ${(b.gzip / 1024).toFixed(1)} | ${(b.brotli / 1024).toFixed(1)} |`);

mkdirSync(join(root, 'bench'), { recursive: true });
writeFileSync(join(root, 'bench/results.json'), `${JSON.stringify(results, null, 2)}\n`);
console.log(`\n${lines.join('\n')}\n\nWrote bench/results.json`);

function machine() {
  const list = cpus();
  const version = spawnSync(chromiumPath, ['--version'], { encoding: 'utf8' }).stdout?.trim();
  return { cpus: list.length, cpu: list[0]?.model ?? 'unknown', memoryGb: Math.round(totalmem() / 2 ** 30), node: process.version, chromium: version };
}
