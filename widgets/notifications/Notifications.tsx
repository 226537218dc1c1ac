import { useEffect, useRef, useState } from 'react';
import { SNOOZE_HOURS } from '../../lib/domain/constants';
import { NOTIFICATION_TYPE_OPTIONS } from '../../lib/domain/notifications';
import { type AppNotification, type NotificationType } from '../../lib/domain/types';
import { useT } from '../ui/i18n';
import { notificationTextIn, notificationTitleIn } from '../../lib/i18n/activity';
import { Badge, type BadgeColor } from '../ui/Badge';
import { Button } from '../ui/Button';
import { Menu } from '../ui/Menu';
import { Screen } from '../ui/Screen';
import { Select } from '../ui/Select';
import { notificationsStyles } from './styles';
import { useNotificationsController, type NotificationsControllerOptions } from './useNotificationsController';
import { BackButton } from '../ui/BackButton';

const TYPE_COLOR: Record<NotificationType, BadgeColor> = { email: 'blue', sms: 'green', slack: 'purple' };
const TYPE_NAME: Record<Exclude<NotificationType, 'email'>, string> = { sms: 'SMS', slack: 'Slack' };
/** Rendered at a time; 'Show more' adds the next page, so a long history never floods the page. */
const PAGE_SIZE = 50;

export type NotificationsProps = NotificationsControllerOptions;

/** The Notifications screen (spec §2 "Notifications", §4 "Notification"). */
export function Notifications(props: NotificationsProps) {
  return (
    <Screen name="Notifications" styles={notificationsStyles} part="root">
      <NotificationsView {...props} />
    </Screen>
  );
}

function NotificationsView(options: NotificationsProps) {
  const c = useNotificationsController(options);
  const [shown, setShown] = useState(PAGE_SIZE);
  const { t } = useT();
  // Email, SMS and Slack are names; only "All Types" and "Email" read differently in another language.
  const typeOptions = NOTIFICATION_TYPE_OPTIONS.map((option) =>
    option.value === 'all' || option.value === 'email' ? { ...option, label: t(`notifications.type.${option.value}`) } : option,
  );
  const page = c.notifications.slice(0, shown);
  const hasUnread = c.notifications.some((n) => !n.read);
  const listRef = useRef<HTMLUListElement>(null);
  const emptyRef = useRef<HTMLParagraphElement>(null);
  // After a snooze or dismiss the item is gone: focus moves to the one that took its place
  // (the previous one when it was last, the empty list's message when none is left), not to <body>.
  const focusAt = useRef<number | null>(null);
  useEffect(() => {
    const index = focusAt.current;
    if (index === null) return;
    focusAt.current = null;
    const items = listRef.current?.querySelectorAll<HTMLElement>(':scope > li');
    (items?.length ? items[Math.min(index, items.length - 1)] : emptyRef.current)?.focus();
  }, [page]);
  const removeAt = (index: number, action: () => boolean) => {
    focusAt.current = index;
    if (!action()) focusAt.current = null;
  };
  return (
    <div className="cf-stack">
      <div>
        <BackButton />
      </div>
      <div className="cf-row">
        <h1>{t('shell.notifications')}</h1>
        {c.unreadCount > 0 && <Badge color="blue">{t('notifications.unread', { count: c.unreadCount })}</Badge>}
        <span className="cf-spacer" />
        <Button disabledReason={c.writeBlocked} disabled={!hasUnread} onClick={c.markAllRead}>
          {t('notifications.markAllRead')}
        </Button>
      </div>
      <div className="cf-notifications-toolbar" role="group" aria-label={t('notifications.filters')}>
        <div className="cf-field">
          <label htmlFor="cf-notifications-type">{t('notifications.filterByType')}</label>
          <Select
            id="cf-notifications-type"
            options={typeOptions}
            value={c.type}
            onValueChange={(type) => {
              c.setType(type);
              setShown(PAGE_SIZE);
            }}
          />
        </div>
        <label className="cf-check">
          <input type="checkbox" checked={c.unreadOnly} onChange={(event) => c.setUnreadOnly(event.target.checked)} />
          {t('notifications.unreadOnly')}
        </label>
        {c.snoozedCount > 0 && (
          <span className="cf-muted" role="status">
            {t('notifications.snoozedHidden', { count: c.snoozedCount })}
          </span>
        )}
      </div>
      {page.length === 0 ? (
        <p className="cf-empty cf-card" ref={emptyRef} tabIndex={-1}>
          <strong>{t('domain.notifications.none')}</strong>
        </p>
      ) : (
        <ul className="cf-notifications-list" aria-label={t('shell.notifications')} part="list" ref={listRef}>
          {page.map((n, index) => (
            <NotificationItem key={n.id} notification={n} controller={c} onRemove={(action) => removeAt(index, action)} />
          ))}
        </ul>
      )}
      {c.notifications.length > shown && (
        <Button className="cf-back" onClick={() => setShown((s) => s + PAGE_SIZE)}>
          {t('notifications.showMore', { count: c.notifications.length - shown })}
        </Button>
      )}
    </div>
  );
}


function NotificationItem({
  notification: n,
  controller: c,
  onRemove,
}: {
  notification: AppNotification;
  controller: ReturnType<typeof useNotificationsController>;
  /** Runs an action that takes this item out of the list (snooze, dismiss); true when it did. */
  onRemove(action: () => boolean): void;
}) {
  const i18n = useT();
  const { t, formatDateTime, formatRelative } = i18n;
  const title = notificationTitleIn(i18n, n);
  return (
    <li className="cf-card cf-notification" data-state={n.read ? 'read' : 'unread'} aria-label={title} tabIndex={-1}>
      <div className="cf-notification-body">
        <h2>
          {title}
          <Badge color={TYPE_COLOR[n.type]}>{n.type === 'email' ? t('notifications.type.email') : TYPE_NAME[n.type]}</Badge>
          {!n.read && <Badge color="orange">{t('notifications.unreadBadge')}</Badge>}
        </h2>
        <p>{notificationTextIn(i18n, n)}</p>
        <p className="cf-muted">
          <time dateTime={n.timestamp} title={formatDateTime(n.timestamp, c.timeZone)}>
            {formatRelative(n.timestamp, c.now)}
          </time>
        </p>
      </div>
      <div className="cf-notification-actions">
        {c.writeBlocked ? (
          <Button size="small" variant="ghost" disabledReason={c.writeBlocked}>
            {t('notifications.snooze')}
          </Button>
        ) : (
          <Menu
            trigger={t('notifications.snooze')}
            triggerLabel={t('notifications.snoozeLabel', { title })}
            items={SNOOZE_HOURS.map((hours) => ({ label: t('notifications.hours', { count: hours }), onSelect: () => onRemove(() => c.snooze(n.id, hours)) }))}
          />
        )}
        {!n.read && (
          <Button size="small" aria-label={t('notifications.markReadLabel', { title })} disabledReason={c.writeBlocked} onClick={() => c.markRead(n.id)}>
            {t('notifications.markRead')}
          </Button>
        )}
        <Button size="small" variant="ghost" aria-label={t('notifications.dismissLabel', { title })} disabledReason={c.writeBlocked} onClick={() => onRemove(() => c.dismiss(n.id))}>
          {t('notifications.dismiss')}
        </Button>
      </div>
    </li>
  );
}
