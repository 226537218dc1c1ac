// Notification actions (spec §4 "Notification"). Owned by the notifications issue.
import { computed } from '@preact/signals-core';
import type { AppNotification } from '../domain/types';
import type { StoreContext } from './core';

export function createNotificationsSlice(ctx: StoreContext) {
  const items = ctx.collection<AppNotification>('notifications', { sort: (a, b) => b.timestamp.localeCompare(a.timestamp) });
  const unreadCount = computed(() => items.items.value.filter((n) => !n.read).length);
  return { items, unreadCount };
}
