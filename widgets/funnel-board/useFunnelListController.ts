import { useSignals } from '@preact/signals-react/runtime';
import { useCallback, useDeferredValue, useMemo, useState } from 'react';
import {
  activeFilterCount,
  applyDashboardFilter,
  DASHBOARD_FILTERS,
  EMPTY_FUNNEL_FILTERS,
  filterContentType,
  createFunnelSearch,
  DASHBOARD_PERIOD,
  type FunnelFilters,
} from '../../lib/domain/funnels';
import type { Funnel } from '../../lib/domain/types';
import { useStore } from '../ui/store-context';
import { useAnalyticsSummary } from '../ui/useResultsTotals';
import { useWhyNot } from '../ui/i18n';
import { useControllableState } from '../ui/useControllableState';
import { usePreparedSearch } from '../ui/usePreparedSearch';

export interface FunnelListControllerOptions {
  /** The search text (controlled, with `onSearchChange`): creator name or funnel id. */
  search?: string;
  /** The search text to start with when `search` is not given. Default ''. */
  defaultSearch?: string;
  /** Called with the search text as the user types. */
  onSearchChange?(search: string): void;
  /** A dashboard filter id (`match_rate_top10`, ...) from `?filter=`. */
  defaultDashboardFilter?: string;
  /** `content_type=video` from the URL. */
  contentType?: string;
  /** The handle or id of a creator whose card is selected (and expanded with `expand`). */
  creator?: string;
  /** Expand the selected creator's card. Default false. */
  expand?: boolean;
}

export type FilterGroup = keyof FunnelFilters;

/** Search, filter panel, dashboard filter and expanded cards of a funnel list; views only render. */
export function useFunnelListController({
  search: searchProp,
  defaultSearch = '',
  onSearchChange,
  defaultDashboardFilter,
  contentType,
  creator,
  expand = false,
}: FunnelListControllerOptions = {}) {
  useSignals();
  const store = useStore();
  const all = store.funnels.items.items.value;
  const [search, setSearch] = useControllableState({ value: searchProp, defaultValue: defaultSearch, onValueChange: onSearchChange });
  const [filters, setFilters] = useState<FunnelFilters>(EMPTY_FUNNEL_FILTERS);
  const [dashboardFilter, setDashboardFilter] = useState<string | undefined>(DASHBOARD_FILTERS[defaultDashboardFilter ?? ''] ? defaultDashboardFilter : undefined);
  const [videoOnly, setVideoOnly] = useState(contentType === 'video');
  const selected = useMemo(() => findCreator(all, creator), [all, creator]);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set(selected && expand ? [selected.id] : []));

  // A measured filter ranks by the dashboard period's results (the same as Analytics' and the tiles'); engagement by the profile.
  const { summary } = useAnalyticsSummary(DASHBOARD_PERIOD, Boolean(dashboardFilter && DASHBOARD_FILTERS[dashboardFilter]?.measured));
  const byCreator = summary.byCreator;

  // The input shows each keystroke at once; the list follows in a transition React can interrupt.
  const deferredSearch = useDeferredValue(search);
  const searchFunnels = useMemo(() => createFunnelSearch(all), [all]);
  usePreparedSearch(searchFunnels);
  const visible = useMemo(() => {
    let list: Funnel[] = searchFunnels(deferredSearch, filters);
    if (videoOnly) list = filterContentType(list, 'video');
    return applyDashboardFilter(list, dashboardFilter, 10, (id) => byCreator.get(id));
  }, [searchFunnels, deferredSearch, filters, videoOnly, dashboardFilter, byCreator]);

  const toggleFilter = useCallback((group: FilterGroup, value: string) => {
    setFilters((current) => {
      const values = current[group] as readonly string[];
      const next = values.includes(value) ? values.filter((v) => v !== value) : [...values, value];
      return { ...current, [group]: next };
    });
  }, []);

  const toggleExpanded = useCallback((id: string) => {
    setExpanded((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }, []);

  return {
    all,
    funnels: visible,
    total: all.length,
    /** True while the workspace is still read in parts: `total` counts only the funnels read so far. */
    loadingRest: !store.complete.value,
    search,
    setSearch,
    filters,
    toggleFilter,
    filterCount: activeFilterCount(filters) + (dashboardFilter ? 1 : 0) + (videoOnly ? 1 : 0),
    dashboardFilter: dashboardFilter ? DASHBOARD_FILTERS[dashboardFilter] : undefined,
    clearDashboardFilter: () => setDashboardFilter(undefined),
    videoOnly,
    clearVideoOnly: () => setVideoOnly(false),
    clearAll: () => {
      setFilters(EMPTY_FUNNEL_FILTERS);
      setDashboardFilter(undefined);
      setVideoOnly(false);
    },
    selectedId: selected?.id,
    expanded,
    toggleExpanded,
  };
}

export type FunnelListController = ReturnType<typeof useFunnelListController>;

/** Store actions a funnel card uses, with the signed-in member's permissions. */
export function useFunnelActions() {
  useSignals();
  const store = useStore();
  const whyNot = useWhyNot();
  return {
    writeBlocked: whyNot(),
    outreachBlocked: whyNot('sendOutreach'),
    togglePriority: store.funnels.togglePriority,
    saveStep: store.funnels.saveStep,
    sendOutreach: store.funnels.sendOutreach,
    retryOutreach: store.funnels.retryOutreach,
    now: store.now,
  };
}

/** A creator by handle (with or without @) or funnel id, case-insensitively. */
export function findCreator(funnels: readonly Funnel[], key: string | undefined): Funnel | undefined {
  if (!key) return undefined;
  const k = key.trim().toLowerCase();
  return funnels.find((f) => f.id.toLowerCase() === k || f.creatorHandle.toLowerCase() === k || f.creatorHandle.toLowerCase() === `@${k}`);
}
