// Notification writes (spec §4 "Notification", §9 snooze options).
import * as v from 'valibot';
import {
  NOTIFICATION_TYPE_LABEL,
  markAllRead as markAllReadRule,
  markRead as markReadRule,
  restoreNotification,
  snooze as snoozeRule,
} from '../domain/notifications';
import { accept, refuse, NOTIFICATION_TYPES, ok, type AppNotification, type Result } from '../domain/types';
import { message } from '../domain/messages';
import { id, text } from './args';
import { all, defineMutator, nowOf, one } from './define';
import type { ReadTx } from './types';

/** A notification's channel, said in the reader's language (Email is a word; SMS and Slack are names). */
const channelOf = (n: AppNotification) => (n.type === 'email' ? message('notifications.type.email') : NOTIFICATION_TYPE_LABEL[n.type]);
/** A notification's title as a message: the one it was written with, else its stored text. */
const titleOf = (n: AppNotification) => n.said?.title ?? n.title;
const label = (n: AppNotification) => message('activity.byAction.notification', { type: channelOf(n), title: titleOf(n) });

function find(tx: ReadTx, notificationId: string): Result<AppNotification> {
  const notification = tx.get('notifications', notificationId);
  return notification ? ok(notification) : refuse('domain.notifications.gone');
}

/** Hides a notification for 1, 4, 8 or 24 hours. */
export const snooze = defineMutator({
  name: 'notifications.snooze',
  args: v.object({ id, hours: v.pipe(v.number(), v.finite()) }),
  reads: (args) => [one('notifications', args.id)],
  run(tx, args, meta) {
    const existing = find(tx, args.id);
    if (!existing.ok) return existing;
    const result = snoozeRule(existing.value, args.hours, nowOf(meta));
    if (!result.ok) return result;
    tx.put('notifications', result.value);
    tx.log({
      action: message('activity.action.notificationSnoozed'),
      actionType: 'notification',
      details: message('activity.byAction.notificationSnoozed', { type: channelOf(existing.value), title: titleOf(existing.value), hours: args.hours }),
    });
    return result;
  },
});

export const markRead = defineMutator({
  name: 'notifications.markRead',
  args: v.object({ id }),
  reads: (args) => [one('notifications', args.id)],
  run(tx, args) {
    const existing = find(tx, args.id);
    if (!existing.ok) return existing;
    if (existing.value.read) return ok(existing.value);
    const updated = markReadRule(existing.value);
    tx.put('notifications', updated);
    tx.log({ action: message('activity.action.notificationRead'), actionType: 'notification', details: label(existing.value) });
    return ok(updated);
  },
});

export const markAllRead = defineMutator({
  name: 'notifications.markAllRead',
  args: v.object({}),
  reads: () => [all('notifications')],
  run(tx) {
    const changed = markAllReadRule(tx.scan('notifications'));
    if (changed.length === 0) return ok(0);
    for (const n of changed) tx.put('notifications', n);
    tx.log({ action: message('activity.action.allRead'), actionType: 'notification', details: message('activity.details.allRead', { count: changed.length }) });
    return changed.length === 1 ? accept(1, 'domain.notifications.oneRead') : accept(changed.length, 'domain.notifications.manyRead', { count: changed.length });
  },
});

/** Dismiss removes it (spec §4). */
export const dismiss = defineMutator({
  name: 'notifications.dismiss',
  args: v.object({ id }),
  reads: (args) => [one('notifications', args.id)],
  run(tx, args) {
    const existing = find(tx, args.id);
    if (!existing.ok) return existing;
    tx.delete('notifications', args.id);
    tx.log({ action: message('activity.action.notificationDismissed'), actionType: 'notification', details: label(existing.value) });
    return accept(existing.value, 'domain.notifications.dismissed');
  },
});

const notificationRecord = v.object({
  id,
  type: v.picklist(NOTIFICATION_TYPES),
  title: text(1000),
  message: text(),
  timestamp: v.pipe(v.string(), v.isoTimestamp()),
  read: v.boolean(),
  snoozedUntil: v.nullable(v.pipe(v.string(), v.isoTimestamp())),
});

/** Undo of dismiss: puts the dismissed notification back as it was. */
export const restore = defineMutator({
  name: 'notifications.restore',
  args: v.object({ notification: notificationRecord }),
  reads: () => [all('notifications')],
  run(tx, args) {
    const result = restoreNotification(tx.scan('notifications'), args.notification);
    if (!result.ok) return result;
    tx.put('notifications', result.value, { prepend: true });
    tx.log({ action: message('activity.action.notificationRestored'), actionType: 'notification', details: label(result.value) });
    return result;
  },
});
