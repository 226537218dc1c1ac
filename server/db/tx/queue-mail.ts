// The mail a server transaction's commit queues.
import { and, eq } from 'drizzle-orm';
import type { AppNotification } from '../../../lib/domain/types';
import type { SingletonOf } from '../../../lib/schema/names';
import { queueNotificationMail } from '../../mail/notifications';
import * as t from '../schema';
import type { CollectionName } from '../../../lib/schema/names';
import { singletonWrites, type Pending, type Staged } from './staged';

/**
 * Mail this change sends, queued in its transaction: its new notifications to members with
 * Email Notifications on. A member saving their profile records their own switch first.
 */
export async function queueMailForChanges(s: Staged, writes: ReadonlyMap<CollectionName, ReadonlyMap<string, Pending>>): Promise<boolean> {
  const { tx, workspaceId, actor, options, knownOf } = s;
  const profile = singletonWrites(s).get('profile') as SingletonOf<'profile'> | undefined;
  if (profile && actor)
    await tx
      .update(t.members)
      .set({ emailNotifications: profile.notifications.email })
      .where(and(eq(t.members.workspaceId, workspaceId), eq(t.members.id, actor.id)));
  if (options.emailNotifications === false) return false;
  const created: AppNotification[] = [];
  for (const [id, change] of writes.get('notifications') ?? []) {
    if (change.kind === 'put' && !knownOf('notifications').get(id)) created.push(change.record as AppNotification);
  }
  return queueNotificationMail(tx, workspaceId, created, options.clock?.() ?? new Date());
}
