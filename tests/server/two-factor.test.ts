// Two-factor sign-in and sessions over HTTP, on both databases: enrolment with a first code, the
// second step (a TOTP code once per step, a recovery code once), its growing waits, a reset that
// does not skip the second factor, each member's own sessions only, the workspace's requirement,
// and the security log that only Admins read.
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createResetLink, resettableAccount } from '../../server/auth/reset';
import * as t from '../../server/db/schema';
import { USERS, type UserKey } from './fixture';
import { DB_KINDS, json, startServer, type Client, type TestServer } from './harness';

const CHROME_LINUX = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const FIREFOX_MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:132.0) Gecko/20100101 Firefox/132.0';

describe.each(DB_KINDS)('two-factor sign-in on %s', (kind) => {
  let server: TestServer;
  let ownerBrowser: Client;
  /** Each member's TOTP key as enrolment showed it. */
  const secrets: Partial<Record<UserKey, string>> = {};
  beforeAll(async () => {
    server = await startServer(kind, { limits: { perAddress: { max: 1000, windowMs: 60_000 }, tokenLookups: { max: 1000, windowMs: 60_000 } } });
  });
  afterAll(async () => {
    await server?.close();
  });

  const codeAt = (secret: string, at = server.clock.time) => new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: at });
  const nextStep = () => server.clock.advance(30_000);

  /** Turns two-factor on for a signed-in member; the key and the recovery codes as the screen shows them once. */
  async function enrol(browser: Client) {
    const who = json<{ member: { id: string } }>(await browser.get('/auth/session')).member.id;
    const setup = await browser.post('/auth/two-factor/setup');
    expect(setup.statusCode).toBe(200);
    const { secret, uri, qrDataUrl } = json<{ secret: string; uri: string; qrDataUrl: string }>(setup);
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(uri).toContain(`secret=${secret}`);
    expect(qrDataUrl).toMatch(/^data:image\/png;base64,/);
    const confirmed = await browser.post('/auth/two-factor/confirm', { code: codeAt(secret) });
    expect(confirmed.statusCode).toBe(200);
    const { recoveryCodes } = json<{ recoveryCodes: string[] }>(confirmed);
    const user = (Object.keys(USERS) as UserKey[]).find((key) => USERS[key].memberId === who);
    if (user) secrets[user] = secret;
    return { secret, recoveryCodes };
  }

  /** The password step: a second-step token and no session yet. */
  async function passwordStep(user: UserKey, password: string = USERS[user].password, userAgent = CHROME_LINUX) {
    const browser = server.client();
    const response = await browser.post('/auth/signin', { email: USERS[user].email, password }, { 'user-agent': userAgent });
    expect(response.statusCode).toBe(200);
    const body = json<{ secondFactor?: { token: string }; member?: unknown }>(response);
    expect(body.member).toBeUndefined();
    expect(browser.sessionToken).toBeUndefined();
    return { browser, token: body.secondFactor!.token };
  }

  it('turns on only with a right first code, and never shows the key again', async () => {
    const editor = await server.signIn('editor');
    const setup = json<{ secret: string }>(await editor.post('/auth/two-factor/setup'));
    const wrong = await editor.post('/auth/two-factor/confirm', { code: codeAt(setup.secret, server.clock.time + 5 * 60_000) });
    expect(wrong.statusCode).toBe(400);
    expect(json(wrong)).toMatchObject({ code: 'secondFactorWrong', field: 'code' });
    expect(json(await editor.get('/auth/two-factor'))).toMatchObject({ enabled: false, required: false, recoveryCodesLeft: 0 });
    const confirmed = await editor.post('/auth/two-factor/confirm', { code: codeAt(setup.secret) });
    expect(confirmed.statusCode).toBe(200);
    const { recoveryCodes } = json<{ recoveryCodes: string[] }>(confirmed);
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect(json(await editor.get('/auth/two-factor'))).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });
    // The key is not offered again, and what the database holds is sealed, as are the codes hashed.
    expect((await editor.post('/auth/two-factor/setup')).statusCode).toBe(409);
    const [row] = await server.db.handle.db.select().from(t.users).where(eq(t.users.email, USERS.editor.email));
    expect(row.totpSecret).toBeTruthy();
    expect(row.totpSecret).not.toContain(setup.secret);
    const stored = await server.db.handle.db.select().from(t.recoveryCodes).where(eq(t.recoveryCodes.userId, row.id));
    expect(stored).toHaveLength(10);
    for (const code of recoveryCodes) expect(JSON.stringify(stored)).not.toContain(code.replace('-', ''));
    for (const line of server.logs) expect(line).not.toContain(setup.secret);
    // Off again, with the current password.
    expect((await editor.post('/auth/two-factor/disable', { password: 'not-the-password' })).statusCode).toBe(400);
    expect((await editor.post('/auth/two-factor/disable', { password: USERS.editor.password })).statusCode).toBe(200);
    expect(json(await editor.get('/auth/two-factor'))).toMatchObject({ enabled: false, recoveryCodesLeft: 0 });
  });

  it('asks for a second factor after the password: a wrong code is refused, each code signs in once, a recovery code once', async () => {
    const owner = await server.signIn('owner');
    const { secret, recoveryCodes } = await enrol(owner);
    nextStep();

    const first = await passwordStep('owner');
    const wrong = await first.browser.post('/auth/signin/second-factor', { token: first.token, code: '000000' === codeAt(secret) ? '111111' : '000000' });
    expect(wrong.statusCode).toBe(401);
    expect(json(wrong)).toMatchObject({ code: 'secondFactorWrong', field: 'code' });
    expect(first.browser.sessionToken).toBeUndefined();
    expect((await first.browser.get('/auth/session')).statusCode).toBe(401);
    const code = codeAt(secret);
    const right = await first.browser.post('/auth/signin/second-factor', { token: first.token, code });
    expect(right.statusCode).toBe(200);
    expect(json(right)).toMatchObject({ member: { id: USERS.owner.memberId } });
    expect((await first.browser.get('/auth/session')).statusCode).toBe(200);
    // The challenge is spent, and the same code does not open a second sign-in.
    expect((await server.client().post('/auth/signin/second-factor', { token: first.token, code })).statusCode).toBe(401);
    const replay = await passwordStep('owner');
    expect((await replay.browser.post('/auth/signin/second-factor', { token: replay.token, code })).statusCode).toBe(401);

    const recovery = await passwordStep('owner');
    const withCode = await recovery.browser.post('/auth/signin/second-factor', { token: recovery.token, code: recoveryCodes[0].toUpperCase() });
    expect(withCode.statusCode).toBe(200);
    expect(json(await recovery.browser.get('/auth/two-factor'))).toMatchObject({ enabled: true, recoveryCodesLeft: 9 });
    const again = await passwordStep('owner');
    const reused = await again.browser.post('/auth/signin/second-factor', { token: again.token, code: recoveryCodes[0] });
    expect(reused.statusCode).toBe(401);
    expect(json(reused)).toMatchObject({ code: 'secondFactorWrong' });
    expect(again.browser.sessionToken).toBeUndefined();

    // A challenge ends after five minutes.
    const late = await passwordStep('owner');
    server.clock.advance(5 * 60_000 + 1);
    const timedOut = await late.browser.post('/auth/signin/second-factor', { token: late.token, code: codeAt(secret) });
    expect(timedOut.statusCode).toBe(401);
    expect(json(timedOut)).toMatchObject({ code: 'signInTimedOut' });
  });

  it('makes wrong codes wait like wrong passwords', async () => {
    const viewer = await server.signIn('viewer');
    const { secret } = await enrol(viewer);
    nextStep();
    const attempt = await passwordStep('viewer');
    const wrongCode = codeAt(secret) === '123456' ? '654321' : '123456';
    for (let i = 0; i < 5; i += 1) expect((await attempt.browser.post('/auth/signin/second-factor', { token: attempt.token, code: wrongCode })).statusCode).toBe(401);
    const held = await attempt.browser.post('/auth/signin/second-factor', { token: attempt.token, code: codeAt(secret) });
    expect(held.statusCode).toBe(429);
    expect(json(held)).toMatchObject({ code: 'tooManyAttemptsSeconds' });
    expect(attempt.browser.sessionToken).toBeUndefined();
    server.clock.advance(2_001);
    expect((await attempt.browser.post('/auth/signin/second-factor', { token: attempt.token, code: codeAt(secret) })).statusCode).toBe(200);
    expect((await attempt.browser.post('/auth/two-factor/disable', { password: USERS.viewer.password })).statusCode).toBe(200);
  });

  it('keeps the second factor after a password reset', async () => {
    const casey = await server.signIn('editorNoOutreach');
    const { secret } = await enrol(casey);
    nextStep();
    const account = await resettableAccount(server.db.handle.db, USERS.editorNoOutreach.email);
    const link = await createResetLink(server.db.handle.db, account.userId, server.clock.now());
    expect((await server.client().post('/auth/reset', { token: link.token, password: 'casey-brand-new-1' })).statusCode).toBe(200);
    expect((await casey.get('/auth/session')).statusCode).toBe(401);
    const { browser, token } = await passwordStep('editorNoOutreach', 'casey-brand-new-1');
    expect((await browser.get('/auth/session')).statusCode).toBe(401);
    expect((await browser.post('/auth/signin/second-factor', { token, code: codeAt(secret) })).statusCode).toBe(200);
    expect(json(await browser.get('/auth/two-factor'))).toMatchObject({ enabled: true });
  });

  it("lists a member's own sessions with a device and an address prefix, and ends them; nobody else's", async () => {
    const first = server.client();
    await first.post('/auth/signin', { email: USERS.globexOwner.email, password: USERS.globexOwner.password }, { 'user-agent': CHROME_LINUX });
    const second = server.client();
    await second.post('/auth/signin', { email: USERS.globexOwner.email, password: USERS.globexOwner.password }, { 'user-agent': FIREFOX_MAC });
    const listed = await first.get('/auth/sessions');
    expect(listed.statusCode).toBe(200);
    const { sessions } = json<{ sessions: { id: string; device: string; place: string; current: boolean }[] }>(listed);
    expect(sessions.map((s) => s.device).sort()).toEqual(['Chrome on Linux', 'Firefox on macOS']);
    for (const session of sessions) expect(session.place).toBe('127.0.0.0/24');
    expect(listed.body).not.toContain('127.0.0.1');
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    const other = sessions.find((s) => !s.current)!;

    // Another workspace's member (and a Viewer of this one) cannot see or end them.
    const viewer = await server.signIn('viewer');
    const viewersOwn = json<{ sessions: { id: string }[] }>(await viewer.get('/auth/sessions')).sessions.map((s) => s.id);
    expect(viewersOwn).not.toContain(other.id);
    const refused = await viewer.delete(`/auth/sessions/${other.id}`);
    expect(refused.statusCode).toBe(404);
    expect((await second.get('/auth/session')).statusCode).toBe(200);
    expect((await server.client().get('/auth/sessions')).statusCode).toBe(401);
    expect((await viewer.delete('/auth/sessions/not-a-uuid')).statusCode).toBe(400);

    expect(json(await first.delete(`/auth/sessions/${other.id}`))).toEqual({ ended: 1 });
    expect((await second.get('/auth/session')).statusCode).toBe(401);
    expect((await first.get('/auth/session')).statusCode).toBe(200);
    const third = await server.signIn('globexOwner');
    expect(json(await first.post('/auth/sessions/end-others'))).toEqual({ ended: 1 });
    expect((await third.get('/auth/session')).statusCode).toBe(401);
    expect((await first.get('/auth/session')).statusCode).toBe(200);
  });

  it('lets an Admin require two-factor, and a member who must have it reaches nothing else until they do', async () => {
    const viewer = await server.signIn('viewer');
    expect((await viewer.put('/auth/two-factor/policy', { requireTwoFactor: 'everyone' })).statusCode).toBe(403);
    // An Admin asks it of Admins only once they have it themselves.
    const globex = await server.signIn('globexOwner');
    const selfFirst = await globex.put('/auth/two-factor/policy', { requireTwoFactor: 'admins' });
    expect(selfFirst.statusCode).toBe(409);
    expect(json(selfFirst)).toMatchObject({ code: 'twoFactorSelfFirst' });

    nextStep();
    const step = await passwordStep('owner');
    expect((await step.browser.post('/auth/signin/second-factor', { token: step.token, code: codeAt(secrets.owner!) })).statusCode).toBe(200);
    ownerBrowser = step.browser;
    expect(json(await ownerBrowser.put('/auth/two-factor/policy', { requireTwoFactor: 'everyone' }))).toEqual({ requireTwoFactor: 'everyone' });

    // The Viewer's open session now reaches only what leads to enrolling.
    const pull = await viewer.get('/sync/pull?since=0');
    expect(pull.statusCode).toBe(403);
    expect(json(pull)).toMatchObject({ code: 'twoFactorRequired' });
    expect((await viewer.push('notifications.markAllRead', {})).status).toBe(403);
    expect((await viewer.get('/team/invitations')).statusCode).toBe(403);
    expect(json(await viewer.get('/auth/session'))).toMatchObject({ twoFactor: { enabled: false, required: true } });
    expect((await viewer.get('/auth/sessions')).statusCode).toBe(200);
    await enrol(viewer);
    expect((await viewer.get('/sync/pull?since=0')).statusCode).toBe(200);
    // Required, it stays on.
    const off = await viewer.post('/auth/two-factor/disable', { password: USERS.viewer.password });
    expect(off.statusCode).toBe(409);
    expect(json(off)).toMatchObject({ code: 'twoFactorStillRequired' });

    // For Admins only: the Editor without it works as before.
    expect((await ownerBrowser.put('/auth/two-factor/policy', { requireTwoFactor: 'admins' })).statusCode).toBe(200);
    const editor = await server.signIn('editor');
    expect((await editor.get('/sync/pull?since=0')).statusCode).toBe(200);
    expect(json(await editor.get('/auth/session'))).toMatchObject({ twoFactor: { enabled: false, required: false } });
    expect((await ownerBrowser.put('/auth/two-factor/policy', { requireTwoFactor: 'sometimes' })).statusCode).toBe(400);
    expect((await ownerBrowser.put('/auth/two-factor/policy', { requireTwoFactor: 'nobody' })).statusCode).toBe(200);
  });

  it('keeps sign-ins, failures, two-factor and session changes in a log only Admins read, with address prefixes', async () => {
    expect((await server.client().post('/auth/signin', { email: USERS.editor.email, password: 'not-the-password' })).statusCode).toBe(401);
    // Key changes are there too.
    const created = await ownerBrowser.post('/developer/keys', { name: 'Log check', role: 'Viewer' });
    expect(created.statusCode).toBe(201);
    const keyId = json<{ key: { id: string } }>(created).key.id;
    expect((await ownerBrowser.post(`/developer/keys/${keyId}/regenerate`)).statusCode).toBe(200);
    expect((await ownerBrowser.delete(`/developer/keys/${keyId}`)).statusCode).toBe(200);
    const read = await ownerBrowser.get('/auth/security-log');
    expect(read.statusCode).toBe(200);
    const { events } = json<{ events: { kind: string; memberName: string; place: string; device: string }[] }>(read);
    const kinds = new Set(events.map((e) => e.kind));
    for (const kind of ['signedIn', 'signInFailed', 'secondFactorFailed', 'recoveryCodeUsed', 'twoFactorOn', 'twoFactorOff', 'twoFactorPolicyChanged', 'apiKeyCreated', 'apiKeyRegenerated', 'apiKeyRevoked'])
      expect(kinds, kind).toContain(kind);
    expect(events.find((e) => e.kind === 'signInFailed')).toMatchObject({ memberName: USERS.editor.name, place: '127.0.0.0/24' });
    expect(read.body).not.toContain('127.0.0.1');
    // Another workspace's sessions are not in this one's log; its own Admin reads them.
    expect(events.map((e) => e.memberName)).not.toContain(USERS.globexOwner.name);
    const globexLog = json<{ events: { kind: string; memberName: string }[] }>(await (await server.signIn('globexOwner')).get('/auth/security-log')).events;
    expect(globexLog.map((e) => e.kind)).toEqual(expect.arrayContaining(['sessionEnded', 'otherSessionsEnded']));
    expect(globexLog.every((e) => e.memberName === USERS.globexOwner.name)).toBe(true);
    for (const user of ['editor', 'viewer'] as const) {
      const browser = user === 'viewer' ? await signInTwoSteps('viewer') : await server.signIn(user);
      expect((await browser.get('/auth/security-log')).statusCode).toBe(403);
    }
  });

  async function signInTwoSteps(user: UserKey) {
    nextStep();
    const step = await passwordStep(user);
    expect((await step.browser.post('/auth/signin/second-factor', { token: step.token, code: codeAt(secrets[user]!) })).statusCode).toBe(200);
    return step.browser;
  }
});
