// A returning member's reopen with a team server: the sync cache is read in parts like the
// browser-only storage (the first funnels show before the rest is read, and before the server
// answers), and the server's answer is merged only once every cached record is in.
import 'fake-indexeddb/auto';
import { effect } from '@preact/signals-core';
import { describe, expect, it } from 'vitest';
import { sampleFunnels } from '../../lib/sample';
import { META, SCHEMA_VERSION } from '../../lib/schema/migrations';
import { createStore, type Store } from '../../lib/store/createStore';
import { sumOf } from '../../lib/store/bulk';
import { STILL_LOADING_MESSAGE } from '../../lib/store/core';
import { createIndexedDbStorage } from '../../lib/storage/indexeddb';
import type { StorageOp } from '../../lib/storage/types';
import { heldAfterFirstPart } from '../helpers/held-storage';
import { createSyncClient } from '../../lib/sync/client';
import type { PullResponse } from '../../lib/sync/protocol';
import { PENDING, SYNC } from '../../lib/sync/queue';

const now = () => new Date('2026-03-10T12:00:00Z');
const [template] = sampleFunnels(now());
const funnel = (i: number, name = `Creator ${i}`) => ({ ...template, id: `CRP${String(i).padStart(5, '0')}`, creatorName: name, isPriority: false });

const OWNER = { id: 'tm_1', name: 'Alex Morgan', email: 'alex@example.com', role: 'Admin', status: 'Active', permissions: { editAutomations: true, sendOutreach: true, manageTeam: true, viewAnalytics: true } };

/** A sync cache (IndexedDB) holding `count` funnels at workspace version 5, and `waiting` queued changes. */
async function cachedWorkspace(workspace: string, count: number, waiting: StorageOp[] = [], member: typeof OWNER = OWNER) {
  const cache = createIndexedDbStorage({ workspace });
  await cache.write([
    { type: 'put', collection: META.collection, id: META.id, value: { version: SCHEMA_VERSION } },
    { type: 'put', collection: SYNC, id: 'version', value: 5 },
    { type: 'put', collection: 'singletons', id: 'session', value: { memberId: 'tm_1' } },
    { type: 'put', collection: 'team', id: 'tm_1', value: member },
    ...Array.from({ length: count }, (_, i): StorageOp => ({ type: 'put', collection: 'funnels', id: funnel(i).id, value: funnel(i) })),
    ...waiting,
  ]);
  cache.close?.();
}

/** IndexedDB whose later parts wait for `release` (the first part comes at once). */
const heldAfterFirstPartOf = (workspace: string) => heldAfterFirstPart(createIndexedDbStorage({ workspace }));

/** The team server, answering each pull when the test says; the pushes it was sent. */
function server(answer: Omit<PullResponse, 'lastMutationID' | 'memberId' | 'workspaceId'>) {
  const pulls: string[] = [];
  const pushes: unknown[] = [];
  let answerPulls = () => {};
  const answering = new Promise<void>((done) => (answerPulls = done));
  const fetch = (async (input: string | URL, init: RequestInit = {}) => {
    const path = String(input).replace(/^https?:\/\/[^/]+/, '');
    const reply = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    if (path.startsWith('/sync/push')) {
      const body = JSON.parse(init.body as string) as { mutations: { id: number }[] };
      pushes.push(body);
      return reply({ lastMutationID: body.mutations.at(-1)?.id ?? 0, results: body.mutations.map((m) => ({ id: m.id, ok: true })) });
    }
    pulls.push(path);
    await answering;
    return reply({ ...answer, lastMutationID: 0, memberId: 'tm_1', workspaceId: 'ws_1' });
  }) as typeof globalThis.fetch;
  return { fetch, pulls, pushes, answerPulls };
}

const readyOf = (store: Store) =>
  new Promise<void>((done) => {
    const stop = effect(() => {
      if (store.ready.value) {
        queueMicrotask(() => stop());
        done();
      }
    });
  });

describe('a first visit in pages', () => {
  it('shows the first page before the next one arrives, and keeps the version only once every page is in', async () => {
    const asked: string[] = [];
    let answerSecond = () => {};
    const second = new Promise<void>((done) => (answerSecond = done));
    const all = Array.from({ length: 2500 }, (_, i) => ({ collection: 'funnels', id: funnel(i).id, value: funnel(i) }));
    const reply = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    const page = (records: unknown[], more?: string) => ({ version: 9, lastMutationID: 0, full: true, records, memberId: 'tm_1', workspaceId: 'ws_1', ...(more ? { cursor: more, partial: ['funnels'] } : {}) });
    const fetch = (async (input: string | URL) => {
      const url = new URL(String(input));
      asked.push(url.search);
      if (url.searchParams.get('since') !== '0') return reply(page([]));
      if (!url.searchParams.has('cursor')) return reply(page([{ collection: 'team', id: 'tm_1', value: OWNER }, ...all.slice(0, 200)], 'next'));
      await second;
      return reply(page(all.slice(200)));
    }) as typeof globalThis.fetch;
    const cache = createIndexedDbStorage({ workspace: 'team:first-pages' });
    const sync = createSyncClient({ server: 'http://team.test', cache, fetch, pullEveryMs: 3_600_000 });
    const store = createStore({ sync, now });
    await readyOf(store);
    expect(store.funnels.items.items.value).toHaveLength(200);
    expect(store.complete.value).toBe(false);
    expect(asked[0]).toContain('pageSize=');
    await expect.poll(() => asked.length).toBe(2);
    expect(asked[1]).toContain('cursor=next');
    // Closed now, this cache would be read as a first visit again: no version yet.
    const early = await createIndexedDbStorage({ workspace: 'team:first-pages' }).load();
    expect(early.some((r) => r.collection === SYNC && r.id === 'version')).toBe(false);

    answerSecond();
    await store.loaded;
    expect(store.complete.value).toBe(true);
    expect(store.funnels.items.items.value).toHaveLength(2500);
    await store.flush();
    const cached = await createIndexedDbStorage({ workspace: 'team:first-pages' }).load();
    expect(cached.find((r) => r.collection === SYNC && r.id === 'version')?.value).toBe(9);
    expect(cached.filter((r) => r.collection === 'funnels')).toHaveLength(2500);
    store.dispose();
    sync.close();
  });
});

describe('reopening a team workspace from the sync cache in parts', () => {
  it('shows the first funnels before the rest is read and before the server answers; merges the answer once all is in', async () => {
    await cachedWorkspace('team:parts-a', 4500);
    const { storage, release } = heldAfterFirstPartOf('team:parts-a');
    // The server renamed a funnel the first part does not hold.
    const net = server({ version: 6, full: false, records: [{ collection: 'funnels', id: 'CRP04000', value: funnel(4000, 'Renamed on the server') }] });
    const sync = createSyncClient({ server: 'http://team.test', cache: storage, fetch: net.fetch, pullEveryMs: 3_600_000 });
    const store = createStore({ sync, now });
    await readyOf(store);
    expect(store.funnels.items.items.value).toHaveLength(200);
    expect(store.complete.value).toBe(false);
    expect(store.funnels.togglePriority('CRP04000')).toEqual({ ok: false, error: STILL_LOADING_MESSAGE, problem: { key: 'frame.storage.stillLoading' } });
    // The pull went out at once, asking for what changed since the cached version.
    await expect.poll(() => net.pulls.length).toBe(1);
    expect(net.pulls[0]).toContain('since=5');
    // Its answer arrives while the rest is still being read: it waits.
    net.answerPulls();
    await new Promise((done) => setTimeout(done, 0));
    expect(store.funnels.items.items.value).toHaveLength(200);
    expect(store.funnels.items.get('CRP04000')).toBeUndefined();

    release();
    await store.loaded;
    await expect.poll(() => store.funnels.items.get('CRP04000')?.creatorName).toBe('Renamed on the server');
    expect(store.complete.value).toBe(true);
    expect(store.funnels.items.items.value).toHaveLength(4500);
    // The cache holds the server's name and version, for the next reopen.
    await store.flush();
    const cached = await createIndexedDbStorage({ workspace: 'team:parts-a' }).load();
    expect(cached.find((r) => r.collection === SYNC && r.id === 'version')?.value).toBe(6);
    expect((cached.find((r) => r.id === 'CRP04000')?.value as { creatorName: string }).creatorName).toBe('Renamed on the server');
    store.dispose();
    sync.close();
  });

  it('reads a queue longer than the first part whole before pushing it, oldest first', async () => {
    const waiting = Array.from({ length: 450 }, (_, i): StorageOp => {
      const id = i + 1;
      const value = { clientID: 'closed-tab', id, queuedAt: `2026-03-10T11:${String(Math.floor(id / 60)).padStart(2, '0')}:${String(id % 60).padStart(2, '0')}.000Z`, name: 'funnels.togglePriority', args: { id: 'CRP00001' }, meta: { now: '2026-03-10T11:00:00.000Z', idSeed: `s${id}` }, author: { memberId: 'tm_1' } };
      return { type: 'put', collection: PENDING, id: `closed-tab:${String(id).padStart(12, '0')}`, value };
    });
    await cachedWorkspace('team:parts-b', 4500, waiting);
    const net = server({ version: 5, full: true, records: [{ collection: 'team', id: 'tm_1', value: OWNER }, ...Array.from({ length: 4500 }, (_, i) => ({ collection: 'funnels', id: funnel(i).id, value: funnel(i) }))] });
    net.answerPulls();
    const sync = createSyncClient({ server: 'http://team.test', cache: createIndexedDbStorage({ workspace: 'team:parts-b' }), fetch: net.fetch, pullEveryMs: 3_600_000 });
    const store = createStore({ sync, now });
    await store.loaded;
    await expect.poll(() => net.pushes.length, { timeout: 15_000 }).toBeGreaterThan(0);
    const pushed = (net.pushes as { mutations: { id: number }[] }[]).flatMap((p) => p.mutations.map((m) => m.id));
    expect(pushed.slice(0, 3)).toEqual([1, 2, 3]);
    await expect.poll(() => sync.waiting.value.length, { timeout: 15_000 }).toBe(0);
    const all = (net.pushes as { mutations: { id: number }[] }[]).flatMap((p) => p.mutations.map((m) => m.id));
    expect(all).toHaveLength(450);
    store.dispose();
    sync.close();
  });
});

describe('an import while the reopened cache is still read in parts', () => {
  it('waits for the whole workspace, then sends every page once, in order, and the job ends saved', async () => {
    await cachedWorkspace('team:parts-import', 4500);
    const { storage, release } = heldAfterFirstPartOf('team:parts-import');
    const net = server({ version: 5, full: false, records: [] });
    net.answerPulls();
    const sync = createSyncClient({ server: 'http://team.test', cache: storage, fetch: net.fetch, pullEveryMs: 3_600_000 });
    const store = createStore({ sync, now });
    await readyOf(store);
    expect(store.complete.value).toBe(false);

    // Three pages of 200; the import checks every creator's handle, which only the whole workspace answers.
    const rows = Array.from({ length: 480 }, (_, i) => ({ row: i + 2, draft: { handle: `@late${i}`, name: `Late Creator ${i}` } }));
    const result = store.admin.importCreators(rows);
    if (!result.ok) throw new Error(`the import was refused: ${result.error}`);
    const job = result.value.job!;
    expect(job.state.value).toBe('saving');
    expect(job.progress.value.total).toBe(480);
    // Every page waits in the cache, the first one too: nothing of it runs or goes out while the rest is read.
    await expect.poll(() => sync.staged.value.length).toBe(3);
    expect(sync.waiting.value).toHaveLength(0);
    expect(net.pushes).toHaveLength(0);
    expect(store.funnels.items.get('CRP04400')).toBeUndefined();

    release();
    await store.loaded;
    await expect.poll(() => job.state.value, { timeout: 15_000 }).toBe('saved');
    expect(job.progress.value.confirmed).toBe(480);
    const pushed = (net.pushes as { mutations: { args: { rows: { draft: { handle: string } }[]; part: { index: number } } }[] }[]).flatMap((p) => p.mutations);
    expect(pushed.map((m) => m.args.part.index)).toEqual([0, 1, 2]);
    expect(pushed.flatMap((m) => m.args.rows.map((r) => r.draft.handle))).toEqual(rows.map((r) => r.draft.handle));
    expect(sumOf(job.values, 'created')).toBe(480);
    store.dispose();
    sync.close();
  });

  it('refuses at once a member who may not import, keeping nothing aside', async () => {
    const viewer = { ...OWNER, role: 'Viewer', permissions: { editAutomations: false, sendOutreach: false, manageTeam: false, viewAnalytics: true } };
    await cachedWorkspace('team:parts-import-viewer', 4500, [], viewer);
    const { storage, release } = heldAfterFirstPartOf('team:parts-import-viewer');
    const net = server({ version: 5, full: false, records: [] });
    net.answerPulls();
    const sync = createSyncClient({ server: 'http://team.test', cache: storage, fetch: net.fetch, pullEveryMs: 3_600_000 });
    const store = createStore({ sync, now });
    await readyOf(store);
    expect(store.complete.value).toBe(false);
    const result = store.admin.importCreators([{ row: 2, draft: { handle: '@viewer', name: 'Viewer Import' } }]);
    expect(result.ok).toBe(false);
    expect(store.bulk.jobs.value).toHaveLength(0);
    expect(sync.staged.value).toHaveLength(0);
    release();
    await store.loaded;
    store.dispose();
    sync.close();
  });
});
