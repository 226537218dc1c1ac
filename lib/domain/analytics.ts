// Analytics figures: spec §2 "Analytics", §9 (periods, heatmap), computed from the workspace's
// own funnels and orders for the chosen period, so they change when the data changes
// (docs/decisions/analytics-are-computed-from-the-workspace.md). Pure: `now` comes in as an argument.
import { addMonths } from 'date-fns/addMonths';
import { format } from 'date-fns/format';
import { startOfMonth } from 'date-fns/startOfMonth';
import { subMonths } from 'date-fns/subMonths';
import { ANALYTICS_PERIODS, DEFAULT_ANALYTICS_PERIOD, HEATMAP, type AnalyticsPeriod } from './constants';
import type { Funnel, Order, OrderStatus } from './types';

/** Orders in these states are not counted as sales. */
export const UNCOUNTED_ORDER_STATUSES: readonly OrderStatus[] = ['Canceled', 'Refunded'];

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
  impressions: number;
  clicks: number;
  orders: number;
}

export interface RoiPoint {
  month: string;
  label: string;
  /** Average ROI of the funnels running that month, or null when none ran. */
  roi: number | null;
  orders: number;
}

export interface HeatmapCell {
  metric: HeatmapMetric;
  /** The raw figure (percent, x, followers, dollars). */
  raw: number;
  /** Scaled into HEATMAP.min..HEATMAP.max across the creators shown. */
  score: number;
}

export interface HeatmapRow {
  creatorId: string;
  creatorName: string;
  cells: HeatmapCell[];
}

export interface AnalyticsSummary {
  period: AnalyticsPeriod;
  months: MonthBucket[];
  /** Funnels running at some point in the period. */
  funnelCount: number;
  /** Orders placed in the period (all statuses). */
  orderCount: number;
  /** Average conversion rate of those funnels, percent; null when there are none. */
  conversionRate: number | null;
  /** Average ROI of those funnels (x); null when there are none. */
  averageRoi: number | null;
  /** Sales revenue in the period, gifts, canceled and refunded orders excluded. */
  revenue: number;
  funnel: ConversionFunnel;
  roiTrend: RoiPoint[];
  heatmap: HeatmapRow[];
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

/** A sale that was not canceled or refunded; a gift is a cost, never revenue. */
export const countsAsSale = (order: Pick<Order, 'status' | 'kind'>) => order.kind === 'sale' && !UNCOUNTED_ORDER_STATUSES.includes(order.status);

function placedBetween(order: Pick<Order, 'createdAt'>, from: Date, to: Date) {
  const at = time(order.createdAt);
  return at >= from.getTime() && at <= to.getTime();
}

const average = (values: number[]) => (values.length ? values.reduce((a, b) => a + b, 0) / values.length : null);
const round = (value: number, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;

/**
 * Impressions: the followers reached by each running funnel; clicks: impressions times the
 * creator's engagement rate; orders: orders placed in the period that are not canceled or refunded.
 */
export function conversionFunnel(funnels: readonly Funnel[], orders: readonly Order[]): ConversionFunnel {
  let impressions = 0;
  let clicks = 0;
  for (const f of funnels) {
    const reach = Math.max(0, f.followers ?? 0);
    impressions += reach;
    clicks += Math.round((reach * Math.max(0, f.engagementRate)) / 100);
  }
  return { impressions, clicks, orders: orders.filter(countsAsSale).length };
}

/** Scales raw values into HEATMAP.min..max (spec §9); equal values sit in the middle. */
export function scaleToHeatmap(values: readonly number[]): number[] {
  const lo = Math.min(...values);
  const hi = Math.max(...values);
  return values.map((v) => {
    if (!Number.isFinite(v) || hi === lo) return round((HEATMAP.min + HEATMAP.max) / 2);
    return round(HEATMAP.min + ((v - lo) / (hi - lo)) * (HEATMAP.max - HEATMAP.min));
  });
}

/** White text above 3.5 (spec §9). */
export const heatmapTextIsWhite = (score: number) => score > HEATMAP.whiteTextAbove;

/** Creators by Engagement, Conversion, ROI, Reach and Sales; sales are their orders' totals. */
export function performanceHeatmap(funnels: readonly Funnel[], orders: readonly Order[]): HeatmapRow[] {
  if (funnels.length === 0) return [];
  const sales = new Map<string, number>();
  for (const order of orders) {
    if (!order.creatorId || !countsAsSale(order)) continue;
    sales.set(order.creatorId, (sales.get(order.creatorId) ?? 0) + order.total);
  }
  const raw: Record<HeatmapMetric, number[]> = {
    engagement: funnels.map((f) => f.engagementRate),
    conversion: funnels.map((f) => f.conversionRate),
    roi: funnels.map((f) => f.roi),
    reach: funnels.map((f) => f.followers ?? 0),
    sales: funnels.map((f) => round(sales.get(f.id) ?? 0)),
  };
  const scores = Object.fromEntries(HEATMAP_METRICS.map((m) => [m.key, scaleToHeatmap(raw[m.key])])) as Record<HeatmapMetric, number[]>;
  return funnels.map((f, index) => ({
    creatorId: f.id,
    creatorName: f.creatorName,
    cells: HEATMAP_METRICS.map((m) => ({ metric: m.key, raw: raw[m.key][index], score: scores[m.key][index] })),
  }));
}

/** Every figure of the Analytics screen for the period ending at `now`. */
export function analyticsSummary(funnels: readonly Funnel[], orders: readonly Order[], period: AnalyticsPeriod, now: Date): AnalyticsSummary {
  const months = monthBuckets(period, now);
  const from = months[0].start;
  const running = funnels.filter((f) => funnelRunsBetween(f, from, now));
  const placed = orders.filter((o) => placedBetween(o, from, now));
  const counted = placed.filter(countsAsSale);
  const conversion = average(running.map((f) => f.conversionRate));
  const roi = average(running.map((f) => f.roi));
  const roiTrend: RoiPoint[] = months.map((month) => {
    const to = month.end.getTime() < now.getTime() ? month.end : now;
    const monthRoi = average(funnels.filter((f) => funnelRunsBetween(f, month.start, to)).map((f) => f.roi));
    return {
      month: month.key,
      label: month.label,
      roi: monthRoi === null ? null : round(monthRoi),
      orders: counted.filter((o) => placedBetween(o, month.start, new Date(month.end.getTime() - 1))).length,
    };
  });
  return {
    period,
    months,
    funnelCount: running.length,
    orderCount: placed.length,
    conversionRate: conversion === null ? null : round(conversion),
    averageRoi: roi === null ? null : round(roi),
    revenue: round(counted.reduce((sum, o) => sum + o.total, 0)),
    funnel: conversionFunnel(running, placed),
    roiTrend,
    heatmap: performanceHeatmap(running, placed),
  };
}
