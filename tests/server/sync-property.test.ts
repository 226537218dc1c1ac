// The sync model as a property: two to four browsers, each the real store (lib/store) on the
// real sync client (lib/sync/client.ts) with an in-memory cache, make random interleaved
// edits against one server on PGlite. The network between them loses answers, delivers pushes
// twice, delivers old pushes late, goes offline, refuses a push over its body limit, and a tab
// is closed and opened again, by its member or by another member signing in on that browser.
// Queued edits meet refusals of every kind (a rule, a member demoted to Viewer, too large).
// A tab imports creators in pages (a few rows, or several pages of them) while the server
// restarts between deliveries, or right after taking a push (its answer lost).
// After every author has signed in again and everyone syncs, every browser holds the server's
// records, every push went out in its author's name, and the server's records are what a serial
// replay of the mutations it accepted (in its commit order, each once) makes of the start, and
// every import page it accepted was applied once. It runs on PGlite and on PostgreSQL.
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BULK } from '../../lib/domain/bulk';
import { validateImport } from '../../lib/domain/csv-import';
import type { ActivityEntry, Funnel, TeamMember } from '../../lib/domain/types';
import { runMutation } from '../../lib/mutators';
import type { MutationMeta } from '../../lib/mutators/types';
import { COLLECTION_NAMES, type CollectionName } from '../../lib/schema/names';
import { createMemoryStorage } from '../../lib/storage/memory';
import { createSyncClient } from '../../lib/sync/client';
import type { StoreSyncClient } from '../../lib/sync/types';
import type { StorageAdapter, StoredRecord } from '../../lib/storage/types';
import { createStore, type Store } from '../../lib/store/createStore';
import type { PullResponse, PushResponse } from '../../lib/sync/protocol';
import { hashPassword } from '../../server/auth/passwords';
import { createWorkspace } from '../../server/db/seed';
import { sampleWorkspaceData } from '../../server/db/seed-data';
import * as t from '../../server/db/schema';
import { mapState, mapTx } from '../helpers/map-tx';
import { TEST_HASH_COST } from './fixture';
import { DB_KINDS, json, startServer, type Client, type TestServer } from './harness';

/** Runs on each database: `npm test` runs 100; the nightly script runs more (SYNC_PROPERTY_RUNS). */
const RUNS = Number(process.env.SYNC_PROPERTY_RUNS ?? 100);
/**
 * `npm test`'s runs take a fixed seed: every machine runs the same cases, and the check that they
 * met each kind of refusal cannot depend on luck (a rare one, a 403 for a change queued before its
 * author's role changed, went unmet in some random draws). The nightly script draws new cases
 * (SYNC_PROPERTY_SEED=random); a reported failure replays with its seed (and path).
 */
const DEFAULT_SEED = 1;
const seedSetting = process.env.SYNC_PROPERTY_SEED;
const SEED = seedSetting === 'random' ? {} : { seed: Number(seedSetting ?? DEFAULT_SEED), ...(process.env.SYNC_PROPERTY_PATH ? { path: process.env.SYNC_PROPERTY_PATH } : {}) };
const PASSWORD = 'property-password-1';
const ROLES = ['Admin', 'Editor', 'Editor', 'Admin'] as const;

let server: TestServer;
let passwordHash: string;
let runNumber = 0;
/**
 * Over the runs on both databases: the kinds of refusal met, changes that waited on a browser for
 * their author, import pages the server took (and imports of several pages), server restarts.
 */
const met = { runs: 0, accepted: 0, tooLarge: 0, forbidden: 0, rejected: 0, waitedForAuthor: 0, importPages: 0, pagedImportPages: 0, restarts: 0, restartsMidImport: 0 };

/** Whether a page of an import waits in a tab of the run under way. */
let importWaiting = () => false;

/** The server restarts: its process (what it holds in memory), and its connections to PostgreSQL. An in-memory PGlite stays up. */
async function restartServer() {
  met.restarts += 1;
  if (importWaiting()) met.restartsMidImport += 1;
  await server.restart({ database: server.db.kind !== 'pglite' });
}

// ---------- the workspace of one run ----------

/** A fresh workspace for each run, on the one database: small, with little stock, so orders compete for it. */
async function freshWorkspace(members: number) {
  runNumber += 1;
  const id = `prop${runNumber}_${randomUUID().slice(0, 6)}`;
  const now = server.clock.now();
  const emails = Array.from({ length: members }, (_, i) => `m${i + 1}.${id}@property.test`);
  const data = sampleWorkspaceData(now, { name: 'Member 1', email: emails[0] });
  data.collections.funnels = [];
  data.collections.activity = [];
  data.collections.invoices = [];
  data.collections.webhookEvents = [];
  data.collections.inventory = data.collections.inventory.map((item, i) => ({ ...item, quantity: [3, 2, 0, 4, 1][i] ?? 1 }));
  await createWorkspace(server.db.handle.db, { id, name: id, owner: { memberId: 'm1', name: 'Member 1', email: emails[0], passwordHash }, data, now });
  for (let i = 1; i < members; i++) {
    const userId = randomUUID();
    await server.db.handle.db.insert(t.users).values({ id: userId, email: emails[i], passwordHash, createdAt: now, passwordChangedAt: now });
    await server.db.handle.db.insert(t.members).values({
      workspaceId: id,
      id: `m${i + 1}`,
      userId,
      name: `Member ${i + 1}`,
      email: emails[i],
      role: ROLES[i],
      status: 'Active',
      editAutomations: true,
      sendOutreach: true,
      manageTeam: ROLES[i] === 'Admin',
      viewAnalytics: true,
      version: 1,
      position: i + 1,
      createdAt: now,
    });
  }
  return { id, emails };
}

// ---------- the network ----------

type Fault = 'none' | 'duplicate' | 'lost' | 'restart';

interface Request {
  tab: Tab;
  path: string;
  init: RequestInit;
  resolve: (response: Response) => void;
  reject: (error: Error) => void;
}

/** One closed-and-reopened-able browser tab of a member. */
interface Tab {
  member: number;
  /** The browser (its cache) this tab runs in. */
  browser: number;
  http: Client;
  cache: StorageAdapter;
  storage: StoreSyncClient;
  store: Store;
  online: boolean;
  closed: boolean;
}

/**
 * Requests wait in a queue until the run delivers them, one at a time (so the order in which
 * the server answers pushes is its commit order). `direct` delivers at once: the final sync.
 */
class Network {
  queue: Request[] = [];
  direct = false;
  /** Every push the server answered, in order, with what it did. */
  answered: { clientID: string; member: number; statedAuthor?: string; mutations: { id: number; name: string; args: unknown; meta: MutationMeta }[]; response: PushResponse | null }[] = [];
  /** Pushes refused whole for their size (never reaching the server). */
  tooLarge = 0;
  /** Push bodies already delivered, to deliver again later (a late duplicate). */
  delivered: { tab: Tab; body: string }[] = [];
  private chain: Promise<unknown> = Promise.resolve();

  fetchFor(tab: () => Tab): typeof fetch {
    return ((input: string | URL, init: RequestInit = {}) => {
      const current = tab();
      if (!current.online || current.closed) return Promise.reject(new TypeError('Failed to fetch'));
      const path = String(input).replace(/^https?:\/\/[^/]+/, '');
      return new Promise<Response>((resolve, reject) => {
        const request = { tab: current, path, init, resolve, reject };
        if (this.direct) void this.deliver(request);
        else this.queue.push(request);
      });
    }) as typeof fetch;
  }

  /** Sends one request to the server; serialized with every other delivery. */
  deliver(request: Request, fault: Fault = 'none'): Promise<void> {
    const run = this.chain.then(() => this.send(request, fault).catch((error: Error) => request.reject(error)));
    this.chain = run;
    return run;
  }

  private async send(request: Request, fault: Fault) {
    {
      const { tab, path, init } = request;
      const body = typeof init.body === 'string' ? init.body : undefined;
      // A body carrying the oversized marker is over the limit: a 413, as the server's body limit answers.
      if (path.startsWith('/sync/push') && body?.includes(TOO_LARGE)) {
        this.tooLarge += 1;
        if (fault === 'lost' || fault === 'restart' || !tab.online || tab.closed) request.reject(new TypeError('Failed to fetch'));
        else request.resolve(new Response(JSON.stringify({ error: 'Request body is too large', code: 'requestTooLarge' }), { status: 413, headers: { 'content-type': 'application/json' } }));
        return;
      }
      const send = async () => {
        const response = await tab.http.request((init.method ?? 'GET') as 'GET' | 'POST', path, body);
        if (path.startsWith('/sync/push') && body) this.note(tab, body, response.statusCode === 200 || response.statusCode === 403 ? response.json<PushResponse>() : null);
        return response;
      };
      const response = await send();
      if (body && path.startsWith('/sync/push')) this.delivered.push({ tab, body });
      if (fault === 'duplicate' && body) await send();
      // The server restarts right after answering: the answer never arrives.
      if (fault === 'restart') await restartServer();
      if (fault === 'lost' || fault === 'restart' || !tab.online || tab.closed) request.reject(new TypeError('Failed to fetch'));
      else request.resolve(new Response(response.body, { status: response.statusCode, headers: { 'content-type': 'application/json' } }));
    }
  }

  async redeliver(index: number) {
    if (!this.delivered.length) return;
    const { tab, body } = this.delivered[index % this.delivered.length];
    await (this.chain = this.chain.then(async () => {
      const response = await tab.http.request('POST', '/sync/push', body);
      this.note(tab, body, response.statusCode === 200 || response.statusCode === 403 ? response.json<PushResponse>() : null);
    }));
  }

  private note(tab: Tab, body: string, response: PushResponse | null) {
    const parsed = JSON.parse(body) as { clientID: string; memberId?: string; mutations: Network['answered'][number]['mutations'] };
    this.answered.push({ clientID: parsed.clientID, member: tab.member, statedAuthor: parsed.memberId, mutations: parsed.mutations, response });
  }

  /** The server restarts between deliveries. */
  async restart() {
    await (this.chain = this.chain.then(restartServer));
  }

  async flush() {
    while (this.queue.length) await this.deliver(this.queue.shift()!);
  }

  /** A tab went offline or was closed: what it waits for fails. */
  dropFor(tab: Tab) {
    const mine = this.queue.filter((r) => r.tab === tab);
    this.queue = this.queue.filter((r) => r.tab !== tab);
    for (const request of mine) request.reject(new TypeError('Failed to fetch'));
  }
}

// ---------- the edits ----------

/** Notes carrying this are "too large": the network answers their push with a 413. */
const TOO_LARGE = 'TOO-LARGE';
const inventoryIds = ['inv_1', 'inv_2', 'inv_3', 'inv_4', 'inv_5'];
const orderIds = ['ord_1', 'ord_2', 'ord_3'];
const statuses = ['New', 'Processing', 'Shipped', 'Delivered', 'Canceled', 'Refunded'] as const;
const skus = ['SKU-001', 'SKU-002', 'SKU-005', 'NEW-1', 'NEW-2'];

const edit = fc.oneof(
  fc.record({ name: fc.constant('inventory.setQuantity'), args: fc.record({ id: fc.constantFrom(...inventoryIds), quantity: fc.integer({ min: 0, max: 5 }) }) }),
  fc.record({ name: fc.constant('orders.changeStatus'), args: fc.record({ id: fc.constantFrom(...orderIds), status: fc.constantFrom(...statuses) }) }),
  fc.record({
    name: fc.constant('orders.create'),
    args: fc.record({
      draft: fc.record({
        source: fc.constant('Manual'),
        customerName: fc.constantFrom('Ana Diaz', 'Bo Chen'),
        customerEmail: fc.constant('buyer@example.com'),
        shippingAddress: fc.constant({ line1: '1 Main St', city: 'Austin', state: 'TX', postalCode: '78701', country: 'US' }),
        items: fc.array(fc.record({ sku: fc.constantFrom(...skus), quantity: fc.integer({ min: 1, max: 2 }) }), { minLength: 1, maxLength: 2 }),
      }),
    }),
  }),
  fc.record({ name: fc.constant('orders.saveNotes'), args: fc.record({ id: fc.constantFrom(...orderIds), notes: fc.constantFrom('', 'Fragile', 'Call first', TOO_LARGE) }) }),
  // Member 2 (an Editor) demoted to Viewer and back: their queued edits meet a 403.
  fc.record({ name: fc.constant('team.setRole'), args: fc.record({ id: fc.constant('m2'), role: fc.constantFrom('Viewer', 'Editor') }) }),
  fc.record({ name: fc.constant('inventory.addItem'), args: fc.record({ draft: fc.record({ sku: fc.constantFrom('NEW-1', 'NEW-2'), name: fc.constantFrom('Tripod', 'Ring Light'), quantity: fc.integer({ min: 0, max: 3 }) }) }) }),
  fc.record({ name: fc.constant('inventory.deleteItem'), args: fc.record({ id: fc.constantFrom(...inventoryIds) }) }),
  fc.record({ name: fc.constant('calendar.deleteEvent'), args: fc.record({ id: fc.constantFrom('ev_1', 'ev_2') }) }),
  fc.record({ name: fc.constant('notifications.markAllRead'), args: fc.constant({}) }),
);

const step = (tabs: number) =>
  fc.oneof(
    { weight: 5, arbitrary: fc.record({ kind: fc.constant('edit' as const), tab: fc.nat(tabs - 1), edit }) },
    { weight: 4, arbitrary: fc.record({ kind: fc.constant('deliver' as const), pick: fc.nat(), fault: fc.constantFrom<Fault>('none', 'none', 'none', 'duplicate', 'lost', 'restart') }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('late' as const), pick: fc.nat() }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('offline' as const), tab: fc.nat(tabs - 1) }) },
    // An import of a few rows (one page), or of several pages.
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('import' as const), tab: fc.nat(tabs - 1), rows: fc.oneof({ weight: 3, arbitrary: fc.integer({ min: 3, max: 30 }) }, { weight: 1, arbitrary: fc.integer({ min: BULK.pageRows + 1, max: 1_200 }) }) }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('restart' as const) }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('online' as const), tab: fc.nat(tabs - 1) }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('poke' as const), tab: fc.nat(tabs - 1) }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('reopen' as const), tab: fc.nat(tabs - 1) }) },
    // Another member signs in on that browser: the tab closes, one opens on the same cache as them.
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('switch' as const), tab: fc.nat(tabs - 1), to: fc.nat(tabs - 1) }) },
  );

const scenario = fc.integer({ min: 2, max: 4 }).chain((tabs) => fc.record({ tabs: fc.constant(tabs), steps: fc.array(step(tabs), { minLength: 1, maxLength: 12 }) }));

/** The rows of a CSV of `count` creators, as the import screen accepts them; handles start with `@prefix_`. */
function creatorRows(prefix: string, count: number) {
  const rows = Array.from({ length: count }, (_, i) => [`@${prefix}_${i}`, `Creator ${prefix} ${i}`, 'Instagram', String(1000 + i)]);
  return validateImport(rows, ['creator_handle', 'creator_name', 'platform', 'followers']).accepted;
}

// ---------- comparing records ----------

type Snapshot = Record<string, Record<string, unknown>>;

const COMPARED = COLLECTION_NAMES.filter((name): name is Exclude<CollectionName, 'team'> => name !== 'team');

function storeSnapshot(store: Store): Snapshot {
  const lists: Record<string, readonly { id: string }[]> = {
    funnels: store.funnels.items.items.peek(),
    orders: store.orders.items.items.peek(),
    inventory: store.inventory.items.items.peek(),
    events: store.calendar.events.items.peek(),
    notifications: store.notifications.items.items.peek(),
    activity: store.admin.activity.items.peek(),
  };
  return Object.fromEntries(Object.entries(lists).map(([name, list]) => [name, byId(list)]));
}

const byId = (list: readonly { id: string }[]) => Object.fromEntries([...list].sort((a, b) => a.id.localeCompare(b.id)).map((r) => [r.id, r]));

function pullSnapshot(pull: PullResponse): Snapshot {
  const snapshot: Snapshot = {};
  for (const r of pull.records) (snapshot[r.collection] ??= {})[r.id] = r.value;
  return snapshot;
}

const pick = (snapshot: Snapshot, names: readonly string[]) => Object.fromEntries(names.map((name) => [name, byId(Object.values(snapshot[name] ?? {}) as { id: string }[])]));

// ---------- one run ----------

type Scenario = typeof scenario extends fc.Arbitrary<infer T> ? T : never;
type Step = Scenario['steps'][number];

async function runScenario({ tabs: count, steps }: Scenario) {
  const workspace = await freshWorkspace(count);
  const network = new Network();
  network.direct = true;
  /** Each run's imports are of creators of their own: a page applied twice would find its rows and count them as updated. */
  const importPrefix = `r${runNumber}i`;
  let imports = 0;
  importWaiting = () => tabs.some((tab) => tab.storage.waiting.peek().some((m) => m.name === 'creators.import'));
  const tabs: Tab[] = [];
  const https: Client[] = [];
  const open = async (member: number, http: Client, cache: StorageAdapter, browser: number) => {
    const tab = { member, browser, http, cache, online: true, closed: false } as Tab;
    tab.storage = createSyncClient({ server: 'http://team.test', cache, fetch: network.fetchFor(() => tab), pullEveryMs: 3_600_000 });
    tab.store = createStore({ sync: tab.storage, now: server.clock.now });
    await tab.store.loaded;
    return tab;
  };
  try {
    // The first member's tab loads the workspace from the server (a first visit); the others
    // open on a copy of that cache (a returning visit: paint from the cache, then pull).
    const start: StoredRecord[] = [];
    for (let i = 0; i < count; i++) {
      const http = server.client();
      const signin = await http.post('/auth/signin', { email: workspace.emails[i], password: PASSWORD });
      expect(signin.statusCode).toBe(200);
      const cache = createMemoryStorage(i === 0 ? [] : start.map((r) => (r.collection === 'singletons' && r.id === 'session' ? { ...r, value: { memberId: `m${i + 1}` } } : r)));
      https.push(http);
      tabs.push(await open(i + 1, http, cache, i));
      if (i === 0) start.push(...(await cache.load()));
    }
    network.direct = false;

    for (const s of steps) {
      await play(s);
    }

    // Everyone comes online; on each browser every member who left changes there signs in again
    // (their changes go, in their name), then the browser's own member.
    network.direct = true;
    for (const tab of tabs) tab.online = true;
    await network.flush();
    for (let i = 0; i < tabs.length; i++) {
      // Their waiting changes, and the pages of their imports kept aside for their turn.
      const authors = new Set((await tabs[i].cache.load()).filter((r) => r.collection === '__pending' || r.collection === '__staged').map((r) => (r.value as { author?: { memberId: string } }).author?.memberId));
      for (const author of [...authors].filter((a): a is string => !!a)) {
        if (author !== `m${tabs[i].member}`) met.waitedForAuthor += 1;
        await switchTo(i, Number(author.slice(1)));
        await tabs[i].storage.sync();
      }
      if (tabs[i].member !== i + 1) await switchTo(i, i + 1);
    }
    // A round to push, a round to pull what the others pushed.
    for (let round = 0; round < 2; round++) for (const tab of tabs) await tab.storage.sync();

    const final = json<PullResponse>(await tabs[0].http.get('/sync/pull?since=0'));
    const serverRecords = pick(pullSnapshot(final), COMPARED.filter((name) => ['funnels', 'orders', 'inventory', 'events', 'notifications', 'activity'].includes(name)));
    met.tooLarge += network.tooLarge;
    for (const push of network.answered)
      for (const result of push.response?.results ?? []) if (!result.ok) met[result.status === 403 ? 'forbidden' : 'rejected'] += 1;
    // Every push went out in its author's name: the tab's member, never someone else's.
    for (const push of network.answered) if (push.statedAuthor !== undefined) expect(push.statedAuthor).toBe(`m${push.member}`);
    for (const tab of tabs) {
      expect(tab.storage.status.peek()).toMatchObject({ pending: 0 });
      // No import page is left behind, queued or kept aside: each one reached the server or was refused.
      expect((await tab.cache.load()).filter((r) => r.collection === '__pending' || r.collection === '__staged')).toEqual([]);
      expect(storeSnapshot(tab.store)).toEqual(serverRecords);
    }

    // The server's records are a serial replay of what it accepted, in its order.
    const members = new Map(start.filter((r) => r.collection === 'team').map((r) => [r.id, r.value as TeamMember]));
    const state = mapState(
      {
        collections: Object.fromEntries(COLLECTION_NAMES.map((name) => [name, start.filter((r) => r.collection === name).map((r) => r.value as { id: string })])),
        singletons: Object.fromEntries(start.filter((r) => r.collection === 'singletons' && r.id !== 'session').map((r) => [r.id, r.value])),
      },
      server.clock.now(),
    );
    const seen = new Set<string>();
    let accepted = 0;
    const acceptedMutations: { mutation: Network['answered'][number]['mutations'][number] }[] = [];
    for (const push of network.answered) {
      for (const result of push.response?.results ?? []) {
        const key = `${push.clientID}:${result.id}`;
        if (seen.has(key)) continue;
        seen.add(key);
        if (!result.ok) continue;
        accepted += 1;
        const mutation = push.mutations.find((m) => m.id === result.id)!;
        acceptedMutations.push({ mutation });
        const member = members.get(`m${push.member}`)!;
        const replay = mapTx(state, { id: member.id, name: member.name, role: member.role, permissions: member.permissions }, mutation.meta);
        const outcome = runMutation(replay.tx, member, { name: mutation.name, args: mutation.args, meta: mutation.meta });
        expect(outcome, `${mutation.name} ${JSON.stringify(mutation.args)}`).toMatchObject({ ok: true });
        replay.commit();
      }
    }
    const replayed: Snapshot = {};
    for (const name of COMPARED) replayed[name] = Object.fromEntries(state.records.get(name)!);
    for (const [name, value] of state.singletons) (replayed.singletons ??= {})[name] = value;
    expect(pick(replayed, COMPARED)).toEqual(pick(pullSnapshot(final), COMPARED));
    // Every import page the server took was applied once: its activity entry (its id comes from
    // the page's seed) counts its rows as created, none as updated, and the server holds each
    // imported creator once.
    const serverActivity = pullSnapshot(final).activity ?? {};
    let importedRows = 0;
    for (const { mutation } of acceptedMutations.filter(({ mutation }) => mutation.name === 'creators.import')) {
      const rows = (mutation.args as { rows: unknown[] }).rows.length;
      importedRows += rows;
      met.importPages += 1;
      if (((mutation.args as { part?: { count: number } }).part?.count ?? 1) > 1) met.pagedImportPages += 1;
      expect((serverActivity[`act_${mutation.meta.idSeed}`] as ActivityEntry | undefined)?.metadata).toMatchObject({ created: rows, updated: 0 });
    }
    const imported = Object.values(pullSnapshot(final).funnels ?? {}).filter((f) => (f as Funnel).creatorHandle.startsWith(`@${importPrefix}`));
    expect(imported).toHaveLength(importedRows);
    expect(replayed.singletons).toEqual(pullSnapshot(final).singletons);
    return accepted;
  } finally {
    for (const tab of tabs) tab.store.dispose();
  }

  async function play(s: Step) {
    switch (s.kind) {
      case 'edit':
        tabs[s.tab].store.mutate(s.edit.name, s.edit.args);
        return;
      case 'deliver':
        // The tabs' writes to their cache resolve first, so their pushes are on the network.
        await tabsSettled();
        if (network.queue.length) await network.deliver(network.queue.splice(s.pick % network.queue.length, 1)[0], s.fault);
        return;
      case 'late':
        await network.redeliver(s.pick);
        return;
      case 'import': {
        const tab = tabs[s.tab];
        imports += 1;
        const result = tab.store.admin.importCreators(creatorRows(`${importPrefix}${imports}`, s.rows), 0);
        const job = result.ok ? result.value.job : null;
        if (!job) return;
        // The first page is queued at once, the next ones one per task, up to the queue's window:
        // the rest wait in the cache until the server decides on the pages before them (which
        // only the run's deliveries make it do). Let the tab queue what it can (or meet a refusal).
        const queueable = Math.min(Math.ceil(s.rows / BULK.pageRows), BULK.queuedPages);
        while (job.values.length < queueable && job.progress.peek().refused === 0) await new Promise((resolve) => setTimeout(resolve, 0));
        return;
      }
      case 'restart':
        await network.restart();
        return;
      case 'offline':
        tabs[s.tab].online = false;
        network.dropFor(tabs[s.tab]);
        return;
      case 'online':
        tabs[s.tab].online = true;
        void tabs[s.tab].storage.sync();
        return;
      case 'poke':
        void tabs[s.tab].storage.sync();
        return;
      case 'reopen': {
        // The tab is closed; a new one opens on the same cache (IndexedDB survives), online.
        const tab = tabs[s.tab];
        tab.closed = true;
        network.dropFor(tab);
        tab.store.dispose();
        tabs[s.tab] = await open(tab.member, tab.http, tab.cache, tab.browser);
        return;
      }
      case 'switch':
        await switchTo(s.tab, s.to + 1);
        return;
    }
  }

  /** Browser `index` closes its tab; `member` signs in there and opens one on the same cache. */
  async function switchTo(index: number, member: number) {
    const tab = tabs[index];
    tab.closed = true;
    network.dropFor(tab);
    await tab.store.flush();
    tab.store.dispose();
    tabs[index] = await open(member, https[member - 1], tab.cache, tab.browser);
  }

  async function tabsSettled() {
    for (const tab of tabs) await tab.store.flush();
  }
}

describe.each(DB_KINDS)('sync property on %s', (kind) => {
  beforeAll(async () => {
    server = await startServer(kind, { limits: { perAddress: { max: 1_000_000, windowMs: 60_000 } } });
    passwordHash = await hashPassword(PASSWORD, TEST_HASH_COST);
  });
  afterAll(async () => {
    await server?.close();
  });

  it(`every browser ends with the server's records, and the server's are a serial replay of what it accepted, each import page once (${RUNS} runs)`, async () => {
    await fc.assert(
      fc.asyncProperty(scenario, async (s) => {
        met.runs += 1;
        met.accepted += await runScenario(s);
      }),
      // A failing run is reported as found (with its seed to replay): shrinking runs this costly would outlast the timeout.
      { numRuns: RUNS, endOnFailure: true, ...SEED },
    );
  }, RUNS * 6_000);
});

// Over the runs on both databases (some refusals are rare: one database's runs may meet none).
it('the runs met what the model is for', () => {
  // Another seed's runs may meet fewer kinds: only the fixed seed's are held to meeting all.
  console.log(`[sync property] met over both databases: ${JSON.stringify(met)}`);
  if (seedSetting || RUNS !== 100) return;
  // The runs did push work through the server, not only refusals.
  expect(met.accepted).toBeGreaterThan(met.runs / 2);
  // The runs met each kind of refusal, and changes that waited for their author on a shared browser.
  expect(met.tooLarge).toBeGreaterThan(0);
  expect(met.forbidden).toBeGreaterThan(0);
  expect(met.rejected).toBeGreaterThan(0);
  expect(met.waitedForAuthor).toBeGreaterThan(0);
  // Pages of imports of several pages went through the server, and it restarted while pages waited.
  expect(met.pagedImportPages).toBeGreaterThan(0);
  expect(met.restartsMidImport).toBeGreaterThan(0);
});
