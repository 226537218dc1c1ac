import { useEffect, useId, useRef, useState } from 'react';
import { FUNNEL_CATEGORIES, FUNNEL_FILTER_STATUSES, FUNNEL_STAGES } from '../../lib/domain/types';
import { Button } from '../ui/Button';
import { NewFunnelWizard } from './NewFunnelWizard';
import type { FilterGroup, FunnelListController } from './useFunnelListController';
import { useNewFunnelWizard } from './useNewFunnelWizard';

const GROUPS: { id: FilterGroup; label: string; values: readonly string[] }[] = [
  { id: 'status', label: 'Status', values: FUNNEL_FILTER_STATUSES },
  { id: 'category', label: 'Category', values: FUNNEL_CATEGORIES },
  { id: 'stage', label: 'Stage', values: FUNNEL_STAGES },
];

/** Search box, filter popover with its count badge, removable chips with Clear all (spec §2 "Funnel list"), and New Funnel. */
export function FunnelToolbar({ list, searchId }: { list: FunnelListController; searchId?: string }) {
  const generated = useId();
  const inputId = searchId ?? `${generated}-search`;
  const wizard = useNewFunnelWizard();
  return (
    <div className="cf-funnel-toolbar cf-stack" part="toolbar">
      <div className="cf-row" role="search">
        <label htmlFor={inputId} className="cf-visually-hidden">
          Search funnels
        </label>
        <input
          id={inputId}
          type="search"
          className="cf-input cf-funnel-search"
          placeholder="Search by Creator or ID"
          value={list.search}
          onChange={(event) => list.setSearch(event.target.value)}
        />
        <FilterPopover list={list} />
        <span className="cf-muted" role="status">
          {list.funnels.length} of {list.total} funnels
        </span>
        <span className="cf-spacer" />
        <Button variant="primary" disabledReason={wizard.blocked} onClick={wizard.start}>
          New Funnel
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
        aria-label={count ? `Filters, ${count} active` : 'Filters'}
      >
        Filters
        {count > 0 && (
          <span className="cf-count" aria-hidden="true">
            {count}
          </span>
        )}
      </button>
      <div id={panelId} className="cf-popover" role="group" aria-label="Filter funnels" hidden={!open}>
        {GROUPS.map((group) => (
          <fieldset key={group.id} className="cf-filter-group">
            <legend>{group.label}</legend>
            {group.values.map((value) => (
              <label key={value} className="cf-check">
                <input type="checkbox" checked={(list.filters[group.id] as readonly string[]).includes(value)} onChange={() => list.toggleFilter(group.id, value)} />
                {value}
              </label>
            ))}
          </fieldset>
        ))}
      </div>
    </div>
  );
}

export function FilterChips({ list }: { list: FunnelListController }) {
  const chips: { key: string; label: string; remove(): void }[] = [];
  for (const group of GROUPS)
    for (const value of list.filters[group.id] as readonly string[])
      chips.push({ key: `${group.id}:${value}`, label: `${group.label}: ${value}`, remove: () => list.toggleFilter(group.id, value) });
  if (list.dashboardFilter) chips.push({ key: 'dashboard', label: list.dashboardFilter.label, remove: list.clearDashboardFilter });
  if (list.videoOnly) chips.push({ key: 'video', label: 'Content: Video', remove: list.clearVideoOnly });
  if (chips.length === 0) return null;
  return (
    <div className="cf-row cf-chips">
      <ul aria-label="Active filters" className="cf-chip-list">
        {chips.map((chip) => (
          <li key={chip.key} className="cf-chip">
            {chip.label}
            <button type="button" className="cf-chip-remove" aria-label={`Remove filter ${chip.label}`} onClick={chip.remove}>
              <span aria-hidden="true">×</span>
            </button>
          </li>
        ))}
      </ul>
      <Button size="small" variant="ghost" onClick={list.clearAll}>
        Clear all
      </Button>
    </div>
  );
}
