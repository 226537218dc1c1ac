// Upgrading keeps everything: a database made by the first schema version (migration 0000
// only), holding the test fixture's data (fixtures/schema-0000-data.sql, checked in), is
// migrated the way a start migrates it, and every row of every table is still there with
// every value it had; the members sign in and pull their workspace.
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { migrate as migrateNodePostgres } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, inject, it } from 'vitest';
import type { PullResponse } from '../../lib/sync/protocol';
import { bootstrap } from '../../server/bootstrap';
import { MIGRATIONS_FOLDER, migrateDatabase, openPglite, openPostgres, type DatabaseHandle } from '../../server/db/client';
import { TEST_HASH_COST, USERS } from './fixture';
import { DB_KINDS, json, startServer, type TestDatabase } from './harness';
import { adminQuery, withDatabase } from './pg';

const FIXTURE = join(import.meta.dirname, 'fixtures', 'schema-0000-data.sql');

/** A migrations folder that stops at 0000: the schema as the first release made it. */
function firstVersionFolder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'cf-mig0000-'));
  mkdirSync(join(dir, 'meta'));
  const journal = JSON.parse(readFileSync(join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as { entries: { tag: string }[] };
  const first = journal.entries[0];
  expect(first.tag).toBe('0000_init');
  writeFileSync(join(dir, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries: [first] }));
  copyFileSync(join(MIGRATIONS_FOLDER, `${first.tag}.sql`), join(dir, `${first.tag}.sql`));
  return dir;
}

const TABLES = ['workspaces', 'users', 'workspace_versions', 'members', 'activity', 'events', 'funnels', 'integrations', 'inventory', 'invoices', 'notifications', 'orders', 'webhook_events', 'workspace_singletons'];

/** Every row of every table, as JSON, keyed by table. */
async function contents(handle: DatabaseHandle): Promise<Record<string, Record<string, unknown>[]>> {
  const out: Record<string, Record<string, unknown>[]> = {};
  for (const table of TABLES) {
    const result = await handle.db.execute(sql.raw(`select to_jsonb(t) as row from public.${table} t order by (to_jsonb(t) - 'objective' - 'deliverables' - 'description')::text`));
    out[table] = (result as { rows: { row: Record<string, unknown> }[] }).rows.map((r) => r.row);
  }
  return out;
}

describe.each(DB_KINDS)('migrations on %s', (kind) => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('upgrades a first-version database on start with nothing lost', async () => {
    const folder = firstVersionFolder();
    cleanups.push(() => rmSync(folder, { recursive: true, force: true }));
    let open: () => Promise<DatabaseHandle>;
    if (kind === 'pglite') {
      const dir = mkdtempSync(join(tmpdir(), 'cf-mig-'));
      cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
      open = () => openPglite({ dataDir: join(dir, 'data') });
    } else {
      const admin = inject('pgAdminUrl');
      const name = `cf_mig_${randomBytes(6).toString('hex')}`;
      await adminQuery(admin, `create database ${name}`);
      cleanups.push(() => adminQuery(admin, `drop database if exists ${name} with (force)`));
      const url = withDatabase(admin, name);
      open = () => openPostgres(url, { max: 2 });
    }

    // The old release: schema 0000 and its data.
    const old = await open();
    if (old.kind === 'pglite') await migratePglite(old.db as never, { migrationsFolder: folder });
    else await migrateNodePostgres(old.db as never, { migrationsFolder: folder });
    for (const statement of readFileSync(FIXTURE, 'utf8').split('\n').filter((line) => line.startsWith('INSERT INTO '))) await old.db.execute(sql.raw(statement));
    // An order note as the first release wrote it: English only.
    await old.db.execute(sql.raw(`update orders set history = jsonb_set(history, '{0,note}', '"Order created"') where workspace_id = 'acme' and id = 'ord_1'`));
    const before = await contents(old);
    expect(before.funnels.length).toBeGreaterThan(1);
    expect(before.funnels[0]).not.toHaveProperty('objective');
    await old.close();

    // The new release starts: migrate, bootstrap, serve.
    const handle = await open();
    await migrateDatabase(handle);
    const boot = await bootstrap(handle, { now: new Date('2026-03-02T10:00:00.000Z'), hashCost: TEST_HASH_COST });
    expect(boot.seeded).toBe(false);
    const after = await contents(handle);
    // An order tied to a funnel became a gift: charged no tax or shipping, its total its items' value,
    // the shipping it was charged now its shipping cost; any other order a sale, its charges kept.
    const GIFT_CHARGES = ['tax', 'shipping', 'total'];
    for (const table of TABLES) {
      expect(after[table], table).toHaveLength(before[table].length);
      // Every old value is still there (but a gift's charges); only new columns were added.
      after[table].forEach((row, i) => {
        const old = before[table][i];
        const kept = table === 'orders' && old.creator_id ? Object.fromEntries(Object.entries(old).filter(([key]) => !GIFT_CHARGES.includes(key))) : old;
        expect(row, `${table} row ${i}`).toMatchObject(kept);
      });
    }
    const gift = after.orders.find((row) => row.id === 'ord_3' && row.workspace_id === 'acme')!;
    expect(gift).toMatchObject({ kind: 'gift', subtotal: 89, tax: 0, shipping: 0, total: 89, shipping_cost: 8.95 });
    expect(after.orders.find((row) => row.id === 'ord_1' && row.workspace_id === 'acme')).toMatchObject({ kind: 'sale', tax: 9.9, shipping: 8.95, total: 138.83, shipping_cost: null });
    expect(Object.keys(after.funnels[0])).toEqual(expect.arrayContaining(['objective', 'deliverables']));
    // Entries and notifications stored in English only were lifted once into messages, their English kept.
    const s1 = after.activity.find((row) => row.id === 'act_s1')!;
    expect(s1).toMatchObject({ details: 'Sarah Johnson moved to Production', message: { action: { key: 'activity.action.funnelStatusUpdated' }, details: { key: 'activity.details.movedTo', values: { name: 'Sarah Johnson', status: 'Production' } } } });
    expect(after.activity.every((row) => row.message !== null)).toBe(true);
    expect(after.notifications.every((row) => row.said !== null)).toBe(true);
    const order = after.orders.find((row) => row.id === 'ord_1' && row.workspace_id === 'acme') as { history: { note?: string; said?: unknown }[] };
    expect(order.history[0]).toMatchObject({ note: 'Order created', said: { key: 'activity.action.orderCreated' } });
    const lifted = await handle.db.execute(sql.raw(`select name from data_migrations order by name`));
    // Each data step once: stored English lifted to messages, stored attributed sales counted into the kept daily totals,
    // and those summed into the workspace's day rows.
    expect((lifted as { rows: { name: string }[] }).rows.map((row) => row.name)).toEqual(['records-say-messages', 'sales-daily-totals', 'workspace-daily-totals']);

    const database: TestDatabase = { kind, handle, reopen: () => Promise.resolve(handle), dispose: () => handle.close() };
    const server = await startServer(kind, {}, { database });
    cleanups.push(() => handle.close());
    try {
      const owner = await server.signIn('owner');
      const pull = json<PullResponse>(await owner.get('/sync/pull?since=0'));
      expect(pull.records.filter((r) => r.collection === 'funnels')).toHaveLength(before.funnels.filter((f) => f.workspace_id === 'acme').length);
      expect((await server.client().post('/auth/signin', { email: USERS.viewer.email, password: USERS.viewer.password })).statusCode).toBe(200);
    } finally {
      await server.close();
    }
  });
});
