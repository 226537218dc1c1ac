// A period's measured totals (attributed sales, link clicks) for the screens that show results.
// With the team server, sales and clicks stay there and the totals are read from it (again when
// orders change, so a new or refunded sale shows); without one, the browser's own attributed
// sales are counted (no clicks: only the server counts them).
import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useMemo, useState } from 'react';
import { periodTotalsOf, salesDaysOf, type PeriodTotals } from '../../lib/domain/results';
import { useStore } from './store-context';

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
  useSignals();
  const store = useStore();
  const orders = store.orders.items.items.value;
  const teamApi = store.teamApi;
  const key = `${from}/${to}`;
  const [served, setServed] = useState<{ key: string; totals: PeriodTotals | null; error: string | null } | null>(null);
  useEffect(() => {
    if (!teamApi || !enabled) return;
    let live = true;
    void teamApi.resultsTotals(from, to).then((answer) => {
      if (!live) return;
      setServed(answer.ok ? { key, totals: { funnels: answer.funnels, days: answer.days }, error: null } : { key, totals: null, error: answer.error });
    });
    return () => {
      live = false;
    };
  }, [teamApi, enabled, from, to, key, orders]);
  const local = useMemo(() => (teamApi || !enabled ? null : periodTotalsOf(salesDaysOf(orders), from, to)), [teamApi, enabled, orders, from, to]);
  if (!teamApi) return { totals: local, loading: false, error: null, countsClicks: false };
  const current = served?.key === key ? served : null;
  return { totals: current?.totals ?? null, loading: !current, error: current?.error ?? null, countsClicks: true };
}
