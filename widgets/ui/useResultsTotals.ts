// Measured results (attributed sales, link clicks) for the screens that show them. With the team
// server, sales and clicks stay there and their kept totals are read from it (again when orders
// change, so a new or refunded sale shows); without one, the browser's own attributed sales are
// counted by the same pure functions (no clicks: only the server counts them).
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useMemo, useState } from 'react';
import { analyticsSummary, periodDays } from '../../lib/domain/analytics';
import { monthRowsOf, type FunnelMonthSales } from '../../lib/domain/commission';
import type { AnalyticsPeriod } from '../../lib/domain/constants';
import { periodTotalsOf, salesDaysOf, type PeriodTotals } from '../../lib/domain/results';
import type { Order } from '../../lib/domain/types';
import type { TeamApi } from '../../lib/sync/team-api';
import type { Store } from '../../lib/store/createStore';
import { useStore } from './store-context';

/** A read of measured figures: the server's answer, or the browser's own count without a server. */
export interface MeasuredRead<T> {
  /** The figures, or null while the server's are on their way or when it refused. */
  value: T | null;
  loading: boolean;
  /** Why the server's figures could not be read, or null. */
  error: string | null;
  /** Whether the figures come from the team server (which also counts clicks). */
  served: boolean;
}

type Answer<T> = { ok: true; value: T } | { ok: false; error: string };

/**
 * One read of measured figures, named by `key`: asked of the team server (again when orders
 * change) or counted from the browser's own orders without one; nothing while `enabled` is false.
 */
function useMeasuredRead<T>(key: string, enabled: boolean, ask: (api: TeamApi) => Promise<Answer<T>>, count: (orders: readonly Order[]) => T): MeasuredRead<T> {
  useSignals();
  const store = useStore();
  const orders = store.orders.items.items.value;
  const teamApi = store.teamApi;
  const [served, setServed] = useState<{ key: string; value: T | null; error: string | null } | null>(null);
  useEffect(() => {
    if (!teamApi || !enabled) return;
    let live = true;
    ask(teamApi).then(
      (answer) => {
        if (live) setServed(answer.ok ? { key, value: answer.value, error: null } : { key, value: null, error: answer.error });
      },
      // A read that throws (rather than answering a refusal) still ends in a reason on screen, never an endless "loading".
      (error: unknown) => {
        if (live) setServed({ key, value: null, error: error instanceof Error ? error.message : String(error) });
      },
    );
    return () => {
      live = false;
    };
    // `key` names what `ask` reads; orders changing asks again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [teamApi, enabled, key, orders]);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const local = useMemo(() => (teamApi || !enabled ? null : count(orders)), [teamApi, enabled, orders, key]);
  if (!teamApi) return { value: local, loading: false, error: null, served: false };
  if (!enabled) return { value: null, loading: false, error: null, served: true };
  const current = served?.key === key ? served : null;
  return { value: current?.value ?? null, loading: !current, error: current?.error ?? null, served: true };
}

export interface ResultsTotalsState {
  /** The totals, or null while the server's are on their way or when it refused. */
  totals: PeriodTotals | null;
  loading: boolean;
  /** Why the server's totals could not be read, or null. */
  error: string | null;
  /** Whether clicks are counted at all (only the team server counts them). */
  countsClicks: boolean;
}

/** The measured totals from `from` to `to` (UTC days, yyyy-MM-dd, both included); not asked for while `enabled` is false. */
export function useResultsTotals(from: string, to: string, enabled = true): ResultsTotalsState {
  const read = useMeasuredRead<PeriodTotals>(
    `${from}/${to}`,
    enabled,
    async (api) => {
      const answer = await api.resultsTotals(from, to);
      return answer.ok ? { ok: true, value: { funnels: answer.funnels, days: answer.days } } : answer;
    },
    (orders) => periodTotalsOf(salesDaysOf(orders), from, to),
  );
  return { totals: read.value, loading: read.loading, error: read.error, countsClicks: read.served };
}

/** Attributed sales per funnel and month from `from` to `to` (yyyy-MM), read once: from the team server, or counted from the browser's own orders. */
export async function readResultsMonths(store: Store, from: string, to: string): Promise<Answer<FunnelMonthSales[]>> {
  if (!store.teamApi) return { ok: true, value: monthRowsOf(store.orders.items.items.peek(), { from, to }) };
  const answer = await store.teamApi.resultsMonths(from, to);
  return answer.ok ? { ok: true, value: answer.months } : answer;
}

/**
 * Attributed sales per funnel and month from `from` to `to` (yyyy-MM, both included), of one
 * funnel when `funnelId` is given: the team server's kept totals, or the browser's own sales
 * without one. What commission, the ledger and Analytics' cost are computed from.
 */
export function useResultsMonths(from: string, to: string, funnelId?: string, enabled = true): MeasuredRead<FunnelMonthSales[]> {
  return useMeasuredRead<FunnelMonthSales[]>(
    `${from}/${to}/${funnelId ?? ''}`,
    enabled,
    async (api) => {
      const answer = await api.resultsMonths(from, to, funnelId);
      return answer.ok ? { ok: true, value: answer.months } : answer;
    },
    (orders) => monthRowsOf(funnelId === undefined ? orders : orders.filter((o) => o.attribution?.funnelId === funnelId), { from, to }),
  );
}

/** A period's overall figures per day (the first read Analytics paints from): the server's workspace rows, or the browser's own sales counted without one. */
function useResultsOverall(from: string, to: string, enabled: boolean): MeasuredRead<PeriodTotals['days']> {
  return useMeasuredRead<PeriodTotals['days']>(
    `${from}/${to}`,
    enabled,
    async (api) => {
      const answer = await api.resultsOverall(from, to);
      return answer.ok ? { ok: true, value: answer.days } : answer;
    },
    (orders) => periodTotalsOf(salesDaysOf(orders), from, to).days,
  );
}

/** Which parts of a period's figures are still on their way from the server. */
export interface SummaryLoading {
  /** The overall figures (revenue, orders, clicks, conversion): the workspace's day rows. */
  overall: boolean;
  /** Cost and ROI: the overall figures and the commission (sales per funnel and month). */
  cost: boolean;
  /** Per creator and per campaign type: the per-funnel totals and the commission. */
  breakdown: boolean;
}

/**
 * Every measured figure of a period (analyticsSummary): the server's overall day totals, its
 * per-funnel totals and sales by month, three reads answered as each is ready (or the browser's
 * own without a server), with the synced funnels' terms and the gifts. What Analytics, the
 * dashboard's tiles and its measured filters show; not read while `enabled` is false. `parts`
 * says which figures are still on their way, so a screen shows each part once it is right.
 */
export function useAnalyticsSummary(period: AnalyticsPeriod, enabled = true) {
  useSignals();
  const store = useStore();
  const funnels = store.funnels.items.items.value;
  const orders = store.orders.items.items.value;
  const inventory = store.inventory.items.items.value;
  const { from, to } = useMemo(() => periodDays(period, store.now()), [period, store]);
  const overall = useResultsOverall(from, to, enabled);
  const totals = useResultsTotals(from, to, enabled);
  const months = useResultsMonths(from.slice(0, 7), to.slice(0, 7), undefined, enabled);
  // Recomputed whenever funnels, orders, inventory or the totals change, so the figures are never stale.
  // Not enabled: nothing to count (a cheap empty summary, so a screen that may not need it pays nothing).
  const summary = useMemo(
    () =>
      enabled
        ? analyticsSummary({ funnels, orders, inventory, totals: { days: overall.value ?? [], funnels: totals.totals?.funnels ?? [] }, months: months.value ?? [] }, period, store.now())
        : analyticsSummary({ funnels: [], orders: [], inventory: [], totals: { funnels: [], days: [] }, months: [] }, period, store.now()),
    [enabled, funnels, orders, inventory, overall.value, totals.totals, months.value, period, store],
  );
  const parts: SummaryLoading = { overall: overall.loading, cost: overall.loading || months.loading, breakdown: totals.loading || months.loading };
  return {
    summary,
    loading: parts.overall || parts.cost || parts.breakdown,
    parts,
    error: overall.error ?? totals.error ?? months.error,
    countsClicks: overall.served,
  };
}
