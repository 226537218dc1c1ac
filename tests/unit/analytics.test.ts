import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { analyticsSummary, heatmapTextIsWhite, monthBuckets, parsePeriod, performanceHeatmap, periodDays, scaleToHeatmap } from '../../lib/domain/analytics';
import { NO_RESULTS, periodTotalsOf, salesDaysOf, type DayTotals } from '../../lib/domain/results';
import { monthRowsOf } from '../../lib/domain/commission';
import type { Order } from '../../lib/domain/types';
import { sampleFunnels, sampleInventory, sampleOrders } from '../../lib/sample/workspace';
import { NEXT_BEST_ACTIONS } from '../../lib/sample/analytics';
import { attributedSale, giftTo } from '../helpers/orders';

const now = new Date('2026-03-10T12:00:00Z');
// The sample's terms (a commission and flat fee for CR12347) are left out here; the test of commission in the cost puts them back.
const sampleWithTerms = sampleFunnels(now);
const funnels = sampleWithTerms.map(({ commissionPercent: _percent, flatFee: _fee, ...f }) => f);
const orders = sampleOrders(now);
const inventory = sampleInventory(now);

describe('periods (spec §9)', () => {
  it('defaults to 6 months and knows 12 months', () => {
    expect(parsePeriod(undefined)).toBe('6m');
    expect(parsePeriod('bogus')).toBe('6m');
    expect(parsePeriod('12m')).toBe('12m');
    expect(monthBuckets('6m', now).map((m) => m.label)).toEqual(['Oct 2025', 'Nov 2025', 'Dec 2025', 'Jan 2026', 'Feb 2026', 'Mar 2026']);
    expect(monthBuckets('12m', now)).toHaveLength(12);
  });
});

describe('analyticsSummary: measured results for the period, never typed figures', () => {
  const attributed = attributedSale;
  const gift = (id: string, creatorId: string, createdAt: string) => giftTo(id, creatorId, createdAt, { shippingCost: 10, items: [{ id: 'oi', productId: 'inv_1', name: 'Wireless Earbuds', sku: 'SKU-001', quantity: 1, price: 59.99 }] });
  const mine = [...orders, attributed('s1', 'CR12345', 100, '2026-02-11T10:00:00Z'), attributed('s2', 'CR12347', 50, '2026-03-02T10:00:00Z'), gift('g1', 'CR12345', '2026-02-10T10:00:00Z')];
  const clicks: DayTotals[] = [{ funnelId: 'CR12345', day: '2026-02-11', clicks: 40, visitors: 30, orders: 0, revenue: 0 }];
  const { from, to } = periodDays('6m', now);
  const data = (list: Order[], extra: DayTotals[] = clicks) => ({ funnels, orders: list, inventory, totals: periodTotalsOf([...salesDaysOf(list), ...extra], from, to), months: monthRowsOf(list, { from: from.slice(0, 7), to: to.slice(0, 7) }) });
  const summary = analyticsSummary(data(mine), '6m', now);

  it('the sample workspace’s unattributed sales count for nothing: no revenue, no ROI, no conversion', () => {
    const sample = analyticsSummary(data(orders, []), '6m', now);
    expect(sample.funnelCount).toBe(6);
    expect(sample.results).toMatchObject({ revenue: 0, cost: 0, roi: null, conversion: null, orders: 0, clicks: 0 });
    expect(sample.roiTrend.every((p) => p.roi === null)).toBe(true);
  });
  it('revenue is the attributed sales’ subtotals; cost the gifts at unit cost plus shipping; ROI and conversion from them', () => {
    expect(summary.results).toMatchObject({ revenue: 150, cost: 28, orders: 2, clicks: 40 });
    expect(summary.results.roi).toBeCloseTo((150 - 28) / 28, 10);
    expect(summary.results.conversion).toBe(2 / 40);
    expect(summary.funnel).toEqual({ impressions: 2_485_000, clicks: 40, orders: 2 });
  });
  it('trends ROI by month from each month’s revenue and cost', () => {
    expect(summary.roiTrend.map((p) => p.month)).toEqual(['2025-10', '2025-11', '2025-12', '2026-01', '2026-02', '2026-03']);
    expect(summary.roiTrend.map((p) => p.roi)).toEqual([null, null, null, null, 2.57, null]);
    expect(summary.roiTrend.map((p) => p.revenue)).toEqual([0, 0, 0, 0, 100, 50]);
  });
  it('counts each engagement’s commission and flat fee in the cost: the sample’s 10% and $500 for Emma Davis', () => {
    const termed = analyticsSummary({ ...data(mine), funnels: sampleWithTerms }, '6m', now);
    // 28 of gifts, the $500 fee in Emma's start month (December) and 10% of her $50 March sale.
    expect(termed.results).toMatchObject({ revenue: 150, cost: 533, commission: 505 });
    expect(termed.byCreator.get('CR12347')).toMatchObject({ revenue: 50, cost: 505, commission: 505 });
    expect(termed.roiTrend.map((p) => p.cost)).toEqual([0, 0, 500, 0, 28, 5]);
    expect(termed.roiTrend.map((p) => p.roi)).toEqual([null, null, -1, null, 2.57, 9]);
    expect(termed.byCampaignType.find((row) => row.type === 'Unboxing Video')?.results.cost).toBe(505);
  });
  it('changes when a sale is cancelled', () => {
    const cancelled = mine.map((o) => (o.id === 's2' ? { ...o, status: 'Canceled' as const } : o));
    const after = analyticsSummary(data(cancelled), '6m', now);
    expect(after.results).toMatchObject({ revenue: 100, orders: 1 });
    const emma = after.heatmap.find((r) => r.creatorId === 'CR12347')!;
    expect(emma.cells.find((c) => c.metric === 'sales')).toEqual({ metric: 'sales', raw: null, score: null });
  });
  it('leaves out funnels, sales and gifts outside the period', () => {
    const old = funnels.map((f) => ({ ...f, startDate: '2024-01-01T00:00:00Z', dueDate: '2024-06-01T00:00:00Z' }));
    const oldOrders = mine.map((o) => ({ ...o, createdAt: '2024-01-01T00:00:00Z' }));
    const empty = analyticsSummary({ ...data(oldOrders, []), funnels: old }, '12m', now);
    expect(empty).toMatchObject({ funnelCount: 0, results: { revenue: 0, cost: 0, roi: null, conversion: null }, funnel: { impressions: 0, clicks: 0, orders: 0 }, heatmap: [] });
  });
});

describe('heatmap (spec §9: 3.8 to 4.5, white text above 3.5)', () => {
  const measured = new Map([
    ['CR12345', { ...NO_RESULTS, revenue: 100, orders: 1, cost: 50, roi: 1, clicks: 10, conversion: 0.1 }],
    ['CR12347', { ...NO_RESULTS, revenue: 300, orders: 3, cost: 50, roi: 5, clicks: 10, conversion: 0.3 }],
  ]);
  it('scales each metric across the creators with a figure; a creator without one has none', () => {
    const rows = performanceHeatmap(funnels, measured);
    const engagement = rows.map((r) => r.cells[0].score as number);
    expect(Math.min(...engagement)).toBe(3.8);
    expect(Math.max(...engagement)).toBe(4.5);
    const sales = (id: string) => rows.find((r) => r.creatorId === id)?.cells.find((c) => c.metric === 'sales');
    expect(sales('CR12347')).toEqual({ metric: 'sales', raw: 300, score: 4.5 });
    expect(sales('CR12345')).toEqual({ metric: 'sales', raw: 100, score: 3.8 });
    expect(sales('CR12346')).toEqual({ metric: 'sales', raw: null, score: null });
    expect(rows.find((r) => r.creatorId === 'CR12347')?.cells.find((c) => c.metric === 'conversion')?.raw).toBe(30);
  });
  it('equal values sit in the middle; a missing one has no score', () => {
    expect(scaleToHeatmap([2, 2])).toEqual([4.15, 4.15]);
    expect(scaleToHeatmap([null, 2])).toEqual([null, 4.15]);
    expect(heatmapTextIsWhite(null)).toBe(false);
  });
  it('property: every score lies within 3.8..4.5 and so has white text', () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: 0, max: 1e7, noNaN: true }), { minLength: 1, maxLength: 20 }), (values) => {
        for (const score of scaleToHeatmap(values)) {
          expect(score).toBeGreaterThanOrEqual(3.8);
          expect(score).toBeLessThanOrEqual(4.5);
          expect(heatmapTextIsWhite(score)).toBe(true);
        }
      }),
    );
    expect(heatmapTextIsWhite(3.5)).toBe(false);
  });
});

describe('AI Next Best Actions', () => {
  it('are three fixed cards', () => {
    expect(NEXT_BEST_ACTIONS).toHaveLength(3);
  });
});
