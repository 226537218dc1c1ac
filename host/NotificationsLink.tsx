import { useSignals } from '@preact/signals-react/runtime';
import { Link } from '../widgets/ui/navigation';
import { useT } from '../widgets/ui/i18n';
import { useStore } from '../widgets/ui/store-context';

/** Notifications link with an unread-count badge shown only when the count is above 0 (spec §2 "Shell"). */
export function NotificationsLink() {
  useSignals();
  const unread = useStore().notifications.unreadCount.value;
  const { t } = useT();
  return (
    <Link href="/notifications" className="cf-button cf-icon-button cf-notifications-link" data-variant="ghost" aria-label={unread > 0 ? t('shell.notificationsUnread', { count: unread }) : t('shell.notifications')}>
      <svg viewBox="0 0 24 24" width="20" height="20" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
        <path d="M6 8a6 6 0 0112 0c0 7 3 8 3 8H3s3-1 3-8" />
        <path d="M10.3 21a1.94 1.94 0 003.4 0" />
      </svg>
      {unread > 0 && (
        <span className="cf-unread-badge" aria-hidden="true">
          {unread > 99 ? '99+' : unread}
        </span>
      )}
    </Link>
  );
}
