// The workspace's records: the sample workspace stored and read back exactly, tenancy,
// the invariants the database itself guards, compression, and a restart keeping everything.
import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COLLECTION_NAMES, SINGLETON_NAMES } from '../../lib/schema/names';
import { migrateDatabase } from '../../server/db/client';
import { RECORD_TABLES, recordToRow, rowToRecord, TABLE_COLLECTIONS, type TableCollection } from '../../server/db/records';
import * as t from '../../server/db/schema';
import { sampleWorkspaceData } from '../../server/db/seed-data';
import { runMutation } from '../../server/db/tx';
import { setQuantity } from './fake-mutators';
import { SEED_TIME, USERS } from './fixture';
import { DB_KINDS, json, startServer, type TestServer } from './harness';
import { SYNC_PATHS } from '../../lib/sync/protocol';

/** The whole workspace in one answer, as a browser's first load asks for it. */
const FULL_PULL = `${SYNC_PATHS.pull}?since=0`;

describe('row <-> record mappers', () => {
  const sample = sampleWorkspaceData(SEED_TIME, { name: USERS.owner.name, email: USERS.owner.email });

  it.each(TABLE_COLLECTIONS)('%s: every sample record survives the trip', (collection) => {
    const records = sample.collections[collection] as { id: string }[];
    expect(records.length).toBeGreaterThan(0);
    for (const record of records) {
      const row = recordToRow(collection, record as never, { workspaceId: 'w', version: 1, position: 1 });
      expect(rowToRecord(collection, row)).toStrictEqual(record);
    }
  });

  it('refuses fields the table does not know, and missing required fields', () => {
    const funnel = sample.collections.funnels[0];
    expect(() => recordToRow('funnels', { ...funnel, extra: 1 } as never, { workspaceId: 'w', version: 1, position: 1 })).toThrow(/no field "extra"/);
    const { creatorName: _, ...missing } = funnel;
    expect(() => recordToRow('funnels', missing as never, { workspaceId: 'w', version: 1, position: 1 })).toThrow(/missing "creatorName"/);
  });

  it('leaves optional fields out when absent and keeps required nulls', () => {
    const order = sample.collections.orders[1];
    const row = recordToRow('orders', order, { workspaceId: 'w', version: 1, position: 1 });
    expect(row.customerPhone).toBeNull();
    expect('customerPhone' in rowToRecord('orders', row)).toBe(false);
    const notification = sample.collections.notifications[0];
    expect(rowToRecord('notifications', recordToRow('notifications', notification, { workspaceId: 'w', version: 1, position: 1 })).snoozedUntil).toBeNull();
  });
});

describe.each(DB_KINDS)('workspace on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(kind, { limits: { perAddress: { max: 1000, windowMs: 60_000 } } }, { onDisk: true });
  });
  afterAll(async () => {
    await server?.close();
  });
  const db = () => server.db.handle.db;

  it('stores the sample workspace and reads every record and singleton back exactly', async () => {
    const owner = await server.signIn('owner');
    const body = await owner.records();
    expect(body.response.statusCode).toBe(200);
    const sample = sampleWorkspaceData(SEED_TIME, { name: USERS.owner.name, email: USERS.owner.email });
    for (const collection of TABLE_COLLECTIONS) expect(body.collections[collection]).toStrictEqual(sample.collections[collection]);
    expect(Object.keys(body.collections).sort()).toEqual([...COLLECTION_NAMES].sort());
    expect(body.singletons).toStrictEqual(JSON.parse(JSON.stringify(sample.singletons)));
    expect(Object.keys(body.singletons).sort()).toEqual([...SINGLETON_NAMES].sort());
    expect(body.collections.team.map((m) => m.id)).toEqual(['tm_1', 'tm_editor', 'tm_editor2', 'tm_viewer']);
    expect(body.workspaceId).toBe('acme');
    expect(body.version).toBe(1);
    expect(body.response.headers['cache-control']).toBe('no-store');
  });

  it('gives each member only their own workspace', async () => {
    const globex = await (await server.signIn('globexOwner')).records();
    expect(globex.workspaceId).toBe('globex');
    expect(globex.collections.funnels).toHaveLength(1);
    expect(globex.collections.funnels[0]).toMatchObject({ id: 'CR12345', creatorName: 'Globex Creator' });
    expect(globex.collections.team).toEqual([
      { id: 'gx_1', name: 'Bea Boss', email: 'bea@globex.test', role: 'Admin', status: 'Active', permissions: USERS.globexOwner.permissions },
    ]);
    for (const collection of ['orders', 'inventory', 'events', 'activity', 'invoices'] as const) expect(globex.collections[collection]).toEqual([]);
    expect((globex.singletons.settings as { companyName: string }).companyName).toBe('Globex');
    const acme = await (await server.signIn('viewer')).records();
    expect(acme.collections.funnels.find((f) => f.id === 'CR12345')).toMatchObject({ creatorName: 'Sarah Johnson' });
    expect(acme.response.body).not.toContain('Globex');
    expect((await server.client().records()).response.statusCode).toBe(401);
  });

  it('guards invariants in the database itself', async () => {
    const base = { workspaceId: 'acme', version: 1, position: 99, name: 'x', lowStockThreshold: 1, reorderPoint: 1, lastRestocked: '', location: '' };
    await expect(db().insert(t.inventory).values({ ...base, id: 'inv_dup', sku: 'Sku-001', quantity: 1 })).rejects.toThrow();
    await expect(db().insert(t.inventory).values({ ...base, id: 'inv_neg', sku: 'NEG-1', quantity: -1 })).rejects.toThrow();
    await expect(db().insert(t.inventory).values({ ...base, workspaceId: 'nowhere', id: 'inv_fk', sku: 'FK-1', quantity: 1 })).rejects.toThrow();
    await expect(
      db()
        .insert(t.members)
        .values({ workspaceId: 'acme', id: 'tm_x', name: 'x', email: 'JAMIE@acme.test', role: 'Editor', status: 'Pending', version: 1, position: 9 }),
    ).rejects.toThrow();
    await expect(
      db()
        .insert(t.members)
        .values({ workspaceId: 'acme', id: 'tm_y', name: 'y', email: 'y@acme.test', role: 'Owner' as 'Admin', status: 'Pending', version: 1, position: 9 }),
    ).rejects.toThrow();
    // Same SKU, other workspace: allowed.
    await db().insert(t.inventory).values({ ...base, workspaceId: 'globex', id: 'inv_ok', sku: 'SKU-001', quantity: 1 });
    await db().delete(t.inventory).where(eq(t.inventory.id, 'inv_ok'));
  });

  it('compresses JSON with brotli or gzip', async () => {
    const owner = await server.signIn('owner');
    const plain = await owner.get(FULL_PULL);
    const br = await owner.get(FULL_PULL, { 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(json(plain));
    const gzip = await owner.get(FULL_PULL, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(json(plain));
    expect(gzip.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
  });

  it('keeps everything across a restart: records, versions, accounts and sessions', async () => {
    const owner = await server.signIn('owner');
    const invite = await owner.post('/team/invitations', { email: 'restart@acme.test', role: 'Viewer', permissions: USERS.viewer.permissions });
    const inviteUrl = json<{ inviteUrl: string }>(invite).inviteUrl;
    const outcome = await runMutation({
      db: db(),
      workspaceId: 'acme',
      memberId: 'tm_editor',
      mutator: setQuantity,
      args: { id: 'inv_5', quantity: 77 },
      meta: { now: '2026-03-02T11:00:00.000Z', idSeed: 'restart1' },
    });
    expect(outcome.status).toBe('applied');
    const { response: _, ...before } = await owner.records();

    await server.restart();
    // Migrations run at every start: on an up-to-date database they change nothing.
    await migrateDatabase(server.db.handle);

    const { response: afterResponse, ...after } = await owner.records();
    expect(afterResponse.statusCode).toBe(200);
    expect(after).toEqual(before);
    expect(before.collections.inventory.find((i) => i.id === 'inv_5')).toMatchObject({ quantity: 77 });
    const token = new URL(inviteUrl).pathname.split('/').pop();
    expect((await server.client().get(`/invitations/${token}`)).statusCode).toBe(200);
    expect((await server.client().post('/auth/signin', { email: USERS.editor.email, password: USERS.editor.password })).statusCode).toBe(200);
    const tables = Object.keys(RECORD_TABLES) as TableCollection[];
    expect(tables).toHaveLength(10);
  });
});
