// A pull names who last wrote each record it brings (from the activity entry of the same commit),
// so a browser can tell a member whose change a teammate replaced who did it, and to what.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PullResponse, PushResponse } from '../../lib/sync/protocol';
import { SEED_TIME, USERS } from './fixture';
import { DB_KINDS, json, startServer, type Client, type TestServer } from './harness';

let seed = 0;
const meta = () => ({ now: SEED_TIME.toISOString(), idSeed: `w${(seed++).toString(36)}` });

describe.each(DB_KINDS)('who wrote a pulled record, on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(kind, { limits: { perAddress: { max: 1000, windowMs: 60_000 } } });
  });
  afterAll(async () => {
    await server?.close();
  });

  const pull = async (client: Client, since = 0) => json<PullResponse>(await client.get(`/sync/pull?since=${since}`));
  const push = async (client: Client, clientID: string, id: number, name: string, args: unknown) => {
    const response = json<PushResponse>(await client.post('/sync/push', { clientID, mutations: [{ id, name, args, meta: meta() }] }));
    expect(response.results).toEqual([{ id, ok: true }]);
  };
  const find = (pulled: PullResponse, collection: string, id: string) => pulled.records.find((r) => r.collection === collection && r.id === id);

  it('names the member whose change wrote each record since the version asked, and the deleter of a deleted one', async () => {
    const owner = await server.signIn('owner');
    const editor = await server.signIn('editor');
    const start = await pull(owner);
    await push(owner, 'owner-tab', 1, 'orders.changeStatus', { id: 'ord_1', status: 'Processing' });
    await push(editor, 'editor-tab', 1, 'orders.changeStatus', { id: 'ord_1', status: 'Shipped' });
    await push(owner, 'owner-tab', 2, 'inventory.setQuantity', { id: 'inv_4', quantity: 40 });
    await push(editor, 'editor-tab', 2, 'inventory.deleteItem', { id: 'inv_5' });

    const changed = await pull(owner, start.version);
    expect(find(changed, 'orders', 'ord_1')).toMatchObject({ value: expect.objectContaining({ status: 'Shipped' }), by: { id: USERS.editor.memberId, name: USERS.editor.name } });
    expect(find(changed, 'inventory', 'inv_4')?.by).toEqual({ id: USERS.owner.memberId, name: USERS.owner.name });
    // The stock was taken when the owner moved the order to Processing (Shipped takes none again).
    expect(find(changed, 'inventory', 'inv_1')?.by).toEqual({ id: USERS.owner.memberId, name: USERS.owner.name });
    expect(find(changed, 'inventory', 'inv_5')).toEqual({ collection: 'inventory', id: 'inv_5', value: null, by: { id: USERS.editor.memberId, name: USERS.editor.name } });
    // Activity entries name their member themselves.
    expect(changed.records.filter((r) => r.collection === 'activity').every((r) => r.by === undefined)).toBe(true);
  });

  it('says nothing of writers in a full pull (the whole workspace, not what changed)', async () => {
    const owner = await server.signIn('owner');
    const full = await pull(owner, 0);
    expect(full.full).toBe(true);
    expect(full.records.some((r) => r.by)).toBe(false);
  });
});
