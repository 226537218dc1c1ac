// Outreach that tells the truth, over real HTTP on PGlite and PostgreSQL with a real SMTP server:
// the app's and the API's outreach write the same email; its message and activity entry say
// queued, then sent once the mail server took it, or failed with the reason (Retry queues it
// again); a creator who opted out is refused (the API's 409 carries a code) and nothing is
// written; a step save logs no email or SMS that was never sent.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadRecords } from '../../server/db/records';
import * as t from '../../server/db/schema';
import { SEED_TIME } from './fixture';
import { DB_KINDS, json, startServer, type Client, type TestServer } from './harness';
import { smtpReceiver, type Receiver } from './smtp';

let seed = 0;
const meta = () => ({ now: SEED_TIME.toISOString(), idSeed: `od${(seed++).toString(36)}` });

async function setup(kind: (typeof DB_KINDS)[number], reject?: string) {
  const smtp = await smtpReceiver(reject ? { reject } : {});
  const server = await startServer(kind, {
    limits: { perAddress: { max: 1000, windowMs: 60_000 } },
    apiLimits: { perKey: { max: 10_000, windowMs: 60_000 } },
    mail: { settings: { smtpUrl: smtp.url, from: 'Creatorflow <team@creatorflow.test>', dir: '/nonexistent' }, deliverEveryMs: false },
    publicOrigin: 'https://cf.example.com',
  });
  const owner = await server.signIn('owner');
  return { smtp, server, owner };
}

function helpers(server: TestServer, owner: Client, smtp: Receiver) {
  const funnel = async (id: string) => (await loadRecords(server.db.handle.db, 'acme', 'funnels', { ids: [id] }))[0].record;
  const activity = async () => (await loadRecords(server.db.handle.db, 'acme', 'activity')).map((r) => r.record);
  const outboxCount = async () => (await server.db.handle.db.select({ n: sql<number>`count(*)::int` }).from(t.mailOutbox))[0].n;
  const push = async (name: string, args: unknown) => {
    const response = await owner.post('/sync/push', { clientID: `owner-od-${seed}`, mutations: [{ id: 1, name, args, meta: meta() }] });
    expect(response.statusCode, response.body).toBe(200);
    return json<{ results: { ok: boolean; error?: string }[] }>(response).results[0];
  };
  const mailTo = (address: string) => smtp.received.filter((r) => r.mail.to && 'text' in r.mail.to && r.mail.to.text === address);
  return { funnel, activity, outboxCount, push, mailTo };
}

describe.each(DB_KINDS)('outreach that tells the truth on %s', (kind) => {
  let smtp: Receiver;
  let server: TestServer;
  let owner: Client;
  let h: ReturnType<typeof helpers>;
  let apiSecret: string;
  beforeAll(async () => {
    ({ smtp, server, owner } = await setup(kind));
    h = helpers(server, owner, smtp);
    apiSecret = json<{ secret: string }>(await owner.post('/developer/keys', { role: 'Editor' })).secret;
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });
  const api = (url: string, body: unknown) => server.client().request('POST', url, body, { authorization: `Bearer ${apiSecret}` });

  it('the app queues the email (entry "queued"), and once the SMTP server takes it the same entry says sent', async () => {
    expect(await h.push('funnels.sendOutreach', { funnelId: 'CR12346', message: 'Hi Mike, from the app', options: { advance: false } })).toMatchObject({ ok: true });
    const queued = (await h.funnel('CR12346')).outreach!.at(-1)!;
    expect(queued.delivery).toMatchObject({ status: 'queued' });
    const entryId = queued.delivery!.activityId!;
    expect((await h.activity()).find((a) => a.id === entryId)).toMatchObject({ action: 'Outreach email queued', status: 'queued' });
    // Nothing claims a send before the mail server accepted it.
    expect((await h.activity()).some((a) => a.action === 'Outreach sent' && a.metadata?.outreachId === queued.id)).toBe(false);

    expect(await server.app.mail!.deliverDue()).toBe(1);
    const [mail] = h.mailTo('mikechentech@example.com').filter((m) => m.mail.text?.includes('Hi Mike, from the app'));
    expect(mail.mail.subject).toBe('A message from Alex Morgan at Acme');
    const after = (await h.funnel('CR12346')).outreach!.find((e) => e.id === queued.id)!;
    expect(after.delivery).toMatchObject({ status: 'sent', activityId: entryId });
    const entries = (await h.activity()).filter((a) => a.metadata?.outreachId === queued.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ id: entryId, action: 'Outreach sent', status: 'success', details: 'Message sent to @mikechentech: Hi Mike, from the app' });
  });

  it('POST /api/v1/funnels/{id}/outreach sends the same email as the app, found by the SMTP server', async () => {
    const response = await api('/api/v1/funnels/CR12346/outreach', { message: 'Hi Mike, from the API' });
    expect(response.statusCode, response.body).toBe(200);
    expect(await server.app.mail!.deliverDue()).toBe(1);
    const [mail] = h.mailTo('mikechentech@example.com').filter((m) => m.mail.text?.includes('Hi Mike, from the API'));
    expect(mail).toBeDefined();
    // From the member who made the key, Reply-To them: the same email as the app's.
    expect(mail.mail.subject).toBe('A message from Alex Morgan at Acme');
    expect(mail.mail.replyTo?.text).toBe('owner@acme.test');
    expect(mail.mail.text).toMatch(/https:\/\/cf\.example\.com\/c\/[A-Za-z0-9_-]{43}/);
    expect((await h.funnel('CR12346')).outreach!.at(-1)).toMatchObject({ message: 'Hi Mike, from the API', delivery: { status: 'sent' } });
  });

  it('a creator who opted out: the API answers 409 with code optedOut, the app is refused, nothing is written or sent', async () => {
    const link = json<{ url: string }>(await owner.post('/portal-links/CR12347')).url;
    const token = /\/c\/([A-Za-z0-9_-]{43})$/.exec(link)![1];
    expect((await server.client().post('/portal/api/answer', { name: 'portal.optOut', args: {} }, { authorization: `Bearer ${token}` })).statusCode).toBe(200);
    const before = { funnel: await h.funnel('CR12347'), activity: (await h.activity()).length, outbox: await h.outboxCount(), received: smtp.received.length };

    const response = await api('/api/v1/funnels/CR12347/outreach', { message: 'Are you there?' });
    expect(response.statusCode, response.body).toBe(409);
    expect(json(response), response.body).toMatchObject({ code: 'optedOut', error: '@emmadavisfit opted out of email: outreach cannot be sent', field: 'id' });
    expect(await h.push('funnels.sendOutreach', { funnelId: 'CR12347', message: 'Are you there?' })).toMatchObject({ ok: false, error: '@emmadavisfit opted out of email: outreach cannot be sent' });

    expect(await h.funnel('CR12347')).toEqual(before.funnel);
    expect(await h.activity()).toHaveLength(before.activity);
    expect(await h.outboxCount()).toBe(before.outbox);
    expect(await server.app.mail!.deliverDue()).toBe(0);
    expect(smtp.received).toHaveLength(before.received);
  });

  it('a step save that moves a funnel logs no "Email to @…" and no SMS entry', async () => {
    const before = (await h.activity()).length;
    expect(await h.push('funnels.saveStep', { funnelId: 'CR12349', stepIndex: 3, draft: { name: 'Content Production', description: 'Go' } })).toMatchObject({ ok: true });
    const added = (await h.activity()).slice(0, (await h.activity()).length - before);
    expect(added.map((a) => a.action)).toEqual(['Funnel status updated']);
    expect((await h.activity()).some((a) => /^SMS to /.test(a.details) || /^Email to @\w+: Status updated/.test(a.details))).toBe(false);
  });
});

describe.each(DB_KINDS)('a failed outreach email on %s', (kind) => {
  it('shows on the funnel with its reason and in Settings; Retry queues it again, and the entry follows', async () => {
    const { smtp, server, owner } = await setup(kind, 'Mailbox unavailable');
    const h = helpers(server, owner, smtp);
    try {
      expect(await h.push('funnels.sendOutreach', { funnelId: 'CR12346', message: 'Will bounce', options: { advance: false } })).toMatchObject({ ok: true });
      expect(await server.app.mail!.deliverDue()).toBe(1);
      const failed = (await h.funnel('CR12346')).outreach!.at(-1)!;
      expect(failed.delivery).toMatchObject({ status: 'failed', reason: expect.stringContaining('Mailbox unavailable') });
      const entry = (await h.activity()).find((a) => a.id === failed.delivery!.activityId)!;
      expect(entry).toMatchObject({ action: 'Outreach email failed', status: 'warning' });
      expect(entry.details).toContain('Mailbox unavailable');
      // The generic mail failure is not logged a second time.
      expect((await h.activity()).some((a) => a.action === 'Email delivery failed')).toBe(false);
      const status = json<{ lastFailure: { reason: string } | null }>(await owner.get('/mail/status'));
      expect(status.lastFailure?.reason).toContain('Mailbox unavailable');

      // Retry: the waiting attempt is replaced by one new message, queued now.
      expect(await h.push('funnels.retryOutreach', { funnelId: 'CR12346', outreachId: failed.id })).toMatchObject({ ok: true });
      const rows = await server.db.handle.db.select().from(t.mailOutbox).where(eq(t.mailOutbox.template, 'outreach'));
      expect(rows.filter((r) => r.status === 'pending')).toHaveLength(1);
      const retried = (await h.funnel('CR12346')).outreach!.at(-1)!;
      expect(retried.delivery).toMatchObject({ status: 'queued' });
      expect((await h.activity()).find((a) => a.id === retried.delivery!.activityId)).toMatchObject({ action: 'Outreach email queued', status: 'queued' });
      // Not failed any more: a second Retry is refused.
      expect(await h.push('funnels.retryOutreach', { funnelId: 'CR12346', outreachId: failed.id })).toMatchObject({ ok: false, error: 'Only a failed email can be sent again' });
    } finally {
      await server.close();
      await smtp.close();
    }
  });
});
