// Outreach that really goes out: when staff send outreach, the creator gets an email with the
// member's message, from the member's name, Reply-To the member's email, and a fresh link to
// their portal, in the creator's language (chosen on the portal, else the workspace's). It is
// queued in the outreach's own transaction, so a refused outreach sends nothing.
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { outreachEmailBlock } from '../../lib/domain/funnels';
import { mailLanguage } from '../../lib/domain/mail';
import { message as said, englishOf } from '../../lib/domain/messages';
import type { Funnel } from '../../lib/domain/types';
import type { Actor } from '../../lib/mutators/types';
import type { DbTx } from '../db/client';
import { loadRecords } from '../db/records';
import * as t from '../db/schema';
import { queueMail, workspaceLanguage } from '../mail/outbox';
import { mintPortalLink, portalPath } from './links';

/** The writes whose email the server queues in their own transaction. */
export const OUTREACH_MUTATIONS: ReadonlySet<string> = new Set(['funnels.sendOutreach', 'funnels.retryOutreach']);

/**
 * The in-transaction work of `funnels.sendOutreach` and `funnels.retryOutreach`, for every route
 * that runs them (sync, the public API): the message the write left queued goes to the outbox,
 * carrying which message and activity entry the mail worker reports its fate to. Undefined for
 * any other write.
 */
export function outreachEmail(name: string, options: { workspaceId: string; origin: string; now: Date }) {
  if (!OUTREACH_MUTATIONS.has(name)) return undefined;
  return async ({ tx, args, actor }: { tx: DbTx; args: unknown; actor: Pick<Actor, 'id' | 'name'> }) => {
    const { funnelId, outreachId } = args as { funnelId: string; outreachId?: string };
    const [loaded] = await loadRecords(tx, options.workspaceId, 'funnels', { ids: [funnelId] });
    const history = loaded?.record.outreach ?? [];
    const entry = outreachId ? history.find((e) => e.id === outreachId) : history.at(-1);
    if (entry?.delivery?.status !== 'queued') return;
    // A retry replaces any attempt of the same message still waiting in the outbox.
    if (outreachId)
      await tx
        .delete(t.mailOutbox)
        .where(
          and(eq(t.mailOutbox.workspaceId, options.workspaceId), eq(t.mailOutbox.status, 'pending'), eq(t.mailOutbox.template, 'outreach'), sql`${t.mailOutbox.params} ->> 'outreachId' = ${entry.id}`),
        );
    await emailCreator(tx, {
      ...options,
      funnelId,
      message: entry.message,
      sender: actor,
      follow: { funnelId, outreachId: entry.id, ...(entry.delivery.activityId ? { activityId: entry.delivery.activityId } : {}) },
    });
  };
}

const CANNOT_EMAIL = { optedOut: 'domain.funnels.optedOut', noEmail: 'domain.funnels.outreachNoEmail' } as const;

/** Why a creator cannot be emailed (in English, for an API answer), or null when they can. */
export function cannotEmail(funnel: Pick<Funnel, 'email' | 'portal' | 'creatorHandle'> | undefined): string | null {
  if (!funnel) return englishOf(said('domain.funnels.gone'));
  const block = outreachEmailBlock(funnel);
  return block ? englishOf(said(CANNOT_EMAIL[block], { handle: funnel.creatorHandle })) : null;
}

/** Queues the outreach email (message and a fresh portal link) to the creator; false when they cannot be emailed. */
export async function emailCreator(
  tx: DbTx,
  options: {
    workspaceId: string;
    origin: string;
    now: Date;
    funnelId: string;
    message: string;
    sender: Pick<Actor, 'id' | 'name'>;
    /** The outreach message (and its activity entry) the worker reports this email's fate to. */
    follow?: { funnelId: string; outreachId: string; activityId?: string };
  },
): Promise<boolean> {
  const { funnelId, message, sender } = options;
  const [loaded] = await loadRecords(tx, options.workspaceId, 'funnels', { ids: [funnelId] });
  const funnel = loaded?.record;
  // No address, or the creator opted out: the message stays in the creator's history only.
  if (!funnel?.email || outreachEmailBlock(funnel)) return false;
  const member = await senderMember(tx, options.workspaceId, sender);
  const [workspace] = await tx.select({ name: t.workspaces.name }).from(t.workspaces).where(eq(t.workspaces.id, options.workspaceId));
  const token = await mintPortalLink(tx, { workspaceId: options.workspaceId, funnelId, createdBy: sender.id, now: options.now });
  await queueMail(tx, {
    workspaceId: options.workspaceId,
    to: funnel.email,
    template: 'outreach',
    language: mailLanguage(funnel.portal?.language, await workspaceLanguage(tx, options.workspaceId)),
    params: { message, senderName: member?.name ?? sender.name, workspaceName: workspace?.name ?? '', portalUrl: `${options.origin}${portalPath(token)}`, ...options.follow },
    ...(member?.email ? { replyTo: member.email } : {}),
    fromName: member?.name ?? sender.name,
    now: options.now,
  });
  return true;
}

/**
 * Who the creator hears from: the member who wrote, or for the public API the member who made
 * the key (a key records its maker by name): the email reads the same as from the app, and
 * answers reach a person.
 */
async function senderMember(tx: DbTx, workspaceId: string, sender: Pick<Actor, 'id'>): Promise<{ name: string; email: string } | undefined> {
  const members = (where: SQL) => tx.select({ name: t.members.name, email: t.members.email }).from(t.members).where(and(eq(t.members.workspaceId, workspaceId), where)).limit(1);
  const [member] = await members(eq(t.members.id, sender.id));
  if (member) return member;
  const [key] = await tx.select({ createdBy: t.apiKeys.createdBy }).from(t.apiKeys).where(and(eq(t.apiKeys.workspaceId, workspaceId), eq(t.apiKeys.id, sender.id)));
  if (!key) return undefined;
  const [maker] = await members(and(eq(t.members.name, key.createdBy), eq(t.members.status, 'Active'))!);
  return maker ?? { name: key.createdBy, email: '' };
}
