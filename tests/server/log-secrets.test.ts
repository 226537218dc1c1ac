// Nothing secret in a log: a session that uses known secrets (an API key, also sent as
// ?api_key=; a password reset token and an invitation token, in paths, queries and bodies; a
// webhook signing secret; an SMTP password; a Shopify signing secret and its signatures; a
// session cookie), with every log line at the most talkative level, then a search of every log
// line and every stored activity entry for each of them.
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadRecords } from '../../server/db/records';
import { USERS } from './fixture';
import { DB_KINDS, json, startServer, OFFLINE_WEBHOOKS, type TestServer } from './harness';
import { smtpReceiver, type Receiver } from './smtp';

const SMTP_USER = 'cf-log-mailer';
const SMTP_PASSWORD = 'smtp-log-Pa55word-4711';
const SHOP_SECRET = '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';
const SAMPLE = readFileSync(new URL('./fixtures/shopify-orders-create.json', import.meta.url), 'utf8');

describe.each(DB_KINDS)('no secret in a log on %s', (kind) => {
  let server: TestServer;
  let smtp: Receiver;
  const lines: string[] = [];
  beforeAll(async () => {
    smtp = await smtpReceiver({ auth: true });
    server = await startServer(kind, {
      logger: { level: 'trace', stream: { write: (line: string) => void lines.push(line) } },
      limits: { perAddress: { max: 1000, windowMs: 60_000 } },
      webhooks: { deliverEveryMs: false, ...OFFLINE_WEBHOOKS },
      mail: { settings: { smtpUrl: `smtp://${SMTP_USER}:${SMTP_PASSWORD}@127.0.0.1:${smtp.port}`, from: 'team@creatorflow.test', dir: '/nonexistent' }, deliverEveryMs: false },
    });
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });

  it('keeps keys, tokens, signing secrets, signatures, the SMTP password and cookies out of every log line and activity entry', async () => {
    const secrets: Record<string, string> = { 'SMTP password': SMTP_PASSWORD, 'Shopify secret': SHOP_SECRET };
    const owner = await server.signIn('owner');
    secrets['session cookie'] = owner.sessionToken!;

    // An API key: made, used, sent in the query (refused), revoked, used again.
    const key = json<{ secret: string; key: { id: string } }>(await owner.post('/developer/keys', { role: 'Editor', name: 'log test' }));
    secrets['API key'] = key.secret;
    expect((await server.client().get('/api/v1/creators?limit=1', { authorization: `Bearer ${key.secret}` })).statusCode).toBe(200);
    expect((await server.client().get(`/api/v1/creators?api_key=${key.secret}`)).statusCode).toBe(401);
    expect((await server.client().get(`/api/v1/creators?limit=1&key=${key.secret}`, { authorization: `Bearer ${key.secret}x` })).statusCode).toBe(401);
    await owner.request('DELETE', `/developer/keys/${key.key.id}`);
    await server.client().get('/api/v1/creators', { authorization: `Bearer ${key.secret}` });

    // A webhook endpoint: its signing secret is shown once; a delivery is signed with it.
    const endpoint = await owner.post('/developer/webhooks', { url: 'https://hooks.example.test/cf', events: ['creator.onboarded'] });
    expect(endpoint.statusCode).toBe(201);
    const created = json<{ endpoint: { id: string }; secret: string }>(endpoint);
    secrets['webhook secret'] = created.secret;
    expect((await owner.post(`/developer/webhooks/${created.endpoint.id}/test`, {})).statusCode).toBe(202);
    await server.app.webhooks.deliverDue();

    // A password reset: the link arrives through the SMTP server (with its password); the token is used in a path, a query and a body.
    expect((await server.client().post('/auth/forgot', { email: USERS.viewer.email })).statusCode).toBe(200);
    expect(await server.app.mail!.deliverDue()).toBe(1);
    expect(smtp.logins).toEqual([{ username: SMTP_USER, password: SMTP_PASSWORD }]);
    const resetToken = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(smtp.received.at(-1)!.mail.text ?? '')![1];
    secrets['reset token'] = resetToken;
    expect((await server.client().get(`/auth/reset/${resetToken}`)).statusCode).toBe(200);
    await server.client().get(`/reset-password?token=${resetToken}`);
    expect((await server.client().post('/auth/reset', { token: resetToken, password: 'short' })).statusCode).toBe(400);
    expect((await server.client().post('/auth/reset', { token: resetToken, password: 'a-new-viewer-password-1' })).statusCode).toBe(200);
    expect((await server.client().post('/auth/reset', { token: resetToken, password: 'a-new-viewer-password-2' })).statusCode).toBe(410);

    // An invitation: made, looked up, opened as a page, accepted.
    const invited = json<{ inviteUrl: string }>(await owner.post('/team/invitations', { email: 'logged@acme.test', role: 'Viewer', permissions: USERS.viewer.permissions }));
    const inviteToken = new URL(invited.inviteUrl).pathname.split('/').pop()!;
    secrets['invitation token'] = inviteToken;
    await server.client().get(`/invitations/${inviteToken}`);
    await server.client().get(`/invite/${inviteToken}?token=${inviteToken}`);
    expect((await server.client().post(`/invitations/${inviteToken}/accept`, { name: 'Logged', password: 'logged-member-password-1' })).statusCode).toBe(200);
    await server.app.mail!.deliverDue();

    // A Shopify signing secret: saved, then a signed delivery and a badly signed one.
    expect((await owner.put('/integrations/shopify/signing-secret', { secret: SHOP_SECRET })).statusCode).toBe(200);
    const signature = createHmac('sha256', SHOP_SECRET).update(SAMPLE, 'utf8').digest('base64');
    secrets['Shopify signature'] = signature;
    const deliver = (hmac: string) =>
      server.client().request('POST', '/integrations/shopify/webhooks/acme', SAMPLE, { 'content-type': 'application/json', 'x-shopify-hmac-sha256': hmac, 'x-shopify-topic': 'orders/create', 'x-shopify-webhook-id': `log-${hmac.slice(0, 6)}` });
    expect((await deliver(signature)).statusCode).toBe(200);
    expect((await deliver(`${signature.slice(0, -4)}AAA=`)).statusCode).toBe(401);

    // The log saw the session: request lines with their redacted queries are there.
    const log = lines.join('\n');
    expect(lines.length).toBeGreaterThan(30);
    expect(log).toContain('api_key=[redacted]');
    expect(log).toContain('/auth/reset/[redacted]');
    expect(log).toContain('/invitations/[redacted]/accept');
    const activity = JSON.stringify((await loadRecords(server.db.handle.db, 'acme', 'activity')).map((entry) => entry.record));
    expect(activity).toContain('Password reset');

    for (const [name, secret] of Object.entries(secrets)) {
      const forms = [secret, encodeURIComponent(secret), Buffer.from(secret).toString('base64')];
      for (const form of forms) {
        expect(log.includes(form), `${name} in a log line`).toBe(false);
        expect(activity.includes(form), `${name} in the activity log`).toBe(false);
      }
    }
    expect(log).not.toContain(Buffer.from(`\0${SMTP_USER}\0${SMTP_PASSWORD}`).toString('base64'));
  });
});
