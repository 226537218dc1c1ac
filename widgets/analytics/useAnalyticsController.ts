import { useSignals } from '@preact/signals-react/runtime';
import { useMemo, useState } from 'react';
import { HEATMAP_METRICS, parsePeriod, type HeatmapMetric } from '../../lib/domain/analytics';
import type { AnalyticsPeriod } from '../../lib/domain/constants';
import { message } from '../../lib/domain/messages';
import { PERMISSION_REFUSALS } from '../../lib/domain/permissions';
import { useT } from '../ui/i18n';
import { useStore } from '../ui/store-context';
import { useAnalyticsSummary } from '../ui/useResultsTotals';

export interface AnalyticsControllerOptions {
  /** The period shown first: '6m' or '12m'. Unknown values fall back to the default, '6m'. */
  period?: string;
  /** Called when the user picks another period. */
  onPeriodChange?(period: AnalyticsPeriod): void;
  /** A metric to focus (`?metric=`); a heatmap metric (engagement, conversion, roi, reach, sales) sorts the heatmap by it. */
  metric?: string;
}

/** The heatmap metric a `?metric=` value names, if any (e.g. 'roi', 'engagement_top10', 'Conversion'). */
export function focusedHeatmapMetric(metric: string | undefined): HeatmapMetric | null {
  if (!metric) return null;
  const key = metric.toLowerCase();
  return HEATMAP_METRICS.find((m) => key === m.key || key.startsWith(`${m.key}_`) || key.startsWith(m.key))?.key ?? null;
}

/** Signals and figures of the Analytics screen; the views only render. */
export function useAnalyticsController({ period: initialPeriod, onPeriodChange, metric }: AnalyticsControllerOptions = {}) {
  useSignals();
  const store = useStore();
  const [period, setPeriodState] = useState<AnalyticsPeriod>(() => parsePeriod(initialPeriod));
  const member = store.session.currentMember.value;
  const { t, say } = useT();
  const focus = focusedHeatmapMetric(metric);
  const { summary: result, loading, parts, error, countsClicks } = useAnalyticsSummary(period);
  const summary = useMemo(() => {
    if (!focus) return result;
    const index = HEATMAP_METRICS.findIndex((m) => m.key === focus);
    return { ...result, heatmap: [...result.heatmap].sort((a, b) => (b.cells[index].raw ?? -Infinity) - (a.cells[index].raw ?? -Infinity)) };
  }, [result, focus]);

  return {
    summary,
    /** The server's totals are on their way: the measured figures are not known yet. */
    loading,
    /** Which parts are still on their way: the overall figures come first, cost waits for the commission, the breakdowns for the per-funnel totals. */
    parts,
    /** Why the server's totals could not be read, or null. */
    error,
    /** Whether clicks are counted at all (only the team server counts them). */
    countsClicks,
    period,
    setPeriod(next: AnalyticsPeriod) {
      setPeriodState(next);
      onPeriodChange?.(next);
    },
    focus,
    /** Why the figures are hidden, or null when the member may see them (permission viewAnalytics). */
    blocked: !member
      ? t('domain.analytics.signIn')
      : member.permissions.viewAnalytics
        ? null
        : say(message('domain.analytics.hidden', { reason: PERMISSION_REFUSALS.missing('viewAnalytics') })),
  };
}
