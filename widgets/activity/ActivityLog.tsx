import { ACTIVITY_TYPE_LABEL, ACTIVITY_TYPES } from '../../lib/domain/activity';
import type { ActivityEntry, ActivityStatus } from '../../lib/domain/types';
import { formatDateTime } from '../../lib/format';
import { adminBaseStyles } from '../settings/sharedStyles';
import { ScreenTitle } from '../settings/shared';
import { Avatar } from '../ui/Avatar';
import { Badge, type BadgeColor } from '../ui/Badge';
import { Button } from '../ui/Button';
import { Screen } from '../ui/Screen';
import { VirtualTable, type Column } from '../ui/VirtualTable';
import { activityStyles } from './styles';
import { useActivityLogController } from './useActivityLogController';
import { SearchField } from '../ui/SearchField';

export interface ActivityLogProps {}

const STATUS_COLOR: Record<ActivityStatus, BadgeColor> = { success: 'green', warning: 'yellow', error: 'red' };

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
  const columns: Column<ActivityEntry>[] = [
    { key: 'time', header: 'When', render: (e) => <time dateTime={e.timestamp}>{formatDateTime(e.timestamp, log.timeZone)}</time>, width: '150px' },
    {
      key: 'user',
      header: 'User',
      render: (e) => (
        <span className="cf-activity-user">
          <Avatar name={e.userName} size={24} />
          {e.userName}
        </span>
      ),
    },
    { key: 'action', header: 'Action', render: (e) => e.action },
    { key: 'type', header: 'Type', render: (e) => ACTIVITY_TYPE_LABEL[e.actionType] ?? e.actionType },
    { key: 'details', header: 'Details', render: (e) => e.details },
    { key: 'status', header: 'Status', render: (e) => <Badge color={STATUS_COLOR[e.status] ?? 'gray'}>{e.status}</Badge> },
  ];
  return (
    <div className="cf-stack" part="activity">
      <ScreenTitle embedded={embedded}>Activity Log</ScreenTitle>
      <div className="cf-row cf-activity-toolbar">
        <SearchField landmark label="Search activity" placeholder="Search by action, details or user" value={log.search} onValueChange={log.setSearch} />
        <Button aria-expanded={log.filtersOpen} aria-controls="cf-activity-filters" onClick={log.toggleFilters}>
          Filters{log.activeFilters ? ` (${log.activeFilters})` : ''}
        </Button>
        <span className="cf-spacer" />
        <Button onClick={log.exportCsv}>Export CSV</Button>
      </div>
      {log.filtersOpen && (
        <section id="cf-activity-filters" className="cf-card cf-activity-filters" aria-label="Activity filters">
          <fieldset>
            <legend>Date range</legend>
            <div className="cf-field">
              <label htmlFor="cf-activity-from">From</label>
              <input id="cf-activity-from" className="cf-input" type="date" value={log.from} max={log.to || undefined} onChange={(e) => log.setFrom(e.target.value)} />
            </div>
            <div className="cf-field">
              <label htmlFor="cf-activity-to">To</label>
              <input id="cf-activity-to" className="cf-input" type="date" value={log.to} min={log.from || undefined} onChange={(e) => log.setTo(e.target.value)} />
            </div>
          </fieldset>
          <fieldset>
            <legend>Users</legend>
            {log.people.map((person) => (
              <label key={person.id} className="cf-check">
                <input type="checkbox" checked={log.users.includes(person.id)} onChange={() => log.toggleUser(person.id)} />
                {person.name}
              </label>
            ))}
          </fieldset>
          <fieldset>
            <legend>Action types</legend>
            {ACTIVITY_TYPES.map((type) => (
              <label key={type} className="cf-check">
                <input type="checkbox" checked={log.types.includes(type)} onChange={() => log.toggleType(type)} />
                {ACTIVITY_TYPE_LABEL[type]}
              </label>
            ))}
          </fieldset>
          <div>
            <Button size="small" variant="ghost" onClick={log.clearFilters} disabled={log.activeFilters === 0}>
              Clear filters
            </Button>
          </div>
        </section>
      )}
      <p className="cf-muted" role="status">
        {log.entries.length} of {log.total} entries
      </p>
      <VirtualTable
        label="Activity log"
        columns={columns}
        rows={log.entries}
        rowKey={(e) => e.id}
        estimateRowHeight={49}
        empty={<strong>No activity matches your search</strong>}
      />
    </div>
  );
}
