// npm run reset-password -- <email>: the link it makes works like an emailed one (once, ending
// every session), and the command refuses anything but one email (never a password).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createResetLink, resettableAccount } from '../../server/auth/reset';
import { USERS } from './fixture';
import { DB_KINDS, json, startServer, type TestServer } from './harness';

const root = resolve(import.meta.dirname, '../..');
const runCommand = (args: string[], env: Record<string, string> = {}) =>
  spawnSync(process.execPath, [join(root, 'node_modules/tsx/dist/cli.mjs'), 'server/reset-password.ts', ...args], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, DATABASE_URL: '', ...env },
    timeout: 60_000,
  });

describe.each(DB_KINDS)('reset-password links on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(kind);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('a printed link sets a new password once and ends every session of the account', async () => {
    const owner = await server.signIn('owner');
    const account = await resettableAccount(server.db.handle.db, USERS.owner.email.toUpperCase());
    expect(account?.member.id).toBe(USERS.owner.memberId);
    const link = await createResetLink(server.db.handle.db, account.userId, server.clock.now());
    expect(link.path).toMatch(/^\/reset-password\?token=[A-Za-z0-9_-]{43}$/);
    const stranger = server.client();
    expect(json(await stranger.get(`/auth/reset/${link.token}`))).toEqual({ email: USERS.owner.email });
    expect((await stranger.post('/auth/reset', { token: link.token, password: 'the owner is back in' })).statusCode).toBe(200);
    expect((await owner.get('/auth/session')).statusCode).toBe(401);
    expect((await stranger.post('/auth/reset', { token: link.token, password: 'and in again, twice' })).statusCode).toBe(410);
    expect((await server.client().post('/auth/signin', { email: USERS.owner.email, password: 'the owner is back in' })).statusCode).toBe(200);
    expect(await resettableAccount(server.db.handle.db, 'nobody@acme.test')).toBeNull();
  });
});

describe('npm run reset-password', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'cf-reset-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('takes one email and nothing else: never a password on the command line', () => {
    // Refused before any database is opened.
    for (const args of [[], ['owner@acme.test', 'a-new-password']]) {
      const run = runCommand(args, { CREATORFLOW_DATA_DIR: join(dir, 'data') });
      expect(run.status).toBe(1);
      expect(run.stderr).toContain('npm run reset-password -- owner@example.com');
    }
  }, 60_000);
});
