// `npm run backup` and `npm run restore` round-trip a workspace exactly: the scripts run as the
// user runs them (a child process, configured by the environment), on PGlite's data folder and
// on a PostgreSQL database. Changes made after the backup are gone after the restore, and
// everything before it (records, versions, accounts) is back as it was.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, describe, expect, inject, it } from 'vitest';
import type { PullResponse, PushResponse } from '../../lib/sync/protocol';
import { buildApp } from '../../server/app';
import { openPglite, openPostgres, type DatabaseHandle } from '../../server/db/client';
import { TEST_HASH_COST, USERS } from './fixture';
import { DB_KINDS, json, TestClock, type DbKind } from './harness';
import { adminQuery, withDatabase } from './pg';

const root = resolve(import.meta.dirname, '../..');

function run(script: 'backup' | 'restore', file: string, env: Record<string, string>) {
  const result = spawnSync(process.execPath, [join(root, 'node_modules/tsx/dist/cli.mjs'), 'server/backup.ts', script, file], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: '', CREATORFLOW_DATA_DIR: '', ...env },
    encoding: 'utf8',
  });
  expect(result.status, `${script}: ${result.stderr}`).toBe(0);
  return result.stdout;
}

/** Opens the database, runs `fn` against an app on it, closes both. */
async function withApp<T>(open: () => Promise<DatabaseHandle>, fn: (call: (method: 'GET' | 'POST', url: string, body?: unknown) => Promise<LightMyRequestResponse>) => Promise<T>) {
  const handle = await open();
  const app = await buildApp({ database: handle, root: null, now: new TestClock().now, hashCost: TEST_HASH_COST, logger: false });
  try {
    const signin = await app.inject({ method: 'POST', url: '/auth/signin', headers: { 'content-type': 'application/json' }, payload: { email: USERS.owner.email, password: USERS.owner.password } });
    expect(signin.statusCode).toBe(200);
    const cookie = `cf_session=${signin.cookies[0].value}`;
    return await fn((method, url, body) =>
      app.inject({ method, url, headers: { cookie, ...(body ? { 'content-type': 'application/json' } : {}) }, ...(body ? { payload: JSON.stringify(body) } : {}) }),
    );
  } finally {
    await app.close();
    await handle.close();
  }
}

const sorted = (pull: PullResponse) => ({
  version: pull.version,
  records: [...pull.records].sort((a, b) => `${a.collection}/${a.id}`.localeCompare(`${b.collection}/${b.id}`)),
});

describe.each(DB_KINDS)('backup and restore on %s', (kind: DbKind) => {
  const dir = mkdtempSync(join(tmpdir(), 'cf-backup-'));
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups) await cleanup();
    rmSync(dir, { recursive: true, force: true });
  });

  it('puts back exactly the workspace the backup saw', async () => {
    let env: Record<string, string>;
    let open: () => Promise<DatabaseHandle>;
    if (kind === 'pglite') {
      const dataDir = join(dir, 'data');
      const seeded = await openPglite({ dataDir, loadDataDir: new Blob([readFileSync(inject('pgliteTemplate'))]) });
      await seeded.close();
      env = { CREATORFLOW_DATA_DIR: dataDir };
      open = () => openPglite({ dataDir });
    } else {
      const admin = inject('pgAdminUrl');
      const name = `cf_backup_${randomBytes(6).toString('hex')}`;
      await adminQuery(admin, `create database ${name} template ${inject('pgTemplate')}`);
      cleanups.push(() => adminQuery(admin, `drop database if exists ${name} with (force)`));
      const url = withDatabase(admin, name);
      env = { DATABASE_URL: url };
      open = () => openPostgres(url, { max: 2 });
    }
    const meta = (seed: string) => ({ now: '2026-03-02T10:00:00.000Z', idSeed: seed });
    const push = (call: Parameters<Parameters<typeof withApp>[1]>[0], id: number, name: string, args: unknown) =>
      call('POST', '/sync/push', { clientID: 'backup', mutations: [{ id, name, args, meta: meta(`b${id}`) }] });

    // Some work, then the backup.
    const saved = await withApp(open, async (call) => {
      expect(json<PushResponse>((await push(call, 1, 'inventory.setQuantity', { id: 'inv_1', quantity: 77 }))).results[0].ok).toBe(true);
      await push(call, 2, 'orders.saveNotes', { id: 'ord_1', notes: 'Before the backup — ünïcödé ✓' });
      return sorted(json<PullResponse>((await call('GET', '/sync/pull?since=0&clientID=backup'))));
    });
    // Without SMTP_URL the server's messages are .eml files in the data folder's mail/.
    const mailDir = kind === 'pglite' ? join(env.CREATORFLOW_DATA_DIR, 'mail') : null;
    if (mailDir) {
      mkdirSync(mailDir, { recursive: true });
      writeFileSync(join(mailDir, 'before.eml'), 'Subject: before the backup\n\nHi\n');
    }
    const file = join(dir, kind === 'pglite' ? 'backup.tar.gz' : 'backup.dump');
    const printed = run('backup', file, env);
    expect(printed).toContain(`Backup written: ${file}`);
    // The restore command names where the backup was read from, never a password.
    const command = /^Restore it with: (.+)$/m.exec(printed)?.[1];
    if (kind === 'pglite') expect(command).toBe(`CREATORFLOW_DATA_DIR=${env.CREATORFLOW_DATA_DIR} npm run restore -- ${file}`);
    else {
      const url = new URL(env.DATABASE_URL);
      url.password = '';
      expect(command).toMatch(new RegExp(`DATABASE_URL=${url.toString().replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} npm run restore -- ${file}$`));
      if (new URL(env.DATABASE_URL).password) expect(command).not.toContain(decodeURIComponent(new URL(env.DATABASE_URL).password));
    }

    // A message written after the backup, beside PGlite's own files: the database still opens.
    if (mailDir) writeFileSync(join(mailDir, 'after.eml'), 'Subject: after the backup\n\nHi\n');
    // Work after the backup, which the restore must undo.
    await withApp(open, async (call) => {
      await push(call, 3, 'inventory.deleteItem', { id: 'inv_1' });
      await push(call, 4, 'orders.saveNotes', { id: 'ord_1', notes: 'After the backup' });
      const after = json<PullResponse>((await call('GET', '/sync/pull?since=0')));
      expect(after.version).toBeGreaterThan(saved.version);
    });

    if (kind === 'pglite') {
      // The printed command, as pasted into a shell that has no CREATORFLOW_DATA_DIR of its own.
      const pasted = spawnSync('sh', ['-c', command!], { cwd: root, env: { ...process.env, DATABASE_URL: '', CREATORFLOW_DATA_DIR: '' }, encoding: 'utf8' });
      expect(pasted.status, pasted.stderr).toBe(0);
      expect(pasted.stdout).toContain(`Restored ${file} into ${env.CREATORFLOW_DATA_DIR}`);
      // The backup carried its mail; the message written since is kept (moved from the folder set aside).
      expect(pasted.stdout).toContain(`1 message(s) written since the backup were kept in ${mailDir}`);
      expect(readdirSync(mailDir!).sort()).toEqual(['after.eml', 'before.eml']);
      expect(readFileSync(join(mailDir!, 'before.eml'), 'utf8')).toContain('before the backup');
      const setAside = readdirSync(dir).find((name) => name.startsWith('data.before-restore-'))!;
      expect(existsSync(join(dir, setAside, 'mail', 'after.eml'))).toBe(false);
    } else expect(run('restore', file, env)).toContain('Restored');
    const restored = await withApp(open, async (call) => {
      const pull = json<PullResponse>((await call('GET', '/sync/pull?since=0&clientID=backup')));
      // The client's processed mutations came back with the data: ids 3 and 4 are not skipped.
      expect(pull.lastMutationID).toBe(2);
      return sorted(pull);
    });
    expect(restored).toEqual(saved);
  });
});
