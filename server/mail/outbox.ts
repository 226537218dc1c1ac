// The mail outbox: a message goes in with the change that sends it (same database transaction),
// so an invitation is never committed without its email, nor an email sent for a change that
// rolled back. The worker (worker.ts) renders and delivers it afterwards.
import { randomBytes } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { mailLanguage } from '../../lib/domain/mail';
import type { LanguageCode } from '../../lib/i18n/codes';
import type { DbTx, Executor } from '../db/client';
import * as t from '../db/schema';
import type { MailParams, MailTemplate } from './templates';

export const newMailId = () => `mail_${randomBytes(16).toString('base64url')}`;

export interface QueuedMail<T extends MailTemplate> {
  workspaceId: string;
  to: string;
  template: T;
  language: LanguageCode;
  params: MailParams<T>;
  /** Answers go to this address (outreach: the member who wrote it). */
  replyTo?: string;
  /** The sender's display name before MAIL_FROM's address (outreach: the member's name). */
  fromName?: string;
  /** The server's clock (default: now): the message is due at once. */
  now?: Date;
  /** A fixed id for a message that must go once whatever happens (a notification to a member): queued again, it is skipped. */
  id?: string;
}

/**
 * Queues one message in `tx`, the transaction of the change that sends it. Resolves with the
 * outbox row's id, which is also the message's Message-ID on every attempt.
 */
export async function queueMail<T extends MailTemplate>(tx: DbTx | Executor, mail: QueuedMail<T>): Promise<string> {
  const id = mail.id ?? newMailId();
  const now = mail.now ?? new Date();
  const insert = tx.insert(t.mailOutbox).values({
    id,
    workspaceId: mail.workspaceId,
    toAddress: mail.to,
    template: mail.template,
    language: mail.language,
    params: mail.params as Record<string, unknown>,
    replyTo: mail.replyTo ?? null,
    fromName: mail.fromName ?? null,
    status: 'pending',
    attempts: 0,
    nextAttemptAt: now,
    createdAt: now,
  });
  await (mail.id ? insert.onConflictDoNothing() : insert);
  return id;
}

/** The workspace's Settings language (what members without their own choice read). */
export async function workspaceLanguage(tx: DbTx | Executor, workspaceId: string): Promise<LanguageCode> {
  const [row] = await tx
    .select({ value: t.workspaceSingletons.value })
    .from(t.workspaceSingletons)
    .where(and(eq(t.workspaceSingletons.workspaceId, workspaceId), eq(t.workspaceSingletons.name, 'settings')));
  const settings = row?.value as { language?: unknown } | undefined;
  return mailLanguage(null, settings?.language);
}

export interface Recipient {
  memberId: string;
  email: string;
  name: string;
  language: LanguageCode;
}

/** Active members of a workspace chosen by `which`, each with the language their mail is written in. */
export async function memberRecipients(tx: DbTx | Executor, workspaceId: string, which: { admins?: boolean; emailNotifications?: boolean; ids?: readonly string[] }): Promise<Recipient[]> {
  const conditions = [eq(t.members.workspaceId, workspaceId), eq(t.members.status, 'Active')];
  if (which.admins) conditions.push(eq(t.members.role, 'Admin'));
  if (which.emailNotifications) conditions.push(eq(t.members.emailNotifications, true));
  if (which.ids) conditions.push(inArray(t.members.id, [...which.ids]));
  const rows = await tx
    .select({ id: t.members.id, email: t.members.email, name: t.members.name, language: t.members.language })
    .from(t.members)
    .where(and(...conditions));
  if (rows.length === 0) return [];
  const fallback = await workspaceLanguage(tx, workspaceId);
  return rows.map((row) => ({ memberId: row.id, email: row.email, name: row.name, language: mailLanguage(row.language, fallback) }));
}
