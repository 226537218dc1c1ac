// A first pull in pages (since=0 with pageSize): the first page holds every collection's first
// records, the later ones the rest, all at the first page's version; a commit made while the
// pages are read comes in the pull since that version; a pull without pageSize (an older
// client) still gets the whole workspace in one answer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PulledRecord, PullResponse, PushResponse } from '../../lib/sync/protocol';
import { insertFunnels } from '../../scripts/bench-sync';
import { USERS } from './fixture';
import { DB_KINDS, json, startServer, type Client, type TestServer } from './harness';

const FUNNELS = 450;

const pull = async (client: Client, query: string) => {
  const response = await client.get(`/sync/pull?${query}`);
  expect(response.statusCode).toBe(200);
  return json<PullResponse>(response);
};

/** Every page from the first, as a client reads them. */
async function pages(client: Client, pageSize: number, between?: (page: number) => Promise<void>) {
  const answers: PullResponse[] = [];
  let cursor: string | undefined;
  do {
    const answer = await pull(client, `since=0&clientID=paging&pageSize=${pageSize}${cursor ? `&cursor=${cursor}` : ''}`);
    answers.push(answer);
    cursor = answer.cursor;
    if (cursor) await between?.(answers.length);
  } while (cursor);
  return answers;
}

/** The records as a client holds them after applying answers in order (null deletes). */
function apply(answers: PullResponse[]) {
  const held = new Map<string, PulledRecord>();
  for (const answer of answers)
    for (const record of answer.records) {
      const key = `${record.collection}/${record.id}`;
      if (record.value === null || record.value === undefined) held.delete(key);
      else held.set(key, { collection: record.collection, id: record.id, value: record.value });
    }
  return held;
}

const funnelIds = (answers: PullResponse[]) => answers.flatMap((a) => a.records.filter((r) => r.collection === 'funnels').map((r) => r.id));

describe.each(DB_KINDS)('the first pull in pages, on %s', (kind) => {
  let server: TestServer;
  let owner: Client;
  let pushed = 0;

  async function push(name: string, args: unknown) {
    pushed += 1;
    const response = await owner.post('/sync/push', {
      clientID: 'paged-owner',
      memberId: USERS.owner.memberId,
      mutations: [{ id: pushed, name, args, meta: { now: server.clock.now().toISOString(), idSeed: `paged${pushed}` } }],
    });
    expect(json<PushResponse>(response).results).toEqual([{ id: pushed, ok: true }]);
  }

  beforeAll(async () => {
    server = await startServer(kind);
    await insertFunnels(server.db.handle, USERS.owner.workspaceId, FUNNELS);
    owner = await server.signIn('owner');
  });
  afterAll(async () => {
    await server?.close();
  });

  it('sends the first records of each collection first, then the rest, the same records in the same order as one answer', async () => {
    const whole = await pull(owner, 'since=0&clientID=whole');
    // An older client, which sends no pageSize: one answer, no cursor.
    expect(whole.cursor).toBeUndefined();
    expect(whole.full).toBe(true);
    const all = funnelIds([whole]);
    expect(all.length).toBeGreaterThan(FUNNELS);

    const answers = await pages(owner, 100);
    const [first] = answers;
    expect(funnelIds([first])).toEqual(all.slice(0, 200));
    expect(first.partial).toContain('funnels');
    expect(first.records.some((r) => r.collection === 'singletons')).toBe(true);
    expect(first.records.some((r) => r.collection === 'team' && r.id === USERS.owner.memberId)).toBe(true);
    // Later pages: at most pageSize records each, all at the first page's version.
    expect(answers.length).toBeGreaterThan(3);
    for (const answer of answers.slice(1)) expect(answer.records.length).toBeLessThanOrEqual(100);
    for (const answer of answers) {
      expect(answer.version).toBe(whole.version);
      expect(answer.full).toBe(true);
      expect(answer.memberId).toBe(USERS.owner.memberId);
    }
    expect(answers.at(-1)!.cursor).toBeUndefined();
    expect(funnelIds(answers)).toEqual(all);
    expect(apply(answers)).toEqual(apply([whole]));
  });

  it('brings a change committed while the pages are read in the pull since their version', async () => {
    const before = await pull(owner, 'since=0&clientID=before');
    const event = before.records.find((r) => r.collection === 'events')!;
    const late = funnelIds([before]).at(-1)!;
    const early = funnelIds([before])[3];
    const answers = await pages(owner, 100, async (page) => {
      if (page !== 2) return;
      // After the first page and one more: one funnel already sent changes, one not sent yet
      // changes, and an event already sent is deleted.
      await push('funnels.togglePriority', { funnelId: early });
      await push('funnels.togglePriority', { funnelId: late });
      await push('calendar.deleteEvent', { id: event.id });
    });
    const version = answers[0].version;
    expect(version).toBe(before.version);
    const since = await pull(owner, `since=${version}&clientID=paging`);
    expect(since.version).toBe(version + 3);
    const now = await pull(owner, 'since=0&clientID=after');
    expect(apply([...answers, since])).toEqual(apply([now]));
    expect(apply([...answers, since]).has(`events/${event.id}`)).toBe(false);
  });

  it('refuses a cursor it did not write', async () => {
    const response = await owner.get('/sync/pull?since=0&pageSize=100&cursor=bm90LWEtY3Vyc29y');
    expect(response.statusCode).toBe(400);
    expect(json<{ error: string }>(response).error).toBe('This pull cursor is not valid: pull again from the first page');
  });
});
