// What the top bar says when the server does not answer, and while the workspace loads: a
// request with no answer is given up and its change keeps waiting; "All changes saved" waits
// for the whole workspace; a network that comes back says "Saving", never "Can't reach".
import { effect } from '@preact/signals-core';
import { afterEach, describe, expect, it } from 'vitest';
import { sampleInventory, sampleTeam } from '../../lib/sample/workspace';
import { createStore, type Store } from '../../lib/store/createStore';
import { createMemoryStorage } from '../../lib/storage/memory';
import { createSyncClient } from '../../lib/sync/client';
import { statusOf } from '../../lib/sync/status';
import { createTransport, SyncError } from '../../lib/sync/transport';
import type { SyncState, SyncStatus } from '../../lib/sync/types';

const now = () => new Date('2026-03-10T12:00:00Z');
const [admin] = sampleTeam();
const item = sampleInventory(now())[0];

const reply = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

/** A fetch that never answers, as a stopped server's; it ends only when its signal aborts, like the browser's. */
const noAnswer = (init: RequestInit = {}) =>
  new Promise<Response>((_, reject) => {
    const stop = () => reject(new DOMException('The operation was aborted.', 'AbortError'));
    if (init.signal?.aborted) stop();
    init.signal?.addEventListener('abort', stop);
  });

/** The team server: pulls answered when `answerPulls` is called (at once by default); pushes as `push` says. */
function server({ holdPulls = false, push = 'answer' } = {}) {
  const asked: string[] = [];
  let answerPulls = () => {};
  const answering = holdPulls ? new Promise<void>((done) => (answerPulls = done)) : Promise.resolve();
  const fetch = (async (input: string | URL, init: RequestInit = {}) => {
    const path = String(input).replace(/^https?:\/\/[^/]+/, '');
    asked.push(path);
    if (path.startsWith('/sync/push')) {
      if (push === 'hang') return noAnswer(init);
      const body = JSON.parse(init.body as string) as { mutations: { id: number }[] };
      return reply({ lastMutationID: body.mutations.at(-1)?.id ?? 0, results: body.mutations.map((m) => ({ id: m.id, ok: true })) });
    }
    await answering;
    return reply({
      version: 3,
      lastMutationID: 0,
      full: true,
      records: [
        { collection: 'team', id: admin.id, value: admin },
        { collection: 'inventory', id: item.id, value: item },
      ],
      memberId: admin.id,
      workspaceId: 'ws_1',
    });
  }) as typeof globalThis.fetch;
  return { fetch, asked, answerPulls: () => answerPulls() };
}

/** Resolves once the status satisfies `wanted` (the status signal is watched, no time is waited). */
const statusBecomes = (store: Store, wanted: (status: SyncStatus) => boolean) =>
  new Promise<SyncStatus>((done) => {
    const stop = effect(() => {
      const status = store.sync!.status.value;
      if (wanted(status)) {
        queueMicrotask(() => stop());
        done(status);
      }
    });
  });

const stores: Store[] = [];
afterEach(() => {
  for (const store of stores.splice(0)) store.sync?.close();
});

function teamStore(fetch: typeof globalThis.fetch, timeoutMs?: number) {
  const sync = createSyncClient({ server: 'http://team.test', fetch, cache: createMemoryStorage(), ...(timeoutMs ? { timeoutMs } : {}) });
  const store = createStore({ sync, now });
  stores.push(store);
  return store;
}

describe('a request the server never answers', () => {
  it('is given up after the timeout, as worth trying again, saying the server did not answer', async () => {
    const request = createTransport({ server: 'http://team.test', fetch: ((_: unknown, init?: RequestInit) => noAnswer(init)), timeoutMs: 50 });
    const failure = await request('/sync/pull?since=0').then(
      () => null,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(SyncError);
    expect(failure).toMatchObject({ kind: 'retry', message: 'The server did not answer in time' });
  });

  it("stops at once when the caller's signal says so (a logout), whatever the timeout", async () => {
    const request = createTransport({ server: 'http://team.test', fetch: ((_: unknown, init?: RequestInit) => noAnswer(init)), timeoutMs: 60_000 });
    const stop = new AbortController();
    const answer = request('/sync/pull?since=0', { signal: stop.signal }).then(
      () => 'answered',
      (error: unknown) => (error instanceof SyncError ? error.kind : 'other'),
    );
    stop.abort();
    expect(await answer).toBe('retry');
  });

  it("a push with no answer keeps its change waiting and the bar says it can't reach the server", async () => {
    const team = server({ push: 'hang' });
    const store = teamStore(team.fetch, 100);
    await store.loaded;
    await statusBecomes(store, (s) => s.state === 'saved');
    expect(store.inventory.setQuantity(item.id, 41)).toMatchObject({ ok: true });
    const status = await statusBecomes(store, (s) => s.state === 'unreachable');
    expect(status).toEqual({ state: 'unreachable', pending: 1 });
    expect(store.sync!.waiting.value).toHaveLength(1);
    expect(team.asked.filter((path) => path.startsWith('/sync/push')).length).toBeGreaterThan(0);
  });
});

describe('the bar while the workspace loads', () => {
  it('says it is loading until the whole workspace is in, then that all changes are saved', async () => {
    const team = server({ holdPulls: true });
    const store = teamStore(team.fetch);
    const seen: SyncState[] = [];
    const stop = effect(() => void seen.push(store.sync!.status.value.state));
    expect(store.sync!.status.value.state).toBe('loading');
    team.answerPulls();
    await store.loaded;
    await statusBecomes(store, (s) => s.state === 'saved');
    stop();
    // Never "All changes saved" before the workspace was in.
    expect(seen.indexOf('saved')).toBeGreaterThan(seen.indexOf('loading'));
    expect(seen.slice(0, seen.indexOf('saved'))).not.toContain('saved');
  });
});

describe('what the bar is told', () => {
  const facts = { connection: 'ok', online: true, silent: false, loading: false, pending: 0 } as const;
  it('a silent heartbeat is an unreachable server, whatever the last request found', () => {
    expect(statusOf({ ...facts, silent: true, pending: 2 })).toEqual({ state: 'unreachable', pending: 2 });
  });
  it('the browser offline outranks the silence; a removal or an ended session outranks both', () => {
    expect(statusOf({ ...facts, silent: true, online: false }).state).toBe('offline');
    expect(statusOf({ ...facts, silent: true, online: false, connection: 'removed' }).state).toBe('removed');
    expect(statusOf({ ...facts, silent: true, connection: 'signed-out' }).state).toBe('signed-out');
  });
  it('loading, nothing is "saved" yet; loaded, "saving" while changes wait and "saved" when none do', () => {
    expect(statusOf({ ...facts, loading: true }).state).toBe('loading');
    expect(statusOf({ ...facts, loading: true, pending: 1 }).state).toBe('loading');
    expect(statusOf({ ...facts, pending: 1 }).state).toBe('saving');
    expect(statusOf(facts).state).toBe('saved');
  });
});

describe('Logout with a pull on its way', () => {
  it('stops it first: nothing the pull brings reaches the cache once it is cleared', async () => {
    let holdNext = false;
    let pullAsked = () => {};
    const asked = new Promise<void>((done) => (pullAsked = done));
    let answerHeld = () => {};
    const held = new Promise<void>((done) => (answerHeld = done));
    const fetch = (async (input: string | URL, init: RequestInit = {}) => {
      const path = String(input).replace(/^https?:\/\/[^/]+/, '');
      if (path.startsWith('/auth/signout')) {
        // The held pull's answer arrives while the sign-out is on its way.
        answerHeld();
        return reply({ ok: true });
      }
      const records = [
        { collection: 'team', id: admin.id, value: admin },
        { collection: 'inventory', id: item.id, value: item },
      ];
      if (holdNext) {
        holdNext = false;
        pullAsked();
        await Promise.race([held, noAnswer(init)]);
        records.push({ collection: 'inventory', id: 'inv_late', value: { ...item, id: 'inv_late', sku: 'SKU-LATE' } });
      }
      return reply({ version: 4, lastMutationID: 0, full: true, records, memberId: admin.id, workspaceId: 'ws_1' });
    }) as typeof globalThis.fetch;
    const cache = createMemoryStorage();
    const sync = createSyncClient({ server: 'http://team.test', fetch, cache });
    const store = createStore({ sync, now });
    stores.push(store);
    await store.loaded;
    await statusBecomes(store, (s) => s.state === 'saved');
    expect((await cache.load()).length).toBeGreaterThan(0);

    holdNext = true;
    const pulling = sync.sync();
    await asked;
    await sync.signOut();
    await pulling;
    expect(await cache.load()).toEqual([]);
  });
});
