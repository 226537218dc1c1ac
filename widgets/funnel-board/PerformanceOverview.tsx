import { useSignals } from '@preact/signals-react/runtime';
import { useId, useMemo } from 'react';
import { performanceKpis, type Kpi } from '../../lib/domain/funnels';
import { formatMoney } from '../../lib/format';
import { Link } from '../ui/navigation';
import { useStore } from '../ui/store-context';
import { LineChart, NO_DATA } from './LineChart';
import { routeTo } from '../ui/routes';

export function formatKpi(kpi: Pick<Kpi, 'id' | 'value'>): string {
  if (kpi.value === null) return NO_DATA;
  if (kpi.id === 'revenue') return formatMoney(kpi.value);
  if (kpi.id === 'rating') return `${kpi.value.toFixed(1)} / 5`;
  return `${kpi.value.toFixed(1)}%`;
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
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const titleId = useId();
  const rate = (id: Kpi['id']) => kpis.find((k) => k.id === id)!;
  return (
    <section className="cf-stack" aria-labelledby={titleId} part="performance">
      <Heading id={titleId} className={hideTitle ? 'cf-visually-hidden' : undefined}>
        Performance Overview
      </Heading>
      <div className="cf-kpis">
        {kpis.map((kpi) => (
          <Link key={kpi.id} className="cf-kpi" href={routeTo.dashboard({ filter: kpi.filter })}>
            <span className="cf-stat-label">{kpi.label}</span>
            <span className="cf-kpi-value">{formatKpi(kpi)}</span>
            <span className="cf-kpi-trend" data-direction={kpi.change === null || Math.abs(kpi.change) < 0.05 ? 'flat' : kpi.change > 0 ? 'up' : 'down'}>
              {kpi.trend}
            </span>
            <span className="cf-visually-hidden"> Show top 10</span>
          </Link>
        ))}
      </div>
      <LineChart
        title="Conversion rate and engagement, last six months (%)"
        series={[
          { label: 'Conversion Rate', color: '#4338ca', points: rate('conversion').series },
          { label: 'Avg. Engagement', color: '#0f766e', points: rate('engagement').series },
        ]}
      />
    </section>
  );
}
