// A tab closed between the server's refusal of its change and the pull that rolls it back: the
// refusal takes the change out of the queue, but the cache still holds what the change wrote
// (the event gone, an activity entry the server never wrote). The next tab on that cache must
// show the server's records, not keep the refused change because a pull of what changed since
// never names it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryStorage } from '../../lib/storage/memory';
import type { StorageAdapter } from '../../lib/storage/types';
import { createStore, type Store } from '../../lib/store/createStore';
import { createSyncClient } from '../../lib/sync/client';
import type { PullResponse, PushResponse } from '../../lib/sync/protocol';
import { USERS } from './fixture';
import { DB_KINDS, json, startServer, type Client, type TestServer } from './harness';

/** A tab's network: every request reaches the server until the tab closes. */
function network(http: Client) {
  const net = {
    closed: false,
    /** Closes the tab as soon as a push is answered (before its pull can go). */
    closeAfterPush: false,
    pushes: [] as PushResponse[],
    fetch: (async (input: string | URL, init: RequestInit = {}) => {
      if (net.closed) throw new TypeError('Failed to fetch');
      const path = String(input).replace(/^https?:\/\/[^/]+/, '');
      const body = typeof init.body === 'string' ? init.body : undefined;
      const response = await http.request((init.method ?? 'GET') as 'GET' | 'POST', path, body);
      if (path.startsWith('/sync/push')) {
        net.pushes.push(response.json<PushResponse>());
        if (net.closeAfterPush) net.closed = true;
      }
      return new Response(response.body, { status: response.statusCode, headers: { 'content-type': 'application/json' } });
    }) as typeof fetch,
  };
  return net;
}

async function openTab(server: TestServer, cache: StorageAdapter, fetch: typeof globalThis.fetch): Promise<Store> {
  const sync = createSyncClient({ server: 'http://team.test', cache, fetch, pullEveryMs: 3_600_000 });
  const store = createStore({ sync, now: server.clock.now });
  await store.loaded;
  return store;
}

const ids = (list: readonly { id: string }[]) => list.map((r) => r.id).sort();

describe.each(DB_KINDS)('a refused change whose tab closed before its rollback, on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(kind);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('is gone from the next tab on the same cache: it shows the server records', async () => {
    const http = await server.signIn('owner');
    const cache = createMemoryStorage();
    const first = network(http);
    const tab = await openTab(server, cache, first.fetch);
    const event = tab.calendar.events.items.peek()[0];
    expect(event).toBeDefined();

    // A teammate deletes the event first; then this tab deletes it too, on its stale copy.
    const teammate = await server.signIn('editor');
    const theirs = await teammate.post('/sync/push', {
      clientID: 'teammate-tab',
      memberId: USERS.editor.memberId,
      mutations: [{ id: 1, name: 'calendar.deleteEvent', args: { id: event.id }, meta: { now: server.clock.now().toISOString(), idSeed: 'teammate1' } }],
    });
    expect(json<PushResponse>(theirs).results).toEqual([{ id: 1, ok: true }]);
    const activityBefore = tab.admin.activity.items.peek().length;
    const result = tab.mutate('calendar.deleteEvent', { id: event.id });
    expect(result.ok).toBe(true);
    expect(tab.admin.activity.items.peek()).toHaveLength(activityBefore + 1);

    // The push is refused; the tab closes before the pull that would roll the change back.
    first.closeAfterPush = true;
    await tab.flush();
    await expect.poll(() => first.pushes.length).toBe(1);
    expect(first.pushes[0].results).toMatchObject([{ ok: false, code: 'rejected' }]);
    await tab.flush();
    tab.dispose();

    // The browser opens the workspace again on the same cache.
    const next = await openTab(server, cache, network(http).fetch);
    await next.sync!.sync();
    const serverState = json<PullResponse>(await http.get('/sync/pull?since=0'));
    const serverActivity = serverState.records.filter((r) => r.collection === 'activity' && r.value).map((r) => ({ id: r.id }));
    const serverEvents = serverState.records.filter((r) => r.collection === 'events' && r.value).map((r) => ({ id: r.id }));
    expect(ids(next.admin.activity.items.peek())).toEqual(ids(serverActivity));
    expect(ids(next.calendar.events.items.peek())).toEqual(ids(serverEvents));
    next.dispose();
  });
});
