// Integration credentials are write-only secrets, on PGlite and PostgreSQL: after Configure
// with an API key and a webhook URL, no pull (Viewer, Editor, Admin, an embed session), no
// answer of any kind, no log line and no activity entry carries either value; the database
// holds ciphertext that only the server's key opens; only Admins see the hints.
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PullResponse, PushResponse } from '../../lib/sync/protocol';
import * as t from '../../server/db/schema';
import { integrationSecretName, sealLegacySecrets } from '../../server/integrations/credentials';
import { ephemeralSecretBox } from '../../server/secrets/box';
import { readSecret } from '../../server/secrets/store';
import { SEED_TIME } from './fixture';
import { DB_KINDS, json, startServer, type Client, type TestServer } from './harness';

const PARTNER = 'https://partner.example';

describe.each(DB_KINDS)('integration credentials on %s', (kind) => {
  let server: TestServer;
  let owner: Client;
  let editor: Client;
  let viewer: Client;
  const box = ephemeralSecretBox();
  const apiKey = `sk_live_${randomBytes(16).toString('hex')}`;
  const token = randomBytes(12).toString('hex');
  const webhookUrl = `https://hooks.example.com/services/${token}`;
  let integrationId: string;

  const pull = async (client: Client) => json<PullResponse>(await client.get('/sync/pull?since=0'));
  const integrationIn = (body: PullResponse) => body.records.find((r) => r.collection === 'integrations' && r.id === integrationId)?.value as Record<string, unknown>;

  beforeAll(async () => {
    server = await startServer(kind, { secretBox: box, limits: { perAddress: { max: 1000, windowMs: 60_000 } }, webhooks: { deliverEveryMs: false } });
    owner = await server.signIn('owner');
    editor = await server.signIn('editor');
    viewer = await server.signIn('viewer');
    integrationId = (await pull(owner)).records.find((r) => r.collection === 'integrations')!.id;
  });
  afterAll(async () => {
    await server?.close();
  });

  it('refuses anyone but an Admin, and bad input naming the field, changing nothing', async () => {
    const url = `/integrations/${integrationId}/credentials`;
    for (const client of [editor, viewer]) {
      const refused = await client.put(url, { apiKey, webhookUrl });
      expect(refused.statusCode).toBe(403);
      expect(json(refused)).toMatchObject({ error: 'Only Admins can configure integrations' });
    }
    expect((await server.client().put(url, { apiKey, webhookUrl })).statusCode).toBe(401);
    expect(json(await owner.put(url, { apiKey: '', webhookUrl }))).toMatchObject({ field: 'apiKey', error: 'Please enter an API key' });
    expect(json(await owner.put(url, { apiKey, webhookUrl: 'http://hooks.example.com/x' }))).toMatchObject({ field: 'webhookUrl' });
    expect(json(await owner.put(url, { apiKey: 42 }))).toMatchObject({ field: 'apiKey' });
    expect((await owner.put('/integrations/no-such-thing/credentials', { apiKey, webhookUrl })).statusCode).toBe(404);
    expect(await server.db.handle.db.select().from(t.workspaceSecrets)).toEqual([]);
    expect(integrationIn(await pull(owner)).credentials).toBeUndefined();
  });

  it('never takes credentials through sync', async () => {
    const pushed = await owner.post('/sync/push', {
      clientID: 'creds-by-push',
      mutations: [{ id: 1, name: 'integrations.configure', args: { id: integrationId, config: { apiKey, webhookUrl } }, meta: { now: SEED_TIME.toISOString(), idSeed: 'cp1' } }],
    });
    expect(json<PushResponse>(pushed).results).toEqual([{ id: 1, ok: false, error: 'Integration credentials are saved through Settings > Integrations > Configure', code: 'rejected', status: 409 }]);
    expect(await server.db.handle.db.select().from(t.workspaceSecrets)).toEqual([]);
  });

  it('after Configure, no pull, answer, log line or activity entry holds a byte of the key or the webhook token', async () => {
    const saved = await owner.put(`/integrations/${integrationId}/credentials`, { apiKey, webhookUrl });
    expect(saved.statusCode).toBe(200);
    expect(json<{ integration: Record<string, unknown> }>(saved).integration).toMatchObject({
      status: 'connected',
      credentials: { apiKeyHint: apiKey.slice(-4), webhookHost: 'hooks.example.com' },
    });

    // The Admin sees hints; the Editor and the Viewer see names and status only.
    expect(integrationIn(await pull(owner))).toMatchObject({ status: 'connected', credentials: { apiKeyHint: apiKey.slice(-4) } });
    for (const client of [editor, viewer]) {
      const record = integrationIn(await pull(client));
      expect(record).toMatchObject({ status: 'connected' });
      expect(record).not.toHaveProperty('credentials');
    }

    // An embed session (an Admin key) pulls too.
    const key = json<{ secret: string }>(await owner.post('/developer/keys', { role: 'Admin', allowedOrigins: [PARTNER] }));
    const embed = json<{ client_secret: string }>(
      await server.client().post('/api/v1/embed_sessions', { screens: ['funnel-board', 'orders'] }, { authorization: `Bearer ${key.secret}` }),
    );
    expect((await server.client().get('/sync/pull?since=0', { authorization: `Bearer ${embed.client_secret}`, origin: PARTNER })).statusCode).toBe(200);
    // And the public API answers.
    await server.client().get('/api/v1/funnels', { authorization: `Bearer ${key.secret}` });

    const activity = (await pull(owner)).records.filter((r) => r.collection === 'activity');
    expect(activity.some((r) => (r.value as { action: string }).action === 'Integration connected')).toBe(true);
    const everything = [...server.responses, ...server.logs, JSON.stringify(activity)].join('\n');
    // The hint (the last four) is shown on purpose; any longer piece of the key is not.
    for (const secret of [apiKey, token]) {
      for (let i = 0; i + 8 <= secret.length; i++) expect(everything).not.toContain(secret.slice(i, i + 8));
    }
    expect(everything).not.toContain(webhookUrl);

    // The row holds ciphertext only, which the server's key opens.
    const rows = await server.db.handle.db.select().from(t.workspaceSecrets).where(eq(t.workspaceSecrets.workspaceId, 'acme'));
    expect(rows.map((r) => r.name).sort()).toEqual([integrationSecretName(integrationId, 'apiKey'), integrationSecretName(integrationId, 'webhookUrl')]);
    for (const row of rows) {
      expect(row.ciphertext).toMatch(/^v1\.[0-9a-f]{8}\./);
      expect(row.ciphertext).not.toContain(apiKey.slice(8, 20));
      expect(row.ciphertext).not.toContain(token);
      expect(row.updatedBy).toBe('tm_1');
    }
    expect(await readSecret(server.db.handle.db, box, 'acme', integrationSecretName(integrationId, 'apiKey'))).toBe(apiKey);
    expect(await readSecret(server.db.handle.db, box, 'acme', integrationSecretName(integrationId, 'webhookUrl'))).toBe(webhookUrl);
    const [legacy] = await server.db.handle.db.select().from(t.integrations).where(eq(t.integrations.id, integrationId));
    expect([legacy.legacyApiKey, legacy.legacyWebhookUrl]).toEqual([null, null]);
  });

  it('Replace seals the new key; without a webhook URL the old one is forgotten', async () => {
    const next = `sk_live_${randomBytes(16).toString('hex')}`;
    expect((await owner.put(`/integrations/${integrationId}/credentials`, { apiKey: next })).statusCode).toBe(200);
    expect(integrationIn(await pull(owner)).credentials).toEqual({ apiKeyHint: next.slice(-4) });
    expect(await readSecret(server.db.handle.db, box, 'acme', integrationSecretName(integrationId, 'apiKey'))).toBe(next);
    expect(await readSecret(server.db.handle.db, box, 'acme', integrationSecretName(integrationId, 'webhookUrl'))).toBeNull();
  });

  it('moves credentials an older version stored in the clear into the sealed table at start-up, and strips the sample developer key', async () => {
    const db = server.db.handle.db;
    const old = `sk_live_${randomBytes(16).toString('hex')}`;
    const [other] = (await pull(owner)).records.filter((r) => r.collection === 'integrations' && r.id !== integrationId);
    await db
      .update(t.integrations)
      .set({ legacyApiKey: old, legacyWebhookUrl: 'https://legacy.example/hook/abc' })
      .where(eq(t.integrations.id, other.id));
    await db
      .update(t.workspaceSingletons)
      .set({ value: { apiKey: 'sk_test_0123456789abcdef0123', endpointUrl: '', events: [] } })
      .where(eq(t.workspaceSingletons.name, 'developer'));
    expect(await sealLegacySecrets(db, box, SEED_TIME)).toBeGreaterThanOrEqual(2);
    const [moved] = await db.select().from(t.integrations).where(eq(t.integrations.id, other.id));
    expect(moved).toMatchObject({ legacyApiKey: null, legacyWebhookUrl: null, credentials: { apiKeyHint: old.slice(-4), webhookHost: 'legacy.example' } });
    expect(await readSecret(db, box, 'acme', integrationSecretName(other.id, 'apiKey'))).toBe(old);
    const body = await pull(owner);
    expect(JSON.stringify(body)).not.toContain('sk_test_');
    expect(JSON.stringify(body)).not.toContain(old);
    // Nothing left to move: a second start changes nothing.
    expect(await sealLegacySecrets(db, box, SEED_TIME)).toBe(0);
  });
});
