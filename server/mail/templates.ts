// The messages the server sends, one typed function each, in the recipient's language from the
// i18n catalogs. Each gives plain text and simple HTML built from the same blocks: every value
// is escaped, links are the only markup, and nothing is loaded from elsewhere (no images, no
// trackers).
import * as v from 'valibot';
import { translatorFor, loadLanguage, type Translator } from '../../lib/i18n';
import { notificationTextIn, notificationTitleIn } from '../../lib/i18n/activity';
import { messageSchema } from '../../lib/schema/records';
import type { LanguageCode } from '../../lib/i18n/codes';
import { ROLES } from '../../lib/domain/types';
import { PASSWORD_RESET_MINUTES } from '../../lib/domain/mail';

const line = v.pipe(v.string(), v.maxLength(500));
const longText = v.pipe(v.string(), v.maxLength(20_000));
// Links in mail are the server's own pages (http(s) only: a javascript: or data: link is never written).
const url = v.pipe(v.string(), v.url(), v.regex(/^https?:\/\//i), v.maxLength(2000));
/** A page of the app, put after the server's own address when the message is sent. */
const appPath = v.pipe(v.string(), v.regex(/^\/[A-Za-z0-9/_-]*$/), v.maxLength(200));

/** Each template's parameters (stored with the outbox row, checked again before sending). */
export const MAIL_PARAMS = {
  /** An invitation to a workspace: its one-time link, who invited, the role. */
  invitation: v.object({ inviteUrl: url, inviterName: line, workspaceName: line, role: v.picklist(ROLES) }),
  /** A forgot-password link (or one made by `npm run reset-password`). */
  passwordReset: v.object({ resetUrl: url, email: line }),
  /** A notification, to a member who turned Email Notifications on. */
  notification: v.object({ title: line, message: longText, said: v.optional(v.object({ title: messageSchema, message: messageSchema })), workspaceName: line, appPath }),
  /** To Admins: an endpoint failed every delivery for a day. */
  webhookDisabled: v.object({ url: line, workspaceName: line, developerPath: appPath }),
  /** Outreach to a creator: the member's message and the creator's portal link. */
  outreach: v.object({
    message: longText,
    senderName: line,
    workspaceName: line,
    portalUrl: url,
    // Which outreach message (and activity entry) the worker tells of the email's fate; not rendered.
    funnelId: v.optional(line),
    outreachId: v.optional(line),
    activityId: v.optional(line),
  }),
} as const;

export type MailTemplate = keyof typeof MAIL_PARAMS;
export type MailParams<T extends MailTemplate> = v.InferOutput<(typeof MAIL_PARAMS)[T]>;
export const MAIL_TEMPLATES = Object.keys(MAIL_PARAMS) as MailTemplate[];
export const isMailTemplate = (value: string): value is MailTemplate => Object.hasOwn(MAIL_PARAMS, value);

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

type Block = { kind: 'p'; text: string } | { kind: 'quote'; text: string } | { kind: 'link'; url: string; label: string } | { kind: 'small'; text: string };

interface Composed {
  subject: string;
  blocks: Block[];
  /** Named in the footer; a message about the account itself names none. */
  workspaceName?: string;
}

/** Where the app's own pages are: the server's public address. */
export interface MailLinks {
  origin: string;
}


const COMPOSE: { [T in MailTemplate]: (t: Translator, p: MailParams<T>, links: MailLinks) => Composed } = {
  invitation: (t, p) => ({
    subject: t.t('mail.invitation.subject', { inviter: p.inviterName, workspace: p.workspaceName }),
    workspaceName: p.workspaceName,
    blocks: [
      { kind: 'p', text: t.t('mail.invitation.body', { inviter: p.inviterName, workspace: p.workspaceName, role: t.t(`team.role.${p.role}`) }) },
      { kind: 'link', url: p.inviteUrl, label: t.t('mail.invitation.action') },
      { kind: 'p', text: t.t('mail.invitation.expiry') },
      { kind: 'small', text: t.t('mail.invitation.ignore') },
    ],
  }),
  passwordReset: (t, p) => ({
    subject: t.t('mail.reset.subject'),
    blocks: [
      { kind: 'p', text: t.t('mail.reset.body', { email: p.email }) },
      { kind: 'link', url: p.resetUrl, label: t.t('mail.reset.action') },
      { kind: 'p', text: t.t('mail.reset.expiry', { minutes: PASSWORD_RESET_MINUTES }) },
      { kind: 'small', text: t.t('mail.reset.ignore') },
    ],
  }),
  notification: (t, p, links) => ({
    // The notification's words as the Notifications screen says them: its messages in the reader's language.
    subject: t.t('mail.notification.subject', { workspace: p.workspaceName, title: notificationTitleIn(t, p) }),
    workspaceName: p.workspaceName,
    blocks: [
      { kind: 'p', text: notificationTextIn(t, p) },
      { kind: 'link', url: `${links.origin}${p.appPath}`, label: t.t('mail.notification.action') },
      { kind: 'small', text: t.t('mail.notification.why') },
    ],
  }),
  webhookDisabled: (t, p, links) => ({
    subject: t.t('mail.webhookDisabled.subject'),
    workspaceName: p.workspaceName,
    blocks: [
      { kind: 'p', text: t.t('mail.webhookDisabled.body', { url: p.url }) },
      { kind: 'link', url: `${links.origin}${p.developerPath}`, label: t.t('mail.webhookDisabled.action') },
    ],
  }),
  outreach: (t, p) => ({
    subject: t.t('mail.outreach.subject', { sender: p.senderName, workspace: p.workspaceName }),
    workspaceName: p.workspaceName,
    blocks: [
      { kind: 'quote', text: p.message },
      { kind: 'link', url: p.portalUrl, label: t.t('mail.outreach.action') },
      { kind: 'small', text: t.t('mail.outreach.replyHint', { sender: p.senderName }) },
    ],
  }),
};

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => ESCAPES[c]);
const paragraphs = (text: string) => escapeHtml(text).replace(/\r?\n/g, '<br>');

function toText(blocks: readonly Block[], footer: string): string {
  const parts = blocks.map((block) => {
    if (block.kind === 'link') return `${block.label}:\n${block.url}`;
    if (block.kind === 'quote') return block.text;
    return block.text;
  });
  return `${[...parts, '--', footer].join('\n\n')}\n`;
}

function toHtml(lang: LanguageCode, subject: string, blocks: readonly Block[], footer: string): string {
  const body = blocks
    .map((block) => {
      if (block.kind === 'link')
        return `<p><a href="${escapeHtml(block.url)}" style="display:inline-block;padding:10px 16px;background:#2563eb;color:#ffffff;border-radius:6px;text-decoration:none">${escapeHtml(block.label)}</a></p>\n<p style="font-size:12px;color:#555555">${escapeHtml(block.url)}</p>`;
      if (block.kind === 'quote') return `<blockquote style="margin:0 0 16px;padding:8px 12px;border-left:3px solid #d1d5db">${paragraphs(block.text)}</blockquote>`;
      if (block.kind === 'small') return `<p style="font-size:12px;color:#555555">${paragraphs(block.text)}</p>`;
      return `<p>${paragraphs(block.text)}</p>`;
    })
    .join('\n');
  return `<!doctype html>
<html lang="${lang}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#111827;background:#ffffff">
${body}
<hr style="border:none;border-top:1px solid #e5e7eb">
<p style="font-size:12px;color:#555555">${escapeHtml(footer)}</p>
</body>
</html>
`;
}

/** The message in `language`; its parameters are checked first (a stored row may be older than this code). */
export async function renderMail<T extends MailTemplate>(template: T, language: LanguageCode, params: unknown, links: MailLinks): Promise<RenderedMail> {
  const parsed = v.safeParse(MAIL_PARAMS[template], params);
  if (!parsed.success) throw new Error(`The ${template} message's parameters are not valid (${parsed.issues[0].path?.map((p) => String(p.key)).join('.') ?? 'value'})`);
  await loadLanguage(language);
  const t = translatorFor(language);
  const compose = COMPOSE[template];
  const { subject, blocks, workspaceName } = compose(t, parsed.output, links);
  const footer = workspaceName ? t.t('mail.footer', { workspace: workspaceName }) : t.t('mail.footerPlain');
  return { subject, text: toText(blocks, footer), html: toHtml(language, subject, blocks, footer) };
}
