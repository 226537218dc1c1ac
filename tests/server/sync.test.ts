// Sync over real HTTP on PGlite and PostgreSQL: pushes run the browser's own mutators with the
// member as stored, retries are applied once, refusals count as processed and change nothing,
// pulls bring changes and deletions since a version, and stock is never oversold.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../../lib/domain/types';
import type { PullResponse, PushResponse } from '../../lib/sync/protocol';
import { SEED_TIME, USERS } from './fixture';
import { DB_KINDS, json, startServer, type Client, type TestServer } from './harness';

let seed = 0;
const meta = () => ({ now: SEED_TIME.toISOString(), idSeed: `t${(seed++).toString(36)}` });
const record = <T>(pull: PullResponse, collection: string, id: string) => pull.records.find((r) => r.collection === collection && r.id === id)?.value as T | null | undefined;

describe.each(DB_KINDS)('sync on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(kind, { limits: { perAddress: { max: 1000, windowMs: 60_000 } } });
  });
  afterAll(async () => {
    await server?.close();
  });

  const pull = async (client: Client, since = 0, clientID?: string) =>
    json<PullResponse>(await client.get(`/sync/pull?since=${since}${clientID ? `&clientID=${clientID}` : ''}`));
  const push = (client: Client, clientID: string, mutations: { id: number; name: string; args: unknown }[]) =>
    client.post('/sync/push', { clientID, mutations: mutations.map((m) => ({ ...m, meta: meta() })) });

  it('applies a pushed mutation once, as the member stored, and another member pulls it with the activity entry', async () => {
    const editor = await server.signIn('editor');
    const owner = await server.signIn('owner');
    const start = await pull(owner);
    expect(start.full).toBe(true);
    expect(start.memberId).toBe(USERS.owner.memberId);
    const call = { id: 1, name: 'inventory.setQuantity', args: { id: 'inv_2', quantity: 33 }, meta: meta() };
    const first = await editor.post('/sync/push', { clientID: 'editor-tab-1', mutations: [call] });
    expect(first.statusCode).toBe(200);
    expect(json<PushResponse>(first)).toEqual({ lastMutationID: 1, results: [{ id: 1, ok: true }] });
    // The same push again (a retry after a lost answer): applied once.
    expect(json<PushResponse>(await editor.post('/sync/push', { clientID: 'editor-tab-1', mutations: [call] }))).toEqual({ lastMutationID: 1, results: [{ id: 1, ok: true }] });
    const changed = await pull(owner, start.version);
    expect(changed.full).toBe(false);
    expect(changed.version).toBe(start.version + 1);
    expect(record<{ quantity: number }>(changed, 'inventory', 'inv_2')?.quantity).toBe(33);
    const entries = changed.records.filter((r) => r.collection === 'activity').map((r) => r.value as { action: string; userName: string });
    expect(entries).toEqual([expect.objectContaining({ action: 'Inventory quantity updated', userName: USERS.editor.name })]);
    expect(json<PullResponse>(await editor.get('/sync/pull?since=0&clientID=editor-tab-1')).lastMutationID).toBe(1);
  });

  it("counts a refused mutation as processed, writes nothing, and returns the rule's message", async () => {
    const editor = await server.signIn('editor');
    const before = await pull(editor);
    const response = json<PushResponse>(await push(editor, 'editor-tab-2', [{ id: 1, name: 'inventory.setQuantity', args: { id: 'inv_1', quantity: -4 } }]));
    expect(response).toEqual({ lastMutationID: 1, results: [{ id: 1, ok: false, error: 'Quantity cannot be negative', code: 'rejected', status: 409, problem: { key: 'domain.inventory.negative', values: { label: { key: 'inventory.col.quantity' } } } }] });
    const unknown = json<PushResponse>(await push(editor, 'editor-tab-2', [{ id: 2, name: 'orders.teleport', args: {} }]));
    expect(unknown).toEqual({ lastMutationID: 2, results: [{ id: 2, ok: false, error: 'Unknown change: orders.teleport', code: 'rejected', status: 409 }] });
    const malformed = json<PushResponse>(await push(editor, 'editor-tab-2', [{ id: 3, name: 'inventory.setQuantity', args: { id: 'inv_1', quantity: { $gt: 1 } } }]));
    expect(malformed.results[0]).toMatchObject({ id: 3, ok: false, error: expect.stringMatching(/quantity/i), code: 'invalid', status: 400 });
    expect((await pull(editor, before.version)).records).toEqual([]);
  });

  it("returns a rule's refusal as its message (key and values) beside the English, for the browser to say in its language", async () => {
    const owner = await server.signIn('owner');
    const blank = { companyName: ' ', timeZone: 'UTC', language: 'es' };
    const tooLong = { ...blank, companyName: 'x'.repeat(121) };
    const response = json<PushResponse>(
      await push(owner, 'owner-tab-problem', [
        { id: 1, name: 'settings.save', args: blank },
        { id: 2, name: 'settings.save', args: tooLong },
      ]),
    );
    expect(response.results).toEqual([
      { id: 1, ok: false, error: 'Please enter a company name', problem: { key: 'domain.settings.companyRequired' }, code: 'rejected', status: 409 },
      {
        id: 2,
        ok: false,
        error: 'Company name must be at most 120 characters',
        problem: { key: 'domain.settings.companyTooLong', values: { max: 120 } },
        code: 'rejected',
        status: 409,
      },
    ]);
  });

  it("refuses each of a Viewer's changes with 403, changes nothing, and still takes what a Viewer may do behind them", async () => {
    const viewer = await server.signIn('viewer');
    const before = await pull(viewer);
    const response = await push(viewer, 'viewer-tab', [
      { id: 1, name: 'inventory.setQuantity', args: { id: 'inv_1', quantity: 1 } },
      { id: 2, name: 'inventory.setQuantity', args: { id: 'inv_2', quantity: 1 } },
    ]);
    expect(response.statusCode).toBe(200);
    const refusal = { ok: false, error: 'Your role cannot make changes in this workspace', code: 'forbidden', status: 403 };
    expect(json<PushResponse>(response).results).toEqual([
      { id: 1, ...refusal },
      { id: 2, ...refusal },
    ]);
    expect((await pull(viewer, before.version)).records).toEqual([]);
    // A Viewer may still arrange their own dashboard, behind the refused ones.
    const own = json<PushResponse>(await push(viewer, 'viewer-tab', [{ id: 3, name: 'funnels.saveDashboardLayout', args: { layouts: null } }]));
    expect(own.results).toEqual([{ id: 3, ok: true }]);
  });

  it("refuses a push whose stated author is not the session's member, applying none of it", async () => {
    const owner = await server.signIn('owner');
    const before = await pull(owner);
    const response = await owner.post('/sync/push', { clientID: 'editor-left-this', memberId: 'someone-else', mutations: [{ id: 1, name: 'inventory.setQuantity', args: { id: 'inv_1', quantity: 3 }, meta: meta() }] });
    expect(response.statusCode).toBe(403);
    expect(json(response)).toMatchObject({ code: 'notAuthor', field: 'memberId' });
    expect((await pull(owner, before.version)).records).toEqual([]);
    // Stated as the owner's own, the same push is taken.
    const own = json<PushResponse>(await owner.post('/sync/push', { clientID: 'owner-tab-9', memberId: before.memberId, mutations: [{ id: 1, name: 'inventory.setQuantity', args: { id: 'inv_1', quantity: 3 }, meta: meta() }] }));
    expect(own.results).toEqual([{ id: 1, ok: true }]);
  });

  it('tells a removed member they were removed (403 removed) on pull, push and events, not to sign in again', async () => {
    const owner = await server.signIn('owner');
    const viewer = await server.signIn('viewer');
    const { memberId } = await pull(viewer);
    const removed = json<PushResponse>(await owner.post('/sync/push', { clientID: 'owner-removes', mutations: [{ id: 1, name: 'team.remove', args: { id: memberId }, meta: meta() }] }));
    expect(removed.results).toEqual([{ id: 1, ok: true }]);
    // The answer also removes the cookie, as any dead session's does: each request here sends it as the browser had it.
    const cookies = new Map(viewer.cookies);
    const asBefore = () => (viewer.cookies = new Map(cookies));
    for (const send of [() => viewer.get('/sync/pull?since=0'), () => viewer.post('/sync/push', { clientID: 'viewer-tab', mutations: [] }), () => viewer.get('/sync/events')]) {
      asBefore();
      const response = await send();
      expect(response.statusCode).toBe(403);
      expect(json(response)).toMatchObject({ code: 'removed', error: 'You were removed from this workspace' });
    }
    // Someone who never signed in is still asked to sign in.
    expect((await server.client().get('/sync/pull?since=0')).statusCode).toBe(401);
  });

  it('needs a session, and a member of another workspace pulls only their own', async () => {
    const anonymous = server.client();
    expect((await anonymous.get('/sync/pull?since=0')).statusCode).toBe(401);
    expect((await anonymous.post('/sync/push', { clientID: 'x', mutations: [] })).statusCode).toBe(401);
    const globex = await server.signIn('globexOwner');
    const theirs = await pull(globex);
    expect(theirs.records.some((r) => r.collection === 'inventory' && r.id === 'inv_2')).toBe(false);
    const team = theirs.records.filter((r) => r.collection === 'team').map((r) => r.id);
    expect(team).toEqual([USERS.globexOwner.memberId]);
  });

  it('sends deletions since a version', async () => {
    const owner = await server.signIn('owner');
    const start = await pull(owner);
    const event = start.records.find((r) => r.collection === 'events')!;
    const response = json<PushResponse>(await push(owner, 'owner-tab-del', [{ id: 1, name: 'calendar.deleteEvent', args: { id: event.id } }]));
    expect(response.results).toEqual([{ id: 1, ok: true }]);
    const after = await pull(owner, start.version);
    expect(record(after, 'events', event.id)).toBeNull();
  });

  it('never oversells: 50 concurrent pushes to Processing against 10 units take exactly 10 orders', async () => {
    const owner = await server.signIn('owner');
    expect(json<PushResponse>(await push(owner, 'stock-setup', [{ id: 1, name: 'inventory.setQuantity', args: { id: 'inv_4', quantity: 10 } }])).results[0].ok).toBe(true);
    const creates = Array.from({ length: 50 }, (_, i) => ({
      id: i + 2,
      name: 'orders.create',
      args: {
        draft: {
          source: 'Manual',
          customerName: `Stock Test ${i}`,
          customerEmail: `stock${i}@example.com`,
          shippingAddress: { line1: '1 Main St', city: 'Austin', state: 'TX', postalCode: '78701', country: 'US' },
          items: [{ sku: 'SKU-004', quantity: 1 }],
        },
      },
    }));
    const created = json<PushResponse>(await push(owner, 'stock-setup', creates));
    expect(created.results.every((r) => r.ok)).toBe(true);
    const orders = (await pull(owner)).records
      .filter((r) => r.collection === 'orders' && (r.value as Order).customerName.startsWith('Stock Test'))
      .map((r) => r.value as Order);
    expect(orders).toHaveLength(50);
    const clients = await Promise.all(orders.map(() => server.signIn('owner')));
    const answers = await Promise.all(
      orders.map(async (order, i) => json<PushResponse>(await push(clients[i], `stock-${i}`, [{ id: 1, name: 'orders.changeStatus', args: { id: order.id, status: 'Processing' } }]))),
    );
    const accepted = answers.filter((a) => a.results[0].ok);
    const refused = answers.filter((a) => !a.results[0].ok);
    expect(accepted).toHaveLength(10);
    expect(refused).toHaveLength(40);
    for (const answer of refused) expect(answer.results[0]).toEqual({ id: 1, ok: false, error: 'Insufficient inventory for this order', code: 'rejected', status: 409, problem: { key: 'domain.orders.insufficient' } });
    const final = await pull(owner);
    expect(record<{ quantity: number }>(final, 'inventory', 'inv_4')?.quantity).toBe(0);
    expect(final.records.filter((r) => r.collection === 'orders' && (r.value as Order).customerName.startsWith('Stock Test') && (r.value as Order).status === 'Processing')).toHaveLength(10);
  });
});
