import { useSignals } from '@preact/signals-react/runtime';
import { useMemo, useState } from 'react';
import { snoozedCount, visibleNotifications, type NotificationTypeFilter } from '../../lib/domain/notifications';
import { useStore } from '../ui/store-context';
import { useWhyNot } from '../ui/i18n';
import { message } from '../../lib/domain/messages';
import { showResult, toastWithUndo } from '../ui/toast';

export interface NotificationsControllerOptions {
  /** Initial type filter. Default 'all'. */
  defaultType?: NotificationTypeFilter;
  /** Initial 'Show unread only'. Default false. */
  defaultUnreadOnly?: boolean;
}

/** Signals and actions of the Notifications screen; the views only render. */
export function useNotificationsController({ defaultType = 'all', defaultUnreadOnly = false }: NotificationsControllerOptions = {}) {
  useSignals();
  const store = useStore();
  const whyNot = useWhyNot();
  const [type, setType] = useState<NotificationTypeFilter>(defaultType);
  const [unreadOnly, setUnreadOnly] = useState(defaultUnreadOnly);
  const all = store.notifications.items.items.value;
  // The slice's clock moves when a snooze ends, so a snoozed notification comes back by itself.
  const now = store.notifications.clock.value;
  const visible = useMemo(() => visibleNotifications(all, { type, unreadOnly }, now), [all, type, unreadOnly, now]);
  const hidden = useMemo(() => snoozedCount(all, now), [all, now]);

  return {
    /** The workspace time zone (Settings), for timestamps. */
    timeZone: store.admin.settings.value.value.timeZone,
    notifications: visible,
    snoozedCount: hidden,
    unreadCount: store.notifications.unreadCount.value,
    type,
    setType,
    unreadOnly,
    setUnreadOnly,
    writeBlocked: whyNot(),
    /** The current time, for relative timestamps. */
    now: store.now(),
    snooze: (id: string, hours: number) => showResult(store.notifications.snooze(id, hours)),
    markRead: (id: string) => showResult(store.notifications.markRead(id)),
    markAllRead: () => showResult(store.notifications.markAllRead()),
    /** Dismiss at once, with Undo in the toast (dismissing is frequent and easily put back). */
    dismiss: (id: string) => {
      const result = store.notifications.dismiss(id);
      if (!result.ok) return showResult(result);
      toastWithUndo(result.notice ?? message('domain.notifications.dismissed'), () => showResult(store.notifications.restore(result.value)));
      return true;
    },
  };
}
