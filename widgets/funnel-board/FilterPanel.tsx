import { useEffect, useId, useRef, useState } from 'react';
import { FUNNEL_CATEGORIES, FUNNEL_FILTER_STATUSES, FUNNEL_STAGES } from '../../lib/domain/types';
import type { MessageKey } from '../../lib/i18n';
import { Button } from '../ui/Button';
import { useT } from '../ui/i18n';
import { NewFunnelWizard } from './NewFunnelWizard';
import type { FilterGroup, FunnelListController } from './useFunnelListController';
import { useNewFunnelWizard } from './useNewFunnelWizard';

// The stored values stay English (the store and CSV files use them); each is said by its key.
const GROUPS: { id: FilterGroup; values: readonly string[]; valueKey(value: string): MessageKey }[] = [
  { id: 'status', values: FUNNEL_FILTER_STATUSES, valueKey: (value) => `funnelBoard.activity.${value as (typeof FUNNEL_FILTER_STATUSES)[number]}` },
  { id: 'category', values: FUNNEL_CATEGORIES, valueKey: (value) => `funnelBoard.category.${value as (typeof FUNNEL_CATEGORIES)[number]}` },
  { id: 'stage', values: FUNNEL_STAGES, valueKey: (value) => `funnelBoard.stage.${value as (typeof FUNNEL_STAGES)[number]}` },
];

/** Search box, filter popover with its count badge, removable chips with Clear all (spec §2 "Funnel list"), and New Funnel. */
export function FunnelToolbar({ list, searchId }: { list: FunnelListController; searchId?: string }) {
  const generated = useId();
  const inputId = searchId ?? `${generated}-search`;
  const wizard = useNewFunnelWizard();
  const { t } = useT();
  return (
    <div className="cf-funnel-toolbar cf-stack" part="toolbar">
      <div className="cf-row" role="search">
        <label htmlFor={inputId} className="cf-visually-hidden">
          {t('funnelBoard.search.label')}
        </label>
        <input
          id={inputId}
          type="search"
          className="cf-input cf-funnel-search"
          placeholder={t('funnelBoard.search.placeholder')}
          value={list.search}
          onChange={(event) => list.setSearch(event.target.value)}
        />
        <FilterPopover list={list} />
        <span className="cf-muted" role="status">
          {/* While a large workspace is still read in parts, the total is only of what is read so far. */}
          {t(list.loadingRest ? 'funnelBoard.countLoading' : 'funnelBoard.count', { shown: list.funnels.length, total: list.total })}
        </span>
        <span className="cf-spacer" />
        <Button variant="primary" disabledReason={wizard.blocked} onClick={wizard.start}>
          {t('funnelBoard.newFunnel')}
        </Button>
      </div>
      <FilterChips list={list} />
      <NewFunnelWizard wizard={wizard} />
    </div>
  );
}

export function FilterPopover({ list }: { list: FunnelListController }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const wrapRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (wrapRef.current && !event.composedPath().includes(wrapRef.current)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);
  const count = list.filterCount;
  const { t } = useT();
  return (
    <div
      className="cf-popover-wrap"
      ref={wrapRef}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.stopPropagation();
          setOpen(false);
          buttonRef.current?.focus();
        }
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className="cf-button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
        aria-label={count ? t('funnelBoard.filtersActive', { count }) : t('funnelBoard.filters')}
      >
        {t('funnelBoard.filters')}
        {count > 0 && (
          <span className="cf-count" aria-hidden="true">
            {count}
          </span>
        )}
      </button>
      <div id={panelId} className="cf-popover" role="group" aria-label={t('funnelBoard.filterPanel')} hidden={!open}>
        {GROUPS.map((group) => (
          <fieldset key={group.id} className="cf-filter-group">
            <legend>{t(`funnelBoard.group.${group.id}`)}</legend>
            {group.values.map((value) => (
              <label key={value} className="cf-check">
                <input type="checkbox" checked={(list.filters[group.id] as readonly string[]).includes(value)} onChange={() => list.toggleFilter(group.id, value)} />
                {t(group.valueKey(value))}
              </label>
            ))}
          </fieldset>
        ))}
      </div>
    </div>
  );
}

export function FilterChips({ list }: { list: FunnelListController }) {
  const { t } = useT();
  const chips: { key: string; label: string; remove(): void }[] = [];
  for (const group of GROUPS)
    for (const value of list.filters[group.id] as readonly string[])
      chips.push({ key: `${group.id}:${value}`, label: t('funnelBoard.chip', { group: t(`funnelBoard.group.${group.id}`), value: t(group.valueKey(value)) }), remove: () => list.toggleFilter(group.id, value) });
  if (list.dashboardFilter) chips.push({ key: 'dashboard', label: t(`funnelBoard.dashboardFilter.${list.dashboardFilter.id}` as MessageKey), remove: list.clearDashboardFilter });
  if (list.videoOnly) chips.push({ key: 'video', label: t('funnelBoard.contentVideo'), remove: list.clearVideoOnly });
  if (chips.length === 0) return null;
  return (
    <div className="cf-row cf-chips">
      <ul aria-label={t('funnelBoard.activeFilters')} className="cf-chip-list">
        {chips.map((chip) => (
          <li key={chip.key} className="cf-chip">
            {chip.label}
            <button type="button" className="cf-chip-remove" aria-label={t('funnelBoard.removeFilter', { label: chip.label })} onClick={chip.remove}>
              <span aria-hidden="true">×</span>
            </button>
          </li>
        ))}
      </ul>
      <Button size="small" variant="ghost" onClick={list.clearAll}>
        {t('funnelBoard.clearAll')}
      </Button>
    </div>
  );
}
