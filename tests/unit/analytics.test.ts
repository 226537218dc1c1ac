import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  analyticsSummary,
  conversionFunnel,
  heatmapTextIsWhite,
  monthBuckets,
  parsePeriod,
  performanceHeatmap,
  scaleToHeatmap,
} from '../../lib/domain/analytics';
import type { Order } from '../../lib/domain/types';
import { sampleFunnels, sampleOrders } from '../../lib/sample/workspace';
import { NEXT_BEST_ACTIONS } from '../../lib/sample/analytics';

const now = new Date('2026-03-10T12:00:00Z');
const funnels = sampleFunnels(now);
const orders = sampleOrders(now);

describe('periods (spec §9)', () => {
  it('defaults to 6 months and knows 12 months', () => {
    expect(parsePeriod(undefined)).toBe('6m');
    expect(parsePeriod('bogus')).toBe('6m');
    expect(parsePeriod('12m')).toBe('12m');
    expect(monthBuckets('6m', now).map((m) => m.label)).toEqual(['Oct 2025', 'Nov 2025', 'Dec 2025', 'Jan 2026', 'Feb 2026', 'Mar 2026']);
    expect(monthBuckets('12m', now)).toHaveLength(12);
  });
});

describe('analyticsSummary of the sample workspace', () => {
  const summary = analyticsSummary(funnels, orders, '6m', now);
  it('averages conversion rate and ROI of the funnels in the period', () => {
    expect(summary.funnelCount).toBe(6);
    expect(summary.conversionRate).toBe(3.97);
    expect(summary.averageRoi).toBe(3.15);
  });
  it('builds the conversion funnel from reach, engagement and orders', () => {
    expect(summary.funnel).toEqual({ impressions: 2_485_000, clicks: 188_464, orders: 3 });
    expect(summary.revenue).toBe(532.36);
  });
  it('trends ROI by month from the funnels running in each month', () => {
    expect(summary.roiTrend.map((p) => p.roi)).toEqual([null, null, 4.1, 3.75, 3.4, 3.15]);
    expect(summary.roiTrend.at(-1)?.orders).toBe(3);
  });
  it('changes when an order is canceled', () => {
    const canceled: Order[] = orders.map((o) => (o.id === 'ord_3' ? { ...o, status: 'Canceled' } : o));
    const after = analyticsSummary(funnels, canceled, '6m', now);
    expect(after.funnel.orders).toBe(2);
    expect(after.revenue).toBe(427.07);
    const emma = after.heatmap.find((r) => r.creatorId === 'CR12347')!;
    expect(emma.cells.find((c) => c.metric === 'sales')?.raw).toBe(0);
  });
  it('leaves out funnels and orders outside the period', () => {
    const old = funnels.map((f) => ({ ...f, startDate: '2024-01-01T00:00:00Z', dueDate: '2024-06-01T00:00:00Z' }));
    const oldOrders = orders.map((o) => ({ ...o, createdAt: '2024-01-01T00:00:00Z' }));
    const empty = analyticsSummary(old, oldOrders, '12m', now);
    expect(empty).toMatchObject({ funnelCount: 0, conversionRate: null, averageRoi: null, funnel: { impressions: 0, clicks: 0, orders: 0 }, heatmap: [] });
  });
});

describe('heatmap (spec §9: 3.8 to 4.5, white text above 3.5)', () => {
  it('scales each metric across creators', () => {
    const rows = performanceHeatmap(funnels, orders);
    const engagement = rows.map((r) => r.cells[0].score);
    expect(Math.min(...engagement)).toBe(3.8);
    expect(Math.max(...engagement)).toBe(4.5);
    expect(rows.find((r) => r.creatorId === 'CR12347')?.cells.find((c) => c.metric === 'sales')).toEqual({ metric: 'sales', raw: 105.29, score: 4.5 });
  });
  it('equal values sit in the middle', () => {
    expect(scaleToHeatmap([2, 2])).toEqual([4.15, 4.15]);
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
  it('property: orders never count negative clicks or impressions', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 5 }), (canceled) => {
        const some = orders.map((o, i) => (i < canceled ? { ...o, status: 'Refunded' as const } : o));
        const result = conversionFunnel(funnels, some);
        expect(result.orders).toBe(Math.max(0, orders.length - canceled));
      }),
    );
  });
});

describe('AI Next Best Actions', () => {
  it('are three fixed cards', () => {
    expect(NEXT_BEST_ACTIONS).toHaveLength(3);
  });
});
