// Partner embed sessions over real HTTP on PGlite and PostgreSQL: a key trades for a short-lived
// client secret limited to screens and a role no higher than the key's; sync with it pulls only
// those screens' data, pushes only their writes, answers CORS only for the key's origins, and
// stops when the secret expires or the key is revoked.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PullResponse, PushResponse } from '../../lib/sync/protocol';
import { EMBED_SESSION_TTL_MS } from '../../server/api/embed';
import { eq } from 'drizzle-orm';
import * as t from '../../server/db/schema';
import { SEED_TIME } from './fixture';
import { DB_KINDS, json, startServer, type Client, type TestServer } from './harness';
import { apiError, expectAnswersFollowOpenApi } from './openapi-answers';

const PARTNER = 'https://partner.test:8443';
let seed = 0;
const meta = () => ({ now: SEED_TIME.toISOString(), idSeed: `em${(seed++).toString(36)}` });

describe.each(DB_KINDS)('embed sessions on %s', (kind) => {
  let server: TestServer;
  let owner: Client;
  let editorKey: { id: string; secret: string };
  beforeAll(async () => {
    server = await startServer(kind, { limits: { perAddress: { max: 1000, windowMs: 60_000 } }, webhooks: { deliverEveryMs: false } });
    owner = await server.signIn('owner');
    const created = json<{ key: { id: string }; secret: string }>(await owner.post('/developer/keys', { role: 'Editor', allowedOrigins: [PARTNER] }));
    editorKey = { id: created.key.id, secret: created.secret };
  });
  afterAll(async () => {
    await server?.close();
  });

  async function session(screens: string[], role?: string, secret = editorKey.secret) {
    const response = await server.client().post('/api/v1/embed_sessions', { screens, ...(role ? { role } : {}) }, { authorization: `Bearer ${secret}` });
    expect(response.statusCode).toBe(201);
    return json<{ client_secret: string; expires_at: string; role: string; screens: string[] }>(response);
  }
  const pull = (secret: string, origin = PARTNER) => server.client().get('/sync/pull?since=0', { authorization: `Bearer ${secret}`, origin });
  const push = (secret: string, name: string, args: unknown) =>
    server.client().post('/sync/push', { clientID: `embed-${seed}`, mutations: [{ id: 1, name, args, meta: meta() }] }, { authorization: `Bearer ${secret}`, origin: PARTNER });

  it('gives a client secret for chosen screens; a role above the key’s is refused', async () => {
    const viewer = await session(['funnel-board'], 'Viewer');
    expect(viewer).toMatchObject({ client_secret: expect.stringMatching(/^es_/), role: 'Viewer', screens: ['funnel-board'] });
    expect(Date.parse(viewer.expires_at) - server.clock.time).toBe(EMBED_SESSION_TTL_MS);
    expect((await session(['funnel-board'], 'Editor')).role).toBe('Editor');
    // More than the key's role is refused, naming the field, not quietly lowered.
    const above = await server.client().post('/api/v1/embed_sessions', { screens: ['funnel-board'], role: 'Admin' }, { authorization: `Bearer ${editorKey.secret}` });
    expect(above.statusCode).toBe(403);
    expect(json(above)).toEqual(apiError(above, 'forbidden', 'An embed session’s role is at most its key’s: this key is Editor, so the session cannot be Admin', 'role'));
    const bad = await server.client().post('/api/v1/embed_sessions', { screens: ['billing'] }, { authorization: `Bearer ${editorKey.secret}` });
    expect(bad.statusCode).toBe(400);
    expect(json(bad)).toMatchObject({ field: 'screens.0' });
    expect((await server.client().post('/api/v1/embed_sessions', { screens: ['orders'] })).statusCode).toBe(401);
  });

  it('pulls only the screens’ collections, with CORS for the key’s origins only', async () => {
    const { client_secret } = await session(['funnel-board'], 'Viewer');
    const response = await pull(client_secret);
    expect(response.statusCode).toBe(200);
    expect(response.headers['access-control-allow-origin']).toBe(PARTNER);
    const body = json<PullResponse>(response);
    const collections = new Set(body.records.map((r) => r.collection));
    expect(collections.has('funnels')).toBe(true);
    for (const hidden of ['activity', 'orders', 'inventory', 'notifications']) expect(collections.has(hidden)).toBe(false);
    // No member of the team is shown: only the member the session acts as (the key, with the
    // session's role), so the page's controls allow exactly what the server accepts.
    const team = body.records.filter((r) => r.collection === 'team');
    expect(team).toEqual([
      {
        collection: 'team',
        id: body.memberId,
        value: expect.objectContaining({ id: body.memberId, name: expect.stringMatching(/^API key …[A-Za-z0-9_-]{4}$/), email: '', role: 'Viewer', status: 'Active' }),
      },
    ]);
    expect((team[0].value as { permissions: Record<string, boolean> }).permissions).toEqual(expect.not.objectContaining({ manageTeam: true }));
    expect(body.records.some((r) => r.collection === 'singletons' && r.id === 'developer')).toBe(false);
    expect((await pull(client_secret, 'http://evil.test')).statusCode).toBe(403);

    const preflight = await server.app.inject({ method: 'OPTIONS', url: '/sync/pull', headers: { origin: PARTNER, 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' } });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers).toMatchObject({ 'access-control-allow-origin': PARTNER, 'access-control-allow-headers': expect.stringContaining('authorization') });
    expect((await server.app.inject({ method: 'OPTIONS', url: '/sync/pull', headers: { origin: 'http://evil.test' } })).statusCode).toBe(403);
  });

  it('pushes only the screens’ writes, as the session’s role', async () => {
    const viewer = await session(['funnel-board'], 'Viewer');
    // Refused on its own, for the role: the push answers, the change is not taken.
    expect(json<PushResponse>(await push(viewer.client_secret, 'funnels.togglePriority', { funnelId: 'CR12345' })).results).toEqual([
      { id: 1, ok: false, error: 'Your role cannot make changes in this workspace', code: 'forbidden', status: 403 },
    ]);
    const editor = await session(['funnel-board']);
    const toggled = await push(editor.client_secret, 'funnels.togglePriority', { funnelId: 'CR12345' });
    expect(json<PushResponse>(toggled).results).toEqual([{ id: 1, ok: true }]);
    const outside = await push(editor.client_secret, 'orders.changeStatus', { id: 'ord_1', status: 'Processing' });
    expect(json<PushResponse>(outside).results).toEqual([{ id: 1, ok: false, error: 'This embedded screen cannot make this change', code: 'rejected', status: 409 }]);
  });

  it('stops working when the secret expires or the key is revoked; another workspace’s session sees only its own', async () => {
    const short = await session(['funnel-board']);
    server.clock.advance(EMBED_SESSION_TTL_MS);
    expect((await pull(short.client_secret)).statusCode).toBe(401);
    const live = await session(['funnel-board']);
    const globex = await server.signIn('globexOwner');
    const globexKey = json<{ secret: string }>(await globex.post('/developer/keys', { role: 'Viewer', allowedOrigins: [PARTNER] })).secret;
    const theirs = await session(['funnel-board'], undefined, globexKey);
    const names = json<PullResponse>(await pull(theirs.client_secret)).records.filter((r) => r.collection === 'funnels').map((r) => (r.value as { creatorName: string }).creatorName);
    expect(names).toEqual(['Globex Creator']);
    expect((await owner.request('DELETE', `/developer/keys/${editorKey.id}`)).statusCode).toBe(200);
    expect((await pull(live.client_secret)).statusCode).toBe(401);
  });

  const events = (secret: string) => server.client().get(`/sync/events?client_secret=${secret}`, { origin: PARTNER });

  it('regenerating a key ends every embed session it minted at once: pull, push and events answer 401', async () => {
    const made = json<{ key: { id: string }; secret: string }>(await owner.post('/developer/keys', { role: 'Editor', allowedOrigins: [PARTNER] }));
    const minted = await session(['funnel-board'], undefined, made.secret);
    expect((await pull(minted.client_secret)).statusCode).toBe(200);
    expect((await owner.post(`/developer/keys/${made.key.id}/regenerate`)).statusCode).toBe(200);
    const pulled = await pull(minted.client_secret);
    expect(pulled.statusCode).toBe(401);
    expect(json(pulled)).toMatchObject({ error: 'This embed session has expired: fetch a new client secret' });
    const pushed = await push(minted.client_secret, 'funnels.togglePriority', { funnelId: 'CR12345' });
    expect(pushed.statusCode).toBe(401);
    expect((await events(minted.client_secret)).statusCode).toBe(401);
    // The push changed nothing.
    const funnel = json<PullResponse>(await owner.get('/sync/pull?since=0')).records.find((r) => r.id === 'CR12345');
    expect(funnel).toBeDefined();
  });

  it('revoking a key ends its sessions for pull, push and events', async () => {
    const made = json<{ key: { id: string }; secret: string }>(await owner.post('/developer/keys', { role: 'Editor', allowedOrigins: [PARTNER] }));
    const minted = await session(['funnel-board'], undefined, made.secret);
    expect((await owner.delete(`/developer/keys/${made.key.id}`)).statusCode).toBe(200);
    expect((await pull(minted.client_secret)).statusCode).toBe(401);
    expect((await push(minted.client_secret, 'funnels.togglePriority', { funnelId: 'CR12345' })).statusCode).toBe(401);
    expect((await events(minted.client_secret)).statusCode).toBe(401);
  });

  it('an open event stream of a session ends when its key is regenerated', async () => {
    const made = json<{ key: { id: string }; secret: string }>(await owner.post('/developer/keys', { role: 'Editor', allowedOrigins: [PARTNER] }));
    const minted = await session(['funnel-board'], undefined, made.secret);
    const address = await server.app.listen({ port: 0, host: '127.0.0.1' });
    const stream = await fetch(`${address}/sync/events?client_secret=${minted.client_secret}`, { headers: { origin: PARTNER } });
    expect(stream.status).toBe(200);
    const reader = stream.body!.getReader();
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toContain(': connected');
    expect((await owner.post(`/developer/keys/${made.key.id}/regenerate`)).statusCode).toBe(200);
    // The server closes the stream: reading reaches its end rather than waiting for pokes.
    let next = await reader.read();
    while (!next.done) next = await reader.read();
    expect(next.done).toBe(true);
  });

  it.each([
    ['file:///home/partner/index.html'],
    ['javascript:alert(1)'],
    ['data:text/html,<p>hi</p>'],
    ['null'],
    ['http://partner.test'],
    ['ftp://partner.test'],
    ['not a url'],
  ])('refuses %s as an embed origin with a 400 naming the field', async (origin) => {
    const refused = await owner.post('/developer/keys', { role: 'Viewer', allowedOrigins: ['https://fine.example', origin] });
    expect(refused.statusCode).toBe(400);
    expect(json(refused)).toMatchObject({
      field: 'allowedOrigins.1',
      error: 'Each allowed origin must be https://… (or http://localhost or http://127.0.0.1 for local development)',
    });
  });

  it('accepts https origins and plain http on localhost or 127.0.0.1, kept as origins', async () => {
    const made = await owner.post('/developer/keys', { role: 'Viewer', allowedOrigins: ['https://Portal.Example/path', 'http://localhost:3000', 'http://127.0.0.1:8080'] });
    expect(made.statusCode).toBe(201);
    expect(json<{ key: { allowedOrigins: string[] } }>(made).key.allowedOrigins).toEqual(['https://portal.example', 'http://localhost:3000', 'http://127.0.0.1:8080']);
  });

  it('never allows a preflight from Origin: null, even for a key that stored "null" before', async () => {
    const made = json<{ key: { id: string } }>(await owner.post('/developer/keys', { role: 'Viewer', allowedOrigins: [PARTNER] }));
    await server.db.handle.db.update(t.apiKeys).set({ allowedOrigins: ['null'] }).where(eq(t.apiKeys.id, made.key.id));
    const preflight = await server.app.inject({ method: 'OPTIONS', url: '/sync/pull', headers: { origin: 'null', 'access-control-request-method': 'GET' } });
    expect(preflight.statusCode).toBe(403);
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('gave every public API answer above as its OpenAPI document declares it (status, body and headers)', async () => {
    await expectAnswersFollowOpenApi(server, 3);
  });
});

