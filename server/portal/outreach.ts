// Outreach that really goes out: when staff send outreach, the creator gets an email with the
// member's message, from the member's name, Reply-To the member's email, and a fresh link to
// their portal, in the creator's language (chosen on the portal, else the workspace's). It is
// queued in the outreach's own transaction, so a refused outreach sends nothing.
import { and, eq } from 'drizzle-orm';
import { mailLanguage } from '../../lib/domain/mail';
import type { Funnel } from '../../lib/domain/types';
import type { Actor } from '../../lib/mutators/types';
import type { DbTx } from '../db/client';
import { loadRecords } from '../db/records';
import * as t from '../db/schema';
import { queueMail, workspaceLanguage } from '../mail/outbox';
import { mintPortalLink, portalPath } from './links';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The in-transaction work of `funnels.sendOutreach` for the sync and workspace routes. */
export function outreachEmail(options: { workspaceId: string; origin: string; now: Date }) {
  return async ({ tx, args, actor }: { tx: DbTx; args: unknown; actor: Pick<Actor, 'id' | 'name'> }) => {
    const { funnelId, message } = args as { funnelId: string; message: string };
    await emailCreator(tx, { ...options, funnelId, message, sender: actor });
  };
}

/** Why a creator cannot be emailed, or null when they can. */
export function cannotEmail(funnel: Pick<Funnel, 'email' | 'portal'> | undefined): string | null {
  if (!funnel?.email || !EMAIL.test(funnel.email)) return 'This creator has no email address';
  if (funnel.portal?.optedOutAt) return 'This creator opted out of email and their portal';
  return null;
}

/** Queues the outreach email (message and a fresh portal link) to the creator; false when they cannot be emailed. */
export async function emailCreator(
  tx: DbTx,
  options: { workspaceId: string; origin: string; now: Date; funnelId: string; message: string; sender: Pick<Actor, 'id' | 'name'> },
): Promise<boolean> {
  const { funnelId, message, sender } = options;
  const [loaded] = await loadRecords(tx, options.workspaceId, 'funnels', { ids: [funnelId] });
  const funnel = loaded?.record;
  // No address, or the creator opted out: the message stays in the creator's history only.
  if (!funnel?.email || cannotEmail(funnel)) return false;
  const [member] = await tx
    .select({ email: t.members.email })
    .from(t.members)
    .where(and(eq(t.members.workspaceId, options.workspaceId), eq(t.members.id, sender.id)));
  const [workspace] = await tx.select({ name: t.workspaces.name }).from(t.workspaces).where(eq(t.workspaces.id, options.workspaceId));
  const token = await mintPortalLink(tx, { workspaceId: options.workspaceId, funnelId, createdBy: sender.id, now: options.now });
  await queueMail(tx, {
    workspaceId: options.workspaceId,
    to: funnel.email,
    template: 'outreach',
    language: mailLanguage(funnel.portal?.language, await workspaceLanguage(tx, options.workspaceId)),
    params: { message, senderName: sender.name, workspaceName: workspace?.name ?? '', portalUrl: `${options.origin}${portalPath(token)}` },
    ...(member?.email ? { replyTo: member.email } : {}),
    fromName: sender.name,
    now: options.now,
  });
  return true;
}
