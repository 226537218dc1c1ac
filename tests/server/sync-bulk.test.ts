// Paged bulk writes against a real server: an import of creators goes in pages (each its own
// mutation), through the real store and sync client, while the server restarts between pushes
// or right after taking one (its answer lost), and the tab is reloaded on its persisted queue.
// After everyone syncs, the browser holds the server's records, every row is on the server once,
// and each page was applied once (one activity entry per page): the server's per-client
// mutation ids skip the pages it had taken before the restart.
import { effect } from '@preact/signals-core';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BULK } from '../../lib/domain/bulk';
import type { ActivityEntry, Funnel } from '../../lib/domain/types';
import { MUTATORS } from '../../lib/mutators';
import { createMemoryStorage } from '../../lib/storage/memory';
import type { StorageAdapter } from '../../lib/storage/types';
import { sumOf, type BulkJob } from '../../lib/store/bulk';
import { createStore, type Store } from '../../lib/store/createStore';
import { createSyncClient } from '../../lib/sync/client';
import type { PullResponse, PushResponse } from '../../lib/sync/protocol';
import type { StoreSyncClient, WaitingMutation } from '../../lib/sync/types';
import { createServerTx, NotPreloadedError } from '../../server/db/tx';
import { creatorRows } from './import-rows';
import { json, startServer, type Client, type TestServer } from './harness';

let server: TestServer;

beforeAll(async () => {
  server = await startServer('pglite', { limits: { perAddress: { max: 1_000_000, windowMs: 60_000 } } }, { onDisk: true });
});
afterAll(async () => {
  await server?.close();
});

/** Where the network fails: the server restarts before a push reaches it, or after it took one (the answer is lost). */
interface Faults {
  restartBefore: Set<number>;
  restartAfter: Set<number>;
}

/** A browser tab: the real store on the real sync client, its cache kept across reloads. */
interface Tab {
  sync: StoreSyncClient;
  store: Store;
}

/** A restart under way: requests wait for the server to be back, as a browser's retries would. */
let restarting: Promise<void> | null = null;
function restart() {
  restarting ??= server.restart().finally(() => (restarting = null));
  return restarting;
}

function network(http: Client, faults: Faults, beforePush?: () => Promise<void>) {
  let pushes = 0;
  const pushed: { clientID: string; ids: number[]; response: PushResponse | null }[] = [];
  const fetch = (async (input: string | URL, init: RequestInit = {}) => {
    const path = String(input).replace(/^https?:\/\/[^/]+/, '');
    const body = typeof init.body === 'string' ? init.body : undefined;
    const isPush = path.startsWith('/sync/push');
    if (isPush) {
      await beforePush?.();
      pushes += 1;
      if (faults.restartBefore.has(pushes)) {
        await restart();
        throw new TypeError('Failed to fetch');
      }
    }
    while (restarting) await restarting;
    const response = await http.request((init.method ?? 'GET') as 'GET' | 'POST', path, body);
    if (isPush && body) {
      const sent = JSON.parse(body) as { clientID: string; mutations: { id: number }[] };
      pushed.push({ clientID: sent.clientID, ids: sent.mutations.map((m) => m.id), response: response.statusCode === 200 ? response.json<PushResponse>() : null });
      if (faults.restartAfter.has(pushes)) {
        await restart();
        throw new TypeError('Failed to fetch');
      }
    }
    return new Response(response.body, { status: response.statusCode, headers: { 'content-type': 'application/json' } });
  }) as typeof globalThis.fetch;
  return { fetch, pushed };
}

async function openTab(cache: StorageAdapter, fetch: typeof globalThis.fetch): Promise<Tab> {
  const sync = createSyncClient({ server: 'http://team.test', cache, fetch, pullEveryMs: 3_600_000 });
  const store = createStore({ sync, now: server.clock.now });
  await store.loaded;
  return { sync, store };
}

/** Syncs until nothing waits (a failed push leaves its pages in the queue for the next try). */
async function syncUntilSettled(tab: Tab) {
  for (let round = 0; round < 20 && (round === 0 || tab.sync.waiting.peek().length > 0); round++) await tab.sync.sync();
  expect(tab.sync.waiting.peek()).toEqual([]);
}

const funnelsOf = (pull: PullResponse) => pull.records.filter((r) => r.collection === 'funnels').map((r) => r.value as Funnel);
const activityOf = (pull: PullResponse) => new Map(pull.records.filter((r) => r.collection === 'activity').map((r) => [r.id, r.value as ActivityEntry]));

let runs = 0;

describe('paged imports through restarts and reloads', () => {
  it('every row reaches the server once, each page is applied once, and the browser equals the server', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          rows: fc.integer({ min: BULK.pageRows + 1, max: BULK.pageRows * 3 }),
          restartBefore: fc.uniqueArray(fc.integer({ min: 1, max: 4 }), { maxLength: 2 }),
          restartAfter: fc.uniqueArray(fc.integer({ min: 1, max: 4 }), { maxLength: 2 }),
          reload: fc.boolean(),
        }),
        async ({ rows: count, restartBefore, restartAfter, reload }) => {
          runs += 1;
          const prefix = `run${runs}x${Date.now().toString(36)}`;
          const http = await server.signIn('owner');
          const before = funnelsOf(json<PullResponse>(await http.get('/sync/pull?since=0'))).length;
          const faults = { restartBefore: new Set(restartBefore), restartAfter: new Set(restartAfter) };
          // Whenever the tab pushes, the import's progress says what the server holds: each page
          // went in a push of its own and was counted when its answer came. (A lost answer is
          // counted only once the page is pushed again, or a pull finds it taken.)
          const counts: { server: number; shown: number }[] = [];
          let watched: BulkJob | null = null;
          const net = network(http, faults, async () => {
            if (!watched || faults.restartAfter.size) return;
            const server = funnelsOf(json<PullResponse>(await http.get('/sync/pull?since=0'))).filter((f) => f.creatorHandle.startsWith(`@${prefix}_`)).length;
            counts.push({ server, shown: watched.progress.peek().confirmed });
          });
          const cache = createMemoryStorage();
          let tab = await openTab(cache, net.fetch);

          const rows = creatorRows(prefix, count);
          const result = tab.store.admin.importCreators(rows, 0);
          // The first page answers at once; the rest follow a page per task.
          expect(result).toMatchObject({ ok: true, value: { created: BULK.pageRows, updated: 0 } });
          const job = result.ok ? result.value.job : null;
          expect(job).not.toBeNull();
          watched = job;
          const pages = Math.ceil(count / BULK.pageRows);
          // The first page is queued at once, the rest one per task (some may be pushed meanwhile).
          const seen = new Map<string, WaitingMutation>();
          const stopWatching = effect(() => {
            for (const m of tab.sync.waiting.value) if (m.name === 'creators.import') seen.set(m.key, m);
          });
          await expect.poll(() => job!.values.length).toBe(pages);
          stopWatching();
          const queued = [...seen.values()];
          expect(queued).toHaveLength(pages);
          expect(sumOf(job!.values, 'created')).toBe(count);

          // One push goes (or fails); then the tab may be reloaded on what its cache kept.
          await tab.sync.sync();
          if (reload) {
            // The reloaded tab's import is another job: it is not watched.
            watched = null;
            tab.store.dispose();
            tab = await openTab(cache, net.fetch);
          }
          await syncUntilSettled(tab);

          const final = json<PullResponse>(await http.get('/sync/pull?since=0'));
          const serverFunnels = funnelsOf(final);
          const imported = serverFunnels.filter((f) => f.creatorHandle.startsWith(`@${prefix}_`));
          // Every row once: no page lost, none applied twice.
          expect(imported).toHaveLength(count);
          expect(new Set(imported.map((f) => f.creatorHandle)).size).toBe(count);
          expect(serverFunnels).toHaveLength(before + count);
          // Each page's activity entry (its id comes from the page's seed) counts its rows as
          // created: a page applied a second time would have found them and said "updated".
          const activity = activityOf(final);
          for (const page of queued) {
            const rowsInPage = (page.args as { rows: unknown[] }).rows.length;
            expect(activity.get(`act_${page.meta.idSeed}`)?.metadata).toMatchObject({ created: rowsInPage, updated: 0 });
          }
          // A page pushed again after a lost answer was skipped by its mutation id, not applied again.
          const taken = net.pushed.flatMap((p) => (p.response ? p.response.results.filter((r) => r.ok).map((r) => `${p.clientID}:${r.id}`) : []));
          expect(new Set(taken).size).toBeGreaterThanOrEqual(pages);
          // The browser holds the server's records.
          const byId = (list: readonly Funnel[]) => Object.fromEntries([...list].map((f) => [f.id, f]));
          expect(byId(tab.store.funnels.items.items.peek())).toEqual(byId(serverFunnels));
          // What the import screen reads: every row confirmed.
          for (const j of tab.store.bulk.jobs.peek()) expect(j.progress.peek()).toMatchObject({ confirmed: j.progress.peek().total, refused: 0 });
          if (!reload) expect(job!.state.peek()).toBe('saved');
          // Each page went in a push of its own, and the progress said what the server held whenever the tab pushed.
          expect(net.pushed.map((p) => p.ids.length).filter((n) => n !== 1)).toEqual([]);
          for (const { server, shown } of counts) expect(shown).toBe(server);
          if (!faults.restartAfter.size) expect(counts.length).toBeGreaterThan(0);
          tab.store.dispose();
        },
      ),
      { numRuns: Number(process.env.SYNC_BULK_RUNS ?? 5) },
    );
  }, 600_000);

  it('skips a page pushed twice by its mutation id: the second push applies nothing', async () => {
    const http = await server.signIn('owner');
    const net = network(http, { restartBefore: new Set(), restartAfter: new Set() });
    const tab = await openTab(createMemoryStorage(), net.fetch);
    const count = BULK.pageRows + 10;
    const result = tab.store.admin.importCreators(creatorRows(`dup${Date.now().toString(36)}`, count), 0);
    expect(result.ok).toBe(true);
    await syncUntilSettled(tab);
    const versionBefore = json<PullResponse>(await http.get('/sync/pull?since=0')).version;
    // The same pushes again, as a browser whose answer was lost would send them.
    for (const sent of net.pushed) {
      const again = await http.post('/sync/push', { clientID: sent.clientID, memberId: 'tm_1', mutations: sent.ids.map((id) => ({ id, name: 'creators.import', args: { rows: [] }, meta: { now: server.clock.now().toISOString(), idSeed: `again${id}` } })) });
      expect(again.statusCode).toBe(200);
      expect(json<PushResponse>(again).results.every((r) => r.ok)).toBe(true);
    }
    expect(json<PullResponse>(await http.get('/sync/pull?since=0')).version).toBe(versionBefore);
    expect(tab.store.bulk.jobs.peek()[0]?.state.peek()).toBe('saved');
    tab.store.dispose();
  }, 120_000);
});

describe('a mutation carries at most 1,000 rows', () => {
  it('refuses a mutation of more rows than one may carry, changes nothing, and applies the next one in the same push', async () => {
    const http = await server.signIn('owner');
    const prefix = `cap${Date.now().toString(36)}`;
    const row = (i: number) => ({ sku: `${prefix}-${i}`, name: `Item ${i}`, quantity: '1' });
    const meta = { now: server.clock.now().toISOString() };
    const response = await http.post('/sync/push', {
      clientID: `${prefix}client`,
      mutations: [
        { id: 1, name: 'inventory.importItems', args: { rows: Array.from({ length: BULK.serverRows + 1 }, (_, i) => row(i)) }, meta: { ...meta, idSeed: `${prefix}a` } },
        { id: 2, name: 'inventory.importItems', args: { rows: Array.from({ length: BULK.serverRows }, (_, i) => row(i)) }, meta: { ...meta, idSeed: `${prefix}b` } },
      ],
    });
    expect(response.statusCode).toBe(200);
    const [refused, applied] = json<PushResponse>(response).results;
    expect(refused).toMatchObject({ id: 1, ok: false, error: 'rows holds at most 1,000 rows in one mutation: send them in pages' });
    expect(applied).toEqual({ id: 2, ok: true });
    const stored = json<PullResponse>(await http.get('/sync/pull?since=0')).records.filter((r) => r.collection === 'inventory' && (r.value as { sku?: string } | null)?.sku?.startsWith(prefix));
    expect(stored).toHaveLength(BULK.serverRows);
    // Refused, but taken: the same push again applies nothing more.
    const again = await http.post('/sync/push', { clientID: `${prefix}client`, mutations: [{ id: 1, name: 'inventory.importItems', args: { rows: [row(5000)] }, meta: { ...meta, idSeed: `${prefix}c` } }] });
    expect(json<PushResponse>(again).results).toEqual([{ id: 1, ok: true }]);
    expect(json<PullResponse>(await http.get('/sync/pull?since=0')).records.filter((r) => (r.value as { sku?: string } | null)?.sku === `${prefix}-5000`)).toHaveLength(0);
  });
});

describe('an import page reads what its rows name, not the workspace', () => {
  it('loads the creators its handles name and never the whole funnels collection', async () => {
    const reads = MUTATORS['creators.import'].reads({ rows: [{ row: 1, draft: { handle: '@sarahjstyle', name: 'Sarah' } }] });
    expect(reads).toEqual([{ collection: 'funnels', keys: ['@sarahjstyle'] }]);
    expect(MUTATORS['inventory.importItems'].reads({ rows: [{ sku: 'SKU-001', name: 'Earbuds' }] })).toEqual([{ collection: 'inventory', keys: ['sku-001'] }]);
    await server.db.handle.db.transaction(async (dbTx) => {
      const tx = createServerTx(dbTx, 'acme', null, { meta: { now: server.clock.now().toISOString(), idSeed: 'readcheck' } });
      await tx.preload(reads);
      expect(tx.lookup('funnels', '@SARAHJSTYLE').map((f) => f.creatorName)).toEqual(['Sarah Johnson']);
      expect(() => tx.scan('funnels')).toThrow(NotPreloadedError);
      expect(() => tx.lookup('funnels', '@mikechentech')).toThrow(NotPreloadedError);
    });
  });
});
