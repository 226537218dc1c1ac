// Notification actions (spec §4 "Notification"). Owned by the notifications issue.
import { computed } from '@preact/signals-core';
import type { AppNotification, NotificationType } from '../domain/types';
import type { StoreContext } from './core';

export function createNotificationsSlice(ctx: StoreContext) {
  const items = ctx.collection<AppNotification>('notifications', { sort: (a, b) => b.timestamp.localeCompare(a.timestamp) });
  const unreadCount = computed(() => items.items.value.filter((n) => !n.read).length);

  /** New notifications are added at the top, unread (spec §4). Call inside the caller's transaction. */
  function add(type: NotificationType, title: string, message: string): AppNotification {
    const notification: AppNotification = {
      id: ctx.newId('nt'),
      type,
      title,
      message,
      timestamp: ctx.now().toISOString(),
      read: false,
      snoozedUntil: null,
    };
    items.put(notification, { prepend: true });
    return notification;
  }

  return { items, unreadCount, add };
}
