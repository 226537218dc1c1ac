// Mail that really goes out: a real SMTP server on a loopback port (smtp-server) receives what
// the outbox sends, and mailparser reads it as a mail client would. Invitations, password
// resets, outreach to creators and notification emails, each in English, Spanish and French; failures in Settings and
// the activity log; a restart during delivery sends each message once; without SMTP the same
// messages are .eml files.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FORGOT_ANSWER_MS } from '../../server/auth/reset';
import { loadRecords } from '../../server/db/records';
import * as t from '../../server/db/schema';
import { MAIL_LEASE_MS } from '../../server/mail/worker';
import { RETRY_DELAYS_MS } from '../../lib/domain/webhooks';
import { SEED_TIME, USERS } from './fixture';
import { DB_KINDS, json, startServer, type Client, type DbKind, type TestServer, OFFLINE_WEBHOOKS } from './harness';
import { smtpReceiver, type Received, type Receiver } from './smtp';


const LANGUAGES = [
  {
    code: 'en-US',
    footerPlain: 'Sent by Creatorflow.',
    notificationSubject: (creator: string) => `Acme: ${creator}: Production`,
    notificationBody: (creator: string) => `${creator} has started content production. Review timeline updated.`,
    footer: 'Sent by Creatorflow for Acme.',
    invitationSubject: 'Alex Morgan invited you to Acme on Creatorflow',
    resetSubject: 'Reset your Creatorflow password',
    notificationAction: 'Open Creatorflow',
    role: 'as Editor',
    outreachSubject: 'A message from Alex Morgan at Acme',
    outreachAction: 'Open your creator page',
    outreachReply: 'Reply to this email to answer Alex Morgan.',
  },
  {
    code: 'es',
    footerPlain: 'Enviado por Creatorflow.',
    notificationSubject: (creator: string) => `Acme: ${creator}: Producción`,
    notificationBody: (creator: string) => `${creator} ha empezado a producir el contenido. Se ha actualizado el calendario de revisión.`,
    footer: 'Enviado por Creatorflow para Acme.',
    invitationSubject: 'Alex Morgan te invitó a Acme en Creatorflow',
    resetSubject: 'Restablece tu contraseña de Creatorflow',
    notificationAction: 'Abrir Creatorflow',
    role: 'como Editor',
    outreachSubject: 'Un mensaje de Alex Morgan de Acme',
    outreachAction: 'Abrir tu página de creador',
    outreachReply: 'Responde a este correo para contestar a Alex Morgan.',
  },
  {
    code: 'fr',
    footerPlain: 'Envoyé par Creatorflow.',
    notificationSubject: (creator: string) => `Acme : ${creator} : Production`,
    notificationBody: (creator: string) => `${creator} a commencé la production du contenu. Le calendrier de relecture a été mis à jour.`,
    footer: 'Envoyé par Creatorflow pour Acme.',
    invitationSubject: 'Alex Morgan vous invite à rejoindre Acme sur Creatorflow',
    resetSubject: 'Réinitialisez votre mot de passe Creatorflow',
    notificationAction: 'Ouvrir Creatorflow',
    role: 'en tant que Éditeur',
    outreachSubject: 'Un message de Alex Morgan (Acme)',
    outreachAction: 'Ouvrir votre page créateur',
    outreachReply: 'Répondez à cet e-mail pour écrire à Alex Morgan.',
  },
] as const;

const editorFlags = USERS.editor.permissions;
let seed = 0;
const meta = () => ({ now: SEED_TIME.toISOString(), idSeed: `ml${(seed++).toString(36)}` });
const linkIn = (text: string, path: string) => {
  const found = new RegExp(`https?://[^\\s]*${path.replace(/[?]/g, '\\?')}[^\\s]*`).exec(text);
  if (!found) throw new Error(`no ${path} link in: ${text}`);
  return new URL(found[0]);
};

async function setWorkspaceLanguage(server: TestServer, language: string) {
  await server.db.handle.db
    .update(t.workspaceSingletons)
    .set({ value: sql`jsonb_set(${t.workspaceSingletons.value}, '{language}', ${JSON.stringify(language)}::jsonb)` })
    .where(sql`${t.workspaceSingletons.workspaceId} = 'acme' and ${t.workspaceSingletons.name} = 'settings'`);
}

describe.each(DB_KINDS)('mail through SMTP on %s', (kind: DbKind) => {
  let smtp: Receiver;
  let server: TestServer;
  let owner: Client;
  beforeAll(async () => {
    smtp = await smtpReceiver();
    server = await startServer(kind, {
      limits: { perAddress: { max: 1000, windowMs: 60_000 } },
      mail: { settings: { smtpUrl: smtp.url, from: 'Creatorflow <team@creatorflow.test>', dir: '/nonexistent' }, deliverEveryMs: false },
      publicOrigin: 'https://cf.example.com',
      // Every webhook attempt fails, and none leaves this machine.
      webhooks: { deliverEveryMs: false, ...OFFLINE_WEBHOOKS, send: async () => 503 },
    });
    owner = await server.signIn('owner');
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
  });
  afterEach(async () => {
    await setWorkspaceLanguage(server, 'en-US');
  });

  const messagesTo = (address: string) => smtp.received.filter((r) => r.mail.to && 'text' in r.mail.to && r.mail.to.text === address);
  const outboxCount = async () => (await server.db.handle.db.select({ n: sql<number>`count(*)::int` }).from(t.mailOutbox))[0].n;

  it.each(LANGUAGES)('sends the invitation in the workspace language ($code): the link, who invited, the role', async (lang) => {
    await setWorkspaceLanguage(server, lang.code);
    const email = `invitee-${lang.code}@example.com`;
    const response = await owner.post('/team/invitations', { email, role: 'Editor', permissions: editorFlags }, { host: 'localhost:4173' });
    expect(response.statusCode).toBe(200);
    const invited = json<{ inviteUrl: string; emailSent: boolean }>(response);
    expect(invited.emailSent).toBe(true);
    expect(await server.app.mail!.deliverDue()).toBe(1);
    const [message] = messagesTo(email);
    expect(message.mail.subject).toBe(lang.invitationSubject);
    expect(message.mail.text).toContain(lang.role);
    expect(message.mail.text).toContain(lang.footer);
    expect(message.mail.html).toContain(`<html lang="${lang.code}">`);
    expect(message.mail.text).toContain(invited.inviteUrl);
    expect(message.mail.html).toContain(`href="${invited.inviteUrl}"`);
    expect(message.mail.from?.value).toEqual([{ name: 'Creatorflow', address: 'team@creatorflow.test' }]);
    expect(message.mail.messageId).toMatch(/^<mail_[A-Za-z0-9_-]+@creatorflow\.test>$/);
    // Sent: the outbox no longer holds the link.
    const rows = await server.db.handle.db.select().from(t.mailOutbox).where(eq(t.mailOutbox.toAddress, email));
    expect(rows).toMatchObject([{ status: 'sent', params: {} }]);
    expect(JSON.stringify(rows)).not.toContain(new URL(invited.inviteUrl).pathname);
  });

  it('Resend and New link: a Pending member gets a new link by email and the old one ends; managers only', async () => {
    const email = 'resend@example.com';
    const first = json<{ member: { id: string }; inviteUrl: string }>(await owner.post('/team/invitations', { email, role: 'Viewer', permissions: USERS.viewer.permissions }));
    const states = async () => json<{ invitations: { memberId: string; expired: boolean }[] }>(await owner.get('/team/invitations')).invitations.filter((i) => i.memberId === first.member.id);
    expect(await states()).toMatchObject([{ expired: false }]);
    const resent = await owner.post(`/team/members/${first.member.id}/invitation`, {});
    expect(resent.statusCode).toBe(200);
    const second = json<{ inviteUrl: string; emailSent: boolean }>(resent);
    expect(second.emailSent).toBe(true);
    expect(second.inviteUrl).not.toBe(first.inviteUrl);
    expect((await server.client().get(`/invitations/${new URL(first.inviteUrl).pathname.split('/').pop()}`)).statusCode).toBe(404);
    expect((await server.client().get(`/invitations/${new URL(second.inviteUrl).pathname.split('/').pop()}`)).statusCode).toBe(200);
    await server.app.mail!.deliverDue();
    // The first message had not gone yet: only the one with the live link is sent.
    const sent = messagesTo(email);
    expect(sent).toHaveLength(1);
    expect(sent[0].mail.text).toContain(second.inviteUrl);
    // Seven days on, the link has run out: "Expired", and New link makes a live one.
    server.clock.advance(7 * 24 * 60 * 60 * 1000 + 1);
    expect(await states()).toMatchObject([{ expired: true }]);
    expect((await owner.post(`/team/members/${first.member.id}/invitation`, {})).statusCode).toBe(200);
    expect(await states()).toMatchObject([{ expired: false }]);
    // Only members who manage the team; only Pending members; only this workspace's.
    const editor = await server.signIn('editor');
    expect((await editor.post(`/team/members/${first.member.id}/invitation`, {})).statusCode).toBe(403);
    expect((await editor.get('/team/invitations')).statusCode).toBe(403);
    expect(json(await owner.post(`/team/members/${USERS.editor.memberId}/invitation`, {}))).toMatchObject({ code: 'alreadyOnTeam' });
    expect((await owner.post(`/team/members/${USERS.globexOwner.memberId}/invitation`, {})).statusCode).toBe(404);
    const activity = (await loadRecords(server.db.handle.db, 'acme', 'activity')).map((l) => l.record);
    expect(activity.find((a) => a.action === 'Invitation sent again')).toMatchObject({ userName: USERS.owner.name, details: `${email} got a new invitation link as Viewer` });
    // The New link's message goes now, before the next test counts its own.
    expect(await server.app.mail!.deliverDue()).toBe(1);
  });

  it.each(LANGUAGES)('sends a reset link in the member’s language ($code) that works once and ends every session', async (lang) => {
    const [original] = await server.db.handle.db.select().from(t.users).where(sql`lower(${t.users.email}) = ${USERS.editor.email}`);
    const editor = await server.signIn('editor');
    const elsewhere = await server.signIn('editor');
    expect((await editor.patch('/auth/me', { language: lang.code })).statusCode).toBe(200);
    const stranger = server.client();
    const answer = await stranger.post('/auth/forgot', { email: USERS.editor.email.toUpperCase() }, { host: 'localhost:4173' });
    expect(answer.statusCode).toBe(200);
    expect(await server.app.mail!.deliverDue()).toBe(1);
    const message = messagesTo(USERS.editor.email).at(-1)!;
    expect(message.mail.subject).toBe(lang.resetSubject);
    expect(message.mail.text).toContain(lang.footerPlain);
    expect(message.mail.html).toContain(`<html lang="${lang.code}">`);
    expect(message.mail.from?.value).toEqual([{ name: 'Creatorflow', address: 'team@creatorflow.test' }]);
    const link = linkIn(message.mail.text ?? '', '/reset-password?token=');
    const token = link.searchParams.get('token')!;
    expect(json(await stranger.get(`/auth/reset/${token}`))).toEqual({ email: USERS.editor.email });

    // The password rules apply; a refusal uses nothing up.
    const weak = await stranger.post('/auth/reset', { token, password: 'short' });
    expect(weak.statusCode).toBe(400);
    expect(json(weak)).toMatchObject({ field: 'password', code: 'passwordTooShort' });
    const password = `new-editor-password-${lang.code}`;
    expect((await stranger.post('/auth/reset', { token, password })).statusCode).toBe(200);
    expect((await editor.get('/auth/session')).statusCode).toBe(401);
    expect((await elsewhere.get('/auth/session')).statusCode).toBe(401);
    const again = await stranger.post('/auth/reset', { token, password: `${password}-again` });
    expect(again.statusCode).toBe(410);
    expect(json(again)).toMatchObject({ code: 'resetLinkUsed' });
    expect((await server.client().post('/auth/signin', { email: USERS.editor.email, password })).statusCode).toBe(200);
    // Back to the fixture's password for the other tests (and languages).
    await server.db.handle.db.update(t.users).set({ passwordHash: original.passwordHash }).where(eq(t.users.id, original.id));
    const activity = (await loadRecords(server.db.handle.db, 'acme', 'activity')).map((l) => l.record);
    expect(activity.find((a) => a.action === 'Password reset')).toMatchObject({ userName: USERS.editor.name });
  });

  it('answers an unknown address exactly as a known one, and sends nothing', async () => {
    const before = await outboxCount();
    const timed = async (email: string) => {
      const started = performance.now();
      const response = await server.client().post('/auth/forgot', { email });
      return { response, ms: performance.now() - started };
    };
    const { response: unknown, ms: unknownMs } = await timed('nobody@nowhere.test');
    const { response: known, ms: knownMs } = await timed(USERS.viewer.email);
    // Both answers wait out the same floor, which covers the work that differs.
    expect(Math.min(unknownMs, knownMs)).toBeGreaterThanOrEqual(FORGOT_ANSWER_MS - 5);
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    expect(await outboxCount()).toBe(before + 1);
    const sentBefore = smtp.received.length;
    expect(await server.app.mail!.deliverDue()).toBe(1);
    expect(smtp.received.slice(sentBefore).map((r) => r.mail.to && 'text' in r.mail.to && r.mail.to.text)).toEqual([USERS.viewer.email]);
    // A link that was never issued, or that ran out, opens nothing.
    expect((await server.client().get(`/auth/reset/${'x'.repeat(43)}`)).statusCode).toBe(404);
  });

  it('refuses a reset link after 30 minutes', async () => {
    await server.client().post('/auth/forgot', { email: USERS.viewer.email });
    await server.app.mail!.deliverDue();
    const token = linkIn(messagesTo(USERS.viewer.email).at(-1)!.mail.text ?? '', '/reset-password?token=').searchParams.get('token')!;
    server.clock.advance(30 * 60 * 1000 + 1);
    const late = await server.client().post('/auth/reset', { token, password: 'a-late-new-password' });
    expect(late.statusCode).toBe(410);
    expect(json(late)).toMatchObject({ code: 'resetLinkExpired' });
    expect((await server.client().post('/auth/signin', { email: USERS.viewer.email, password: USERS.viewer.password })).statusCode).toBe(200);
  });

  it('emails a new notification to each member with Email Notifications on, in their language, and to no one else', async () => {
    // Each member turns the switch on or off in their own profile.
    const turn = async (client: Client, who: (typeof USERS)[keyof typeof USERS], email: boolean) => {
      const response = await client.post('/sync/push', {
        clientID: `mail-${who.memberId}-${seed}`,
        mutations: [
          {
            id: 1,
            name: 'profile.save',
            args: { name: who.name, email: who.email, notifications: { email, sms: false, slack: false, browser: true }, currentPassword: '', newPassword: '', confirmPassword: '' },
            meta: meta(),
          },
        ],
      });
      expect(json<{ results: { ok: boolean }[] }>(response).results).toEqual([{ id: 1, ok: true }]);
    };
    const editor = await server.signIn('editor');
    const casey = await server.signIn('editorNoOutreach');
    const viewer = await server.signIn('viewer');
    await turn(owner, USERS.owner, true);
    await turn(editor, USERS.editor, true);
    await turn(casey, USERS.editorNoOutreach, true);
    // A Viewer cannot save a profile: their switch stays off.
    expect((await viewer.get('/auth/session')).statusCode).toBe(200);
    expect((await owner.patch('/auth/me', { language: 'en-US' })).statusCode).toBe(200);
    expect((await editor.patch('/auth/me', { language: 'es' })).statusCode).toBe(200);
    expect((await casey.patch('/auth/me', { language: 'fr' })).statusCode).toBe(200);

    const before = smtp.received.length;
    const push = await editor.post('/sync/push', {
      clientID: `mail-step-${seed}`,
      mutations: [{ id: 1, name: 'funnels.saveStep', args: { funnelId: 'CR12349', stepIndex: 3, draft: { name: 'Content Production', description: 'Go' } }, meta: meta() }],
    });
    expect(json<{ results: { ok: boolean }[] }>(push).results).toEqual([{ id: 1, ok: true }]);
    const notifications = (await loadRecords(server.db.handle.db, 'acme', 'notifications')).filter((n) => n.record.title === 'Sarah Johnson: Production' || n.record.title.endsWith(': Production'));
    expect(notifications.length).toBeGreaterThan(0);
    await server.app.mail!.deliverDue();
    const sent = smtp.received.slice(before);
    const to = (r: Received) => (r.mail.to && 'text' in r.mail.to ? r.mail.to.text : '');
    expect(new Set(sent.map(to))).toEqual(new Set([USERS.owner.email, USERS.editor.email, USERS.editorNoOutreach.email]));
    expect(sent.filter((r) => to(r) === USERS.owner.email)).toHaveLength(notifications.length);
    for (const [address, lang] of [
      [USERS.owner.email, LANGUAGES[0]],
      [USERS.editor.email, LANGUAGES[1]],
      [USERS.editorNoOutreach.email, LANGUAGES[2]],
    ] as const) {
      const message = sent.find((r) => to(r) === address)!;
      // The subject and body in the reader's language, as the Notifications screen says them.
      const creator = /^(.*): Production$/.exec(notifications[0].record.title)![1];
      expect(message.mail.subject).toBe(lang.notificationSubject(creator));
      expect(message.mail.text).toContain(lang.notificationBody(creator));
      expect(message.mail.text).toContain(lang.footer);
      expect(message.mail.html).toContain(`<html lang="${lang.code}">`);
      expect(message.mail.text).toContain(lang.notificationAction);
      expect(message.mail.text).toContain('https://cf.example.com/notifications');
    }
    // Nothing more to send, and no second message for the same notification.
    expect(await server.app.mail!.deliverDue()).toBe(0);
  });

  // The creator's language: the one they chose on their portal, else the workspace's.
  it.each(LANGUAGES)('sends outreach to the creator in their language ($code): from the member, Reply-To the member, a portal link that opens', async (lang) => {
    const other = lang.code === 'es' ? 'fr' : 'es';
    const creatorEmail = `creator-${lang.code}@example.com`;
    const push = async (name: string, args: unknown) => {
      const response = await owner.post('/sync/push', { clientID: `mail-outreach-${seed}`, mutations: [{ id: 1, name, args, meta: meta() }] });
      expect(json<{ results: { ok: boolean }[] }>(response).results).toEqual([{ id: 1, ok: true }]);
    };
    await push('funnels.create', {
      draft: { name: `Creator ${lang.code}`, handle: `@creator_${lang.code.replace('-', '_')}`, email: creatorEmail, platform: 'Instagram', followers: '1000', engagementRate: '3', category: 'Creator', avatar: '', objective: 'Launch', value: '100', startDate: '2026-03-10', dueDate: '2026-04-10', assignedTo: 'Alex Morgan', contentType: 'Reel', count: '1', deliverableDueDate: '2026-04-01', notes: '' },
    });
    const funnelId = (await loadRecords(server.db.handle.db, 'acme', 'funnels')).find((f) => f.record.email === creatorEmail)!.record.id;
    const outreach = async (message: string) => {
      await push('funnels.sendOutreach', { funnelId, message, options: { advance: false } });
      await server.app.mail!.deliverDue();
      return messagesTo(creatorEmail).at(-1)!;
    };
    const expectOutreach = (received: Received, message: string) => {
      expect(received.mail.subject).toBe(lang.outreachSubject);
      expect(received.mail.from?.value).toEqual([{ name: USERS.owner.name, address: 'team@creatorflow.test' }]);
      expect(received.mail.replyTo?.value.map((a) => a.address)).toEqual([USERS.owner.email]);
      expect(received.mail.text).toContain(message);
      expect(received.mail.text).toContain(lang.outreachAction);
      expect(received.mail.text).toContain(lang.outreachReply);
      expect(received.mail.html).toContain(`<html lang="${lang.code}">`);
      const link = /https?:\/\/\S+\/c\/([A-Za-z0-9_-]{43})(?=\s)/.exec(received.mail.text ?? '');
      expect(link, received.mail.text).not.toBeNull();
      expect(received.mail.html).toContain(`href="${link![0]}"`);
      return link![1];
    };

    // No choice on the portal yet: the workspace's language.
    await setWorkspaceLanguage(server, lang.code);
    const token = expectOutreach(await outreach(`First words (${lang.code})`), `First words (${lang.code})`);
    // The link opens the creator's page (what /c/<token> shows, as its page reads it), and only theirs.
    const creator = server.client();
    const view = await creator.get('/portal/api/view', { authorization: `Bearer ${token}` });
    expect(view.statusCode).toBe(200);
    expect(json<{ creatorName: string }>(view).creatorName).toBe(`Creator ${lang.code}`);

    // The creator picks their language on the portal: it wins over a workspace that speaks another.
    expect((await creator.post('/portal/api/answer', { name: 'portal.setLanguage', args: { language: lang.code } }, { authorization: `Bearer ${token}` })).statusCode).toBe(200);
    await setWorkspaceLanguage(server, other);
    expectOutreach(await outreach(`Second words (${lang.code})`), `Second words (${lang.code})`);
    expect(messagesTo(creatorEmail)).toHaveLength(2);
  });

  it('tells the Admins, in their language, that a webhook endpoint was disabled (and not twice)', async () => {
    expect((await owner.patch('/auth/me', { language: 'fr' })).statusCode).toBe(200);
    const registered = await owner.post('/developer/webhooks', { url: 'https://hooks.example.test/down', events: ['creator.onboarded'] });
    expect(registered.statusCode).toBe(201);
    const { endpoint } = json<{ endpoint: { id: string } }>(registered);
    expect((await owner.post(`/developer/webhooks/${endpoint.id}/test`, {})).statusCode).toBe(202);
    await server.app.webhooks.deliverDue();
    for (const delay of RETRY_DELAYS_MS) {
      server.clock.advance(delay);
      await server.app.webhooks.deliverDue();
    }
    const before = smtp.received.length;
    await server.app.mail!.deliverDue();
    const sent = smtp.received.slice(before);
    // The owner is the workspace's one Admin; their notification email is not sent on top.
    expect(sent.map((r) => [r.mail.to && 'text' in r.mail.to ? r.mail.to.text : '', r.mail.subject])).toEqual([[USERS.owner.email, 'Endpoint de webhook désactivé']]);
    expect(sent[0].mail.text).toContain('https://hooks.example.test/down');
    expect(sent[0].mail.text).toContain('https://cf.example.com/developer');
    expect((await owner.patch('/auth/me', { language: 'en-US' })).statusCode).toBe(200);
  });
});

describe.each(DB_KINDS)('mail failures and restarts on %s', (kind: DbKind) => {
  it('a refused message is retried later, and shows in Settings (Admins) and the activity log', async () => {
    const smtp = await smtpReceiver({ reject: 'Mailbox unavailable' });
    const server = await startServer(kind, { mail: { settings: { smtpUrl: smtp.url, from: 'team@creatorflow.test', dir: '/nonexistent' }, deliverEveryMs: false } });
    try {
      const owner = await server.signIn('owner');
      const editor = await server.signIn('editor');
      expect(json(await owner.get('/mail/status'))).toEqual({ transport: 'smtp', lastFailure: null });
      expect((await owner.post('/team/invitations', { email: 'bounce@example.com', role: 'Viewer', permissions: USERS.viewer.permissions })).statusCode).toBe(200);
      expect(await server.app.mail!.deliverDue()).toBe(1);
      const status = json<{ lastFailure: { reason: string; givenUp: boolean } }>(await owner.get('/mail/status'));
      expect(status.lastFailure).toMatchObject({ givenUp: false });
      expect(status.lastFailure.reason).toContain('Mailbox unavailable');
      expect((await editor.get('/mail/status')).statusCode).toBe(403);
      const activity = (await loadRecords(server.db.handle.db, 'acme', 'activity')).map((l) => l.record);
      expect(activity.find((a) => a.action === 'Email delivery failed')).toMatchObject({ status: 'warning', details: expect.stringContaining('bounce@example.com') });
      // Not due again before its backoff.
      expect(await server.app.mail!.deliverDue()).toBe(0);
      server.clock.advance(31_000);
      expect(await server.app.mail!.deliverDue()).toBe(1);
    } finally {
      await server.close();
      await smtp.close();
    }
  });

  it('a restart during delivery sends each message exactly once', async () => {
    const smtp = await smtpReceiver();
    const server = await startServer(
      kind,
      { mail: { settings: { smtpUrl: smtp.url, from: 'team@creatorflow.test', dir: '/nonexistent' }, deliverEveryMs: false } },
      { onDisk: true },
    );
    try {
      const owner = await server.signIn('owner');
      for (const email of ['one@example.com', 'two@example.com', 'three@example.com'])
        expect((await owner.post('/team/invitations', { email, role: 'Editor', permissions: editorFlags })).statusCode).toBe(200);
      smtp.hold();
      const delivering = server.app.mail!.deliverDue();
      await expect.poll(() => smtp.started(), { interval: 5 }).toBe(3);
      // The server stops while the three messages are being handed over.
      const restarting = server.restart();
      smtp.release();
      await delivering;
      await restarting;
      expect(await server.app.mail!.deliverDue()).toBe(0);
      server.clock.advance(MAIL_LEASE_MS + 1);
      expect(await server.app.mail!.deliverDue()).toBe(0);
      expect(smtp.received.map((r) => r.mail.to && 'text' in r.mail.to && r.mail.to.text).sort()).toEqual(['one@example.com', 'three@example.com', 'two@example.com']);
      expect(new Set(smtp.received.map((r) => r.mail.messageId)).size).toBe(3);
    } finally {
      await server.close();
      await smtp.close();
    }
  });

  it('a process that dies mid-send leaves the message to be sent again after the lease, with the same Message-ID', async () => {
    const smtp = await smtpReceiver();
    const server = await startServer(kind, { mail: { settings: { smtpUrl: smtp.url, from: 'team@creatorflow.test', dir: '/nonexistent' }, deliverEveryMs: false } });
    try {
      const owner = await server.signIn('owner');
      expect((await owner.post('/team/invitations', { email: 'crash@example.com', role: 'Editor', permissions: editorFlags })).statusCode).toBe(200);
      // As a dead process leaves it: claimed (its lease ahead), never marked.
      await server.db.handle.db.update(t.mailOutbox).set({ nextAttemptAt: new Date(server.clock.time + MAIL_LEASE_MS) });
      expect(await server.app.mail!.deliverDue()).toBe(0);
      server.clock.advance(MAIL_LEASE_MS + 1);
      expect(await server.app.mail!.deliverDue()).toBe(1);
      const [row] = await server.db.handle.db.select().from(t.mailOutbox);
      expect(smtp.received.map((r) => r.mail.messageId)).toEqual([`<${row.id}@creatorflow.test>`]);
    } finally {
      await server.close();
      await smtp.close();
    }
  });
});

describe.each(DB_KINDS)('mail without SMTP_URL on %s', (kind: DbKind) => {
  let dir: string;
  let server: TestServer;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'cf-mail-'));
    server = await startServer(kind, { mail: { settings: { from: 'Creatorflow <creatorflow@localhost>', dir: join(dir, 'mail') }, deliverEveryMs: false } });
  });
  afterAll(async () => {
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('writes each message as an .eml file a mail client opens, and logs its subject and recipient only', async () => {
    const owner = await server.signIn('owner');
    const invited = json<{ inviteUrl: string; emailSent: boolean }>(await owner.post('/team/invitations', { email: 'file@example.com', role: 'Editor', permissions: editorFlags }));
    expect(invited.emailSent).toBe(true);
    await server.client().post('/auth/forgot', { email: USERS.viewer.email });
    expect(await server.app.mail!.deliverDue()).toBe(2);
    const files = readdirSync(join(dir, 'mail')).filter((name) => name.endsWith('.eml'));
    expect(files).toHaveLength(2);
    const parsed = await Promise.all(files.map((name) => simpleParser(readFileSync(join(dir, 'mail', name)))));
    const invitation = parsed.find((m) => m.subject === 'Alex Morgan invited you to Acme on Creatorflow')!;
    expect(invitation.text).toContain(invited.inviteUrl);
    const reset = parsed.find((m) => m.subject === 'Reset your Creatorflow password')!;
    const token = linkIn(reset.text ?? '', '/reset-password?token=').searchParams.get('token')!;
    const logged = server.logs.filter((line) => line.includes('mail written'));
    expect(logged).toHaveLength(2);
    expect(logged.join('\n')).toContain('file@example.com');
    expect(logged.join('\n')).toContain('Reset your Creatorflow password');
    for (const name of files) expect(logged.join('\n')).toContain(`mail written to ${join(dir, 'mail', name)}`);
    for (const secret of [token, new URL(invited.inviteUrl).pathname.split('/').pop()!]) expect(server.logs.join('\n')).not.toContain(secret);
    expect(json(await owner.get('/mail/status'))).toEqual({ transport: 'files', lastFailure: null });

    // A notification to a member with Email Notifications on is a file too.
    const save = await owner.post('/sync/push', {
      clientID: `mail-files-${seed}`,
      mutations: [
        { id: 1, name: 'profile.save', args: { name: USERS.owner.name, email: USERS.owner.email, notifications: { email: true, sms: false, slack: false, browser: true }, currentPassword: '', newPassword: '', confirmPassword: '' }, meta: meta() },
        { id: 2, name: 'funnels.saveStep', args: { funnelId: 'CR12349', stepIndex: 3, draft: { name: 'Content Production', description: 'Go' } }, meta: meta() },
      ],
    });
    expect(json<{ results: { ok: boolean }[] }>(save).results.every((r) => r.ok)).toBe(true);
    expect(await server.app.mail!.deliverDue()).toBeGreaterThan(0);
    const later = readdirSync(join(dir, 'mail')).filter((name) => name.endsWith('.eml') && !files.includes(name));
    const notes = await Promise.all(later.map((name) => simpleParser(readFileSync(join(dir, 'mail', name)))));
    expect(notes.length).toBeGreaterThan(0);
    for (const note of notes) {
      expect(note.to && 'text' in note.to ? note.to.text : '').toBe(USERS.owner.email);
      expect(note.subject).toMatch(/^Acme: /);
    }
  });
});
