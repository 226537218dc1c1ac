// Notifications: the list, the unread badge, snoozes that come back on time, and the
// notification writes (lib/mutators/notifications.ts).
import { computed, signal } from '@preact/signals-core';
import { nextWake, unreadCount as countUnread } from '../domain/notifications';
import type { AppNotification, NotificationType } from '../domain/types';
import type { StoreContext } from './core';

/** Longest wait between two looks at the clock, so a sleeping laptop catches up soon after waking. */
const MAX_WAIT_MS = 60_000;

export function createNotificationsSlice(ctx: StoreContext) {
  const items = ctx.collection('notifications');
  /** The time visibility is judged at; moves forward when a snooze ends (and after every action). */
  const clock = signal(ctx.now());
  /** Unread and not snoozed: the top-bar badge. */
  const unreadCount = computed(() => countUnread(items.items.value, clock.value));

  /** Looks at the clock again: snoozed notifications whose time has passed come back. */
  function refresh() {
    clock.value = ctx.now();
  }

  // Wake up when the next snooze ends, so it comes back without a reload.
  ctx.ownEffect(() => {
    const wake = nextWake(items.items.value, clock.value);
    if (!wake || typeof setTimeout !== 'function') return;
    const wait = Math.min(Math.max(wake.getTime() - clock.peek().getTime(), 0) + 20, MAX_WAIT_MS);
    const timer = setTimeout(refresh, wait);
    (timer as { unref?: () => void }).unref?.();
    return () => clearTimeout(timer);
  });

  /** A new unread notification at the top, written directly (fixtures and demos). */
  function add(type: NotificationType, title: string, message: string): AppNotification {
    const notification: AppNotification = {
      id: `nt_${ctx.now().getTime().toString(36)}${Math.random().toString(36).slice(2, 8)}`,
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

  /** Runs a notification write, then looks at the clock again so the badge is current. */
  const thenRefresh = <R>(result: R) => {
    refresh();
    return result;
  };

  return {
    items,
    unreadCount,
    clock,
    refresh,
    add,
    /** Hides a notification for 1, 4, 8 or 24 hours. */
    snooze: (id: string, hours: number) => thenRefresh(ctx.mutate('notifications.snooze', { id, hours })),
    markRead: (id: string) => thenRefresh(ctx.mutate('notifications.markRead', { id })),
    markAllRead: () => thenRefresh(ctx.mutate('notifications.markAllRead', {})),
    /** Dismiss removes it (spec §4). */
    dismiss: (id: string) => thenRefresh(ctx.mutate('notifications.dismiss', { id })),
    /** Undo of dismiss: puts the dismissed notification back as it was. */
    restore: (notification: AppNotification) => thenRefresh(ctx.mutate('notifications.restore', { notification })),
  };
}
