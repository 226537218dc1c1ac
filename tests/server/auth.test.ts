// Sign-in, sessions, sign-out, password change, CSRF and rate limits, over HTTP, on both databases.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as t from '../../server/db/schema';
import { hashToken } from '../../server/auth/tokens';
import { USERS } from './fixture';
import type { ServerErrorBody } from '../../lib/domain/server-errors';
import { englishTranslator, loadLanguage, translatorFor } from '../../lib/i18n';
import { serverErrorIn } from '../../lib/i18n/server-errors';
import { DAY, DB_KINDS, json, startServer, type TestServer } from './harness';

const WRONG = { error: 'Email or password is incorrect', code: 'wrongCredentials' };

describe.each(DB_KINDS)('auth on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    // Every injected request comes from 127.0.0.1: the per-address limit is tested on its own below.
    server = await startServer(kind, { limits: { perAddress: { max: 1000, windowMs: 60_000 } } });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('signs in with email and password: a session cookie, the member and workspace from the database', async () => {
    const client = server.client();
    const response = await client.post('/auth/signin', { email: USERS.editor.email, password: USERS.editor.password });
    expect(response.statusCode).toBe(200);
    expect(json(response)).toEqual({
      member: {
        id: 'tm_editor',
        name: 'Jamie Smith',
        email: 'jamie@acme.test',
        role: 'Editor',
        status: 'Active',
        permissions: USERS.editor.permissions,
      },
      workspace: { id: 'acme', name: 'Acme' },
    });
    // Plain http on localhost: the __Host- prefix needs Secure, which http cannot carry.
    const cookie = String(response.headers['set-cookie']);
    expect(cookie).toMatch(/^cf_session=[A-Za-z0-9_-]{43};/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).toMatch(/Max-Age=1209600/);
    expect(cookie).not.toMatch(/Secure/);
    expect(cookie).not.toMatch(/Domain=/);
    const session = await client.get('/auth/session');
    expect(session.statusCode).toBe(200);
    expect(json(session).member).toMatchObject({ id: 'tm_editor', role: 'Editor' });
    // Email matching ignores letter case and surrounding spaces.
    const upper = await server.client().post('/auth/signin', { email: `  ${USERS.editor.email.toUpperCase()} `, password: USERS.editor.password });
    expect(upper.statusCode).toBe(200);
  });

  it('stores only the SHA-256 of the session token', async () => {
    const client = await server.signIn('viewer');
    const token = client.sessionToken!;
    const rows = await server.db.handle.db.select().from(t.sessions).where(eq(t.sessions.tokenHash, hashToken(token)));
    expect(rows).toHaveLength(1);
    const all = await server.db.handle.db.select({ tokenHash: t.sessions.tokenHash }).from(t.sessions);
    expect(all.some((row) => row.tokenHash === token)).toBe(false);
  });

  it('refuses a wrong password and an unknown email with the same answer', async () => {
    const wrong = await server.client().post('/auth/signin', { email: USERS.viewer.email, password: 'not-the-password' });
    expect(wrong.statusCode).toBe(401);
    expect(json(wrong)).toEqual(WRONG);
    expect(wrong.headers['set-cookie']).toBeUndefined();
    const unknown = await server.client().post('/auth/signin', { email: 'nobody@acme.test', password: 'not-the-password' });
    expect(unknown.statusCode).toBe(401);
    expect(json(unknown)).toEqual(WRONG);
    expect(unknown.headers['set-cookie']).toBeUndefined();
  });

  it('names the missing field', async () => {
    const client = server.client();
    const noPassword = await client.post('/auth/signin', { email: USERS.viewer.email });
    expect(noPassword.statusCode).toBe(400);
    expect(json(noPassword)).toEqual({ error: 'Password is required', field: 'password' });
    const noEmail = await client.post('/auth/signin', { password: 'x' });
    expect(json(noEmail)).toEqual({ error: 'Email is required', field: 'email' });
    const blank = await client.post('/auth/signin', { email: '   ', password: 'x' });
    expect(json(blank)).toEqual({ error: 'Email is required', field: 'email' });
    const empty = await client.post('/auth/signin', '');
    expect(empty.statusCode).toBe(400);
    expect(json(empty).field).toBe('email');
    const wrongType = await client.post('/auth/signin', { email: 42, password: 'x' });
    expect(json(wrongType)).toEqual({ error: 'Email is required', field: 'email' });
    const notJson = await client.post('/auth/signin', '{"email":');
    expect(notJson.statusCode).toBe(400);
    expect(json(notJson).error).toMatch(/JSON/);
    const array = await client.post('/auth/signin', []);
    expect(array.statusCode).toBe(400);
  });

  it('gives a new session id at every sign-in and ends the one the browser had', async () => {
    const client = await server.signIn('editor');
    const first = client.sessionToken!;
    const again = await client.post('/auth/signin', { email: USERS.editor.email, password: USERS.editor.password });
    expect(again.statusCode).toBe(200);
    const second = client.sessionToken!;
    expect(second).not.toBe(first);
    const stale = await server.app.inject({ method: 'GET', url: '/auth/session', headers: { cookie: `cf_session=${first}` } });
    expect(stale.statusCode).toBe(401);
  });

  it('signs out on the server: the old cookie opens nothing afterwards', async () => {
    const client = await server.signIn('editor');
    const token = client.sessionToken!;
    const out = await client.post('/auth/signout');
    expect(out.statusCode).toBe(200);
    expect(String(out.headers['set-cookie'])).toMatch(/cf_session=;/);
    const replay = await server.app.inject({ method: 'GET', url: '/auth/session', headers: { cookie: `cf_session=${token}` } });
    expect(replay.statusCode).toBe(401);
    expect(json(replay)).toEqual({ error: 'Sign in to continue', code: 'signInToContinue' });
    // Signing out twice, or without a session, is harmless.
    expect((await client.post('/auth/signout')).statusCode).toBe(200);
  });

  it('ends a session after 14 quiet days, renews it on use, and ends it 30 days after sign-in whatever happens', async () => {
    const idle = await server.signIn('viewer');
    const renewed = await server.signIn('viewer');
    server.clock.advance(13 * DAY);
    const touch = await renewed.get('/auth/session');
    expect(touch.statusCode).toBe(200);
    // Renewal sends the cookie again with a fresh lifetime.
    expect(String(touch.headers['set-cookie'])).toMatch(/Max-Age=1209600/);
    server.clock.advance(2 * DAY);
    expect((await idle.get('/auth/session')).statusCode).toBe(401);
    expect((await renewed.get('/auth/session')).statusCode).toBe(200);
    server.clock.advance(12 * DAY);
    expect((await renewed.get('/auth/session')).statusCode).toBe(200);
    server.clock.advance(4 * DAY); // day 31 since sign-in
    const late = await renewed.get('/auth/session');
    expect(late.statusCode).toBe(401);
    // The dead cookie is cleared.
    expect(String(late.headers['set-cookie'])).toMatch(/cf_session=;/);
    // The expired rows are gone.
    const left = await server.db.handle.db.select().from(t.sessions).where(eq(t.sessions.tokenHash, hashToken(renewed.sessionToken ?? 'x')));
    expect(left).toHaveLength(0);
  });

  it('refuses writes from another origin and writes that are not JSON (CSRF)', async () => {
    const body = JSON.stringify({ email: USERS.editor.email, password: USERS.editor.password });
    const host = { host: 'localhost:4173' };
    const crossSite = await server.app.inject({
      method: 'POST',
      url: '/auth/signin',
      headers: { ...host, 'content-type': 'application/json', origin: 'https://evil.example' },
      payload: body,
    });
    expect(crossSite.statusCode).toBe(403);
    expect(json(crossSite)).toEqual({ error: 'Cross-site request refused', code: 'crossSiteRefused' });
    const form = await server.app.inject({
      method: 'POST',
      url: '/auth/signin',
      headers: { ...host, 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost:4173' },
      payload: 'email=a&password=b',
    });
    expect(form.statusCode).toBe(403);
    expect(json(form)).toMatchObject({ error: expect.stringMatching(/JSON/), code: 'jsonRequired' });
    const plain = await server.app.inject({ method: 'POST', url: '/auth/signin', headers: { ...host, 'content-type': 'text/plain' }, payload: body });
    expect(plain.statusCode).toBe(403);
    const none = await server.app.inject({ method: 'POST', url: '/auth/signin', headers: host, payload: body });
    expect(none.statusCode).toBe(403);
    const fetchMetadata = await server.app.inject({
      method: 'POST',
      url: '/auth/signin',
      headers: { ...host, 'content-type': 'application/json', 'sec-fetch-site': 'cross-site' },
      payload: body,
    });
    expect(fetchMetadata.statusCode).toBe(403);
    // Same origin, JSON: accepted.
    const same = await server.app.inject({
      method: 'POST',
      url: '/auth/signin',
      headers: { ...host, 'content-type': 'application/json; charset=utf-8', origin: 'http://localhost:4173' },
      payload: body,
    });
    expect(same.statusCode).toBe(200);
    // A signed-in browser tricked into a cross-site removal changes nothing.
    const admin = await server.signIn('owner');
    const removal = await admin.post(
      '/sync/push',
      { clientID: 'tricked', mutations: [{ id: 1, name: 'team.remove', args: { id: 'tm_viewer' } }] },
      { host: 'localhost:4173', origin: 'https://evil.example' },
    );
    expect(removal.statusCode).toBe(403);
    expect((await server.signIn('viewer')).sessionToken).toBeTruthy();
  });

  it('slows failed sign-ins per account from any address with growing waits, never refusing the right password from an address that signed in before', async () => {
    const { email, password } = USERS.editorNoOutreach;
    const attempt = (remoteAddress: string, tried: string) =>
      server.app.inject({ method: 'POST', url: '/auth/signin', remoteAddress, headers: { 'content-type': 'application/json' }, payload: { email, password: tried } });
    // The account's owner signs in from their usual address.
    expect((await attempt('198.51.100.20', password)).statusCode).toBe(200);
    for (let i = 0; i < 5; i++) expect((await attempt(`10.0.0.${i + 1}`, `wrong-${i}`)).statusCode).toBe(401);
    const waits: number[] = [];
    for (let round = 0; round < 3; round++) {
      const waiting = await attempt('10.0.0.9', password);
      expect(waiting.statusCode).toBe(429);
      const seconds = Number(waiting.headers['retry-after']);
      expect(json(waiting)).toEqual({ error: `Too many attempts. Try again in ${seconds} seconds.`, code: 'tooManyAttemptsSeconds', params: { seconds } });
      waits.push(seconds);
      server.clock.advance(seconds * 1000);
      expect((await attempt(`10.0.1.${round}`, 'still-wrong')).statusCode).toBe(401);
    }
    expect(waits).toEqual([2, 4, 8]);
    // From the usual address the right password gets in at once; a wrong one there waits like any other.
    expect((await attempt('198.51.100.20', 'wrong-again')).statusCode).toBe(429);
    expect((await attempt('198.51.100.20', password)).statusCode).toBe(200);
    // Other accounts are not affected.
    expect((await server.client().post('/auth/signin', { email: USERS.viewer.email, password: USERS.viewer.password })).statusCode).toBe(200);
  });

  it('never waits longer than 15 minutes, and forgets failures an hour after the last', async () => {
    const { email, password } = USERS.editor;
    const attempt = (tried: string) =>
      server.app.inject({ method: 'POST', url: '/auth/signin', remoteAddress: '203.0.113.50', headers: { 'content-type': 'application/json' }, payload: { email, password: tried } });
    // Five free failures; then each wait is sat out and another wrong password doubles the next.
    for (let i = 0; i < 5; i++) expect((await attempt(`wrong-${i}`)).statusCode).toBe(401);
    const waits: number[] = [];
    for (let round = 0; round < 11; round++) {
      const waiting = await attempt(password);
      expect(waiting.statusCode).toBe(429);
      waits.push(Number(waiting.headers['retry-after']));
      server.clock.advance(waits.at(-1)! * 1000);
      expect((await attempt(`wrong-again-${round}`)).statusCode).toBe(401);
    }
    expect(waits).toEqual([2, 4, 8, 16, 32, 64, 128, 256, 512, 900, 900]);
    const longest = await attempt(password);
    expect(longest.statusCode).toBe(429);
    expect(longest.headers['retry-after']).toBe('900');
    expect(json(longest)).toMatchObject({ error: 'Too many attempts. Try again in 15 minutes.', code: 'tooManyAttempts', params: { minutes: 15 } });
    // A wrong password after the wait still counts; an hour after the last failure they are forgotten.
    server.clock.advance(15 * 60 * 1000);
    expect((await attempt('wrong-last')).statusCode).toBe(401);
    expect((await attempt(password)).headers['retry-after']).toBe('900');
    server.clock.advance(60 * 60 * 1000);
    expect((await attempt('wrong-once-more')).statusCode).toBe(401);
    expect((await attempt(password)).statusCode).toBe(200);
  });

  it('changes the password only with the current one, and ends the other sessions', async () => {
    const other = await server.signIn('editorNoOutreach');
    const client = await server.signIn('editorNoOutreach');
    const wrong = await client.post('/auth/password', { currentPassword: 'nope-nope-nope', newPassword: 'a-much-better-password' });
    expect(wrong.statusCode).toBe(400);
    expect(json(wrong)).toEqual({ error: 'Current password is incorrect', code: 'currentPasswordIncorrect', field: 'currentPassword' });
    const short = await client.post('/auth/password', { currentPassword: USERS.editorNoOutreach.password, newPassword: 'short' });
    expect(json(short)).toEqual({ error: 'Password must be at least 10 characters', code: 'passwordTooShort', params: { min: 10 }, field: 'newPassword' });
    const common = await client.post('/auth/password', { currentPassword: USERS.editorNoOutreach.password, newPassword: 'Password123' });
    expect(json(common)).toEqual({ error: 'This password is too common. Choose a less predictable one.', code: 'passwordTooCommon', field: 'newPassword' });
    const mismatch = await client.post('/auth/password', {
      currentPassword: USERS.editorNoOutreach.password,
      newPassword: 'a-much-better-password',
      confirmPassword: 'something else',
    });
    expect(json(mismatch)).toEqual({ error: 'New passwords do not match', field: 'confirmPassword' });
    const done = await client.post('/auth/password', { currentPassword: USERS.editorNoOutreach.password, newPassword: 'a-much-better-password' });
    expect(done.statusCode).toBe(200);
    expect((await client.get('/auth/session')).statusCode).toBe(200);
    expect((await other.get('/auth/session')).statusCode).toBe(401);
    expect((await server.client().post('/auth/signin', { email: USERS.editorNoOutreach.email, password: USERS.editorNoOutreach.password })).statusCode).toBe(401);
    expect((await server.client().post('/auth/signin', { email: USERS.editorNoOutreach.email, password: 'a-much-better-password' })).statusCode).toBe(200);
    expect((await server.client().post('/auth/password', { currentPassword: 'x', newPassword: 'y' })).statusCode).toBe(401);
  });

  it('answers /healthz and /readyz', async () => {
    const health = await server.client().get('/healthz');
    expect(health.statusCode).toBe(200);
    expect(json(health)).toEqual({ status: 'ok' });
    const ready = await server.client().get('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(json(ready)).toEqual({ status: 'ready' });
  });

  describe('per-address limit, secure cookies and readiness', () => {
    let proxied: TestServer;
    beforeAll(async () => {
      // Another app on the same database: behind a proxy, with a tight per-address limit.
      proxied = await startServer(
        kind,
        { trustProxy: true, publicOrigin: 'https://creatorflow.example', limits: { perAddress: { max: 3, windowMs: 60_000 } } },
        { database: server.db },
      );
    });
    afterAll(async () => {
      await proxied?.close();
    });

    it('limits sign-in attempts per address', async () => {
      await loadLanguage('es');
      const attempt = (remoteAddress: string) =>
        proxied.app.inject({
          method: 'POST',
          url: '/auth/signin',
          remoteAddress,
          headers: { 'content-type': 'application/json' },
          payload: { email: `someone-${remoteAddress}@acme.test`, password: 'whatever-it-is' },
        });
      for (let i = 0; i < 3; i++) expect((await attempt('192.0.2.7')).statusCode).toBe(401);
      const limited = await attempt('192.0.2.7');
      expect(limited.statusCode).toBe(429);
      const body = json<ServerErrorBody>(limited);
      expect(body.error).toMatch(/^Too many attempts\. Try again in/);
      // A code the page says in its language; in English the catalog words it as the server does.
      expect(body.code).toMatch(/^tooManyAttempts(Seconds)?$/);
      expect(serverErrorIn(englishTranslator(), body)).toBe(body.error);
      expect(serverErrorIn(translatorFor('es'), body)).toMatch(/^Demasiados intentos\. Vuelve a intentarlo dentro de \d+ (segundos?|minutos?)\.$/);
      expect((await attempt('192.0.2.8')).statusCode).toBe(401);
    });

    it('uses a Secure __Host- cookie over https', async () => {
      const response = await proxied.app.inject({
        method: 'POST',
        url: '/auth/signin',
        headers: { 'content-type': 'application/json', 'x-forwarded-proto': 'https', host: 'creatorflow.example', origin: 'https://creatorflow.example' },
        payload: { email: USERS.owner.email, password: USERS.owner.password },
      });
      expect(response.statusCode).toBe(200);
      const cookie = String(response.headers['set-cookie']);
      expect(cookie).toMatch(/^__Host-cf_session=[A-Za-z0-9_-]{43};/);
      expect(cookie).toMatch(/Secure/);
      expect(cookie).toMatch(/HttpOnly/);
      expect(cookie).toMatch(/SameSite=Lax/);
      expect(cookie).toMatch(/Path=\//);
      const token = /^__Host-cf_session=([^;]+)/.exec(cookie)![1];
      const session = await proxied.app.inject({
        method: 'GET',
        url: '/auth/session',
        headers: { 'x-forwarded-proto': 'https', host: 'creatorflow.example', cookie: `__Host-cf_session=${token}` },
      });
      expect(session.statusCode).toBe(200);
      // A secure site ignores the unprefixed name (it could be planted by a sibling subdomain).
      const planted = await proxied.app.inject({
        method: 'GET',
        url: '/auth/session',
        headers: { 'x-forwarded-proto': 'https', host: 'creatorflow.example', cookie: `cf_session=${token}` },
      });
      expect(planted.statusCode).toBe(401);
      // An http request on a non-local host still gets Secure.
      const lan = await proxied.app.inject({
        method: 'POST',
        url: '/auth/signin',
        headers: { 'content-type': 'application/json', host: '192.168.1.20:4173' },
        payload: { email: USERS.owner.email, password: USERS.owner.password },
      });
      expect(String(lan.headers['set-cookie'])).toMatch(/^__Host-cf_session=.*Secure/);
    });

    it('accepts writes from the public origin and from the origin the browser addressed, and builds links on the public one', async () => {
      const signin = (headers: Record<string, string>) =>
        proxied.app.inject({
          method: 'POST',
          url: '/auth/signin',
          remoteAddress: '198.51.100.1',
          headers: { 'content-type': 'application/json', ...headers },
          payload: { email: USERS.owner.email, password: USERS.owner.password },
        });
      expect((await signin({ host: 'internal:4173', origin: 'https://creatorflow.example' })).statusCode).toBe(200);
      expect((await signin({ host: 'internal:4173', origin: 'http://internal:4173' })).statusCode).toBe(200);
      expect((await signin({ host: 'internal:4173', origin: 'https://elsewhere.example' })).statusCode).toBe(403);
      const owner = await proxied.signIn('owner');
      const invite = await owner.post('/team/invitations', { email: 'public-origin@acme.test', role: 'Viewer', permissions: USERS.viewer.permissions });
      expect(json<{ inviteUrl: string }>(invite).inviteUrl).toMatch(/^https:\/\/creatorflow\.example\/invite\//);
      const nullBody = await server.client().post('/auth/signin', 'null');
      expect(nullBody.statusCode).toBe(400);
      expect(json(nullBody)).toEqual({ error: 'Expected a JSON object' });
    });

    it('reports not ready (503) when the database does not answer', async () => {
      await proxied.db.handle.close();
      const ready = await proxied.client().get('/readyz');
      expect(ready.statusCode).toBe(503);
      expect(json(ready)).toEqual({ status: 'unavailable' });
      expect((await proxied.client().get('/healthz')).statusCode).toBe(200);
      // Last test of the file: the database stays closed.
    });
  });
});
