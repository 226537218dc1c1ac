// Notification actions (spec §4 "Notification", §8, §9 snooze options).
import { computed, effect, signal } from '@preact/signals-core';
import {
  NOTIFICATION_TYPE_LABEL,
  markAllRead as markAllReadRule,
  markRead as markReadRule,
  NOTIFICATION_DISMISSED,
  nextWake,
  restoreNotification,
  snooze as snoozeRule,
  unreadCount as countUnread,
} from '../domain/notifications';
import { fail, ok, type AppNotification, type NotificationType, type Result } from '../domain/types';
import type { StoreContext } from './core';

/** Longest wait between two looks at the clock, so a sleeping laptop catches up soon after waking. */
const MAX_WAIT_MS = 60_000;

export function createNotificationsSlice(ctx: StoreContext) {
  const items = ctx.collection<AppNotification>('notifications', { sort: (a, b) => b.timestamp.localeCompare(a.timestamp) });
  /** The time visibility is judged at; moves forward when a snooze ends (and after every action). */
  const clock = signal(ctx.now());
  /** Unread and not snoozed: the top-bar badge. */
  const unreadCount = computed(() => countUnread(items.items.value, clock.value));

  /** Looks at the clock again: snoozed notifications whose time has passed come back. */
  function refresh() {
    clock.value = ctx.now();
  }

  // Wake up when the next snooze ends, so it comes back without a reload.
  let timer: ReturnType<typeof setTimeout> | undefined;
  effect(() => {
    const wake = nextWake(items.items.value, clock.value);
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    if (!wake || typeof setTimeout !== 'function') return;
    const wait = Math.min(Math.max(wake.getTime() - clock.peek().getTime(), 0) + 20, MAX_WAIT_MS);
    timer = setTimeout(refresh, wait);
    (timer as { unref?: () => void }).unref?.();
  });

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

  function find(id: string): Result<AppNotification> {
    const notification = items.get(id);
    return notification ? ok(notification) : fail('This notification no longer exists');
  }

  const label = (n: AppNotification) => `${NOTIFICATION_TYPE_LABEL[n.type]}: ${n.title}`;

  /** Hides a notification for 1, 4, 8 or 24 hours. */
  function snooze(id: string, hours: number): Result<AppNotification> {
    const allowed = ctx.authorize();
    if (!allowed.ok) return allowed;
    const existing = find(id);
    if (!existing.ok) return existing;
    refresh();
    const result = snoozeRule(existing.value, hours, clock.peek());
    if (!result.ok) return result;
    ctx.transaction(() => {
      items.put(result.value);
      ctx.log({ action: 'Notification snoozed', actionType: 'notification', details: `${label(existing.value)}, for ${hours} hours` });
    });
    return result;
  }

  function markRead(id: string): Result<AppNotification> {
    const allowed = ctx.authorize();
    if (!allowed.ok) return allowed;
    const existing = find(id);
    if (!existing.ok) return existing;
    refresh();
    if (existing.value.read) return ok(existing.value);
    const updated = markReadRule(existing.value);
    ctx.transaction(() => {
      items.put(updated);
      ctx.log({ action: 'Notification marked as read', actionType: 'notification', details: label(existing.value) });
    });
    return ok(updated);
  }

  function markAllRead(): Result<number> {
    const allowed = ctx.authorize();
    if (!allowed.ok) return allowed;
    refresh();
    const changed = markAllReadRule(items.items.peek());
    if (changed.length === 0) return ok(0);
    ctx.transaction(() => {
      for (const n of changed) items.put(n);
      ctx.log({ action: 'All notifications marked as read', actionType: 'notification', details: `${changed.length} marked as read` });
    });
    return ok(changed.length, `${changed.length} notification${changed.length === 1 ? '' : 's'} marked as read`);
  }

  /** Dismiss removes it (spec §4). */
  function dismiss(id: string): Result<AppNotification> {
    const allowed = ctx.authorize();
    if (!allowed.ok) return allowed;
    const existing = find(id);
    if (!existing.ok) return existing;
    refresh();
    ctx.transaction(() => {
      items.remove(id);
      ctx.log({ action: 'Notification dismissed', actionType: 'notification', details: label(existing.value) });
    });
    return ok(existing.value, NOTIFICATION_DISMISSED);
  }

  /** Undo of dismiss: puts the dismissed notification back as it was. */
  function restore(notification: AppNotification): Result<AppNotification> {
    const allowed = ctx.authorize();
    if (!allowed.ok) return allowed;
    const result = restoreNotification(items.items.peek(), notification);
    if (!result.ok) return result;
    refresh();
    ctx.transaction(() => {
      items.put(result.value);
      ctx.log({ action: 'Notification restored', actionType: 'notification', details: label(result.value) });
    });
    return result;
  }

  return { items, unreadCount, clock, refresh, add, snooze, markRead, markAllRead, dismiss, restore };
}
