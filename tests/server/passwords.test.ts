// Passwords: argon2id; at least 10 characters and not a common one wherever a password is
// chosen (setup link, invitation, change of password), with a clear message that names the
// field; and sign-in does the same work for an unknown email as for a wrong password (one
// argon2 verification against a hash of the same cost), counted rather than timed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARGON2ID_HASHER, DEFAULT_HASH_COST, hashPassword, type PasswordHasher } from '../../server/auth/passwords';
import { bootstrap } from '../../server/bootstrap';
import { createWorkspace } from '../../server/db/seed';
import { emptyWorkspaceData } from '../../server/db/seed-data';
import * as t from '../../server/db/schema';
import { TEST_HASH_COST, USERS } from './fixture';
import { DB_KINDS, json, startServer, type TestServer } from './harness';

/** argon2's encoded parameters: `$argon2id$v=19$m=1024,t=1,p=1$...` -> `argon2id m=1024,t=1,p=1`. */
const paramsOf = (encoded: string) => {
  const [, algorithm, , params] = encoded.split('$');
  return `${algorithm} ${params}`;
};

const WEAK: [password: string, message: string][] = [
  ['short-1', 'Password must be at least 10 characters'],
  ['password123', 'This password is too common. Choose a less predictable one.'],
  ['QWERTYUIOP', 'This password is too common. Choose a less predictable one.'],
  ['zzzzzzzzzzzz', 'This password is too common. Choose a less predictable one.'],
];

describe('hashes', () => {
  it('are argon2id at its recommended cost by default', async () => {
    const encoded = await hashPassword('a-fine-passphrase');
    expect(paramsOf(encoded)).toBe(`argon2id m=${DEFAULT_HASH_COST.memoryCost},t=${DEFAULT_HASH_COST.timeCost},p=1`);
    expect(await ARGON2ID_HASHER.verify(encoded, 'a-fine-passphrase')).toBe(true);
    expect(await ARGON2ID_HASHER.verify(encoded, 'a-fine-passphrasE')).toBe(false);
    expect(await ARGON2ID_HASHER.verify('not a hash', 'x')).toBe(false);
  });
});

describe.each(DB_KINDS)('passwords on %s', (kind) => {
  let server: TestServer;
  const verified: string[] = [];
  const hashed: string[] = [];
  const counting: PasswordHasher = {
    hash: async (password, cost) => {
      hashed.push(password);
      return ARGON2ID_HASHER.hash(password, cost);
    },
    verify: async (stored, password) => {
      verified.push(stored);
      return ARGON2ID_HASHER.verify(stored, password);
    },
  };
  beforeAll(async () => {
    server = await startServer(kind, { passwords: counting, limits: { perAddress: { max: 1000, windowMs: 60_000 } } });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('verifies exactly once, against a hash of the same cost, whether the email is unknown, the password wrong, or the account has no password yet', async () => {
    await createWorkspace(server.db.handle.db, {
      id: 'nopass',
      name: 'No Password Yet',
      owner: { memberId: 'np_1', name: 'Nina Pending', email: 'nina@nopass.test', passwordHash: null },
      data: emptyWorkspaceData(server.clock.now(), 'No Password Yet'),
      now: server.clock.now(),
    });
    const realHash = (await server.db.handle.db.select({ h: t.users.passwordHash }).from(t.users)).find((r) => r.h)!.h!;
    const attempt = async (email: string, password: string) => {
      verified.length = 0;
      hashed.length = 0;
      const response = await server.client().post('/auth/signin', { email, password });
      return { status: response.statusCode, body: json(response), verified: verified.map(paramsOf), hashed: hashed.length };
    };
    const wrong = await attempt(USERS.viewer.email, 'not-the-password');
    const unknown = await attempt('nobody-here@acme.test', 'not-the-password');
    const noPassword = await attempt('nina@nopass.test', 'not-the-password');
    const right = await attempt(USERS.viewer.email, USERS.viewer.password);
    expect(right.status).toBe(200);
    for (const failed of [wrong, unknown, noPassword]) {
      expect(failed.status).toBe(401);
      expect(failed.body).toEqual({ error: 'Email or password is incorrect', code: 'wrongCredentials' });
      // The same work as a real check: one verification, at the cost real hashes have, no hashing.
      expect(failed.verified).toEqual([paramsOf(realHash)]);
      expect(failed.hashed).toBe(0);
    }
    expect(right.verified).toEqual(wrong.verified);
  });

  it('refuses short and common passwords when changing one, naming the field, and keeps the old one', async () => {
    const editor = await server.signIn('editor');
    for (const [password, message] of WEAK) {
      const response = await editor.post('/auth/password', { currentPassword: USERS.editor.password, newPassword: password, confirmPassword: password });
      expect(response.statusCode, password).toBe(400);
      expect(json(response), password).toMatchObject({ error: message, field: 'newPassword', code: expect.any(String) });
    }
    expect((await server.client().post('/auth/signin', { email: USERS.editor.email, password: USERS.editor.password })).statusCode).toBe(200);
  });

  it('refuses them when accepting an invitation, and the invitation stays usable', async () => {
    const owner = await server.signIn('owner');
    const invited = json<{ inviteUrl: string }>(
      await owner.post('/team/invitations', { email: 'weak@acme.test', role: 'Editor', permissions: USERS.editor.permissions }),
    );
    const token = new URL(invited.inviteUrl).pathname.split('/').pop()!;
    for (const [password, message] of WEAK) {
      const response = await server.client().post(`/invitations/${token}/accept`, { name: 'Wendy Weak', password });
      expect(response.statusCode, password).toBe(400);
      expect(json(response), password).toMatchObject({ error: message, field: 'password', code: expect.any(String) });
    }
    expect((await server.client().get(`/invitations/${token}`)).statusCode).toBe(200);
    const accepted = await server.client().post(`/invitations/${token}/accept`, { name: 'Wendy Weak', password: 'wendy-is-strong-1' });
    expect(accepted.statusCode).toBe(200);
    const [stored] = (await server.db.handle.db.select({ email: t.users.email, h: t.users.passwordHash }).from(t.users)).filter((u) => u.email === 'weak@acme.test');
    expect(paramsOf(stored.h!)).toBe(`argon2id m=${TEST_HASH_COST.memoryCost},t=${TEST_HASH_COST.timeCost},p=1`);
  });

  it('refuses them through the setup link, and at the first start from the environment', async () => {
    await createWorkspace(server.db.handle.db, {
      id: 'setupco',
      name: 'Setup Co',
      owner: { memberId: 'sc_1', name: 'Sam Setup', email: 'sam@setup.test', passwordHash: null },
      data: emptyWorkspaceData(server.clock.now(), 'Setup Co'),
      now: server.clock.now(),
    });
    const boot = await bootstrap(server.db.handle, { now: server.clock.now(), hashCost: TEST_HASH_COST });
    const link = boot.setupLinks.find((l) => l.email === 'sam@setup.test')!;
    const token = new URL(link.path, 'http://x').searchParams.get('token')!;
    for (const [password, message] of WEAK) {
      const response = await server.client().post('/auth/setup', { token, password });
      expect(response.statusCode, password).toBe(400);
      expect(json(response), password).toMatchObject({ error: message, field: 'password', code: expect.any(String) });
    }
    expect((await server.client().post('/auth/setup', { token, password: 'sam-is-strong-1' })).statusCode).toBe(200);
    await expect(bootstrap(server.db.handle, { ownerEmail: 'fresh@setup.test', ownerPassword: 'password123', now: server.clock.now(), hashCost: TEST_HASH_COST })).rejects.toThrow(
      /too common/,
    );
  });
});
