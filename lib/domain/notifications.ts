// Notification rules: spec §2 "Notifications", §4 "Notification", §8, §9 (snooze options).
// Pure: `now` comes in as an argument, so visibility is testable with a controlled clock.
import { SNOOZE_HOURS } from './constants';
import { accept, refuse, type AppNotification, type NotificationType, type Result } from './types';

export type NotificationTypeFilter = NotificationType | 'all';

/** The type filter's options, in the spec's order and words. */
export const NOTIFICATION_TYPE_OPTIONS: readonly { value: NotificationTypeFilter; label: string }[] = [
  { value: 'all', label: 'All Types' },
  { value: 'email', label: 'Email' },
  { value: 'sms', label: 'SMS' },
  { value: 'slack', label: 'Slack' },
];

export const NOTIFICATION_TYPE_LABEL: Record<NotificationType, string> = { email: 'Email', sms: 'SMS', slack: 'Slack' };

export const NO_NOTIFICATIONS = 'No notifications to display';

export interface NotificationFilter {
  type?: NotificationTypeFilter;
  unreadOnly?: boolean;
}

/** Snoozed until a time still in the future. */
export function isSnoozed(notification: Pick<AppNotification, 'snoozedUntil'>, now: Date): boolean {
  if (!notification.snoozedUntil) return false;
  const until = new Date(notification.snoozedUntil).getTime();
  return Number.isFinite(until) && until > now.getTime();
}

/** Newest first (spec §4: new ones arrive at the top). */
export function sortNewestFirst(list: readonly AppNotification[]): AppNotification[] {
  return [...list].sort((a, b) => b.timestamp.localeCompare(a.timestamp));
}

/** What the list shows: not snoozed, of the chosen type, unread if asked; newest first. */
export function visibleNotifications(list: readonly AppNotification[], filter: NotificationFilter, now: Date): AppNotification[] {
  const type = filter.type ?? 'all';
  return sortNewestFirst(
    list.filter((n) => {
      if (isSnoozed(n, now)) return false;
      if (type !== 'all' && n.type !== type) return false;
      if (filter.unreadOnly && n.read) return false;
      return true;
    }),
  );
}

/** Unread and not snoozed: the top-bar badge. */
export function unreadCount(list: readonly AppNotification[], now: Date): number {
  return list.filter((n) => !n.read && !isSnoozed(n, now)).length;
}

/** How many are hidden by a snooze right now. */
export function snoozedCount(list: readonly AppNotification[], now: Date): number {
  return list.filter((n) => isSnoozed(n, now)).length;
}

/** The earliest moment a snoozed notification comes back, or null when none is snoozed. */
export function nextWake(list: readonly AppNotification[], now: Date): Date | null {
  let earliest: number | null = null;
  for (const n of list) {
    if (!isSnoozed(n, now)) continue;
    const until = new Date(n.snoozedUntil!).getTime();
    if (earliest === null || until < earliest) earliest = until;
  }
  return earliest === null ? null : new Date(earliest);
}

/** Hides a notification for 1, 4, 8 or 24 hours (spec §9): 'Notification snoozed for {n} hours'. */
export function snooze(notification: AppNotification, hours: number, now: Date): Result<AppNotification> {
  if (!(SNOOZE_HOURS as readonly number[]).includes(hours)) return refuse('domain.notifications.snoozeHours', { hours: SNOOZE_HOURS.join(', ') });
  const until = new Date(now.getTime() + hours * 60 * 60 * 1000).toISOString();
  return accept({ ...notification, snoozedUntil: until }, 'domain.notifications.snoozed', { hours });
}

/** Unread becomes read (spec §4). */
export function markRead(notification: AppNotification): AppNotification {
  return notification.read ? notification : { ...notification, read: true };
}

/** Every unread notification, now read; only the changed ones are returned. */
export function markAllRead(list: readonly AppNotification[]): AppNotification[] {
  return list.filter((n) => !n.read).map(markRead);
}

/** Dismiss removes it (spec §4). */
export function dismiss(list: readonly AppNotification[], id: string): AppNotification[] {
  return list.filter((n) => n.id !== id);
}

/** '1 hour', '4 hours': the snooze menu's labels. */
export const snoozeLabel = (hours: number) => `${hours} hour${hours === 1 ? '' : 's'}`;

export const NOTIFICATION_DISMISSED = 'Notification dismissed';
export const NOTIFICATION_RESTORED = 'Notification restored';

/** Undo of a dismissal: the notification comes back as it was; one still in the list is not doubled. */
export function restoreNotification(list: readonly AppNotification[], notification: AppNotification): Result<AppNotification> {
  if (list.some((n) => n.id === notification.id)) return refuse('domain.notifications.alreadyListed');
  return accept(notification, 'domain.notifications.restored');
}
