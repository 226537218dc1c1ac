// Sessions beyond sign-in (auth.test.ts covers its cookie, renewal, expiry and the CSRF rule on
// sign-in): every way a session starts (sign-in, invitation, setup link) sets the same cookie
// flags and never adopts an id the browser brought (no fixation); a signed-out or removed
// member's cookie stops writing at once; and every route that changes data refuses a
// cross-site form post and a body that is not JSON, changing nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PullResponse } from '../../lib/sync/protocol';
import { bootstrap } from '../../server/bootstrap';
import { createWorkspace } from '../../server/db/seed';
import { emptyWorkspaceData } from '../../server/db/seed-data';
import { TEST_HASH_COST, USERS } from './fixture';
import { DB_KINDS, json, startServer, type Client, type TestServer } from './harness';

const PLANTED = 'PlantedByAnAttacker_0123456789abcdefghijklmn';
const HTTPS = { 'x-forwarded-proto': 'https', host: 'creatorflow.example', origin: 'https://creatorflow.example' };

describe.each(DB_KINDS)('sessions on %s', (kind) => {
  let server: TestServer;
  let proxied: TestServer;
  let owner: Client;
  beforeAll(async () => {
    server = await startServer(kind, { limits: { perAddress: { max: 1000, windowMs: 60_000 }, tokenLookups: { max: 1000, windowMs: 60_000 } } });
    proxied = await startServer(kind, { trustProxy: true, publicOrigin: 'https://creatorflow.example' }, { database: server.db });
    owner = await server.signIn('owner');
  });
  afterAll(async () => {
    await proxied?.close();
    await server?.close();
  });

  const inviteToken = async (email: string) => {
    const response = await owner.post('/team/invitations', { email, role: 'Editor', permissions: USERS.editor.permissions });
    expect(response.statusCode).toBe(200);
    return new URL(json<{ inviteUrl: string }>(response).inviteUrl).pathname.split('/').pop()!;
  };
  const setupToken = async (id: string) => {
    await createWorkspace(server.db.handle.db, {
      id,
      name: id,
      owner: { memberId: `${id}_1`, name: 'Owner', email: `owner@${id}.test`, passwordHash: null },
      data: emptyWorkspaceData(server.clock.now(), id),
      now: server.clock.now(),
    });
    const boot = await bootstrap(server.db.handle, { now: server.clock.now(), hashCost: TEST_HASH_COST });
    const link = boot.setupLinks.find((l) => l.email === `owner@${id}.test`)!;
    return { token: new URL(link.path, 'http://x').searchParams.get('token')!, email: `owner@${id}.test` };
  };

  /** The flags every session cookie carries; `secure`: the __Host- name and Secure. */
  const expectSessionCookie = (setCookie: unknown, secure: boolean) => {
    const cookie = String(setCookie);
    expect(cookie).toMatch(secure ? /^__Host-cf_session=[A-Za-z0-9_-]{43};/ : /^cf_session=[A-Za-z0-9_-]{43};/);
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Lax/);
    expect(cookie).toMatch(/; Path=\//);
    expect(cookie).not.toMatch(/Domain=/);
    if (secure) expect(cookie).toMatch(/; Secure/);
    else expect(cookie).not.toMatch(/Secure/);
    return /^[^=]+=([^;]+)/.exec(cookie)![1];
  };

  it('never adopts a session id the browser brought: sign-in, invitation and setup each issue a new one', async () => {
    const planted = () => {
      const browser = server.client();
      browser.cookies.set('cf_session', PLANTED);
      return browser;
    };
    const signIn = await planted().post('/auth/signin', { email: USERS.editor.email, password: USERS.editor.password });
    const accept = await planted().post(`/invitations/${await inviteToken('fixation@acme.test')}/accept`, { name: 'Fay Fixation', password: 'fay-password-12' });
    const { token } = await setupToken('fixco');
    const setup = await planted().post('/auth/setup', { token, password: 'fixco-password-1' });
    for (const response of [signIn, accept, setup]) {
      expect(response.statusCode).toBe(200);
      const issued = expectSessionCookie(response.headers['set-cookie'], false);
      expect(issued).not.toBe(PLANTED);
    }
    const withPlanted = await server.app.inject({ method: 'GET', url: '/auth/session', headers: { cookie: `cf_session=${PLANTED}` } });
    expect(withPlanted.statusCode).toBe(401);
  });

  it('sets Secure __Host- cookies over https from every way in, and plain ones only on plain-http localhost', async () => {
    const signIn = await proxied.app.inject({ method: 'POST', url: '/auth/signin', headers: { ...HTTPS, 'content-type': 'application/json' }, payload: { email: USERS.viewer.email, password: USERS.viewer.password } });
    const token = await inviteToken('secure-accept@acme.test');
    const accept = await proxied.app.inject({
      method: 'POST',
      url: `/invitations/${token}/accept`,
      headers: { ...HTTPS, 'content-type': 'application/json' },
      payload: { name: 'Sue Secure', password: 'sue-password-123' },
    });
    const setup = await setupToken('secureco');
    const viaSetup = await proxied.app.inject({ method: 'POST', url: '/auth/setup', headers: { ...HTTPS, 'content-type': 'application/json' }, payload: { token: setup.token, password: 'secure-password-1' } });
    for (const response of [signIn, accept, viaSetup]) {
      expect(response.statusCode).toBe(200);
      expectSessionCookie(response.headers['set-cookie'], true);
    }
    // Plain http on a name that is not this machine: still Secure (the browser then keeps it only over https).
    const lan = await proxied.app.inject({ method: 'POST', url: '/auth/signin', headers: { host: 'team.lan', 'content-type': 'application/json' }, payload: { email: USERS.viewer.email, password: USERS.viewer.password } });
    expectSessionCookie(lan.headers['set-cookie'], true);
    const local = await proxied.app.inject({ method: 'POST', url: '/auth/signin', headers: { host: 'localhost:4173', 'content-type': 'application/json' }, payload: { email: USERS.viewer.email, password: USERS.viewer.password } });
    expectSessionCookie(local.headers['set-cookie'], false);
  });

  it('stops writes at once after sign-out and after removal, whatever the browser still holds', async () => {
    const push = (client: Client, clientID: string) =>
      client.post('/sync/push', { clientID, mutations: [{ id: 1, name: 'notifications.markAllRead', args: {}, meta: { now: server.clock.now().toISOString(), idSeed: clientID } }] });
    const leaving = await server.signIn('editorNoOutreach');
    const kept = new Map(leaving.cookies);
    expect((await leaving.post('/auth/signout')).statusCode).toBe(200);
    leaving.cookies = new Map(kept);
    expect((await push(leaving, 'after-signout')).statusCode).toBe(401);

    const removed = await server.signIn('editor');
    const other = await server.signIn('editor');
    expect((await push(removed, 'before-removal')).statusCode).toBe(200);
    const { version } = json<PullResponse>(await owner.get('/sync/pull?since=0'));
    expect((await owner.push('team.remove', { id: USERS.editor.memberId })).status).toBe(200);
    for (const browser of [removed, other]) {
      // The sync routes tell the removed member so (403 removed, clearing the cookie); after that, a plain 401.
      const refused = await push(browser, `after-removal-${browser === removed ? 1 : 2}`);
      expect(refused.statusCode).toBe(403);
      expect(json(refused)).toMatchObject({ code: 'removed' });
      expect((await browser.get('/sync/pull?since=0')).statusCode).toBe(401);
    }
    // Nothing changed but the removal itself.
    const after = json<PullResponse>(await owner.get(`/sync/pull?since=${version}`));
    expect(after.version).toBe(version + 1);
    expect(after.records.map((r) => r.collection).sort()).toEqual(['activity', 'team']);
  });

  it('refuses a cross-site form post and a non-JSON body on every route that changes data, with the victim signed in', async () => {
    const victim = await server.signIn('owner');
    const token = await inviteToken('csrf@acme.test');
    const WRITES: { method: 'POST' | 'DELETE'; url: string }[] = [
      { method: 'POST', url: '/auth/signin' },
      { method: 'POST', url: '/auth/signout' },
      { method: 'POST', url: '/auth/password' },
      { method: 'POST', url: '/auth/setup' },
      { method: 'POST', url: '/team/invitations' },
      { method: 'POST', url: `/invitations/${token}/accept` },
      { method: 'POST', url: '/sync/push' },
    ];
    const { version } = json<PullResponse>(await victim.get('/sync/pull?since=0'));
    for (const { method, url } of WRITES) {
      const cookie = [...victim.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
      const form = await server.app.inject({
        method,
        url,
        headers: { host: 'localhost:4173', origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded', cookie },
        payload: 'email=a%40b.test&password=x&name=notifications.markAllRead',
      });
      expect(form.statusCode, `${method} ${url}`).toBe(403);
      expect(json(form), `${method} ${url}`).toEqual({ error: 'Cross-site request refused', code: 'crossSiteRefused' });
      // Same origin, but a body a form could send (text/plain): refused too.
      const plain = await server.app.inject({
        method,
        url,
        headers: { host: 'localhost:4173', origin: 'http://localhost:4173', 'content-type': 'text/plain', cookie },
        payload: JSON.stringify({ name: 'notifications.markAllRead', args: {}, email: USERS.owner.email, password: USERS.owner.password }),
      });
      expect(plain.statusCode, `${method} ${url}`).toBe(403);
      expect(json(plain).error, `${method} ${url}`).toMatch(/JSON/);
    }
    // The victim is still signed in, the invitation still open, and nothing changed.
    expect((await victim.get('/auth/session')).statusCode).toBe(200);
    expect((await server.client().get(`/invitations/${token}`)).statusCode).toBe(200);
    const after = json<PullResponse>(await victim.get(`/sync/pull?since=${version}`));
    expect(after.version).toBe(version);
    expect(after.records).toEqual([]);
  });
});
