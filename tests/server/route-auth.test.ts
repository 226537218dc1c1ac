// Who may call each route: every route declares it (config.auth), one hook per route checks
// it, and a request without the right credentials gets the answer it always got. Every answer
// carries a Request-Id of the server's making, also in the request's log lines.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVELOPER_ADMIN_MESSAGE } from '../../lib/domain/permissions';
import { AUTH_KINDS } from '../../server/http/auth';
import { MISSING_KEY } from '../../server/api/keys';
import { SYNC_PATHS } from '../../lib/sync/protocol';
import { USERS } from './fixture';
import { DB_KINDS, json, startServer, type TestServer } from './harness';
import { apiError } from './openapi-answers';

const REQUEST_ID = /^req_[A-Za-z0-9_-]{16}$/;

const SIGN_IN = { error: 'Sign in to continue', code: 'signInToContinue' };

describe.each(DB_KINDS)('route auth on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(kind, { limits: { perAddress: { max: 1000, windowMs: 60_000 } } });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('refuses to register a route that does not say who may call it', () => {
    expect(() => server.app.get('/undeclared', async () => ({ ok: true }))).toThrow('GET /undeclared declares no auth');
    expect(() => server.app.get('/permission-without-member', { config: { auth: 'public', may: { kind: 'member' } } }, async () => ({ ok: true }))).toThrow(
      "a permission rule needs auth 'member'",
    );
  });

  it('every registered route declares one of the auth kinds, and each kind is in use', () => {
    const routes = server.app.routeAuth;
    expect(routes.length).toBeGreaterThanOrEqual(45);
    for (const route of routes) expect(AUTH_KINDS, `${route.method} ${route.url}`).toContain(route.auth);
    const kinds = new Set(routes.map((route) => route.auth));
    for (const auth of AUTH_KINDS) expect(kinds, auth).toContain(auth);
    const authOf = (method: string, url: string) => routes.find((route) => route.method === method && route.url === url)?.auth;
    expect(authOf('POST', '/auth/signin')).toBe('public');
    expect(authOf('GET', '/auth/session')).toBe('member');
    expect(authOf('GET', '/developer/keys')).toBe('admin');
    expect(authOf('GET', '/api/v1/creators')).toBe('apiKey');
    expect(authOf('POST', SYNC_PATHS.push)).toBe('memberOrEmbed');
  });

  it("member: a signed-out request is asked to sign in, after its body's own problems", async () => {
    const signedOut = server.client();
    const session = await signedOut.get('/auth/session');
    expect(session.statusCode).toBe(401);
    expect(json(session)).toEqual(SIGN_IN);
    const invitations = await signedOut.get('/team/invitations');
    expect(invitations.statusCode).toBe(401);
    expect(json(invitations)).toEqual(SIGN_IN);
    // Fastify's validation answers first, as it always did.
    const malformed = await signedOut.patch('/auth/me', { language: 'de' });
    expect(malformed.statusCode).toBe(400);
    expect(json(malformed)).toEqual({ error: 'language must be one of en-US, es, fr', field: 'language' });
  });

  it("member with a permission rule: a Viewer is refused with the rule's words", async () => {
    const viewer = await server.signIn('viewer');
    const refused = await viewer.get('/team/invitations');
    expect(refused.statusCode).toBe(403);
    expect(json(refused)).toEqual({ error: 'Your role cannot make changes in this workspace' });
  });

  it('admin: a signed-out request is asked to sign in, an Editor is refused', async () => {
    const signedOut = await server.client().get('/developer/keys');
    expect(signedOut.statusCode).toBe(401);
    expect(json(signedOut)).toEqual(SIGN_IN);
    const editor = await server.signIn('editor');
    const refused = await editor.get('/developer/keys');
    expect(refused.statusCode).toBe(403);
    expect(json(refused)).toEqual({ error: DEVELOPER_ADMIN_MESSAGE });
  });

  it('apiKey: a request without a key gets 401 before its body is read', async () => {
    const client = server.client();
    const listed = await client.get('/api/v1/creators');
    expect(listed.statusCode).toBe(401);
    expect(json(listed)).toEqual(apiError(listed, 'missingKey', MISSING_KEY));
    const malformed = await client.post('/api/v1/funnels', { creatorId: 42 });
    expect(malformed.statusCode).toBe(401);
    expect(json(malformed)).toEqual(apiError(malformed, 'missingKey', MISSING_KEY));
    const wrong = await client.request('GET', '/api/v1/creators', undefined, { authorization: 'Bearer sk_test_0000000000000000' });
    expect(wrong.statusCode).toBe(401);
    expect(json(wrong)).toEqual(apiError(wrong, 'invalidKey', 'This API key is not valid: it may have been revoked or regenerated'));
  });

  it('memberOrEmbed: a signed-out pull is asked to sign in; an unknown embed secret is refused', async () => {
    const client = server.client();
    const pulled = await client.get(SYNC_PATHS.pull);
    expect(pulled.statusCode).toBe(401);
    expect(json(pulled)).toEqual(SIGN_IN);
    const pushed = await client.post(SYNC_PATHS.push, { clientID: 'c1', mutations: [] });
    expect(pushed.statusCode).toBe(401);
    expect(json(pushed)).toEqual(SIGN_IN);
    const malformed = await client.request('GET', SYNC_PATHS.pull, undefined, { authorization: 'Bearer es_short' });
    expect(malformed.statusCode).toBe(401);
    expect(json(malformed)).toEqual({ error: 'This embed session is not valid' });
    const unknown = await client.request('GET', SYNC_PATHS.pull, undefined, { authorization: `Bearer es_${'a'.repeat(43)}` });
    expect(unknown.statusCode).toBe(401);
    expect(json(unknown)).toEqual({ error: 'This embed session has expired: fetch a new client secret' });
  });

  it('public: a signed-out request reaches the route itself', async () => {
    const client = server.client();
    const health = await client.get('/healthz');
    expect(health.statusCode).toBe(200);
    expect(json(health)).toEqual({ status: 'ok' });
    const invitation = await client.get('/invitations/not-a-token');
    expect(invitation.statusCode).toBe(404);
    expect(json(invitation)).toEqual({ error: 'This invitation link is not valid', code: 'invitationInvalid' });
  });

  it('puts a Request-Id of its own on every answer, the same in the log line, never the client’s', async () => {
    const owner = await server.signIn('owner');
    const answers = [
      await server.client().get('/healthz'),
      await owner.get('/auth/session'),
      await server.client().get('/auth/session'),
      await server.client().get('/no/such/route'),
      await server.client().post('/auth/signin', { email: `${USERS.owner.email}\u0000`, password: 'x' }),
      await server.client().post('/auth/signin', { email: USERS.owner.email, password: 'x' }, { origin: 'https://evil.example' }),
      await server.client().get('/api/v1/creators'),
      await server.client().get('/api/v1/creators', { 'request-id': 'req_chosen_by_client', 'x-request-id': 'client' }),
    ];
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 401, 404, 400, 403, 401, 401]);
    const ids = answers.map((a) => String(a.headers['request-id']));
    for (const id of ids) expect(id).toMatch(REQUEST_ID);
    expect(new Set(ids).size).toBe(ids.length);
    const log = server.logs.join('\n');
    for (const id of ids.slice(1)) expect(log).toContain(`"requestId":"${id}"`);
    expect(log).not.toContain('req_chosen_by_client');
  });
});
