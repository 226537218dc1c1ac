import { useSignals } from '@preact/signals-react/runtime';
import { useMemo, useState } from 'react';
import { activityExportFileName } from '../../lib/domain/constants';
import { ACTIVITY_CSV_HEADERS, activityCsvRows, activityUsers, filterActivity } from '../../lib/domain/activity';
import type { ActivityEntry, ActivityType } from '../../lib/domain/types';
import { toCsv } from '../../lib/csv';
import { formatDateTime, formatIsoDay, toZonedWallTime } from '../../lib/format';
import { downloadText } from '../ui/download';
import { useStore } from '../ui/store-context';
import { useT } from '../ui/i18n';
import { activityActionIn, activityDetailsIn } from '../../lib/i18n/activity';
import { toast } from '../ui/toast';

/** Activity log: every entry, search, the filter panel (dates, users, types) and Export CSV. */
export function useActivityLogController() {
  useSignals();
  const store = useStore();
  const i18n = useT();
  const { t } = i18n;
  const all = store.admin.activity.items.value;
  const timeZone = store.admin.settings.value.value.timeZone;
  const [search, setSearch] = useState('');
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [users, setUsers] = useState<string[]>([]);
  const [types, setTypes] = useState<ActivityType[]>([]);
  const dayOf = useMemo(() => (iso: string) => formatIsoDay(toZonedWallTime(new Date(iso), timeZone)), [timeZone]);
  // The search reads the entries as this screen shows them, and as stored (English).
  const shown = useMemo(
    () => (i18n.lang === 'en-US' ? undefined : (entry: ActivityEntry) => [activityActionIn(i18n, entry), activityDetailsIn(i18n, entry, timeZone)]),
    [i18n, timeZone],
  );
  const entries = useMemo(() => filterActivity(all, { search, from, to, users, types, shown }, dayOf), [all, search, from, to, users, types, shown, dayOf]);
  const people = useMemo(() => activityUsers(all), [all]);
  const activeFilters = (from ? 1 : 0) + (to ? 1 : 0) + users.length + types.length;
  const toggle = <T,>(list: T[], value: T) => (list.includes(value) ? list.filter((v) => v !== value) : [...list, value]);

  function exportCsv() {
    const name = activityExportFileName(dayOf(store.now().toISOString()));
    downloadText(name, toCsv(ACTIVITY_CSV_HEADERS, activityCsvRows(entries, (iso) => formatDateTime(iso, timeZone))));
    toast.success(t('activity.exported', { count: entries.length, name }));
  }

  return {
    entries,
    total: all.length,
    timeZone,
    search,
    setSearch,
    filtersOpen,
    toggleFilters: () => setFiltersOpen((open) => !open),
    from,
    setFrom,
    to,
    setTo,
    people,
    users,
    toggleUser: (id: string) => setUsers((list) => toggle(list, id)),
    types,
    toggleType: (type: ActivityType) => setTypes((list) => toggle(list, type)),
    activeFilters,
    clearFilters: () => {
      setFrom('');
      setTo('');
      setUsers([]);
      setTypes([]);
    },
    exportCsv,
  };
}
