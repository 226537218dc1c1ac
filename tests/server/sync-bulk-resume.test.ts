// A paged import resumed after a reload at any moment: the tab goes away after some pushes
// (with the answer of its last push lost, or before it is sent), and a new tab opens on the
// cache it left. Whatever the moment, every page kept in the cache (queued or waiting aside)
// reaches the server, the resumed import counts the file's rows, and it says "saved" only once
// the server holds every row.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BULK } from '../../lib/domain/bulk';
import type { Funnel } from '../../lib/domain/types';
import { createMemoryStorage } from '../../lib/storage/memory';
import type { StorageAdapter } from '../../lib/storage/types';
import type { BulkJob } from '../../lib/store/bulk';
import { createStore, type Store } from '../../lib/store/createStore';
import { createSyncClient } from '../../lib/sync/client';
import type { PullResponse } from '../../lib/sync/protocol';
import type { StoreSyncClient } from '../../lib/sync/types';
import { creatorRows } from './import-rows';
import { json, startServer, type Client, type TestServer } from './harness';

let server: TestServer;

beforeAll(async () => {
  server = await startServer('pglite', { limits: { perAddress: { max: 1_000_000, windowMs: 60_000 } } });
});
afterAll(async () => {
  await server?.close();
});

interface Tab {
  sync: StoreSyncClient;
  store: Store;
  /** Stops the tab's network: nothing it sends after this arrives, nothing it was sent is answered. */
  unplug(): void;
  /** Resolves when the tab made its `pushes`-th push (then its network is gone). */
  gone: Promise<void>;
}

/**
 * A tab whose network carries `pushes` pushes whole; the next one reaches the server and its
 * answer is lost (`loseAnswer`), or never leaves. Then the tab is as good as closed.
 */
async function openTab(http: Client, cache: StorageAdapter, pushes = Infinity, loseAnswer = false): Promise<Tab> {
  let sent = 0;
  let unplugged = false;
  let markGone = () => {};
  const gone = new Promise<void>((resolve) => (markGone = resolve));
  const never = new Promise<Response>(() => {});
  const unplug = () => {
    unplugged = true;
    markGone();
  };
  const fetch = (async (input: string | URL, init: RequestInit = {}) => {
    if (unplugged) return never;
    const path = String(input).replace(/^https?:\/\/[^/]+/, '');
    const body = typeof init.body === 'string' ? init.body : undefined;
    const isPush = path.startsWith('/sync/push');
    if (isPush && sent >= pushes) {
      unplug();
      if (!loseAnswer) return never;
      await http.request('POST', path, body);
      return never;
    }
    if (isPush) sent += 1;
    const response = await http.request((init.method ?? 'GET') as 'GET' | 'POST', path, body);
    if (unplugged) return never;
    return new Response(response.body, { status: response.statusCode, headers: { 'content-type': 'application/json' } });
  }) as typeof globalThis.fetch;
  const sync = createSyncClient({ server: 'http://team.test', cache, fetch, pullEveryMs: 3_600_000 });
  const store = createStore({ sync, now: server.clock.now });
  await store.loaded;
  return { sync, store, unplug, gone };
}

/** Resolves with the job's first state past saving, the tab's network cut at that moment. */
function finished(tab: Tab, job: BulkJob) {
  return new Promise<string>((resolve) => {
    const stop = job.state.subscribe((state) => {
      if (state === 'saving') return;
      tab.unplug();
      queueMicrotask(() => stop());
      resolve(state);
    });
  });
}

async function importedOnServer(http: Client, prefix: string) {
  const funnels = json<PullResponse>(await http.get('/sync/pull?since=0'))
    .records.filter((r) => r.collection === 'funnels' && r.value)
    .map((r) => r.value as Funnel);
  return funnels.filter((f) => f.creatorHandle.startsWith(`@${prefix}_`)).length;
}

let runs = 0;

describe('a paged import resumed after a reload', () => {
  it('sends every page kept in the cache, counts the file, and says saved only when the server holds every row', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          pages: fc.integer({ min: BULK.queuedPages + 2, max: BULK.queuedPages * 2 + 1 }),
          pushesBeforeReload: fc.integer({ min: 0, max: 4 }),
          loseAnswer: fc.boolean(),
        }),
        async ({ pages, pushesBeforeReload, loseAnswer }) => {
          runs += 1;
          const prefix = `resume${runs}x${Date.now().toString(36)}`;
          const count = pages * BULK.pageRows - 7;
          const http = await server.signIn('owner');
          const cache = createMemoryStorage();
          const first = await openTab(http, cache, pushesBeforeReload, loseAnswer);
          const result = first.store.admin.importCreators(creatorRows(prefix, count), 0);
          expect(result.ok).toBe(true);
          const job = result.ok ? result.value.job! : null;
          const ended = finished(first, job!);
          // The tab goes away mid-import, or the import ended before its last allowed push.
          const outcome = await Promise.race([first.gone.then(() => 'reloaded'), ended]);
          first.store.dispose();
          if (outcome !== 'reloaded') {
            expect(outcome).toBe('saved');
            expect(await importedOnServer(http, prefix)).toBe(count);
            return;
          }

          const second = await openTab(http, cache);
          const resumed = second.store.bulk.jobs.peek();
          if (resumed.length === 0) {
            // Nothing was left in the cache: the server took every page before the reload.
            expect(await importedOnServer(http, prefix)).toBe(count);
          } else {
            expect(resumed).toHaveLength(1);
            const again = resumed[0];
            // The resumed import counts the whole file, not the pages found left.
            expect(again.progress.peek().total).toBe(count);
            const state = again.state.peek() === 'saving' ? await finished(second, again) : again.state.peek();
            expect(state).toBe('saved');
            // "Saved" is the server's word: it holds every row at that moment, once each.
            expect(await importedOnServer(http, prefix)).toBe(count);
            expect(again.progress.peek()).toMatchObject({ total: count, confirmed: count });
          }
          expect(second.sync.staged.peek()).toEqual([]);
          expect(second.sync.waiting.peek()).toEqual([]);
          second.store.dispose();
        },
      ),
      { numRuns: Number(process.env.SYNC_BULK_RESUME_RUNS ?? 4) },
    );
  }, 600_000);
});
