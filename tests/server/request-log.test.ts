// Who a request's JSON log lines are about: the request id, the member id and the workspace id
// (never the member's email or name), the API key's id (never the key) and, for a push, the
// mutations' names (an unknown name pooled, never repeated).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_TIME, USERS } from './fixture';
import { DB_KINDS, json, startServer, type TestServer } from './harness';
import { MOVING_STEP } from './http-live';

interface LogLine {
  msg: string;
  requestId?: string;
  memberId?: string;
  workspaceId?: string;
  apiKeyId?: string;
  mutations?: string[];
  req?: { url: string };
}

const meta = (seed: string) => ({ now: SEED_TIME.toISOString(), idSeed: seed });

describe.each(DB_KINDS)('request log fields on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(kind);
  });
  afterAll(async () => {
    await server?.close();
  });
  const lines = () => server.logs.map((line) => JSON.parse(line) as LogLine);
  /** The "request completed" line of the request a response answered. */
  const completed = (requestId: string) => lines().find((line) => line.requestId === requestId && line.msg === 'request completed');

  it("names the member, the workspace and a push's mutations on every line of the request, and nothing that identifies a person", async () => {
    const editor = await server.signIn('editor');
    const secretName = 'sk_live_0123456789abcdef-not-a-mutation';
    const pushed = await editor.post('/sync/push', {
      clientID: `log-fields-${kind}`,
      mutations: [
        { id: 1, name: 'inventory.setQuantity', args: { id: 'inv_2', quantity: 5 }, meta: meta(`lf1${kind}`) },
        { id: 2, ...MOVING_STEP, meta: meta(`lf2${kind}`) },
        { id: 3, name: secretName, args: {}, meta: meta(`lf3${kind}`) },
      ],
    });
    expect(pushed.statusCode).toBe(200);
    const requestId = String(pushed.headers['request-id']);
    const line = completed(requestId);
    expect(line).toMatchObject({ memberId: USERS.editor.memberId, workspaceId: USERS.editor.workspaceId, mutations: ['inventory.setQuantity', 'funnels.saveStep', '(unknown)'] });
    // Every line of that request after sign-in is known carries the same ids.
    const ofRequest = lines().filter((entry) => entry.requestId === requestId && entry.msg !== 'incoming request');
    expect(ofRequest.length).toBeGreaterThan(0);
    for (const entry of ofRequest) expect(entry).toMatchObject({ memberId: USERS.editor.memberId, workspaceId: 'acme' });

    const pulled = await editor.get(`/sync/pull?since=0&clientID=log-fields-${kind}`);
    expect(pulled.statusCode).toBe(200);
    const pull = completed(String(pulled.headers['request-id']));
    expect(pull).toMatchObject({ memberId: USERS.editor.memberId, workspaceId: 'acme' });
    expect(pull?.mutations).toBeUndefined();

    const all = server.logs.join('\n');
    for (const said of [USERS.editor.email, USERS.editor.name, secretName]) expect(all).not.toContain(said);
  });

  it("names an API key's workspace and key id, never the key", async () => {
    const owner = await server.signIn('owner');
    const made = await owner.post('/developer/keys', { role: 'Viewer', name: 'log fields' });
    expect(made.statusCode).toBe(201);
    const key = json<{ secret: string; key: { id: string } }>(made);
    const read = await server.client().get('/api/v1/creators?limit=1', { authorization: `Bearer ${key.secret}` });
    expect(read.statusCode).toBe(200);
    expect(completed(String(read.headers['request-id']))).toMatchObject({ workspaceId: 'acme', apiKeyId: key.key.id });
    const refused = await server.client().get('/api/v1/creators?limit=1', { authorization: 'Bearer cf_not_a_key' });
    expect(refused.statusCode).toBe(401);
    expect(completed(String(refused.headers['request-id']))?.workspaceId).toBeUndefined();
    expect(server.logs.join('\n')).not.toContain(key.secret);
  });
});
