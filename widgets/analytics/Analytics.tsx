import { lazy, Suspense, type ReactNode } from 'react';
import { HEATMAP_METRICS, heatmapTextIsWhite, type HeatmapCell, type HeatmapMetric } from '../../lib/domain/analytics';
import { ANALYTICS_PERIODS, HEATMAP, type AnalyticsPeriod } from '../../lib/domain/constants';
import { formatCompact, formatMoney, formatPercent } from '../../lib/format';
import { NEXT_BEST_ACTIONS } from '../../lib/sample/analytics';
import { Badge } from '../ui/Badge';
import { Link } from '../ui/navigation';
import { Screen } from '../ui/Screen';
import { Select } from '../ui/Select';
import { analyticsStyles } from './styles';
import { useAnalyticsController } from './useAnalyticsController';

// recharts is heavy: only this screen loads it, and the figures show before it arrives.
const ConversionFunnelChart = lazy(() => import('./AnalyticsCharts').then((m) => ({ default: m.ConversionFunnelChart })));
const RoiTrendChart = lazy(() => import('./AnalyticsCharts').then((m) => ({ default: m.RoiTrendChart })));

export interface AnalyticsProps {
  /** Metric named by `?metric=`: shows the 'Filtering by metric' notice; a heatmap metric sorts the heatmap by it. */
  metric?: string;
  /** Period shown first: '6m' (default) or '12m'. */
  period?: string;
  /** Dashboard filter (`?filter=`), shown in the notice. */
  filter?: string;
  /** Content type (`?content_type=`), shown in the notice. */
  contentType?: string;
  /** Value that goes with the metric (`?value=`), shown in the notice. */
  value?: string;
  /** Called when the user picks another period. */
  onPeriodChange?(period: AnalyticsPeriod): void;
  /** Inside another screen (the dashboard's Analytics tab): no Back link, an h2 title. Default false. */
  embedded?: boolean;
}

/** The Analytics screen (spec §2 "Analytics"), computed from the workspace's funnels and orders. */
export function Analytics(props: AnalyticsProps) {
  return (
    <Screen name="Analytics" styles={analyticsStyles} part="root">
      <AnalyticsView {...props} />
    </Screen>
  );
}

const roiText = (roi: number | null) => (roi === null ? 'No data' : `${roi.toFixed(2)}x`);
const numberText = (n: number) => n.toLocaleString('en-US');

function AnalyticsView({ metric, period, filter, contentType, value, onPeriodChange, embedded = false }: AnalyticsProps) {
  const a = useAnalyticsController({ period, metric, onPeriodChange });
  const Title = embedded ? 'h2' : 'h1';
  const Section = embedded ? 'h3' : 'h2';
  const s = a.summary;
  const periodLabel = ANALYTICS_PERIODS.find((p) => p.value === a.period)?.label.toLowerCase() ?? '';
  const scope = [filter, contentType].filter(Boolean).join(' · ');

  return (
    <div className="cf-stack">
      {!embedded && (
        <Link href="/" className="cf-button cf-back" data-variant="ghost">
          ← Back to Dashboard
        </Link>
      )}
      <div className="cf-analytics-header">
        <Title>Analytics</Title>
        <span className="cf-spacer" />
        <div className="cf-field">
          <label htmlFor="cf-analytics-period">Period</label>
          <Select id="cf-analytics-period" options={ANALYTICS_PERIODS} value={a.period} onValueChange={a.setPeriod} />
        </div>
      </div>
      {metric && (
        <p role="status" className="cf-banner" data-part="metric-filter">
          <span>
            Filtering by metric: <strong>{metric}</strong>
            {value ? ` (${value})` : ''}
            {scope ? ` · ${scope}` : ''}
          </span>
          <Link href="/analytics">Clear filter</Link>
        </p>
      )}
      {a.blocked ? (
        <p role="alert" className="cf-banner" data-tone="error">
          {a.blocked}
        </p>
      ) : (
        <>
          <section aria-label="Key figures" className="cf-grid-cards" part="cards">
            <div className="cf-card">
              <p className="cf-stat-label">Conversion Rate</p>
              <p className="cf-stat-value">{s.conversionRate === null ? 'No data' : formatPercent(s.conversionRate)}</p>
              <p className="cf-muted">
                Average of {s.funnelCount} funnel{s.funnelCount === 1 ? '' : 's'} in the {periodLabel}
              </p>
            </div>
            <div className="cf-card">
              <p className="cf-stat-label">Average ROI</p>
              <p className="cf-stat-value">{roiText(s.averageRoi)}</p>
              <p className="cf-muted">
                Revenue {formatMoney(s.revenue)} from {s.funnel.orders} order{s.funnel.orders === 1 ? '' : 's'}
              </p>
            </div>
          </section>
          <div className="cf-analytics-charts">
            <ChartFigure
              title="Conversion Funnel"
              Heading={Section}
              summary={`Impressions ${formatCompact(s.funnel.impressions)} · Clicks ${formatCompact(s.funnel.clicks)} · Orders ${numberText(s.funnel.orders)}`}
              chart={<ConversionFunnelChart funnel={s.funnel} />}
              table={
                <DataTable
                  caption="Conversion Funnel"
                  headers={['Stage', 'Count']}
                  rows={[
                    ['Impressions', numberText(s.funnel.impressions)],
                    ['Clicks', numberText(s.funnel.clicks)],
                    ['Orders', numberText(s.funnel.orders)],
                  ]}
                />
              }
            />
            <ChartFigure
              title="ROI Trends"
              Heading={Section}
              summary={`Average ROI by month, ${periodLabel}`}
              chart={<RoiTrendChart points={s.roiTrend} />}
              table={
                <DataTable caption="ROI Trends" headers={['Month', 'Average ROI', 'Orders']} rows={s.roiTrend.map((p) => [p.label, roiText(p.roi), numberText(p.orders)])} />
              }
            />
          </div>
          <section className="cf-card" aria-labelledby="cf-heatmap-title" part="heatmap">
            <Section id="cf-heatmap-title">Performance Heatmap</Section>
            <Heatmap rows={s.heatmap} focus={a.focus} />
          </section>
        </>
      )}
      <section aria-labelledby="cf-nba-title" part="next-best-actions">
        <Section id="cf-nba-title">AI Next Best Actions</Section>
        <ul className="cf-nba">
          {NEXT_BEST_ACTIONS.map((action) => (
            <li key={action.id} className="cf-card">
              <Badge color="purple">{action.impact}</Badge>
              <strong>{action.title}</strong>
              <p className="cf-muted">{action.description}</p>
              <Link href={action.href}>{action.actionLabel}</Link>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

function ChartFigure({ title, Heading, summary, chart, table }: { title: string; Heading: 'h2' | 'h3'; summary: string; chart: ReactNode; table: ReactNode }) {
  return (
    <figure className="cf-card cf-analytics-chart" part="chart">
      <figcaption>
        <Heading>{title}</Heading>
      </figcaption>
      <p className="cf-chart-summary">{summary}</p>
      <div className="cf-chart-box" aria-hidden="true">
        <Suspense fallback={<p className="cf-muted">Loading chart…</p>}>{chart}</Suspense>
      </div>
      {table}
    </figure>
  );
}

/** The text alternative of a chart: a table only screen readers see. */
function DataTable({ caption, headers, rows }: { caption: string; headers: string[]; rows: string[][] }) {
  return (
    // The wrapper clips the table (a table is as wide as its content), so it never widens the page.
    <div className="cf-visually-hidden">
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            {headers.map((h) => (
              <th key={h} scope="col">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row[0]}>
              {row.map((cell, index) =>
                index === 0 ? (
                  <th key={index} scope="row">
                    {cell}
                  </th>
                ) : (
                  <td key={index}>{cell}</td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const RAW_FORMAT: Record<HeatmapMetric, (raw: number) => string> = {
  engagement: (v) => formatPercent(v),
  conversion: (v) => formatPercent(v),
  roi: (v) => `${v.toFixed(1)}x`,
  reach: (v) => `${formatCompact(v)} followers`,
  sales: (v) => formatMoney(v),
};

/** Darker for higher scores; white text above 3.5 (spec §9), dark text otherwise. */
function cellStyle(cell: HeatmapCell) {
  const t = Math.min(1, Math.max(0, (cell.score - HEATMAP.min) / (HEATMAP.max - HEATMAP.min)));
  const white = heatmapTextIsWhite(cell.score);
  return { backgroundColor: white ? `hsl(245 55% ${50 - t * 22}%)` : `hsl(245 70% ${90 - t * 10}%)` };
}

function Heatmap({ rows, focus }: { rows: ReturnType<typeof useAnalyticsController>['summary']['heatmap']; focus: HeatmapMetric | null }) {
  if (rows.length === 0) return <p className="cf-empty">No creator funnels ran in this period.</p>;
  return (
    <div className="cf-heatmap-wrap">
      <table className="cf-heatmap" aria-labelledby="cf-heatmap-title">
        <thead>
          <tr>
            <th scope="col">Creator</th>
            {HEATMAP_METRICS.map((m) => (
              <th key={m.key} scope="col" data-focus={focus === m.key}>
                {m.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.creatorId}>
              <th scope="row">{row.creatorName}</th>
              {row.cells.map((cell) => (
                <td key={cell.metric} style={cellStyle(cell)} data-text={heatmapTextIsWhite(cell.score) ? 'white' : 'dark'} title={RAW_FORMAT[cell.metric](cell.raw)}>
                  {cell.score.toFixed(1)}
                  <span className="cf-visually-hidden"> ({RAW_FORMAT[cell.metric](cell.raw)})</span>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
