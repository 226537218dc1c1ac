import { ACTIVITY_TYPES } from '../../lib/domain/activity';
import type { ActivityEntry, ActivityStatus, ActivityType } from '../../lib/domain/types';
import { adminBaseStyles } from '../ui/adminStyles';
import { ScreenTitle } from '../ui/AdminScreen';
import { Avatar } from '../ui/Avatar';
import { useT } from '../ui/i18n';
import { activityActionIn, activityDetailsIn } from '../../lib/i18n/activity';
import { Badge, type BadgeColor } from '../ui/Badge';
import { Button } from '../ui/Button';
import { Screen } from '../ui/Screen';
import { VirtualTable, type Column } from '../ui/VirtualTable';
import { activityStyles } from './styles';
import { useActivityLogController } from './useActivityLogController';
import { SecurityLog } from './SecurityLog';
import { SearchField } from '../ui/SearchField';

export interface ActivityLogProps {}

const STATUS_COLOR: Record<ActivityStatus, BadgeColor> = { success: 'green', warning: 'yellow', error: 'red', queued: 'blue' };

/** Activity log at /activity (spec §2 "Activity log"). */
export function ActivityLog(_props: ActivityLogProps) {
  return (
    <Screen name="Activity Log" styles={adminBaseStyles + activityStyles} part="root">
      <ActivityLogView />
    </Screen>
  );
}

/** The log body; inside Settings (`embedded`) its title is an h2. */
export function ActivityLogView({ embedded = false }: { embedded?: boolean }) {
  const log = useActivityLogController();
  const i18n = useT();
  const { t, formatDateTime } = i18n;
  const typeLabel = (type: ActivityType) => (ACTIVITY_TYPES.includes(type) ? t(`activity.type.${type}`) : type);
  const columns: Column<ActivityEntry>[] = [
    { key: 'time', header: t('activity.col.when'), render: (e) => <time dateTime={e.timestamp}>{formatDateTime(e.timestamp, log.timeZone)}</time>, width: '150px' },
    {
      key: 'user',
      header: t('activity.col.user'),
      render: (e) => (
        <span className="cf-activity-user">
          <Avatar name={e.userName} size={24} />
          {e.userName}
        </span>
      ),
    },
    // Entries are stored in English (the server and the CSV export keep them so); each is said in
    // the reader's language when the catalog knows its sentence, old entries included.
    { key: 'action', header: t('activity.col.action'), render: (e) => activityActionIn(i18n, e) },
    { key: 'type', header: t('activity.col.type'), render: (e) => typeLabel(e.actionType) },
    { key: 'details', header: t('activity.col.details'), render: (e) => activityDetailsIn(i18n, e, log.timeZone) },
    {
      key: 'status',
      header: t('activity.col.status'),
      render: (e) => <Badge color={STATUS_COLOR[e.status] ?? 'gray'}>{e.status in STATUS_COLOR ? t(`activity.status.${e.status}`) : e.status}</Badge>,
    },
  ];
  return (
    <div className="cf-stack" part="activity">
      <ScreenTitle embedded={embedded}>{t('activity.title')}</ScreenTitle>
      <div className="cf-row cf-activity-toolbar">
        <SearchField landmark label={t('activity.search')} placeholder={t('activity.searchPlaceholder')} value={log.search} onValueChange={log.setSearch} />
        <Button aria-expanded={log.filtersOpen} aria-controls="cf-activity-filters" onClick={log.toggleFilters}>
          {log.activeFilters ? t('activity.filtersCount', { count: log.activeFilters }) : t('activity.filters')}
        </Button>
        <span className="cf-spacer" />
        <Button onClick={log.exportCsv}>{t('activity.export')}</Button>
      </div>
      {log.filtersOpen && (
        <section id="cf-activity-filters" className="cf-card cf-activity-filters" aria-label={t('activity.filtersLabel')}>
          <fieldset>
            <legend>{t('activity.dateRange')}</legend>
            <div className="cf-field">
              <label htmlFor="cf-activity-from">{t('activity.from')}</label>
              <input id="cf-activity-from" className="cf-input" type="date" value={log.from} max={log.to || undefined} onChange={(e) => log.setFrom(e.target.value)} />
            </div>
            <div className="cf-field">
              <label htmlFor="cf-activity-to">{t('activity.to')}</label>
              <input id="cf-activity-to" className="cf-input" type="date" value={log.to} min={log.from || undefined} onChange={(e) => log.setTo(e.target.value)} />
            </div>
          </fieldset>
          <fieldset>
            <legend>{t('activity.users')}</legend>
            {log.people.map((person) => (
              <label key={person.id} className="cf-check">
                <input type="checkbox" checked={log.users.includes(person.id)} onChange={() => log.toggleUser(person.id)} />
                {person.name}
              </label>
            ))}
          </fieldset>
          <fieldset>
            <legend>{t('activity.types')}</legend>
            {ACTIVITY_TYPES.map((type) => (
              <label key={type} className="cf-check">
                <input type="checkbox" checked={log.types.includes(type)} onChange={() => log.toggleType(type)} />
                {typeLabel(type)}
              </label>
            ))}
          </fieldset>
          <div>
            <Button size="small" variant="ghost" onClick={log.clearFilters} disabled={log.activeFilters === 0}>
              {t('activity.clearFilters')}
            </Button>
          </div>
        </section>
      )}
      <p className="cf-muted" role="status">
        {t('activity.count', { shown: log.entries.length, count: log.total })}
      </p>
      <VirtualTable
        label={t('activity.tableLabel')}
        columns={columns}
        rows={log.entries}
        rowKey={(e) => e.id}
        estimateRowHeight={49}
        empty={<strong>{t('activity.empty')}</strong>}
      />
      <SecurityLog timeZone={log.timeZone} />
    </div>
  );
}
