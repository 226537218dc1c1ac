import { lazy, Suspense, type ReactNode } from 'react';
import { HEATMAP_METRICS, heatmapTextIsWhite, type HeatmapMetric } from '../../lib/domain/analytics';
import type { Results } from '../../lib/domain/results';
import { ANALYTICS_PERIODS, HEATMAP, type AnalyticsPeriod } from '../../lib/domain/constants';
import { NEXT_BEST_ACTIONS } from '../../lib/sample/analytics';
import { Badge } from '../ui/Badge';
import { useT } from '../ui/i18n';
import { engagementTypeIn } from '../../lib/i18n/engagement';
import { Link } from '../ui/navigation';
import { Screen } from '../ui/Screen';
import { Select } from '../ui/Select';
import { analyticsStyles } from './styles';
import { useAnalyticsController } from './useAnalyticsController';
import { routeTo } from '../ui/routes';
import { ScrollRegion } from '../ui/ScrollRegion';

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

/** The Analytics screen (spec §2 "Analytics"): measured results (attributed sales, link clicks, gift costs) for the period. */
export function Analytics(props: AnalyticsProps) {
  return (
    <Screen name="Analytics" styles={analyticsStyles} part="root">
      <AnalyticsView {...props} />
    </Screen>
  );
}

type T = ReturnType<typeof useT>;
const roiText = ({ t, formatNumber }: T, roi: number | null) =>
  roi === null ? t('analytics.none') : t('analytics.roi', { value: formatNumber(roi, { minimumFractionDigits: 2, maximumFractionDigits: 2 }) });

/**
 * One key figure: its value, or "—" and why; and how it is computed, as the card's description
 * (read with the figure by assistive technology, and on screen for everyone).
 */
function FigureCard({ id, label, value, reason, how, note }: { id: string; label: string; value: string | null; reason: string; how: string; note?: string }) {
  const { t } = useT();
  return (
    <article className="cf-card" aria-labelledby={`cf-figure-${id}`} aria-describedby={`cf-figure-${id}-how`} data-figure={id}>
      <p className="cf-stat-label" id={`cf-figure-${id}`}>
        {label}
      </p>
      <p className="cf-stat-value">{value ?? t('analytics.none')}</p>
      {value === null && <p className="cf-muted">{reason}</p>}
      {note && <p className="cf-muted">{note}</p>}
      <p className="cf-muted cf-figure-how" id={`cf-figure-${id}-how`}>
        {how}
      </p>
    </article>
  );
}

/** Measured results, one row each (a campaign type), with "—" where a figure has no value. */
function ResultsTable({ caption, first, rows, empty }: { caption: string; first: string; rows: { name: string; results: Results }[]; empty: string }) {
  const i18n = useT();
  const { t, formatMoney, formatNumber, formatPercent } = i18n;
  if (rows.length === 0) return <p className="cf-empty">{empty}</p>;
  return (
    <DataTable
      visible
      caption={caption}
      headers={[first, t('analytics.attributedRevenue'), t('analytics.cost'), t('analytics.roiLabel'), t('analytics.conversionRate'), t('analytics.clicks'), t('analytics.orders')]}
      rows={rows.map(({ name, results: r }) => [
        name,
        formatMoney(r.revenue),
        formatMoney(r.cost),
        roiText(i18n, r.roi),
        r.conversion === null ? t('analytics.none') : formatPercent(r.conversion * 100),
        formatNumber(r.clicks),
        formatNumber(r.orders),
      ])}
    />
  );
}

/** A month of the trend ('yyyy-MM') named in the screen's language. */
const monthText = ({ formatPattern }: T, month: string) => formatPattern(`${month}-15T12:00:00Z`, 'MMM yyyy', 'UTC');

function AnalyticsView({ metric, period, filter, contentType, value, onPeriodChange, embedded = false }: AnalyticsProps) {
  const a = useAnalyticsController({ period, metric, onPeriodChange });
  const Title = embedded ? 'h2' : 'h1';
  const Section = embedded ? 'h3' : 'h2';
  const s = a.summary;
  const i18n = useT();
  const { t, formatCompact, formatMoney, formatPercent, formatNumber } = i18n;
  const periods = ANALYTICS_PERIODS.map((p) => ({ value: p.value, label: t(`analytics.period.${p.value}`) }));
  const scope = [filter, contentType].filter(Boolean).join(' · ');
  const r = s.results;
  /** Why a figure shows "—": loading, the server's refusal, or what is missing. */
  const reason = (missing: 'noSales' | 'noCost' | 'noRoi' | 'noClicks') =>
    a.parts.overall ? t('analytics.loadingResults') : a.error ? t('analytics.noResults') : missing === 'noClicks' && !a.countsClicks ? t('analytics.why.clicksNeedServer') : t(`analytics.why.${missing}`);

  return (
    <div className="cf-stack">
      {!embedded && (
        <Link href={routeTo.home()} className="cf-button cf-back" data-variant="ghost">
          {t('analytics.back')}
        </Link>
      )}
      <div className="cf-analytics-header">
        <Title>{t('analytics.title')}</Title>
        <span className="cf-spacer" />
        <div className="cf-field">
          <label htmlFor="cf-analytics-period">{t('analytics.periodLabel')}</label>
          <Select id="cf-analytics-period" options={periods} value={a.period} onValueChange={a.setPeriod} />
        </div>
      </div>
      {metric && (
        <p role="status" className="cf-banner" data-part="metric-filter">
          <span>
            {t('analytics.filtering')} <strong>{metric}</strong>
            {value ? ` (${value})` : ''}
            {scope ? ` · ${scope}` : ''}
          </span>
          <Link href={routeTo.analytics()}>{t('analytics.clearFilter')}</Link>
        </p>
      )}
      {a.blocked ? (
        <p role="alert" className="cf-banner" data-tone="error">
          {a.blocked}
        </p>
      ) : (
        <>
          {a.error && (
            <p role="alert" className="cf-banner" data-tone="error">
              {t('analytics.resultsUnavailable', { reason: a.error })}
            </p>
          )}
          <section aria-label={t('analytics.keyFigures')} className="cf-grid-cards" part="cards">
            <FigureCard id="revenue" label={t('analytics.attributedRevenue')} value={r.orders || r.revenue ? formatMoney(r.revenue) : null} reason={reason('noSales')} how={t('analytics.how.revenue')} />
            <FigureCard id="cost" label={t('analytics.cost')} value={a.parts.cost ? null : r.cost || r.gifts ? formatMoney(r.cost) : null} reason={a.parts.cost ? t('analytics.loadingCommission') : reason('noCost')} how={t('analytics.how.cost')} note={a.parts.cost ? undefined : [r.commission ? t('analytics.commissionPart', { amount: formatMoney(r.commission) }) : '', r.missingUnitCosts ? t('analytics.missingUnitCosts', { count: r.missingUnitCosts }) : ''].filter(Boolean).join(' ') || undefined} />
            <FigureCard id="roi" label={t('analytics.roiLabel')} value={a.parts.cost || r.roi === null ? null : roiText(i18n, r.roi)} reason={a.parts.cost ? t('analytics.loadingCommission') : reason('noRoi')} how={t('analytics.how.roi')} />
            <FigureCard id="conversion" label={t('analytics.conversionRate')} value={r.conversion === null ? null : formatPercent(r.conversion * 100)} reason={reason('noClicks')} how={t('analytics.how.conversion')} />
            <FigureCard id="clicks" label={t('analytics.clicks')} value={r.clicks ? formatNumber(r.clicks) : null} reason={reason('noClicks')} how={t('analytics.how.clicks', { visitors: formatNumber(r.visitors) })} />
            <FigureCard id="orders" label={t('analytics.attributedOrders')} value={r.orders ? formatNumber(r.orders) : null} reason={reason('noSales')} how={t('analytics.how.orders')} />
          </section>
          <div className="cf-analytics-charts">
            <ChartFigure
              title={t('analytics.funnel')}
              Heading={Section}
              loading={a.parts.overall ? t('analytics.loadingResults') : undefined}
              summary={t('analytics.funnelSummary', { impressions: formatCompact(s.funnel.impressions), clicks: formatCompact(s.funnel.clicks), orders: formatNumber(s.funnel.orders) })}
              chart={<ConversionFunnelChart funnel={s.funnel} />}
              table={
                <DataTable
                  caption={t('analytics.funnel')}
                  headers={[t('analytics.stage'), t('analytics.count')]}
                  rows={[
                    [t('analytics.impressions'), formatNumber(s.funnel.impressions)],
                    [t('analytics.clicks'), formatNumber(s.funnel.clicks)],
                    [t('analytics.orders'), formatNumber(s.funnel.orders)],
                  ]}
                />
              }
            />
            <ChartFigure
              title={t('analytics.roiTrends')}
              Heading={Section}
              loading={a.parts.cost ? t('analytics.loadingCommission') : undefined}
              summary={t('analytics.roiSummary', { period: t(`analytics.period.${a.period}`) })}
              chart={<RoiTrendChart points={s.roiTrend} />}
              table={
                <DataTable
                  caption={t('analytics.roiTrends')}
                  headers={[t('analytics.month'), t('analytics.roiLabel'), t('analytics.attributedRevenue'), t('analytics.cost'), t('analytics.orders')]}
                  rows={s.roiTrend.map((p) => [monthText(i18n, p.month), roiText(i18n, p.roi), formatMoney(p.revenue), formatMoney(p.cost), formatNumber(p.orders)])}
                />
              }
            />
          </div>
          <section className="cf-card" aria-labelledby="cf-by-type-title" part="by-campaign-type">
            <Section id="cf-by-type-title">{t('analytics.byCampaignType')}</Section>
            {a.parts.breakdown ? (
              <p role="status" className="cf-muted">
                {t('analytics.loadingBreakdown')}
              </p>
            ) : (
              <ResultsTable
                caption={t('analytics.byCampaignType')}
                first={t('analytics.campaignType')}
                rows={s.byCampaignType.map((row) => ({ name: row.type ? engagementTypeIn(i18n, row.type) : t('analytics.unnamedType'), results: row.results }))}
                empty={t('analytics.noCampaignResults')}
              />
            )}
          </section>
          <section className="cf-card" aria-labelledby="cf-heatmap-title" part="heatmap">
            <Section id="cf-heatmap-title">{t('analytics.heatmap')}</Section>
            {a.parts.breakdown ? (
              <p role="status" className="cf-muted">
                {t('analytics.loadingBreakdown')}
              </p>
            ) : (
              <Heatmap rows={s.heatmap} focus={a.focus} />
            )}
          </section>
        </>
      )}
      <section aria-labelledby="cf-nba-title" part="next-best-actions">
        <Section id="cf-nba-title">{t('analytics.nba')}</Section>
        <ul className="cf-nba">
          {NEXT_BEST_ACTIONS.map((action) => (
            <li key={action.id} className="cf-card">
              <Badge color="purple">{t(action.impact)}</Badge>
              <strong>{t(action.title)}</strong>
              <p className="cf-muted">{t(action.description)}</p>
              <Link href={action.href}>{t(action.actionLabel)}</Link>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

/** A chart with its summary and text alternative; while its figures are on their way (`loading`, what to say), only that. */
function ChartFigure({ title, Heading, summary, chart, table, loading }: { title: string; Heading: 'h2' | 'h3'; summary: string; chart: ReactNode; table: ReactNode; loading?: string }) {
  const { t } = useT();
  if (loading)
    return (
      <figure className="cf-card cf-analytics-chart" part="chart">
        <figcaption>
          <Heading>{title}</Heading>
        </figcaption>
        <p role="status" className="cf-muted">
          {loading}
        </p>
      </figure>
    );
  return (
    <figure className="cf-card cf-analytics-chart" part="chart">
      <figcaption>
        <Heading>{title}</Heading>
      </figcaption>
      <p className="cf-chart-summary">{summary}</p>
      <div className="cf-chart-box" aria-hidden="true">
        <Suspense fallback={<p className="cf-muted">{t('analytics.loadingChart')}</p>}>{chart}</Suspense>
      </div>
      {table}
    </figure>
  );
}

/** The text alternative of a chart: a table only screen readers see; `visible`, a table for everyone (its caption for screen readers). */
function DataTable({ caption, headers, rows, visible = false }: { caption: string; headers: string[]; rows: string[][]; visible?: boolean }) {
  const table = (
    <table className={visible ? 'cf-results-table' : undefined}>
      <caption className={visible ? 'cf-visually-hidden' : undefined}>{caption}</caption>
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
  );
  // A visible table scrolls sideways in a named region (a tab stop while it scrolls); the hidden
  // wrapper clips the table (a table is as wide as its content), so it never widens the page.
  return visible ? (
    <ScrollRegion className="cf-heatmap-wrap" label={caption}>
      {table}
    </ScrollRegion>
  ) : (
    <div className="cf-visually-hidden">{table}</div>
  );
}

const RAW_FORMAT: Record<HeatmapMetric, (i18n: T, raw: number) => string> = {
  engagement: ({ formatPercent }, v) => formatPercent(v),
  conversion: ({ formatPercent }, v) => formatPercent(v),
  roi: ({ t, formatNumber }, v) => t('analytics.roi', { value: formatNumber(v, { minimumFractionDigits: 1, maximumFractionDigits: 1 }) }),
  reach: ({ t, formatCompact }, v) => t('analytics.followers', { count: formatCompact(v) }),
  sales: ({ formatMoney }, v) => formatMoney(v),
};

/** Why a heatmap cell has no figure. */
const HEATMAP_MISSING = {
  engagement: 'analytics.why.noProfile',
  reach: 'analytics.why.noProfile',
  conversion: 'analytics.why.noClicks',
  roi: 'analytics.why.noRoi',
  sales: 'analytics.why.noSales',
} as const satisfies Record<HeatmapMetric, string>;

/** Darker for higher scores; white text above 3.5 (spec §9), dark text otherwise. */
function cellStyle(score: number) {
  const t = Math.min(1, Math.max(0, (score - HEATMAP.min) / (HEATMAP.max - HEATMAP.min)));
  const white = heatmapTextIsWhite(score);
  return { backgroundColor: white ? `hsl(245 55% ${50 - t * 22}%)` : `hsl(245 70% ${90 - t * 10}%)` };
}

function Heatmap({ rows, focus }: { rows: ReturnType<typeof useAnalyticsController>['summary']['heatmap']; focus: HeatmapMetric | null }) {
  const i18n = useT();
  const { t, formatNumber } = i18n;
  if (rows.length === 0) return <p className="cf-empty">{t('analytics.noFunnels')}</p>;
  return (
    <ScrollRegion className="cf-heatmap-wrap" labelledBy="cf-heatmap-title">
      <table className="cf-heatmap" aria-labelledby="cf-heatmap-title">
        <thead>
          <tr>
            <th scope="col">{t('analytics.creator')}</th>
            {HEATMAP_METRICS.map((m) => (
              <th key={m.key} scope="col" data-focus={focus === m.key}>
                {t(`analytics.metric.${m.key}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.creatorId}>
              <th scope="row">{row.creatorName}</th>
              {row.cells.map((cell) =>
                cell.score === null || cell.raw === null ? (
                  <td key={cell.metric} data-text="dark">
                    {t('analytics.none')}
                    <span className="cf-visually-hidden"> ({t(HEATMAP_MISSING[cell.metric])})</span>
                  </td>
                ) : (
                  <td key={cell.metric} style={cellStyle(cell.score)} data-text={heatmapTextIsWhite(cell.score) ? 'white' : 'dark'} title={RAW_FORMAT[cell.metric](i18n, cell.raw)}>
                    {formatNumber(cell.score, { minimumFractionDigits: 1, maximumFractionDigits: 1 })}
                    <span className="cf-visually-hidden"> ({RAW_FORMAT[cell.metric](i18n, cell.raw)})</span>
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollRegion>
  );
}
