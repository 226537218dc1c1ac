import { useSignals } from '@preact/signals-react/runtime';
import { useId, useMemo } from 'react';
import { performanceKpis, type Kpi } from '../../lib/domain/funnels';
import type { Translator } from '../../lib/i18n';
import { useT } from '../ui/i18n';
import { Link } from '../ui/navigation';
import { useStore } from '../ui/store-context';
import { LineChart } from './LineChart';
import { routeTo } from '../ui/routes';

/** A KPI tile's figure in the screen's language ('12.3%', '$1,234.00', '4.5 / 5'; 'No data'). */
export function formatKpi(kpi: Pick<Kpi, 'id' | 'value'>, { t, formatMoney, formatNumber }: Translator): string {
  if (kpi.value === null) return t('analytics.noData');
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

/** The KPIs of the workspace's funnels, recomputed when they change. */
export function usePerformanceKpis() {
  useSignals();
  const store = useStore();
  const funnels = store.funnels.items.items.value;
  return useMemo(() => performanceKpis(funnels, store.now()), [funnels, store]);
}

/**
 * Performance Overview (spec §2): four KPI tiles with trend text, each opening
 * `/dashboard?filter=...`, and a six-month line chart, all computed from the workspace.
 */
export function PerformanceOverview({ headingLevel = 2, hideTitle = false }: { headingLevel?: 2 | 3; hideTitle?: boolean }) {
  const kpis = usePerformanceKpis();
  const translator = useT();
  const { t } = translator;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const titleId = useId();
  const rate = (id: Kpi['id']) => kpis.find((k) => k.id === id)!;
  return (
    <section className="cf-stack" aria-labelledby={titleId} part="performance">
      <Heading id={titleId} className={hideTitle ? 'cf-visually-hidden' : undefined}>
        {t('funnelBoard.performance.title')}
      </Heading>
      <div className="cf-kpis">
        {kpis.map((kpi) => (
          <Link key={kpi.id} className="cf-kpi" href={routeTo.dashboard({ filter: kpi.filter })}>
            <span className="cf-stat-label">{t(`funnelBoard.kpi.${kpi.id}`)}</span>
            <span className="cf-kpi-value">{formatKpi(kpi, translator)}</span>
            <span className="cf-kpi-trend" data-direction={kpi.change === null || Math.abs(kpi.change) < 0.05 ? 'flat' : kpi.change > 0 ? 'up' : 'down'}>
              {formatTrend(kpi.change, translator)}
            </span>
            <span className="cf-visually-hidden"> {t('funnelBoard.kpi.showTop')}</span>
          </Link>
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
