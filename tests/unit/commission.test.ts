// Commission and what is owed: terms, the ledger by month (cents, months, flat fee, payments
// beyond the balance), the export of a period, and what a creator's portal shows.
import { describe, expect, it } from 'vitest';
import {
  attributedSalesByMonth,
  creatorLedger,
  creatorResults,
  ledgerMonths,
  OWED_CSV_HEADERS,
  owedCsvRows,
  owedForPeriod,
  shiftMonth,
  validateCommissionTerms,
  validateMonthRange,
  validatePayment,
  withCommissionTerms,
} from '../../lib/domain/commission';
import { toCsv } from '../../lib/csv';
import type { Funnel, Order } from '../../lib/domain/types';
import { sampleWorkspace } from '../../lib/sample';
import { attributedSale } from '../helpers/orders';

/** A sale attributed to `funnelId`, made at `createdAt`. */
const sale = (id: string, funnelId: string, createdAt: string, subtotal: number, extra: Partial<Order> = {}) => attributedSale(id, funnelId, subtotal, createdAt, extra);

describe('commission terms', () => {
  it('takes a percentage from 0 to 100 to 2 decimals and a flat fee to the cent', () => {
    expect(validateCommissionTerms({ commissionPercent: 12.5, flatFee: 250 })).toEqual({ ok: true, value: { commissionPercent: 12.5, flatFee: 250 } });
    expect(validateCommissionTerms({ commissionPercent: 0.01 })).toMatchObject({ ok: true, value: { commissionPercent: 0.01 } });
    expect(validateCommissionTerms({ commissionPercent: 100, flatFee: null })).toEqual({ ok: true, value: { commissionPercent: 100 } });
  });

  it('refuses a percentage outside 0-100 or finer than a hundredth, and a negative or sub-cent fee, naming the field', () => {
    for (const commissionPercent of [-1, 100.01, 10.005, Number.NaN]) expect(validateCommissionTerms({ commissionPercent })).toMatchObject({ ok: false, params: { field: 'commissionPercent' } });
    for (const flatFee of [-0.01, 10.001, Number.POSITIVE_INFINITY]) expect(validateCommissionTerms({ flatFee })).toMatchObject({ ok: false, params: { field: 'flatFee' } });
  });

  it('removes a term given as null', () => {
    const funnel = { ...sampleWorkspace(new Date('2026-03-01T00:00:00Z')).collections.funnels[0], commissionPercent: 10, flatFee: 100 } as Funnel;
    const result = withCommissionTerms(funnel, { commissionPercent: null, flatFee: 50 }, new Date('2026-03-01T00:00:00Z'));
    expect(result.ok && result.value.commissionPercent).toBeUndefined();
    expect(result.ok && result.value.flatFee).toBe(50);
  });
});

describe('the ledger', () => {
  const today = '2026-05-20';

  it('puts each sale in the month it was placed, refunds taken back in that month, cancelled ones at 0', () => {
    const sales = attributedSalesByMonth([
      sale('a', 'F1', '2026-03-02T10:00:00Z', 100),
      sale('b', 'F1', '2026-03-31T23:59:59Z', 50, { refunds: [{ id: 'r1', amount: 20 }] }),
      sale('c', 'F1', '2026-04-01T00:00:00Z', 80, { status: 'Canceled' }),
      sale('d', 'F2', '2026-04-05T00:00:00Z', 999),
      { ...sale('e', 'F1', '2026-04-05T00:00:00Z', 70), kind: 'gift' },
    ]);
    expect(sales.get('F1')).toEqual([
      { month: '2026-03', netSales: 130, orders: 2 },
      { month: '2026-04', netSales: 0, orders: 0 },
    ]);
    expect(sales.get('F2')).toEqual([{ month: '2026-04', netSales: 999, orders: 1 }]);
  });

  it('rounds each month’s commission half up to the cent, once, on the month’s total', () => {
    // 12.5% of 0.20 is 0.025: half a cent rounds up to 0.03. Three sales of 0.07 at 12.5% would round to 0.03 if taken one by one (3 × 0.01); on the total 0.21 it is 0.02625 → 0.03.
    const ledger = creatorLedger({
      terms: { commissionPercent: 12.5 },
      startDate: '2026-01-01',
      sales: [
        { month: '2026-03', netSales: 0.2, orders: 1 },
        { month: '2026-04', netSales: 0.21, orders: 3 },
        { month: '2026-05', netSales: 33.33, orders: 1 },
      ],
      payments: [],
      today,
    });
    expect(ledger.months.map((m) => m.commission)).toEqual([0.03, 0.03, 4.17]);
    expect(ledger.commission).toBe(4.23);
  });

  it('earns the flat fee once, in the month the engagement starts, and only once that day has come', () => {
    const base = { terms: { commissionPercent: 10, flatFee: 250 }, sales: [{ month: '2026-04', netSales: 1000, orders: 4 }], payments: [], today };
    const started = creatorLedger({ ...base, startDate: '2026-03-15' });
    expect(started.months.map((m) => [m.month, m.commission, m.flatFee, m.earned])).toEqual([
      ['2026-03', 0, 250, 250],
      ['2026-04', 100, 0, 100],
    ]);
    expect(started.earned).toBe(350);
    const notYet = creatorLedger({ ...base, startDate: '2026-06-01' });
    expect(notYet.flatFees).toBe(0);
    expect(notYet.earned).toBe(100);
  });

  it('keeps a running balance, and a payment larger than the balance leaves it below 0 (paid ahead)', () => {
    const ledger = creatorLedger({
      terms: { commissionPercent: 10 },
      startDate: '2026-03-01',
      sales: [
        { month: '2026-03', netSales: 500, orders: 2 },
        { month: '2026-05', netSales: 300, orders: 1 },
      ],
      payments: [
        { paidOn: '2026-04-02', amount: 50 },
        { paidOn: '2026-04-20', amount: 20.01 },
      ],
      today,
    });
    expect(ledger.months.map((m) => [m.month, m.earned, m.paid, m.balance])).toEqual([
      ['2026-03', 50, 0, 50],
      ['2026-04', 0, 70.01, -20.01],
      ['2026-05', 30, 0, 9.99],
    ]);
    expect([ledger.earned, ledger.paid, ledger.balance]).toEqual([80, 70.01, 9.99]);
  });

  it('has no months and a 0 balance with no terms, sales or payments', () => {
    expect(creatorLedger({ terms: {}, startDate: '2026-03-01', sales: [], payments: [], today })).toMatchObject({ months: [], earned: 0, paid: 0, balance: 0 });
  });
});

describe('payments', () => {
  it('takes a past or present date, an amount above 0 to the cent, and a reference', () => {
    expect(validatePayment({ paidOn: '2026-05-20', amount: 120.5, reference: '  WIRE-77 ' }, '2026-05-20')).toEqual({ ok: true, value: { paidOn: '2026-05-20', amount: 120.5, reference: 'WIRE-77' } });
    expect(validatePayment({ paidOn: '2026-05-21', amount: 1, reference: 'x' }, '2026-05-20')).toMatchObject({ ok: false, params: { field: 'paidOn' } });
    expect(validatePayment({ paidOn: '2026-02-30', amount: 1, reference: 'x' }, '2026-05-20')).toMatchObject({ ok: false, params: { field: 'paidOn' } });
    expect(validatePayment({ paidOn: '2026-05-01', amount: 0, reference: 'x' }, '2026-05-20')).toMatchObject({ ok: false, params: { field: 'amount' } });
    expect(validatePayment({ paidOn: '2026-05-01', amount: 1.005, reference: 'x' }, '2026-05-20')).toMatchObject({ ok: false, params: { field: 'amount' } });
    expect(validatePayment({ paidOn: '2026-05-01', amount: 1, reference: '  ' }, '2026-05-20')).toMatchObject({ ok: false, params: { field: 'reference' } });
  });
});

describe('what is owed for a period', () => {
  const funnels = [
    { id: 'F1', creatorName: 'Sarah', creatorHandle: '@sarah', discountCode: 'SARAH', startDate: '2026-02-10', commissionPercent: 10, flatFee: 100 },
    { id: 'F2', creatorName: '=HYPERLINK("x")', creatorHandle: '@eve', discountCode: 'EVE', startDate: '2026-04-01' },
    { id: 'F3', creatorName: 'Quiet', creatorHandle: '@quiet', discountCode: 'QUIET', startDate: '2026-04-01' },
  ];
  const orders = [sale('a', 'F1', '2026-02-11T00:00:00Z', 1000), sale('b', 'F1', '2026-03-05T00:00:00Z', 200), sale('c', 'F2', '2026-03-06T00:00:00Z', 10)];
  const payments = [
    { funnelId: 'F1', paidOn: '2026-02-28', amount: 150 },
    { funnelId: 'F1', paidOn: '2026-04-02', amount: 20 },
  ];

  it('sums the period’s months and gives the balance at its end, earlier months unpaid included', () => {
    const rows = owedForPeriod(funnels, attributedSalesByMonth(orders), payments, { from: '2026-03', to: '2026-03' }, '2026-05-01');
    // F1: Feb earned 100 + 100 fee, paid 150 → 50 carried; Mar earned 20 → balance 70.
    expect(rows.find((r) => r.handle === '@sarah')).toEqual({ creator: 'Sarah', handle: '@sarah', code: 'SARAH', netSales: 200, commission: 20, flatFees: 0, paid: 0, balance: 70 });
    // F2 has sales but no terms: listed with nothing earned. F3 has neither: left out.
    expect(rows.find((r) => r.handle === '@eve')).toMatchObject({ netSales: 10, commission: 0, balance: 0 });
    expect(rows.some((r) => r.handle === '@quiet')).toBe(false);
  });

  it('writes formula-safe CSV cells under its headers', () => {
    const rows = owedForPeriod(funnels, attributedSalesByMonth(orders), payments, { from: '2026-02', to: '2026-04' }, '2026-05-01');
    const csv = toCsv(OWED_CSV_HEADERS, owedCsvRows(rows));
    expect(csv.split(/\r?\n/)[0]).toBe('Creator,Handle,Code,Net Sales,Commission,Flat Fees,Paid,Balance');
    expect(csv).toContain("'=HYPERLINK");
    expect(csv).toContain("Sarah,'@sarah,SARAH,1200.00,120.00,100.00,170.00,50.00");
  });

  it('refuses a period whose first month is after its last, or longer than ten years', () => {
    expect(validateMonthRange({ from: '2026-05', to: '2026-04' })).toMatchObject({ ok: false, params: { field: 'to' } });
    expect(validateMonthRange({ from: '2016-12', to: '2026-11' })).toMatchObject({ ok: true });
    expect(validateMonthRange({ from: '2016-11', to: '2026-11' })).toMatchObject({ ok: false, error: 'A period covers at most 120 months', params: { field: 'to' } });
    expect(shiftMonth('2026-01', -1)).toBe('2025-12');
    expect(shiftMonth('2026-11', 14)).toBe('2028-01');
    expect(ledgerMonths('2026-11')).toEqual({ from: '2016-12', to: '2026-11' });
    expect(validateMonthRange({ from: '2026-13', to: '2026-14' })).toMatchObject({ ok: false, params: { field: 'from' } });
  });
});

describe('the creator’s results', () => {
  it('counts this month and in total, earnings including the flat fee', () => {
    const results = creatorResults({
      code: 'SARAH',
      link: 'https://cf.example/r/SARAH?w=ws',
      terms: { commissionPercent: 10, flatFee: 50 },
      startDate: '2026-04-03',
      sales: [
        { month: '2026-04', netSales: 300, orders: 2 },
        { month: '2026-05', netSales: 99.99, orders: 1 },
      ],
      clicks: [
        { month: '2026-04', clicks: 40 },
        { month: '2026-05', clicks: 7 },
      ],
      today: '2026-05-20',
    });
    expect(results.thisMonth).toEqual({ clicks: 7, orders: 1, earned: 10 });
    expect(results.total).toEqual({ clicks: 47, orders: 3, earned: 90 });
  });
});
