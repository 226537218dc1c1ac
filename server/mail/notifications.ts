// Notifications by email: each notification a change creates is queued, in that change's
// transaction, for every Active member who turned Email Notifications on in their profile.
import { eq } from 'drizzle-orm';
import type { AppNotification } from '../../lib/domain/types';
import type { DbTx } from '../db/client';
import * as t from '../db/schema';
import { memberRecipients, queueMail } from './outbox';

export async function queueNotificationMail(tx: DbTx, workspaceId: string, created: readonly AppNotification[], now: Date): Promise<boolean> {
  if (created.length === 0) return false;
  const recipients = await memberRecipients(tx, workspaceId, { emailNotifications: true });
  if (recipients.length === 0) return false;
  const [workspace] = await tx.select({ name: t.workspaces.name }).from(t.workspaces).where(eq(t.workspaces.id, workspaceId));
  for (const notification of created) {
    for (const member of recipients) {
      await queueMail(tx, {
        // One message per notification and member, ever: a notification restored after a dismissal is not sent again.
        id: `mail_nt_${workspaceId}_${notification.id}_${member.memberId}`.slice(0, 200),
        workspaceId,
        to: member.email,
        template: 'notification',
        language: member.language,
        params: { title: notification.title, message: notification.message, ...(notification.said ? { said: notification.said } : {}), workspaceName: workspace?.name ?? '', appPath: '/notifications' },
        now,
      });
    }
  }
  return true;
}
