// Measured results (lib/domain/results.ts): what an attributed sale adds to its funnel's day,
// how a write moves the kept totals, and a period's revenue, cost, ROI and conversion per
// creator, per campaign type, per month and overall.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { commissionCosts, monthRowsOf, salesByFunnel } from '../../lib/domain/commission';
import { daySpan, daysFrom, sumMeasured, giftCostOf, missingReason, periodResults, periodTotalsOf, saleContribution, salesDaysOf, salesDelta, type PeriodTotals } from '../../lib/domain/results';
import type { Order } from '../../lib/domain/types';
import { sampleFunnels, sampleInventory, sampleOrders } from '../../lib/sample/workspace';
import { attributedSale, attributionTo, giftTo } from '../helpers/orders';

const NOW = new Date('2026-03-10T12:00:00Z');
const funnels = sampleFunnels(NOW);
const inventory = sampleInventory(NOW);
const base = sampleOrders(NOW)[0];
const attribution = attributionTo;
const sale = attributedSale;
const gift = giftTo;
const NONE: PeriodTotals = { funnels: [], days: [] };

describe('what a sale adds to its funnel’s day', () => {
  it('an attributed sale: its subtotal (after discounts, no tax or shipping) on the UTC day it was made', () => {
    expect(saleContribution(sale('s1', 'CR12345', 80, '2026-03-01T23:30:00-05:00'))).toEqual({ funnelId: 'CR12345', day: '2026-03-02', orders: 1, revenueCents: 8000 });
  });
  it('refunds take back exactly what they refund; a wholly refunded or cancelled sale no longer counts as an order', () => {
    expect(saleContribution(sale('s1', 'F', 80, '2026-03-01T10:00:00Z', { refunds: [{ id: 'r1', amount: 30.1 }] }))).toMatchObject({ orders: 1, revenueCents: 4990 });
    expect(saleContribution(sale('s1', 'F', 80, '2026-03-01T10:00:00Z', { refunds: [{ id: 'r1', amount: 30 }, { id: 'r2', amount: 50 }] }))).toMatchObject({ orders: 0, revenueCents: 0 });
    expect(saleContribution(sale('s1', 'F', 80, '2026-03-01T10:00:00Z', { status: 'Refunded' }))).toMatchObject({ orders: 0, revenueCents: 0 });
    expect(saleContribution(sale('s1', 'F', 80, '2026-03-01T10:00:00Z', { status: 'Canceled' }))).toMatchObject({ orders: 0, revenueCents: 0 });
  });
  it('a gift, or a sale attributed to no one, adds nothing', () => {
    expect(saleContribution(gift('g1', 'CR12345', '2026-03-01T10:00:00Z'))).toBeNull();
    expect(saleContribution({ ...base })).toBeNull();
  });
  it('a write moves the totals by what it changed: a partial refund, a new attribution, a deletion', () => {
    const before = sale('s1', 'A', 100, '2026-03-01T10:00:00Z');
    expect(salesDelta([before], [{ ...before, refunds: [{ id: 'r', amount: 25 }] }])).toEqual([{ funnelId: 'A', day: '2026-03-01', orders: 0, revenueCents: -2500 }]);
    expect(salesDelta([before], [{ ...before, attribution: attribution('B') }])).toEqual([
      { funnelId: 'A', day: '2026-03-01', orders: -1, revenueCents: -10000 },
      { funnelId: 'B', day: '2026-03-01', orders: 1, revenueCents: 10000 },
    ]);
    expect(salesDelta([before], [])).toEqual([{ funnelId: 'A', day: '2026-03-01', orders: -1, revenueCents: -10000 }]);
    expect(salesDelta([before], [{ ...before, status: 'Shipped' }])).toEqual([]);
  });
  it('property: applying each write’s delta in turn gives the totals of the orders as they end', () => {
    const state = fc.record({ funnel: fc.constantFrom('A', 'B'), subtotal: fc.integer({ min: 0, max: 100_000 }).map((c) => c / 100), refund: fc.integer({ min: 0, max: 100_000 }).map((c) => c / 100), status: fc.constantFrom('New', 'Canceled', 'Refunded', 'Shipped') });
    fc.assert(
      fc.property(fc.array(state, { minLength: 1, maxLength: 12 }), (states) => {
        const orders = states.map((x) => sale('s', x.funnel, x.subtotal, '2026-03-01T10:00:00Z', { status: x.status as Order['status'], refunds: x.refund ? [{ id: 'r', amount: x.refund }] : [] }));
        const kept = new Map<string, number>();
        orders.forEach((order, i) => {
          for (const d of salesDelta(i ? [orders[i - 1]] : [], [order])) kept.set(d.funnelId, (kept.get(d.funnelId) ?? 0) + d.revenueCents);
        });
        const last = saleContribution(orders.at(-1)!)!;
        expect(kept.get(last.funnelId) ?? 0).toBe(last.revenueCents);
        for (const [funnel, cents] of kept) if (funnel !== last.funnelId) expect(cents).toBe(0);
      }),
    );
  });
});

describe('a gift’s cost', () => {
  it('its items at the inventory unit cost plus its shipping cost; an item without a unit cost is counted 0 and said', () => {
    expect(giftCostOf(gift('g', 'CR12345', '2026-03-01T10:00:00Z'), inventory)).toEqual({ cost: 44.95, missingUnitCosts: 0 });
    expect(giftCostOf(gift('g', 'CR12345', '2026-03-01T10:00:00Z'), inventory.map((i) => ({ ...i, unitCost: undefined })))).toEqual({ cost: 8.95, missingUnitCosts: 1 });
  });
});

describe('a period’s results', () => {
  const from = '2026-02-01';
  const to = '2026-03-10';
  const orders = [
    gift('g1', 'CR12345', '2026-02-10T10:00:00Z'), // 44.95
    gift('g2', 'CR12347', '2026-03-05T10:00:00Z', { shippingCost: 5 }), // 41
    gift('g3', 'CR12347', '2026-03-06T10:00:00Z', { status: 'Canceled' }),
    gift('g4', 'CR12347', '2025-12-06T10:00:00Z'),
  ];
  const days = salesDaysOf([sale('s1', 'CR12345', 100, '2026-02-11T10:00:00Z'), sale('s2', 'CR12345', 60.5, '2026-03-02T10:00:00Z'), sale('s3', 'CR12347', 20, '2026-03-03T10:00:00Z', { refunds: [{ id: 'r', amount: 5 }] })]);
  const clicks = [
    { funnelId: 'CR12345', day: '2026-02-11', clicks: 40, visitors: 30, orders: 0, revenue: 0 },
    { funnelId: 'CR12347', day: '2026-03-03', clicks: 10, visitors: 10, orders: 0, revenue: 0 },
    { funnelId: 'CR12347', day: '2026-01-03', clicks: 999, visitors: 999, orders: 0, revenue: 0 },
  ];
  const totals = periodTotalsOf([...days, ...clicks], from, to);
  const report = periodResults({ funnels, orders, inventory, totals, from, to });

  it('overall: attributed revenue, gift cost, ROI = (revenue − cost) / cost, conversion = orders / clicks', () => {
    expect(report.overall).toMatchObject({ revenue: 175.5, cost: 85.95, clicks: 50, visitors: 40, orders: 3, gifts: 2 });
    expect(report.overall.roi).toBeCloseTo((175.5 - 85.95) / 85.95, 10);
    expect(report.overall.conversion).toBe(3 / 50);
  });
  it('per creator and per campaign type', () => {
    expect(report.byCreator.get('CR12345')).toMatchObject({ revenue: 160.5, cost: 44.95, clicks: 40, orders: 2, conversion: 0.05 });
    expect(report.byCreator.get('CR12347')).toMatchObject({ revenue: 15, cost: 41, clicks: 10, orders: 1 });
    expect(report.byCampaignType.map((row) => [row.type, row.results.revenue, row.results.cost])).toEqual([
      ['Sponsored Post', 160.5, 44.95],
      ['Unboxing Video', 15, 41],
    ]);
  });
  it('per month', () => {
    expect(report.byMonth.get('2026-02')).toMatchObject({ revenue: 100, cost: 44.95, orders: 1, clicks: 40 });
    expect(report.byMonth.get('2026-03')).toMatchObject({ revenue: 75.5, cost: 41, orders: 2, clicks: 10 });
    expect(report.byMonth.has('2026-01')).toBe(false);
  });
  it('with no cost there is no ROI, and with no clicks no conversion: null, never 0 or a typed figure', () => {
    const noCost = periodResults({ funnels, orders: [], inventory, totals, from, to });
    expect(noCost.overall.roi).toBeNull();
    expect(noCost.overall.revenue).toBe(175.5);
    // Revenue without a cost: the ROI card says "—" for this reason, never a number.
    expect(missingReason(noCost.overall, 'roi')).toBe('noCost');
    expect(missingReason(noCost.overall, 'revenue')).toBeNull();
    expect(missingReason(report.overall, 'roi')).toBeNull();
    const nothing = periodResults({ funnels, orders: [], inventory, totals: NONE, from, to });
    expect(nothing.overall).toMatchObject({ revenue: 0, cost: 0, roi: null, conversion: null, clicks: 0, orders: 0 });
    expect(nothing.byCampaignType).toEqual([]);
  });
  it('days of a range, every one listed, and totals summed to the cent', () => {
    expect(daysFrom('2026-02-27', '2026-03-02')).toEqual(['2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02']);
    expect(daysFrom('2026-03-02', '2026-03-01')).toEqual([]);
    expect(daySpan('2025-03-02', '2026-03-02')).toBe(365);
    expect(sumMeasured([{ clicks: 1, visitors: 1, orders: 1, revenue: 0.1 }, { clicks: 2, visitors: 1, orders: 0, revenue: 0.2 }])).toEqual({ clicks: 3, visitors: 2, orders: 1, revenue: 0.3 });
  });
});

describe('commission and flat fees in the cost', () => {
  const from = '2026-02-01';
  const to = '2026-03-10';
  const range = { from: '2026-02', to: '2026-03' };
  // 12.5% of 33.33 is 4.16625: rounded once, half up, to 4.17; of 60.50 it is 7.5625 → 7.56.
  const sales = [sale('s1', 'CR12345', 33.33, '2026-02-11T10:00:00Z'), sale('s2', 'CR12345', 60.5, '2026-03-02T10:00:00Z'), sale('s3', 'CR12347', 20, '2026-03-03T10:00:00Z')];
  const totals = periodTotalsOf(salesDaysOf(sales), from, to);
  const months = salesByFunnel(monthRowsOf(sales, range));
  const noTerms = funnels.map(({ commissionPercent: _percent, flatFee: _fee, ...f }) => f);
  const termed = noTerms.map((f) =>
    f.id === 'CR12345' ? { ...f, commissionPercent: 12.5, startDate: '2026-01-20' } : f.id === 'CR12347' ? { ...f, flatFee: 250, startDate: '2026-03-04T00:00:00Z' } : f,
  );

  it('commission is the percentage of each month’s attributed net sales, rounded once half up to the cent; a flat fee falls in the start month', () => {
    expect(commissionCosts(termed, months, range, to)).toEqual([
      { funnelId: 'CR12345', month: '2026-02', commission: 4.17, flatFee: 0 },
      { funnelId: 'CR12345', month: '2026-03', commission: 7.56, flatFee: 0 },
      { funnelId: 'CR12347', month: '2026-03', commission: 0, flatFee: 250 },
    ]);
    // A flat fee whose start day has not come is not a cost yet; a fee before the period is not this period's.
    expect(commissionCosts(termed, months, range, '2026-03-03')).toHaveLength(2);
    expect(commissionCosts(termed, months, { from: '2026-04', to: '2026-05' }, '2026-05-01')).toEqual([]);
  });

  it('joins the cost per creator, per campaign type, per month and overall, and ROI follows', () => {
    const commission = commissionCosts(termed, months, range, to);
    const report = periodResults({ funnels: termed, orders: [], inventory, totals, commission, from, to });
    expect(report.overall).toMatchObject({ revenue: 113.83, cost: 261.73, commission: 261.73 });
    expect(report.overall.roi).toBeCloseTo((113.83 - 261.73) / 261.73, 10);
    expect(report.byCreator.get('CR12345')).toMatchObject({ revenue: 93.83, cost: 11.73, commission: 11.73 });
    expect(report.byCreator.get('CR12347')).toMatchObject({ revenue: 20, cost: 250 });
    expect(report.byCampaignType.find((row) => row.type === 'Unboxing Video')?.results.cost).toBe(250);
    expect(report.byMonth.get('2026-02')).toMatchObject({ cost: 4.17 });
    expect(report.byMonth.get('2026-03')).toMatchObject({ cost: 257.56 });
  });

  it('with no terms and no gifts the cost is 0 and ROI has no value ("—"), never 0', () => {
    const commission = commissionCosts(noTerms, months, range, to);
    expect(commission).toEqual([]);
    const report = periodResults({ funnels: noTerms, orders: [], inventory, totals, commission, from, to });
    expect(report.overall).toMatchObject({ revenue: 113.83, cost: 0, commission: 0, roi: null });
    expect(missingReason(report.overall, 'roi')).toBe('noCost');
  });
});
