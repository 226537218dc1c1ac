import { useSignals } from '@preact/signals-react/runtime';
import { useId, useMemo } from 'react';
import { DASHBOARD_PERIOD, performanceKpis, type Kpi } from '../../lib/domain/funnels';
import type { MessageKey } from '../../lib/domain/messages';
import { PERMISSION_REFUSALS } from '../../lib/domain/permissions';
import type { Translator } from '../../lib/i18n';
import { useT } from '../ui/i18n';
import { Link } from '../ui/navigation';
import { useStore } from '../ui/store-context';
import { useAnalyticsSummary } from '../ui/useResultsTotals';
import { LineChart } from './LineChart';
import { routeTo } from '../ui/routes';

/** A KPI tile's figure in the screen's language ('12.3%', '$1,234.00', '4.5 / 5'); '—' with none. */
export function formatKpi(kpi: Pick<Kpi, 'id' | 'value'>, { t, formatMoney, formatNumber }: Translator): string {
  if (kpi.value === null) return t('analytics.none');
  if (kpi.id === 'revenue') return formatMoney(kpi.value);
  const value = formatNumber(kpi.value, { minimumFractionDigits: 1, maximumFractionDigits: 1, useGrouping: false });
  return t(kpi.id === 'rating' ? 'funnelBoard.kpi.ratingValue' : 'funnelBoard.kpi.percent', { value });
}

/** The trend under a tile, as the domain's `trendText` says it in English ('+12.3% vs last month'). */
export function formatTrend(change: number | null, { t, formatNumber }: Translator): string {
  if (change === null) return t('funnelBoard.trend.none');
  if (Math.abs(change) < 0.05) return t('funnelBoard.trend.flat');
  const figure = formatNumber(Number(change.toFixed(1)), { minimumFractionDigits: 1, maximumFractionDigits: 1, useGrouping: false });
  return t('funnelBoard.trend.change', { change: `${change > 0 ? '+' : ''}${figure}` });
}

/** How each tile is computed, said under it and as its link's description. */
const HOW: Record<Kpi['id'], MessageKey> = {
  conversion: 'analytics.how.conversion',
  engagement: 'funnelBoard.kpi.how.engagement',
  revenue: 'analytics.how.revenue',
  rating: 'funnelBoard.kpi.how.rating',
};

/** The tiles' figures: measured as on Analytics over the dashboard's period (engagement from the creators' profiles), and why one is missing. */
export function usePerformanceKpis() {
  useSignals();
  const store = useStore();
  const { say } = useT();
  const funnels = store.funnels.items.items.value;
  // Results are for members who may view analytics: anyone else sees why, and nothing is read.
  const allowed = store.session.currentMember.value?.permissions.viewAnalytics ?? false;
  const { summary, loading, error, countsClicks } = useAnalyticsSummary(DASHBOARD_PERIOD, allowed);
  const kpis = useMemo(() => performanceKpis(funnels, summary, store.now()), [funnels, summary, store]);
  return { kpis, loading, error: allowed ? error : say(PERMISSION_REFUSALS.missing('viewAnalytics')), countsClicks };
}

/**
 * Performance Overview (spec §2): four KPI tiles with trend text, each opening
 * `/dashboard?filter=...` and saying how it is computed, and a six-month line chart: the same
 * measured figures as Analytics' cards, "—" with the reason where nothing was measured.
 */
export function PerformanceOverview({ headingLevel = 2, hideTitle = false }: { headingLevel?: 2 | 3; hideTitle?: boolean }) {
  const { kpis, loading, error, countsClicks } = usePerformanceKpis();
  const translator = useT();
  const { t } = translator;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const titleId = useId();
  const rate = (id: Kpi['id']) => kpis.find((k) => k.id === id)!;
  const why = (kpi: Kpi) =>
    kpi.id !== 'engagement' && loading
      ? t('analytics.loadingResults')
      : kpi.id !== 'engagement' && error
        ? error
        : kpi.reason === 'noClicks' && !countsClicks
          ? t('analytics.why.clicksNeedServer')
          : kpi.reason === 'noCost'
            ? t('analytics.why.noRoi')
            : kpi.reason === 'noFunnels'
              ? t('analytics.noData')
              : t(`analytics.why.${kpi.reason ?? 'noSales'}`);
  return (
    <section className="cf-stack" aria-labelledby={titleId} part="performance">
      <Heading id={titleId} className={hideTitle ? 'cf-visually-hidden' : undefined}>
        {t('funnelBoard.performance.title')}
      </Heading>
      <p className="cf-muted">{t('funnelBoard.performance.period')}</p>
      <div className="cf-kpis">
        {kpis.map((kpi) => (
          <div key={kpi.id} className="cf-kpi-tile" data-kpi={kpi.id}>
            <Link className="cf-kpi" href={routeTo.dashboard({ filter: kpi.filter })} aria-describedby={`${titleId}-${kpi.id}-how`}>
              <span className="cf-stat-label">{t(`funnelBoard.kpi.${kpi.id}`)}</span>
              <span className="cf-kpi-value">{formatKpi(kpi, translator)}</span>
              {kpi.value === null && <span className="cf-muted cf-kpi-why">{why(kpi)}</span>}
              <span className="cf-kpi-trend" data-direction={kpi.change === null || Math.abs(kpi.change) < 0.05 ? 'flat' : kpi.change > 0 ? 'up' : 'down'}>
                {formatTrend(kpi.change, translator)}
              </span>
              <span className="cf-visually-hidden"> {t('funnelBoard.kpi.showTop')}</span>
            </Link>
            <p className="cf-muted cf-kpi-how" id={`${titleId}-${kpi.id}-how`}>
              {t(HOW[kpi.id])}
            </p>
          </div>
        ))}
      </div>
      <LineChart
        title={t('funnelBoard.chart.title')}
        series={[
          { label: t('funnelBoard.kpi.conversion'), color: '#4338ca', points: rate('conversion').series },
          { label: t('funnelBoard.kpi.engagement'), color: '#0f766e', points: rate('engagement').series },
        ]}
      />
    </section>
  );
}
