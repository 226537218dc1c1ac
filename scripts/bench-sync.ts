// The sync half of `npm run bench` (loaded by scripts/bench.mjs through tsx): the real team
// server, spawned on loopback on a database prepared beforehand (PGlite in a fresh folder,
// and PostgreSQL on a fresh database when one answers), measured from Node clients and, for
// what a member sees, from Chromium. Not a test: nothing here passes or fails.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { Agent, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Browser } from 'playwright-core';
import { hashPassword } from '../server/auth/passwords';
import { migrateDatabase, openPglite, openPostgres, type DatabaseHandle } from '../server/db/client';
import * as t from '../server/db/schema';
import { createWorkspace } from '../server/db/seed';
import { emptyWorkspaceData, sampleWorkspaceData } from '../server/db/seed-data';
import { profiled } from './bench-profile.mjs';
import { SERVER_MAIN, startServerProcess } from './processes.mjs';

const root = resolve(import.meta.dirname, '..');
const PASSWORD = 'bench horse battery staple';
const USERS = {
  a: { email: 'a@bench.test', name: 'Alex Morgan', workspace: 'benchteam' },
  b: { email: 'b@bench.test', name: 'Blake Reed', workspace: 'benchteam' },
  w10k: { email: 'w10k@bench.test', name: 'Ten Thousand', workspace: 'bench10k' },
  w100k: { email: 'w100k@bench.test', name: 'Hundred Thousand', workspace: 'bench100k' },
} as const;
/** Funnels added to the team workspace next to the sample data, so a full refetch has a realistic size. */
const TEAM_FUNNELS = 1000;

export interface Stats {
  p50: number;
  p95: number;
  p99?: number;
  max: number;
  n: number;
}
const round = (n: number) => Math.round(n * 10) / 10;
export function stats(values: number[], withP99 = false): Stats {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] : NaN);
  return { p50: round(at(0.5)), p95: round(at(0.95)), ...(withP99 ? { p99: round(at(0.99)) } : {}), max: round(sorted[sorted.length - 1] ?? NaN), n: sorted.length };
}
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

// ---------- the database, prepared before the server starts ----------

/** Bulk insert: one INSERT ... SELECT over generate_series, never one write per funnel. */
export async function insertFunnels(handle: DatabaseHandle, workspaceId: string, count: number) {
  const steps = JSON.stringify(
    ['Creator Confirmation', 'Product Shipment', 'Creative Brief Delivery', 'Content Production', 'Review & Feedback', 'Final Deliverables', 'Deployment & Tracking'].map(
      (name, i) => ({ name, description: name, completed: i < 2, current: i === 2 }),
    ),
  );
  await handle.db.execute(sql`
    INSERT INTO funnels (workspace_id, id, version, position, creator_name, creator_handle, creator_avatar, status, category, activity,
      value, progress_percentage, assigned_to, last_updated, is_priority, current_stage, engagement_type, platform,
      conversion_rate, engagement_rate, roi, start_date, due_date, days_remaining, steps, outreach)
    SELECT ${workspaceId}, 'CRB' || g, 1, 1000 + g,
      (ARRAY['Ava','Ben','Cleo','Dev','Eli','Fay','Gus','Hana'])[1 + g % 8] || ' ' || (ARRAY['Stone','Reed','Park','Diaz','Khan','Moss'])[1 + g % 6] || ' ' || g,
      '@creator' || g, '', (ARRAY['Brief','Confirmation','Contract','Production','Shipped'])[1 + g % 5], 'Creator', 'Active',
      500 + (g * 37) % 9000, 43, 'Alex Morgan', '2026-06-01T00:00:00.000Z', g % 10 = 0, 'Outreach', 'Sponsored Post',
      (ARRAY['Instagram','TikTok','YouTube'])[1 + g % 3], 3.5, 4.2, 2.1, '2026-05-01T00:00:00.000Z', '2026-07-01T00:00:00.000Z', 30,
      ${steps}::jsonb, '[]'::jsonb
    FROM generate_series(1, ${count}::int) AS g`);
}

export async function prepare(handle: DatabaseHandle, options: { full: boolean; small?: boolean }) {
  await migrateDatabase(handle);
  const now = new Date();
  const passwordHash = await hashPassword(PASSWORD);
  const a = USERS.a;
  await createWorkspace(handle.db, {
    id: a.workspace,
    name: 'Bench team',
    owner: { memberId: 'tm_bench_a', name: a.name, email: a.email, passwordHash },
    data: sampleWorkspaceData(now, a),
    now,
  });
  await insertFunnels(handle, a.workspace, TEAM_FUNNELS);
  const bUser = crypto.randomUUID();
  await handle.db.insert(t.users).values({ id: bUser, email: USERS.b.email, passwordHash, createdAt: now, passwordChangedAt: now });
  await handle.db.insert(t.members).values({
    workspaceId: a.workspace,
    id: 'tm_bench_b',
    userId: bUser,
    name: USERS.b.name,
    email: USERS.b.email,
    role: 'Editor',
    status: 'Active',
    version: 1,
    position: 2,
    createdAt: now,
  });
  const sizes: [keyof typeof USERS, number][] = options.small ? [] : [['w10k', 10_000]];
  if (options.full) sizes.push(['w100k', 100_000]);
  for (const [key, count] of sizes) {
    const u = USERS[key];
    await createWorkspace(handle.db, { id: u.workspace, name: u.name, owner: { memberId: `tm_${u.workspace}`, name: u.name, email: u.email, passwordHash }, data: emptyWorkspaceData(now, u.name), now });
    const started = performance.now();
    await insertFunnels(handle, u.workspace, count);
    console.log(`    seeded ${count.toLocaleString('en-US')} funnels server-side in ${Math.round(performance.now() - started)} ms`);
  }
}

// ---------- the server ----------

interface Running {
  base: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/** `npm start`'s server (server/main.ts) without its build check: the bench built already. */
export async function startServer(env: Record<string, string>, profileName?: string, statementsFile?: string): Promise<Running> {
  // --profile-server: V8 CPU profiles of the server for the whole run, in bench/profiles/<name>/,
  // one per thread (tsx's module loader has its own): the main thread's is the largest.
  const profile = profileName ? ['--cpu-prof', `--cpu-prof-dir=${join(root, 'bench/profiles', profileName)}`] : [];
  const counting = statementsFile ? ['--import', './scripts/bench-count-statements.mjs'] : [];
  const server = await startServerProcess({
    args: [...profile, ...counting, ...SERVER_MAIN],
    env: { ...(statementsFile ? { CREATORFLOW_BENCH_STATEMENTS: statementsFile } : {}), CREATORFLOW_OWNER_EMAIL: USERS.a.email, CREATORFLOW_OWNER_PASSWORD: PASSWORD, ...env },
    timeoutMs: 120_000,
    name: 'The team server',
  });
  return { base: server.url, child: server.child, stop: () => server.stop() };
}

// ---------- HTTP from Node, counting the bytes on the wire ----------

const agent = new Agent({ keepAlive: true, maxSockets: 256 });

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  wireBytes: number;
  decodedBytes: number;
  /** Request start to the response's headers: the server's share of the time. */
  ttfbMs: number;
  body: unknown;
}

export function call(base: string, method: string, path: string, options: { cookie?: string; body?: unknown } = {}): Promise<Answer> {
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  const started = performance.now();
  return new Promise((done, reject) => {
    const req = httpRequest(
      `${base}${path}`,
      {
        method,
        agent,
        headers: {
          'accept-encoding': 'gzip, deflate, br',
          ...(options.cookie ? { cookie: options.cookie } : {}),
          ...(payload !== undefined ? { 'content-type': 'application/json', origin: base, 'content-length': Buffer.byteLength(payload) } : {}),
        },
      },
      (res) => {
        const ttfbMs = performance.now() - started;
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const raw = Buffer.concat(chunks);
          const encoding = res.headers['content-encoding'];
          const decoded = encoding === 'br' ? brotliDecompressSync(raw) : encoding === 'gzip' ? gunzipSync(raw) : raw;
          const text = decoded.toString('utf8');
          let body: unknown = text;
          try {
            body = JSON.parse(text);
          } catch {
            // Not JSON (a page): kept as text.
          }
          // Headers count too: a refetch and a pull both pay them.
          const headerBytes = Object.entries(res.headers).reduce((n, [k, v]) => n + k.length + String(v).length + 4, 20);
          done({ status: res.statusCode ?? 0, headers: res.headers, wireBytes: raw.length + headerBytes, decodedBytes: decoded.length, ttfbMs, body });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    if (payload !== undefined) req.write(payload);
    req.end();
  });
}

export async function signIn(base: string, email: string): Promise<{ cookie: string; name: string; value: string }> {
  const answer = await call(base, 'POST', '/auth/signin', { body: { email, password: PASSWORD } });
  if (answer.status !== 200) throw new Error(`Sign-in as ${email} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  const setCookie = ([] as string[]).concat(answer.headers['set-cookie'] ?? [])[0] ?? '';
  const [pair] = setCookie.split(';');
  const at = pair.indexOf('=');
  return { cookie: pair, name: pair.slice(0, at), value: pair.slice(at + 1) };
}

interface Pulled {
  version: number;
  records: { collection: string; id: string; value: Record<string, unknown> | null }[];
}

let mutationCounter = 0;
function pushBody(clientID: string, id: number, itemId: string, quantity: number) {
  mutationCounter++;
  return { clientID, mutations: [{ id, name: 'inventory.setQuantity', args: { id: itemId, quantity: String(quantity) }, meta: { now: new Date().toISOString(), idSeed: `${clientID}-${id}-${mutationCounter}` } }] };
}

// ---------- a listening member: the /sync/events stream, then a pull (or a full refetch) ----------

type Mode = 'sync' | 'rest';

class Listener {
  version: number;
  bytes = 0;
  private req: ReturnType<typeof httpRequest> | null = null;
  private busy = false;
  private again = false;
  private waiting: { itemId: string; quantity: number; done: (at: number) => void } | null = null;
  private opened!: Promise<void>;

  constructor(
    private readonly base: string,
    private readonly cookie: string,
    private readonly mode: Mode,
    startVersion: number,
    private readonly clientID = `l${Math.random().toString(36).slice(2, 10)}`,
  ) {
    this.version = startVersion;
  }

  open(): Promise<void> {
    this.opened = new Promise((done, reject) => {
      this.req = httpRequest(`${this.base}/sync/events`, { headers: { cookie: this.cookie, accept: 'text/event-stream' } }, (res) => {
        let buffer = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          this.bytes += Buffer.byteLength(chunk);
          buffer += chunk;
          let end;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            if (block.includes(': connected')) done();
            const data = /^data: (.*)$/m.exec(block);
            if (/^event: poke$/m.test(block) && data) {
              const { version } = JSON.parse(data[1]) as { version: number };
              if (version > this.version) void this.fetch();
            }
          }
        });
      });
      this.req.on('error', reject);
      this.req.end();
    });
    return this.opened;
  }

  /** Resolves with performance.now() when this member holds the item at this quantity. */
  expect(itemId: string, quantity: number): Promise<number> {
    return new Promise((done, reject) => {
      const timer = setTimeout(() => reject(new Error(`no change seen within 30 s (${this.mode})`)), 30_000);
      this.waiting = { itemId, quantity, done: (at) => (clearTimeout(timer), done(at)) };
    });
  }

  private async fetch(): Promise<void> {
    if (this.busy) {
      this.again = true;
      return;
    }
    this.busy = true;
    try {
      do {
        this.again = false;
        let items: Record<string, unknown>[];
        if (this.mode === 'sync') {
          const answer = await call(this.base, 'GET', `/sync/pull?since=${this.version}&clientID=${this.clientID}`, { cookie: this.cookie });
          this.bytes += answer.wireBytes;
          const body = answer.body as Pulled;
          this.version = body.version;
          items = body.records.filter((r) => r.collection === 'inventory' && r.value).map((r) => r.value!);
        } else {
          // Refetching everything: a full pull, whatever version this client holds.
          const answer = await call(this.base, 'GET', '/sync/pull?since=0', { cookie: this.cookie });
          this.bytes += answer.wireBytes;
          const body = answer.body as Pulled;
          this.version = body.version;
          items = body.records.filter((r) => r.collection === 'inventory' && r.value).map((r) => r.value!);
        }
        const w = this.waiting;
        if (w && items.some((item) => item.id === w.itemId && Number(item.quantity) === w.quantity)) {
          this.waiting = null;
          w.done(performance.now());
        }
      } while (this.again);
    } finally {
      this.busy = false;
    }
  }

  close() {
    this.req?.destroy();
  }
}

// ---------- workloads ----------

/** tsx compiles this file keeping function names (`__name(fn, "name")`); functions sent to a page need that helper there. */
const KEEP_NAMES = 'window.__name = (fn) => fn;';

interface Team {
  base: string;
  a: string;
  b: { cookie: string; name: string; value: string };
  items: { id: string; sku: string }[];
  version: number;
  clientID: string;
  nextId: number;
}

async function pushOne(team: Team, quantity: number, itemId = team.items[0].id): Promise<{ ms: number; bytes: number }> {
  const started = performance.now();
  const answer = await call(team.base, 'POST', '/sync/push', { cookie: team.a, body: pushBody(team.clientID, team.nextId++, itemId, quantity) });
  const ms = performance.now() - started;
  const result = answer.body as { results?: { ok: boolean; error?: string }[] };
  if (answer.status !== 200 || !result.results?.[0]?.ok) throw new Error(`push answered ${answer.status}: ${JSON.stringify(answer.body).slice(0, 200)}`);
  return { ms, bytes: answer.wireBytes };
}

let quantitySeq = 100;
const nextQuantity = () => (quantitySeq = quantitySeq >= 999 ? 100 : quantitySeq + 1);

/** Member A edits; `listeners` (Node) and, when given, member B's page (Chromium) must each show it. */
async function editToMembers(team: Team, listeners: Listener[], edits: number, page?: import('playwright-core').Page) {
  const nodeMs: number[] = [];
  const allMs: number[] = [];
  const paintMs: number[] = [];
  const bytesBefore = sum(listeners.map((l) => l.bytes));
  const item = team.items[0];
  for (let i = 0; i < edits; i++) {
    const quantity = nextQuantity();
    const waits = listeners.map((l) => l.expect(item.id, quantity));
    if (page) await page.evaluate(armPaintWatch, { sku: item.sku, quantity });
    const wallStart = Date.now();
    const started = performance.now();
    await pushOne(team, quantity);
    const seen = await Promise.all(waits);
    for (const at of seen) nodeMs.push(at - started);
    if (seen.length) allMs.push(Math.max(...seen) - started);
    if (page) paintMs.push((await page.evaluate(() => (window as unknown as { __painted: Promise<number> }).__painted)) - wallStart);
  }
  const bytes = sum(listeners.map((l) => l.bytes)) - bytesBefore;
  return {
    ...(listeners.length ? { nodeClientPulledMs: stats(nodeMs), lastClientPulledMs: stats(allMs), bytesPerEditPerClient: Math.round(bytes / edits / listeners.length) } : {}),
    ...(page ? { paintedOnMemberBMs: stats(paintMs) } : {}),
  };
}

/**
 * Edit by member A to member B: N connected clients, member B's own page in Chromium among them;
 * with the server process's CPU time per edit (with PGlite, the database's too).
 */
async function fanout(team: Team, b: { cookie: string; name: string; value: string }, runs: [number, number][], browser: Browser, log: (s: string) => void, kind: string, pid: number | undefined) {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  await context.addInitScript({ content: KEEP_NAMES });
  await context.addCookies([{ name: b.name, value: b.value, url: team.base }]);
  const pageB = await context.newPage();
  await pageB.goto(`${team.base}/inventory`);
  await pageB.getByRole('cell', { name: team.items[0].sku }).first().waitFor({ timeout: 60_000 });
  const editToMember: Record<string, unknown> = {};
  for (const [clients, edits] of runs) {
    log(`  ${kind}: edit to other member, ${clients} client(s)`);
    // Member B's page is one client; the others are Node clients on the event stream.
    const listeners = Array.from({ length: clients - 1 }, () => new Listener(team.base, b.cookie, 'sync', team.version));
    await Promise.all(listeners.map((l) => l.open()));
    // The 1-client case also gets one Node client (same member), for the side-by-side with a refetch.
    const probe = clients === 1 ? [new Listener(team.base, b.cookie, 'sync', team.version)] : [];
    await Promise.all(probe.map((l) => l.open()));
    const cpuBefore = processCpuMs(pid);
    const row: Record<string, unknown> = await editToMembers(team, [...listeners, ...probe], edits, pageB);
    const cpuAfter = processCpuMs(pid);
    if (cpuBefore !== null && cpuAfter !== null) row.serverCpuMsPerEdit = round((cpuAfter - cpuBefore) / edits);
    editToMember[`${clients} client${clients === 1 ? '' : 's'}`] = row;
    for (const l of [...listeners, ...probe]) l.close();
  }
  await context.close();
  return editToMember;
}

/**
 * Signed in as the owner of the 10,000-funnel workspace, navigation to `/funnel` until a card
 * shows (ms since navigation start), each time from an empty IndexedDB: once cold (nothing
 * cached), then `repeats - 1` times with the JS cached (the origin's IndexedDB cleared through
 * the DevTools protocol, on a blank page so no connection holds it open).
 */
async function browserFirstPull(browser: Browser, base: string, who: { name: string; value: string }, repeats: number, profileAs?: string) {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  await context.addInitScript({ content: KEEP_NAMES });
  await context.addCookies([{ name: who.name, value: who.value, url: base }]);
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const times: number[] = [];
    for (let i = 0; i < repeats; i++) {
      if (i > 0) {
        await page.goto('about:blank');
        await cdp.send('Storage.clearDataForOrigin', { origin: base, storageTypes: 'indexeddb' });
      }
      await page.goto(`${base}/funnel`);
      await page.getByText(/#CRB\d+/).first().waitFor({ timeout: 60_000 });
      times.push(await page.evaluate(() => performance.now()));
    }
    let profile: unknown;
    if (profileAs) {
      await page.goto('about:blank');
      await cdp.send('Storage.clearDataForOrigin', { origin: base, storageTypes: 'indexeddb' });
      profile = await profiled(page, profileAs, async () => {
        await page.goto(`${base}/funnel`);
        await page.getByText(/#CRB\d+/).first().waitFor({ timeout: 60_000 });
      }, { distFolder: join(root, 'dist/host') });
    }
    return { coldMs: round(times[0]), ...(times.length > 1 ? { jsCachedMs: stats(times.slice(1)) } : {}), ms: stats(times), ...(profile ? { profile } : {}) };
  } finally {
    await context.close();
  }
}

/** Runs in member B's page: resolves `window.__painted` with Date.now() at the first frame showing the quantity in the item's row. */
function armPaintWatch({ sku, quantity }: { sku: string; quantity: number }) {
  const w = window as unknown as { __painted: Promise<number> };
  const pattern = new RegExp(`(^|\\D)${quantity}(\\D|$)`);
  w.__painted = new Promise((done) => {
    const shows = () => [...document.querySelectorAll('tr')].some((row) => row.textContent?.includes(sku) && [...row.querySelectorAll('td')].some((cell) => pattern.test(cell.textContent ?? '')));
    const painted = () => requestAnimationFrame(() => done(Date.now()));
    if (shows()) return painted();
    const observer = new MutationObserver(() => {
      if (shows()) {
        observer.disconnect();
        painted();
      }
    });
    observer.observe(document.body, { subtree: true, childList: true, characterData: true });
  });
}

async function runBackend(kind: 'pglite' | 'postgres', env: Record<string, string>, options: SyncOptions & { screenBytes: boolean }) {
  const { quick, browser, log } = options;
  const out: Record<string, unknown> = { backend: kind };
  const statementsFile = options.countStatements && kind === 'postgres' ? join(mkdtempSync(join(tmpdir(), 'cf-bench-statements-')), 'counts.json') : undefined;
  const server = await startServer(env, options.profileServer ? `server-${kind}-${Date.now()}` : undefined, statementsFile);
  /** The spawned server's statement counts so far (--count-statements, PostgreSQL). */
  type Counts = { total: number; underLock: number; byStatement: Record<string, number> };
  const statementCounts = async (): Promise<Counts | null> => {
    if (!statementsFile) return null;
    const before = existsSync(statementsFile) ? statSync(statementsFile).mtimeMs : 0;
    server.child.kill('SIGUSR2');
    for (let i = 0; i < 50 && (!existsSync(statementsFile) || statSync(statementsFile).mtimeMs === before); i++) await new Promise((done) => setTimeout(done, 20));
    return JSON.parse(readFileSync(statementsFile, 'utf8')) as Counts;
  };
  try {
    const a = await signIn(server.base, USERS.a.email);
    const b = await signIn(server.base, USERS.b.email);
    const full = await call(server.base, 'GET', '/sync/pull?since=0', { cookie: a.cookie });
    const pulled = full.body as Pulled;
    const items = pulled.records.filter((r) => r.collection === 'inventory').map((r) => ({ id: r.id, sku: String(r.value!.sku) }));
    const team: Team = { base: server.base, a: a.cookie, b, items, version: pulled.version, clientID: `bench${kind}${Date.now()}`, nextId: 1 };

    // Compression, as observed on the wire.
    const page = await call(server.base, 'GET', '/signin');
    const index = String(page.body);
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(index)?.[1];
    const asset = script ? await call(server.base, 'GET', script) : null;
    out.contentEncoding = {
      'GET /signin (page)': page.headers['content-encoding'] ?? 'none',
      ...(script ? { [`GET ${script}`]: asset?.headers['content-encoding'] ?? 'none' } : {}),
      'GET /sync/pull?since=0': full.headers['content-encoding'] ?? 'none',
    };

    if (options.fanoutOnly) {
      out.editToOtherMember = await fanout(team, b, [[1, 20], [10, 20], [50, 20]], browser, log, kind, server.child.pid);
      return out;
    }

    if (options.screenBytes) {
      log(`  ${kind}: bytes of each screen, as the team server sends them`);
      out.bytesOnTheWire = await screenBytes(browser, server.base, a, quick).catch((error: Error) => ({ error: String(error.message).split('\n')[0] }));
    }

    log(`  ${kind}: push latency`);
    const pushes: number[] = [];
    const pushSamples = quick ? 100 : 300;
    const countsBefore = await statementCounts();
    const cpuBefore = processCpuMs(server.child.pid);
    for (let i = 0; i < pushSamples; i++) pushes.push((await pushOne(team, nextQuantity(), items[i % items.length].id)).ms);
    out.pushMs = stats(pushes, true);
    const cpuAfter = processCpuMs(server.child.pid);
    // CPU the server process spent per push (with PGlite, the database's too): unlike the
    // latency, it does not grow with the machine's load.
    if (cpuBefore !== null && cpuAfter !== null) out.serverCpuMsPerPush = round((cpuAfter - cpuBefore) / pushSamples);
    const countsAfter = await statementCounts();
    if (countsBefore && countsAfter) {
      const per = (key: 'total' | 'underLock') => round((countsAfter[key] - countsBefore[key]) / pushSamples);
      const byStatement = Object.fromEntries(
        Object.entries(countsAfter.byStatement)
          .map(([text, n]) => [text, round((n - (countsBefore.byStatement[text] ?? 0)) / pushSamples)] as const)
          .filter(([, n]) => n > 0),
      );
      out.statementsPerPush = { total: per('total'), underLock: per('underLock'), byStatement };
    }
    if (options.pushOnly) {
      if (kind === 'postgres') out.sustainedLoad = await sustained(server.base, a.cookie, items, quick);
      return out;
    }

    log(`  ${kind}: first pull`);
    const pulls: Record<string, unknown> = {};
    const sizes: [keyof typeof USERS, number, number][] = [['w10k', 10_000, quick ? 1 : 3]];
    if (!quick) sizes.push(['w100k', 100_000, 2]);
    for (const [key, count, repeats] of sizes) {
      const cookie = (await signIn(server.base, USERS[key].email)).cookie;
      const times: number[] = [];
      const ttfb: number[] = [];
      let bytes = 0;
      let records = 0;
      let encoding = 'none';
      let decodedBytes = 0;
      for (let i = 0; i < repeats; i++) {
        const started = performance.now();
        const answer = await call(server.base, 'GET', `/sync/pull?since=0&clientID=first${i}`, { cookie });
        times.push(performance.now() - started);
        ttfb.push(answer.ttfbMs);
        bytes = answer.wireBytes;
        decodedBytes = answer.decodedBytes;
        records = (answer.body as Pulled).records.filter((r) => r.collection === 'funnels').length;
        encoding = String(answer.headers['content-encoding'] ?? 'none');
      }
      pulls[`${count / 1000}k funnels`] = { ms: stats(times), serverMsToFirstByte: stats(ttfb), funnels: records, wireBytes: bytes, decodedBytes, contentEncoding: encoding };
    }
    out.firstPull = pulls;

    // The same first pull as a member sees it: Chromium, from an empty IndexedDB to the first card painted.
    log(`  ${kind}: first pull in the browser, 10k funnels`);
    out.firstPullInBrowser = {
      '10k funnels': await browserFirstPull(browser, server.base, await signIn(server.base, USERS.w10k.email), quick ? 1 : 3, options.profileBrowser ? `first-pull-browser-${kind}` : undefined).catch((error: Error) => ({
        error: String(error.message).split('\n')[0],
      })),
    };

    out.editToOtherMember = await fanout(team, b, quick ? [[1, 20], [10, 8]] : [[1, 100], [10, 60], [50, 40]], browser, log, kind, server.child.pid);

    log(`  ${kind}: REST refetch baseline`);
    const baseline: Record<string, unknown> = {};
    // The same client counts as the edit-to-other-member figure (1, 10 and 50).
    for (const [clients, edits] of (quick ? [[1, 8], [10, 4]] : [[1, 40], [10, 20], [50, 10]]) as [number, number][]) {
      const row: Record<string, unknown> = {};
      for (const mode of ['sync', 'rest'] as Mode[]) {
        const listeners = Array.from({ length: clients }, () => new Listener(server.base, b.cookie, mode, team.version));
        await Promise.all(listeners.map((l) => l.open()));
        row[mode] = await editToMembers(team, listeners, edits);
        for (const l of listeners) l.close();
      }
      const s = row.sync as { nodeClientPulledMs: Stats; bytesPerEditPerClient: number };
      const r = row.rest as { nodeClientPulledMs: Stats; bytesPerEditPerClient: number };
      row.ratio = {
        latencyP50: round(r.nodeClientPulledMs.p50 / s.nodeClientPulledMs.p50),
        latencyP95: round(r.nodeClientPulledMs.p95 / s.nodeClientPulledMs.p95),
        bytes: round(r.bytesPerEditPerClient / s.bytesPerEditPerClient),
      };
      baseline[`${clients} client${clients === 1 ? '' : 's'}`] = row;
    }
    out.restRefetchBaseline = baseline;

    if (kind === 'postgres') {
      log(`  ${kind}: sustained load, 50 clients at 200 mutations/s (autocannon, second process)`);
      out.sustainedLoad = await sustained(server.base, a.cookie, items, quick);
    }
  } finally {
    await server.stop();
  }
  return out;
}

interface Loaded {
  file: string;
  transfer: number;
  decoded: number;
}

/** What a page fetched (scripts, styles, the page itself), once nothing new has arrived for 700 ms (bounded). */
async function fetched(page: import('playwright-core').Page): Promise<Loaded[]> {
  return page.evaluate(async () => {
    const perf = window.performance;
    const list = () => perf.getEntriesByType('resource') as PerformanceResourceTiming[];
    const deadline = perf.now() + 15_000;
    let count = -1;
    while (perf.now() < deadline) {
      const now = list().length;
      if (now === count) break;
      count = now;
      await new Promise((done) => setTimeout(done, 700));
    }
    const nav = perf.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    return [nav, ...list()]
      .map((e) => ({ file: new URL(e.name).pathname, transfer: e.transferSize, decoded: e.decodedBodySize }))
      .filter((e) => !e.file.startsWith('/sync/') && !e.file.startsWith('/auth/') && !e.file.startsWith('/workspace/'));
  });
}

/**
 * Bytes a browser downloads from the team server (compressed as it sends them, cache off):
 * the sign-in page, the host's first load, and each screen's own chunks on top of it.
 */
async function screenBytes(browser: Browser, base: string, a: { name: string; value: string }, quick: boolean) {
  const { SCREENS } = await import('../screens');
  const open = async (path: string, signedIn: boolean, ready: (p: import('playwright-core').Page) => Promise<void>) => {
    const context = await browser.newContext();
    await context.addInitScript({ content: KEEP_NAMES });
    if (signedIn) await context.addCookies([{ name: a.name, value: a.value, url: base }]);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await page.goto(`${base}${path}`);
    await ready(page);
    const files = await fetched(page);
    await context.close();
    return files;
  };
  const total = (files: Loaded[]) => ({ transferBytes: sum(files.map((f) => f.transfer)), decodedBytes: sum(files.map((f) => f.decoded)), files: files.length });
  const signin = await open('/signin', false, (p) => p.getByRole('button', { name: /sign in/i }).first().waitFor({ timeout: 30_000 }));
  const index = String((await call(base, 'GET', '/signin')).body);
  const shellFiles = new Set(['/signin', ...[...index.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1])]);
  const shell = signin.filter((f) => shellFiles.has(f.file));
  const result: Record<string, unknown> = {
    'sign-in page (HTML, JS, CSS)': total(signin),
    'host first load (HTML + entry JS/CSS)': total(shell),
  };
  const screens: Record<string, unknown> = {};
  const list = quick ? SCREENS.filter((s) => ['funnel-board', 'orders', 'calendar'].includes(s.name)) : SCREENS;
  for (const screen of list) {
    const route = screen.routes.find((r) => !r.path.includes(':')) ?? screen.routes[0];
    const path = route.path.includes(':') ? (route.example ?? route.path.replace(/\/:[^/]+\??/g, '')) : route.path;
    try {
      const files = await open(path, true, (p) => p.locator('main').first().waitFor({ timeout: 30_000 }));
      const own = files.filter((f) => !shellFiles.has(f.file) && /\.(js|css)$/.test(f.file));
      screens[`${screen.name} (${path})`] = { ...total(own), chunks: own.map((f) => f.file.replace(/^\/assets\//, '')) };
    } catch (error) {
      screens[`${screen.name} (${path})`] = { error: String((error as Error).message).split('\n')[0] };
    }
  }
  result.screens = screens;
  return result;
}

/** User + system CPU time of a process so far, in ms (Linux /proc; null elsewhere). */
function processCpuMs(pid: number | undefined): number | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    // utime and stime are fields 14 and 15 of stat, in clock ticks (100 a second on Linux).
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return null;
  }
}

async function sustained(base: string, cookie: string, items: { id: string }[], quick: boolean) {
  const seconds = quick ? 5 : 30;
  const settings = { url: base, cookie, origin: base, items: items.map((i) => i.id), connections: 50, rate: 200, seconds };
  return { planned: { clients: 50, perSecond: 200, seconds }, ...(await runLoad(settings)) };
}

function runLoad(settings: Record<string, unknown>): Promise<Record<string, unknown>> {
  return new Promise((done, reject) => {
    const child = spawn(process.execPath, [join(root, 'scripts/bench-load.mjs'), JSON.stringify(settings)], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c) => (stdout += String(c)));
    child.stderr.on('data', (c) => (stderr += String(c)));
    child.on('exit', (code) => {
      if (code !== 0) reject(new Error(`the load process exited with ${code}: ${stderr.slice(0, 500)}`));
      else done(JSON.parse(stdout.trim().split('\n').pop()!) as Record<string, unknown>);
    });
  });
}

async function canConnect(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function adminUrl(): Promise<string | null> {
  if (process.env.DATABASE_URL) return process.env.DATABASE_URL;
  for (const user of ['postgres', 'root']) for (const database of ['test', 'postgres']) {
    const url = `postgres://${user}@127.0.0.1:5432/${database}`;
    if (await canConnect(url)) return url;
  }
  return null;
}

async function adminQuery(url: string, statement: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

interface SyncOptions {
  quick: boolean;
  browser: Browser;
  log: (s: string) => void;
  profileServer?: boolean;
  /** --profile-browser: one more first pull in Chromium under the CPU profiler. */
  profileBrowser?: boolean;
  /** --only=push: the push latency and the sustained load only, on both databases (no large workspaces). */
  pushOnly?: boolean;
  /** --count-statements: statements per push on PostgreSQL, counted in the spawned server. */
  countStatements?: boolean;
  /** --only=fanout: an edit painted on another member's screen with 1, 10 and 50 clients only, on both databases. */
  fanoutOnly?: boolean;
}

export async function syncBench(options: SyncOptions) {
  const results: Record<string, unknown>[] = [];
  const full = !options.quick && !options.pushOnly && !options.fanoutOnly;
  const admin = await adminUrl();
  // --quick runs one server (PostgreSQL when it answers, else PGlite): each figure once, in
  // half the time of spawning and seeding two.
  const pglite = !options.quick || options.pushOnly || options.fanoutOnly || !admin;

  if (pglite) {
    options.log('… sync: PGlite');
    const dir = mkdtempSync(join(tmpdir(), 'cf-bench-'));
    try {
      const dataDir = join(dir, 'data');
      const handle = await openPglite({ dataDir });
      await prepare(handle, { full, small: options.pushOnly || options.fanoutOnly });
      await handle.close();
      results.push(await runBackend('pglite', { CREATORFLOW_DATA_DIR: dataDir }, { ...options, screenBytes: !options.pushOnly && !options.fanoutOnly }));
    } catch (error) {
      results.push({ backend: 'pglite', error: String((error as Error)?.message ?? error).split('\n')[0] });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  } else results.push({ backend: 'pglite', skipped: 'not in --quick when PostgreSQL answers (npm run bench runs both)' });

  if (!admin) {
    results.push({ backend: 'postgres', skipped: 'no PostgreSQL on 127.0.0.1:5432 and DATABASE_URL is not set' });
    return results;
  }
  options.log('… sync: PostgreSQL');
  const name = `cf_bench_${Date.now()}`;
  const url = new URL(admin);
  url.pathname = `/${name}`;
  try {
    await adminQuery(admin, `CREATE DATABASE ${name}`);
    const handle = await openPostgres(url.toString());
    await prepare(handle, { full, small: options.pushOnly || options.fanoutOnly });
    await handle.close();
    results.push(await runBackend('postgres', { DATABASE_URL: url.toString() }, { ...options, screenBytes: !pglite && !options.pushOnly && !options.fanoutOnly }));
  } catch (error) {
    results.push({ backend: 'postgres', error: String((error as Error)?.message ?? error).split('\n')[0] });
  } finally {
    await adminQuery(admin, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
  }
  return results;
}
