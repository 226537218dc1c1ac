// Invitations (accept, reuse, expiry, existing emails), removal ending sessions at once,
// the last manager, activity in real names, first setup, and no secret in any response or log.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Permissions } from '../../lib/domain/types';
import { loadRecords } from '../../server/db/records';
import * as t from '../../server/db/schema';
import { bootstrap } from '../../server/bootstrap';
import { createWorkspace } from '../../server/db/seed';
import { emptyWorkspaceData } from '../../server/db/seed-data';
import { hashToken } from '../../server/auth/tokens';
import { TEST_HASH_COST, USERS } from './fixture';
import { DAY, DB_KINDS, json, startServer, type Client, type TestServer } from './harness';

interface Invited {
  member: { id: string; name: string; email: string; role: string; status: string; permissions: Record<string, boolean> };
  inviteUrl: string;
}

const editorFlags: Permissions = USERS.editor.permissions;

describe.each(DB_KINDS)('team on %s', (kind) => {
  let server: TestServer;
  let owner: Client;
  beforeAll(async () => {
    server = await startServer(kind, { limits: { perAddress: { max: 1000, windowMs: 60_000 } } });
    owner = await server.signIn('owner');
  });
  afterAll(async () => {
    await server?.close();
  });

  const db = () => server.db.handle.db;
  const tokenOf = (invited: Invited) => new URL(invited.inviteUrl).pathname.split('/').pop()!;
  const invite = async (email: string, role = 'Editor', permissions: Permissions = editorFlags) => {
    const response = await owner.post('/team/invitations', { email, role, permissions }, { host: 'localhost:4173' });
    expect(response.statusCode).toBe(200);
    return json<Invited>(response);
  };
  const activity = async () => (await loadRecords(db(), 'acme', 'activity')).map((l) => l.record);

  it('invites: a Pending member with the chosen role and flags, and a link whose token is stored only hashed', async () => {
    const invited = await invite('new.editor@acme.test', 'Editor', { ...editorFlags, sendOutreach: false });
    expect(invited.member).toMatchObject({ name: 'new.editor', email: 'new.editor@acme.test', role: 'Editor', status: 'Pending' });
    expect(invited.member.permissions).toEqual({ ...editorFlags, sendOutreach: false });
    expect(invited.inviteUrl).toMatch(/^http:\/\/localhost:4173\/invite\/[A-Za-z0-9_-]{43}$/);
    const token = tokenOf(invited);
    const [row] = await db().select().from(t.invitations).where(eq(t.invitations.memberId, invited.member.id));
    expect(row.tokenHash).toBe(hashToken(token));
    expect(JSON.stringify(row)).not.toContain(token);
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBe(7 * DAY);
    const [entry] = await activity();
    expect(entry).toMatchObject({ action: 'Member invited', userId: 'tm_1', userName: 'Alex Morgan', details: 'new.editor@acme.test was invited as Editor' });
    // The invitee can see what they are invited to, without signing in.
    const info = await server.client().get(`/invitations/${token}`);
    expect(info.statusCode).toBe(200);
    expect(json(info)).toEqual({ email: 'new.editor@acme.test', role: 'Editor', workspaceName: 'Acme' });
  });

  it('accepts once: the member becomes Active, signed in, with an activity entry in their own name; the link then stops working', async () => {
    const invited = await invite('maria@acme.test', 'Editor');
    const token = tokenOf(invited);
    const browser = server.client();
    const weak = await browser.post(`/invitations/${token}/accept`, { name: 'Maria Lopez', password: 'short' });
    expect(weak.statusCode).toBe(400);
    expect(json(weak)).toEqual({ error: 'Password must be at least 10 characters', code: 'passwordTooShort', params: { min: 10 }, field: 'password' });
    const noName = await browser.post(`/invitations/${token}/accept`, { name: '  ', password: 'maria-password-1' });
    expect(json(noName)).toEqual({ error: 'Full Name is required', field: 'name' });

    const accepted = await browser.post(`/invitations/${token}/accept`, { name: 'Maria Lopez', password: 'maria-password-1' });
    expect(accepted.statusCode).toBe(200);
    expect(json(accepted)).toEqual({
      member: { id: invited.member.id, name: 'Maria Lopez', email: 'maria@acme.test', role: 'Editor', status: 'Active', permissions: editorFlags },
      workspace: { id: 'acme', name: 'Acme' },
    });
    expect((await browser.get('/auth/session')).statusCode).toBe(200);
    const [entry] = await activity();
    expect(entry).toMatchObject({ action: 'Member joined', userId: invited.member.id, userName: 'Maria Lopez', details: 'Maria Lopez accepted the invitation as Editor' });
    // The team sees her as Active.
    const records = await owner.records();
    expect(records.collections.team.find((m) => m.id === invited.member.id)).toMatchObject({ status: 'Active', name: 'Maria Lopez' });
    // Her password works from now on.
    expect((await server.client().post('/auth/signin', { email: 'maria@acme.test', password: 'maria-password-1' })).statusCode).toBe(200);

    // Single use.
    const again = await server.client().post(`/invitations/${token}/accept`, { name: 'Mallory', password: 'mallory-password-1' });
    expect(again.statusCode).toBe(410);
    expect(json(again)).toEqual({ error: 'This invitation has already been used. Sign in instead.', code: 'invitationUsed' });
    expect((await server.client().get(`/invitations/${token}`)).statusCode).toBe(410);
    expect((await server.client().post('/auth/signin', { email: 'maria@acme.test', password: 'mallory-password-1' })).statusCode).toBe(401);
  });

  it('refuses an expired link (7 days), and then allows a new invitation for that email', async () => {
    const invited = await invite('late@acme.test', 'Viewer', USERS.viewer.permissions);
    const token = tokenOf(invited);
    // A live link blocks a second invitation.
    const twice = await owner.post('/team/invitations', { email: 'LATE@acme.test', role: 'Viewer', permissions: USERS.viewer.permissions });
    expect(twice.statusCode).toBe(409);
    expect(json(twice)).toEqual({ error: 'LATE@acme.test already has a pending invitation', code: 'invitationPending', params: { email: 'LATE@acme.test' }, field: 'email' });
    server.clock.advance(7 * DAY + 1);
    const info = await server.client().get(`/invitations/${token}`);
    expect(info.statusCode).toBe(410);
    expect(json(info)).toEqual({ error: 'This invitation has expired. Ask a team admin for a new one.', code: 'invitationExpired' });
    const accept = await server.client().post(`/invitations/${token}/accept`, { name: 'Late Comer', password: 'late-password-1' });
    expect(accept.statusCode).toBe(410);
    owner = await server.signIn('owner'); // the clock moved past the owner's idle expiry
    const renewed = await invite('late@acme.test', 'Editor');
    expect(renewed.member.id).toBe(invited.member.id);
    expect(renewed.member.role).toBe('Editor');
    expect((await server.client().get(`/invitations/${tokenOf(renewed)}`)).statusCode).toBe(200);
    expect((await server.client().get(`/invitations/${token}`)).statusCode).toBe(404);
  });

  it('refuses an email already on the team, whatever its letter case, and unknown links', async () => {
    const existing = await owner.post('/team/invitations', { email: 'Jamie@ACME.test', role: 'Editor', permissions: editorFlags });
    expect(existing.statusCode).toBe(409);
    expect(json(existing)).toEqual({ error: 'Jamie@ACME.test is already on the team', code: 'alreadyOnTeam', params: { email: 'Jamie@ACME.test' }, field: 'email' });
    const bad = await owner.post('/team/invitations', { email: 'not-an-email', role: 'Editor', permissions: editorFlags });
    expect(json(bad)).toEqual({ error: 'Enter a valid email address', field: 'email' });
    const badRole = await owner.post('/team/invitations', { email: 'x@acme.test', role: 'Owner', permissions: editorFlags });
    expect(json(badRole)).toEqual({ error: 'Role must be one of Admin, Editor, Viewer', field: 'role' });
    const badFlag = await owner.post('/team/invitations', { email: 'x@acme.test', role: 'Editor', permissions: { ...editorFlags, manageTeam: 'yes' } });
    expect(json(badFlag)).toEqual({ error: 'permissions.manageTeam must be true or false', field: 'permissions.manageTeam' });
    expect((await server.client().get('/invitations/not-a-token')).statusCode).toBe(404);
    const unknown = await server.client().get(`/invitations/${'A'.repeat(43)}`);
    expect(unknown.statusCode).toBe(404);
    expect(json(unknown)).toEqual({ error: 'This invitation link is not valid', code: 'invitationInvalid' });
  });

  it('lets only members with manageTeam invite and remove', async () => {
    for (const user of ['editor', 'viewer'] as const) {
      const client = await server.signIn(user);
      const refused = await client.post('/team/invitations', { email: `${user}-friend@acme.test`, role: 'Editor', permissions: editorFlags });
      expect(refused.statusCode).toBe(403);
      expect((await client.push('team.remove', { id: 'tm_editor2' })).status).toBe(403);
    }
    expect((await server.client().post('/team/invitations', { email: 'x@acme.test', role: 'Editor', permissions: editorFlags })).statusCode).toBe(401);
    expect((await server.client().push('team.remove', { id: 'tm_editor2' })).status).toBe(401);
    const team = (await owner.records()).collections.team.map((m) => m.email);
    expect(team).not.toContain('editor-friend@acme.test');
    expect(team).toContain('casey@acme.test');
  });

  it('removing a member ends their sessions at once and records who did it', async () => {
    const viewer = await server.signIn('viewer');
    const secondBrowser = await server.signIn('viewer');
    const removed = await owner.push('team.remove', { id: 'tm_viewer' });
    expect(removed.status).toBe(200);
    const { version } = await owner.records();
    expect((await viewer.get('/auth/session')).statusCode).toBe(401);
    expect((await secondBrowser.records()).response.statusCode).toBe(403);
    expect((await secondBrowser.records()).response.statusCode).toBe(401);
    expect(await db().select().from(t.sessions).where(and(eq(t.sessions.workspaceId, 'acme'), eq(t.sessions.memberId, 'tm_viewer')))).toHaveLength(0);
    // No membership left: signing in is refused like any wrong credentials.
    expect((await server.client().post('/auth/signin', { email: USERS.viewer.email, password: USERS.viewer.password })).statusCode).toBe(401);
    const [entry] = await activity();
    expect(entry).toMatchObject({ action: 'Member removed', userName: 'Alex Morgan', details: 'taylor@acme.test' });
    // A later pull can send the deletion.
    const [deletion] = await db()
      .select()
      .from(t.deletedRecords)
      .where(and(eq(t.deletedRecords.workspaceId, 'acme'), eq(t.deletedRecords.collection, 'team'), eq(t.deletedRecords.recordId, 'tm_viewer')));
    expect(deletion.version).toBe(version);
    expect((await owner.push('team.remove', { id: 'tm_viewer' })).result).toMatchObject({ ok: false, error: 'This team member no longer exists' });
  });

  it('never removes the last active member who can manage the team, nor a member of another workspace', async () => {
    const globex = await server.signIn('globexOwner');
    const self = await globex.push('team.remove', { id: 'gx_1' });
    expect(self.status).toBe(409);
    expect(self.result).toMatchObject({ ok: false, error: 'The team needs at least one active member who can manage the team' });
    expect((await globex.get('/auth/session')).statusCode).toBe(200);
    // Acme's owner cannot reach Globex's member: it does not exist in Acme.
    expect((await owner.push('team.remove', { id: 'gx_1' })).result).toMatchObject({ ok: false, error: 'This team member no longer exists' });
    expect((await loadRecords(db(), 'globex', 'team')).map((l) => l.record.id)).toEqual(['gx_1']);
  });

  it('asks someone who already has an account elsewhere for that password', async () => {
    const invited = await invite(USERS.globexOwner.email, 'Viewer', USERS.viewer.permissions);
    const token = tokenOf(invited);
    const wrong = await server.client().post(`/invitations/${token}/accept`, { name: 'Bea Boss', password: 'a-new-password-1' });
    expect(wrong.statusCode).toBe(401);
    expect(json(wrong).field).toBe('password');
    expect((await server.client().get(`/invitations/${token}`)).statusCode).toBe(200);
    const right = await server.client().post(`/invitations/${token}/accept`, { name: 'Bea Boss', password: USERS.globexOwner.password });
    expect(right.statusCode).toBe(200);
    expect(json(right).workspace).toEqual({ id: 'acme', name: 'Acme' });
    // Her Globex password is unchanged.
    expect((await server.client().post('/auth/signin', { email: USERS.globexOwner.email, password: USERS.globexOwner.password })).statusCode).toBe(200);
  });

  it('sets the owner password through the one-time setup link', async () => {
    await createWorkspace(db(), {
      id: 'initech',
      name: 'Initech',
      owner: { memberId: 'in_1', name: 'Ingrid Owner', email: 'ingrid@initech.test', passwordHash: null },
      data: emptyWorkspaceData(server.clock.now(), 'Initech'),
      now: server.clock.now(),
    });
    const boot = await bootstrap(server.db.handle, { now: server.clock.now(), hashCost: TEST_HASH_COST });
    expect(boot.seeded).toBe(false);
    expect(boot.setupLinks).toHaveLength(1);
    expect(boot.setupLinks[0].email).toBe('ingrid@initech.test');
    const token = new URL(boot.setupLinks[0].path, 'http://x').searchParams.get('token')!;
    // No password yet: nobody can sign in as her.
    expect((await server.client().post('/auth/signin', { email: 'ingrid@initech.test', password: '' })).statusCode).toBe(400);
    expect((await server.client().post('/auth/signin', { email: 'ingrid@initech.test', password: 'anything-at-all' })).statusCode).toBe(401);
    const info = await server.client().get(`/auth/setup/${token}`);
    expect(json(info)).toEqual({ email: 'ingrid@initech.test', name: 'Ingrid Owner', workspaceName: 'Initech' });
    const browser = server.client();
    const weak = await browser.post('/auth/setup', { token, password: 'qwertyuiop' });
    expect(json(weak)).toEqual({ error: 'This password is too common. Choose a less predictable one.', code: 'passwordTooCommon', field: 'password' });
    const done = await browser.post('/auth/setup', { token, password: 'ingrid-password-1', name: 'Ingrid Olsen' });
    expect(done.statusCode).toBe(200);
    expect(json(done)).toMatchObject({ member: { id: 'in_1', name: 'Ingrid Olsen', role: 'Admin', status: 'Active' }, workspace: { id: 'initech' } });
    expect((await browser.get('/auth/session')).statusCode).toBe(200);
    expect((await server.client().post('/auth/setup', { token, password: 'another-password-1' })).statusCode).toBe(410);
    expect((await server.client().post('/auth/signin', { email: 'ingrid@initech.test', password: 'ingrid-password-1' })).statusCode).toBe(200);
    // With a password set, the next start prints no link for her.
    const next = await bootstrap(server.db.handle, { now: server.clock.now(), hashCost: TEST_HASH_COST });
    expect(next.setupLinks).toEqual([]);
    expect(next.ownerEmails).toContain('ingrid@initech.test');
  });

  it('sends no password hash, session token hash or invitation token hash in any response or log line', async () => {
    const secrets = [
      ...(await db().select({ v: t.users.passwordHash }).from(t.users)).map((r) => r.v),
      ...(await db().select({ v: t.sessions.tokenHash }).from(t.sessions)).map((r) => r.v),
      ...(await db().select({ v: t.invitations.tokenHash }).from(t.invitations)).map((r) => r.v),
      ...(await db().select({ v: t.setupTokens.tokenHash }).from(t.setupTokens)).map((r) => r.v),
    ].filter((v): v is string => Boolean(v));
    expect(secrets.length).toBeGreaterThan(10);
    const responses = server.responses.join('\n');
    const logs = server.logs.join('\n');
    expect(server.responses.length).toBeGreaterThan(50);
    expect(server.logs.length).toBeGreaterThan(50);
    for (const secret of secrets) {
      expect(responses).not.toContain(secret);
      expect(logs).not.toContain(secret);
    }
    expect(responses).not.toMatch(/\$argon2id\$/);
    expect(logs).not.toMatch(/\$argon2id\$/);
    // Raw session tokens appear only in Set-Cookie, never in a body or a log line; passwords nowhere.
    expect(logs).not.toMatch(/cf_session=[A-Za-z0-9_-]{43}/);
    for (const line of server.logs) expect(line).not.toMatch(/invite\/[A-Za-z0-9_-]{43}|invitations\/[A-Za-z0-9_-]{43}|setup\/[A-Za-z0-9_-]{43}|token=[A-Za-z0-9_-]{43}/);
    for (const user of Object.values(USERS)) {
      expect(logs).not.toContain(user.password);
      expect(responses).not.toContain(user.password);
    }
    expect(logs).not.toContain('maria-password-1');
    // Logs are structured JSON lines.
    for (const line of server.logs) expect(() => void JSON.parse(line)).not.toThrow();
  });
});
