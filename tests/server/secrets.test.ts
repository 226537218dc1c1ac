// Secrets never leave the server: after a run through sign-in (right and wrong), invitations
// (made, looked up, refused, accepted), the setup link, password changes, sync push and pull,
// the workspace routes, team removal and sign-out, with every log line at the most talkative
// level, no response body or header and no log line holds a password, a password hash, a raw
// session id (outside the Set-Cookie that issues it), a stored token hash, or an invitation or
// setup token (outside the one answer that hands the invitation link to its maker).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootstrap } from '../../server/bootstrap';
import { createWorkspace } from '../../server/db/seed';
import { emptyWorkspaceData } from '../../server/db/seed-data';
import * as t from '../../server/db/schema';
import { SEED_TIME, TEST_HASH_COST, USERS } from './fixture';
import { DB_KINDS, json, startServer, type TestServer } from './harness';

describe.each(DB_KINDS)('secrets on %s', (kind) => {
  let server: TestServer;
  const lines: string[] = [];
  beforeAll(async () => {
    server = await startServer(kind, {
      // A pino destination stream at the most talkative level: whatever any line says is seen.
      logger: { level: 'trace', stream: { write: (line: string) => void lines.push(line) } },
      limits: { perAddress: { max: 1000, windowMs: 60_000 } },
    });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('keeps passwords, hashes, session ids and tokens out of every response and log line', async () => {
    const passwords = Object.values(USERS).map((u) => u.password);
    const invitationTokens: string[] = [];
    const db = server.db.handle.db;

    // Sign-in: wrong, unknown, malformed, right.
    await server.client().post('/auth/signin', { email: USERS.owner.email, password: 'wrong-password-99' });
    await server.client().post('/auth/signin', { email: 'nobody@acme.test', password: USERS.owner.password });
    await server.client().post('/auth/signin', { email: 42, password: USERS.viewer.password });
    await server.client().post('/auth/signin', `{"email": "${USERS.viewer.email}", "password": "${USERS.viewer.password}"`);
    const owner = await server.signIn('owner');
    const editor = await server.signIn('editor');

    // Invitations: made, looked up, a weak password, accepted, used again.
    for (const email of ['first@acme.test', 'second@acme.test']) {
      const made = await owner.post('/team/invitations', { email, role: 'Editor', permissions: USERS.editor.permissions });
      invitationTokens.push(new URL(json<{ inviteUrl: string }>(made).inviteUrl).pathname.split('/').pop()!);
    }
    const [first, second] = invitationTokens;
    await server.client().get(`/invitations/${first}`);
    await server.client().post(`/invitations/${first}/accept`, { name: 'First', password: 'short' });
    passwords.push('first-member-password-1');
    const joined = server.client();
    await joined.post(`/invitations/${first}/accept`, { name: 'First Member', password: 'first-member-password-1' });
    await server.client().post(`/invitations/${first}/accept`, { name: 'Again', password: 'again-password-12' });
    await server.client().get(`/invitations/${second}x`);

    // The setup link.
    await createWorkspace(db, {
      id: 'secretco',
      name: 'Secret Co',
      owner: { memberId: 'sc_1', name: 'Sid', email: 'sid@secret.test', passwordHash: null },
      data: emptyWorkspaceData(SEED_TIME, 'Secret Co'),
      now: SEED_TIME,
    });
    const boot = await bootstrap(server.db.handle, { now: server.clock.now(), hashCost: TEST_HASH_COST });
    const setupToken = new URL(boot.setupLinks[0].path, 'http://x').searchParams.get('token')!;
    await server.client().get(`/auth/setup/${setupToken}`);
    await server.client().post('/auth/setup', { token: setupToken, password: 'password123' });
    passwords.push('sid-secret-password-1');
    await server.client().post('/auth/setup', { token: setupToken, password: 'sid-secret-password-1' });

    // Password changes: a wrong current one, a weak new one, a good one.
    passwords.push('editor-new-password-1');
    await editor.post('/auth/password', { currentPassword: 'not-it-at-all', newPassword: 'editor-new-password-1' });
    await editor.post('/auth/password', { currentPassword: USERS.editor.password, newPassword: 'qwertyuiop' });
    await editor.post('/auth/password', { currentPassword: USERS.editor.password, newPassword: 'editor-new-password-1', confirmPassword: 'editor-new-password-1' });

    // Sync and the workspace routes, a refusal among them.
    const meta = (seed: string) => ({ now: server.clock.now().toISOString(), idSeed: seed });
    await owner.post('/sync/push', { clientID: 'secrets', mutations: [{ id: 1, name: 'orders.saveNotes', args: { id: 'ord_1', notes: 'hi' }, meta: meta('s1') }] });
    await joined.post('/sync/push', { clientID: 'joined', mutations: [{ id: 1, name: 'team.remove', args: { id: 'tm_1' }, meta: meta('s2') }] });
    await owner.get('/sync/pull?since=0');
    await owner.push('notifications.markAllRead', {});
    await owner.get('/auth/session');

    // Team removal (ending a session), then sign-out.
    const viewer = await server.signIn('viewer');
    await owner.push('team.remove', { id: USERS.viewer.memberId }, meta('s3'));
    await viewer.get('/auth/session');
    await owner.post('/auth/signout');

    const exchanges = server.exchanges;
    expect(exchanges.length).toBeGreaterThan(25);
    expect(lines.length).toBeGreaterThan(30);

    // Every session id any response issued.
    const sessionIds = exchanges.flatMap((e) => [e.headers['set-cookie']].flat().flatMap((c) => (typeof c === 'string' ? [/^[^=]+=([^;]*)/.exec(c)![1]] : []))).filter(Boolean);
    expect(sessionIds.length).toBeGreaterThanOrEqual(5);
    const stored = [
      ...(await db.select({ v: t.users.passwordHash }).from(t.users)).map((r) => r.v),
      ...(await db.select({ v: t.sessions.tokenHash }).from(t.sessions)).map((r) => r.v),
      ...(await db.select({ v: t.invitations.tokenHash }).from(t.invitations)).map((r) => r.v),
      ...(await db.select({ v: t.setupTokens.tokenHash }).from(t.setupTokens)).map((r) => r.v),
    ].filter((v): v is string => Boolean(v));
    expect(stored.length).toBeGreaterThan(10);

    const logs = lines.join('\n');
    for (const exchange of exchanges) {
      const where = `${exchange.method} ${exchange.url} ${exchange.status}`;
      const { 'set-cookie': _issued, ...headers } = exchange.headers;
      const seen = `${JSON.stringify(headers)}\n${exchange.body}`;
      for (const secret of [...passwords, ...stored, ...sessionIds, setupToken]) expect(seen, where).not.toContain(secret);
      expect(seen, where).not.toMatch(/\$argon2/);
      // An invitation token goes back only to the member who made the invitation, once.
      const handsOut = exchange.method === 'POST' && exchange.url === '/team/invitations';
      if (!handsOut) for (const token of invitationTokens) expect(seen, where).not.toContain(token);
    }
    for (const secret of [...passwords, ...stored, ...sessionIds, ...invitationTokens, setupToken]) expect(logs).not.toContain(secret);
    expect(logs).not.toMatch(/\$argon2/);
    // The log did see those requests (with tokens in their paths redacted).
    expect(logs).toContain('/invitations/[redacted]/accept');
    expect(logs).toContain('/auth/setup/[redacted]');
  });
});
