// Analytics figures: spec §2 "Analytics", §9 (periods, heatmap), computed for the chosen period
// from measured results (attributed sales and link clicks by day; gifts, commission and flat fees as cost: lib/domain/results.ts),
// never from figures typed on a funnel (docs/decisions/where-sales-and-clicks-live.md). Pure:
// `now` comes in as an argument.
import { addMonths } from 'date-fns/addMonths';
import { format } from 'date-fns/format';
import { startOfMonth } from 'date-fns/startOfMonth';
import { subMonths } from 'date-fns/subMonths';
import { commissionCosts, salesByFunnel, type FunnelMonthSales } from './commission';
import { ANALYTICS_PERIODS, DEFAULT_ANALYTICS_PERIOD, HEATMAP, type AnalyticsPeriod } from './constants';
import { missingReason, NO_RESULTS, periodResults, utcDay, type PeriodTotals, type Results, type ResultsReport } from './results';
import type { Funnel, InventoryItem, Order } from './types';

export const HEATMAP_METRICS = [
  { key: 'engagement', label: 'Engagement' },
  { key: 'conversion', label: 'Conversion' },
  { key: 'roi', label: 'ROI' },
  { key: 'reach', label: 'Reach' },
  { key: 'sales', label: 'Sales' },
] as const;
export type HeatmapMetric = (typeof HEATMAP_METRICS)[number]['key'];

export interface MonthBucket {
  /** yyyy-MM */
  key: string;
  /** MMM yyyy */
  label: string;
  start: Date;
  /** Exclusive. */
  end: Date;
}

export interface ConversionFunnel {
  /** Followers of the creators running in the period: the audience reached, as their profiles say. */
  impressions: number;
  /** Tracking-link clicks counted in the period. */
  clicks: number;
  /** Attributed sales in the period that still count. */
  orders: number;
}

export interface RoiPoint {
  month: string;
  label: string;
  /** (revenue − cost) / cost of the month; null with no cost that month. */
  roi: number | null;
  revenue: number;
  cost: number;
  orders: number;
  clicks: number;
  /** Attributed orders ÷ clicks of the month; null with no clicks. */
  conversion: number | null;
}

export interface HeatmapCell {
  metric: HeatmapMetric;
  /** The raw figure (percent, x, followers, dollars); null when nothing was measured. */
  raw: number | null;
  /** Scaled into HEATMAP.min..HEATMAP.max across the creators with a figure; null without one. */
  score: number | null;
}

export interface HeatmapRow {
  creatorId: string;
  creatorName: string;
  cells: HeatmapCell[];
}

export interface AnalyticsSummary {
  period: AnalyticsPeriod;
  months: MonthBucket[];
  /** First and last UTC day of the period (yyyy-MM-dd). */
  from: string;
  to: string;
  /** Funnels running at some point in the period. */
  funnelCount: number;
  /** The period's measured results for the whole workspace. */
  results: Results;
  byCampaignType: ResultsReport['byCampaignType'];
  byCreator: ResultsReport['byCreator'];
  funnel: ConversionFunnel;
  roiTrend: RoiPoint[];
  heatmap: HeatmapRow[];
}

/** What the Analytics figures are computed from. */
export interface AnalyticsData {
  funnels: readonly Funnel[];
  orders: readonly Order[];
  inventory: readonly Pick<InventoryItem, 'id' | 'sku' | 'unitCost'>[];
  /** The period's measured totals: the team server's, or the browser's own attributed sales without one. */
  totals: PeriodTotals;
  /** The period's attributed sales per funnel and month, read the same way: each engagement's commission is computed from them. */
  months: readonly FunnelMonthSales[];
}

/** A known period value, else the default (6m). */
export function parsePeriod(value: string | null | undefined): AnalyticsPeriod {
  return ANALYTICS_PERIODS.some((p) => p.value === value) ? (value as AnalyticsPeriod) : DEFAULT_ANALYTICS_PERIOD;
}

export const periodMonths = (period: AnalyticsPeriod) => ANALYTICS_PERIODS.find((p) => p.value === period)?.months ?? 6;

/** The calendar months of the period, oldest first, ending with the month of `now`. */
export function monthBuckets(period: AnalyticsPeriod, now: Date): MonthBucket[] {
  const count = periodMonths(period);
  const first = startOfMonth(subMonths(now, count - 1));
  return Array.from({ length: count }, (_, index) => {
    const start = addMonths(first, index);
    return { key: format(start, 'yyyy-MM'), label: format(start, 'MMM yyyy'), start, end: addMonths(start, 1) };
  });
}

const time = (iso: string) => new Date(iso).getTime();

/** A funnel runs from its start date to its due date; one not started yet does not count. */
export function funnelRunsBetween(funnel: Pick<Funnel, 'startDate' | 'dueDate'>, from: Date, to: Date): boolean {
  const start = time(funnel.startDate);
  const due = time(funnel.dueDate);
  if (!Number.isFinite(start)) return false;
  return start < to.getTime() && (!Number.isFinite(due) || due >= from.getTime());
}

const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;

/** Scales raw values into HEATMAP.min..max (spec §9); equal values sit in the middle; a missing value has no score. */
export function scaleToHeatmap(values: readonly (number | null)[]): (number | null)[] {
  const known = values.filter((v): v is number => v !== null && Number.isFinite(v));
  const lo = Math.min(...known);
  const hi = Math.max(...known);
  return values.map((v) => {
    if (v === null || !Number.isFinite(v)) return null;
    if (hi === lo) return round((HEATMAP.min + HEATMAP.max) / 2);
    return round(HEATMAP.min + ((v - lo) / (hi - lo)) * (HEATMAP.max - HEATMAP.min));
  });
}

/** White text above 3.5 (spec §9). */
export const heatmapTextIsWhite = (score: number | null) => score !== null && score > HEATMAP.whiteTextAbove;

/**
 * Creators by Engagement and Reach (their profiles' engagement rate and followers) and by
 * Conversion, ROI and Sales measured in the period (null where nothing was measured).
 */
export function performanceHeatmap(funnels: readonly Funnel[], byCreator: ReadonlyMap<string, Results>): HeatmapRow[] {
  if (funnels.length === 0) return [];
  const measured = funnels.map((f) => byCreator.get(f.id) ?? NO_RESULTS);
  const raw: Record<HeatmapMetric, (number | null)[]> = {
    engagement: funnels.map((f) => f.engagementRate),
    conversion: measured.map((r) => (r.conversion === null ? null : round(r.conversion * 100))),
    roi: measured.map((r) => (r.roi === null ? null : round(r.roi))),
    reach: funnels.map((f) => f.followers ?? 0),
    sales: measured.map((r) => (missingReason(r, 'revenue') ? null : r.revenue)),
  };
  const scores = Object.fromEntries(HEATMAP_METRICS.map((m) => [m.key, scaleToHeatmap(raw[m.key])])) as Record<HeatmapMetric, (number | null)[]>;
  return funnels.map((f, index) => ({
    creatorId: f.id,
    creatorName: f.creatorName,
    cells: HEATMAP_METRICS.map((m) => ({ metric: m.key, raw: raw[m.key][index], score: scores[m.key][index] })),
  }));
}

/** The period of `period` months ending at `now`, as UTC days. */
export function periodDays(period: AnalyticsPeriod, now: Date): { months: MonthBucket[]; from: string; to: string } {
  const months = monthBuckets(period, now);
  return { months, from: `${months[0].key}-01`, to: utcDay(now.toISOString()) };
}

/** Every figure of the Analytics screen for the period ending at `now`. */
export function analyticsSummary(data: AnalyticsData, period: AnalyticsPeriod, now: Date): AnalyticsSummary {
  const { months, from, to } = periodDays(period, now);
  const running = data.funnels.filter((f) => funnelRunsBetween(f, months[0].start, now));
  const commission = commissionCosts(data.funnels, salesByFunnel(data.months), { from: months[0].key, to: months[months.length - 1].key }, to);
  const report = periodResults({ funnels: data.funnels, orders: data.orders, inventory: data.inventory, totals: data.totals, commission, from, to });
  // The heatmap shows the creators running in the period and any other with results in it.
  const shown = [...running, ...data.funnels.filter((f) => !running.includes(f) && report.byCreator.has(f.id))];
  const roiTrend: RoiPoint[] = months.map((month) => {
    const r = report.byMonth.get(month.key) ?? NO_RESULTS;
    return { month: month.key, label: month.label, roi: r.roi === null ? null : round(r.roi), revenue: r.revenue, cost: r.cost, orders: r.orders, clicks: r.clicks, conversion: r.conversion };
  });
  return {
    period,
    months,
    from,
    to,
    funnelCount: running.length,
    results: report.overall,
    byCampaignType: report.byCampaignType,
    byCreator: report.byCreator,
    funnel: { impressions: running.reduce((sum, f) => sum + Math.max(0, f.followers ?? 0), 0), clicks: report.overall.clicks, orders: report.overall.orders },
    roiTrend,
    heatmap: performanceHeatmap(shown, report.byCreator),
  };
}
