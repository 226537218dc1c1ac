// Commission and what is owed to creators: each engagement's terms (a percentage of its
// attributed net sales and/or a flat fee), a ledger per engagement by month (earned, paid,
// balance), and the export of what is owed for a period. Creatorflow records payments an Admin
// made elsewhere; it never moves money. Pure; amounts are dollars in, summed in whole cents.
import { attributedRevenue, commissionFor, countsAsAttributedOrder, saleAmountsOf, toCents, toDollars } from './sales';
import { accept, ok, refuseField, type CreatorPayment, type Funnel, type Order, type Result } from './types';

/** An engagement's commission terms; either may be absent. */
export type CommissionTerms = Pick<Funnel, 'commissionPercent' | 'flatFee'>;

/** The largest flat fee or payment accepted: far above any real one, so a typo of extra zeros is caught. */
export const MAX_AMOUNT = 10_000_000;
const MAX_REFERENCE = 100;


/** Whether `value` has at most two decimals (a percentage to the hundredth, an amount to the cent). */
const twoDecimals = (value: number) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;

/**
 * Terms as staff enter them: a percentage from 0 to 100 with up to 2 decimals, and a flat fee
 * of at least 0 to the cent; null (or undefined) leaves that term out.
 */
export function validateCommissionTerms(terms: { commissionPercent?: number | null; flatFee?: number | null }): Result<CommissionTerms> {
  const { commissionPercent: percent, flatFee: fee } = terms;
  if (percent !== null && percent !== undefined && (!Number.isFinite(percent) || percent < 0 || percent > 100 || !twoDecimals(percent)))
    return refuseField('domain.commission.percent', 'commissionPercent');
  if (fee !== null && fee !== undefined && (!Number.isFinite(fee) || fee < 0 || fee > MAX_AMOUNT || !twoDecimals(fee))) return refuseField('domain.commission.flatFee', 'flatFee');
  return ok({
    ...(percent !== null && percent !== undefined ? { commissionPercent: Math.round(percent * 100) / 100 } : {}),
    ...(fee !== null && fee !== undefined ? { flatFee: toDollars(toCents(fee)) } : {}),
  });
}

/** The funnel with these terms (a term left out is removed). */
export function withCommissionTerms(funnel: Funnel, terms: { commissionPercent?: number | null; flatFee?: number | null }, now: Date): Result<Funnel> {
  const checked = validateCommissionTerms(terms);
  if (!checked.ok) return checked;
  const { commissionPercent: _percent, flatFee: _fee, ...rest } = funnel;
  return accept({ ...rest, ...checked.value, lastUpdated: now.toISOString() }, 'domain.commission.saved');
}

/** What an Admin enters when marking a payment. */
export interface PaymentDraft {
  paidOn: string;
  amount: number;
  reference: string;
}

const isDay = (text: string) => /^\d{4}-\d{2}-\d{2}$/.test(text) && !Number.isNaN(Date.parse(`${text}T00:00:00Z`)) && new Date(`${text}T00:00:00Z`).toISOString().slice(0, 10) === text;

/**
 * A payment: a real date not after `today` (it records money already paid), an amount above 0
 * to the cent, and a reference of 1 to 100 characters. It may be more than the balance: an
 * advance is a real payment, and a refund after a payment lowers what was earned anyway.
 */
export function validatePayment(draft: PaymentDraft, today: string): Result<PaymentDraft> {
  if (!isDay(draft.paidOn)) return refuseField('domain.commission.paidOn', 'paidOn');
  if (draft.paidOn > today) return refuseField('domain.commission.paidOnFuture', 'paidOn');
  if (!Number.isFinite(draft.amount) || draft.amount <= 0 || draft.amount > MAX_AMOUNT || !twoDecimals(draft.amount)) return refuseField('domain.commission.amount', 'amount');
  const reference = draft.reference.trim();
  if (!reference || reference.length > MAX_REFERENCE) return refuseField('domain.commission.reference', 'reference', { max: MAX_REFERENCE });
  return ok({ paidOn: draft.paidOn, amount: toDollars(toCents(draft.amount)), reference });
}

// ---------- Months ----------

/** yyyy-MM of an ISO date or timestamp, in UTC (the month a sale, a start or a payment falls in). */
export const monthOf = (iso: string) => iso.slice(0, 7);

/** An engagement's attributed sales in one month. */
export interface MonthSales {
  month: string;
  /** Net of discounts and refunds, without tax and shipping. */
  netSales: number;
  /** Attributed orders that still count (not cancelled, not wholly refunded). */
  orders: number;
}

type SaleFields = Pick<Order, 'kind' | 'attribution' | 'subtotal' | 'status' | 'refunds' | 'createdAt'>;

/**
 * Attributed sales by engagement and month: each sale in the month it was placed, its refunds
 * taken back in that same month (a refund carries no date of its own), so a month's figure is
 * what that month's orders are finally worth.
 */
export function attributedSalesByMonth(orders: readonly SaleFields[]): Map<string, MonthSales[]> {
  const cents = new Map<string, Map<string, { cents: number; orders: number }>>();
  for (const order of orders) {
    if (order.kind !== 'sale' || !order.attribution) continue;
    const amounts = saleAmountsOf(order);
    const byMonth = cents.get(order.attribution.funnelId) ?? new Map<string, { cents: number; orders: number }>();
    cents.set(order.attribution.funnelId, byMonth);
    const month = monthOf(order.createdAt);
    const entry = byMonth.get(month) ?? { cents: 0, orders: 0 };
    entry.cents += toCents(attributedRevenue(amounts));
    if (countsAsAttributedOrder(amounts)) entry.orders += 1;
    byMonth.set(month, entry);
  }
  const out = new Map<string, MonthSales[]>();
  for (const [funnelId, byMonth] of cents)
    out.set(
      funnelId,
      [...byMonth].map(([month, e]) => ({ month, netSales: toDollars(e.cents), orders: e.orders })).sort((a, b) => a.month.localeCompare(b.month)),
    );
  return out;
}

/** One engagement's attributed sales in one month, as the team server keeps them (`GET /results/months`). */
export interface FunnelMonthSales extends MonthSales {
  funnelId: string;
}

/** Month rows of many engagements, grouped by engagement (each oldest month first). */
export function salesByFunnel(rows: readonly FunnelMonthSales[]): Map<string, MonthSales[]> {
  const out = new Map<string, MonthSales[]>();
  for (const { funnelId, month, netSales, orders } of rows) out.set(funnelId, [...(out.get(funnelId) ?? []), { month, netSales, orders }]);
  for (const months of out.values()) months.sort((a, b) => a.month.localeCompare(b.month));
  return out;
}

/** A browser's own attributed sales (no team server) as month rows, from `from` to `to` (yyyy-MM, both included). */
export function monthRowsOf(orders: readonly SaleFields[], range: MonthRange): FunnelMonthSales[] {
  return [...attributedSalesByMonth(orders)].flatMap(([funnelId, months]) =>
    months.filter((m) => m.month >= range.from && m.month <= range.to).map((m) => ({ funnelId, ...m })),
  );
}

// ---------- The ledger ----------

export interface LedgerMonth {
  month: string;
  netSales: number;
  orders: number;
  /** The percentage of the month's net sales, rounded once half up to the cent. */
  commission: number;
  /** The flat fee, in the month the engagement starts. */
  flatFee: number;
  earned: number;
  paid: number;
  /** Earned less paid, from the first month to the end of this one; below 0 when paid ahead. */
  balance: number;
}

export interface Ledger {
  months: LedgerMonth[];
  netSales: number;
  orders: number;
  commission: number;
  flatFees: number;
  earned: number;
  paid: number;
  balance: number;
}

export interface LedgerInput {
  terms: CommissionTerms;
  /** yyyy-MM-dd the engagement starts: its flat fee is earned in that month, once that day has come. */
  startDate: string;
  sales: readonly MonthSales[];
  payments: readonly Pick<CreatorPayment, 'paidOn' | 'amount'>[];
  /** yyyy-MM-dd, today. */
  today: string;
}

/**
 * An engagement's ledger, month by month (oldest first, only months where something happened):
 * commission on the month's attributed net sales, the flat fee in the start month, payments in
 * the month they were made, and the running balance.
 */
export function creatorLedger({ terms, startDate, sales, payments, today }: LedgerInput): Ledger {
  const rows = new Map<string, { netCents: number; orders: number; feeCents: number; paidCents: number }>();
  const row = (month: string) => {
    let r = rows.get(month);
    if (!r) rows.set(month, (r = { netCents: 0, orders: 0, feeCents: 0, paidCents: 0 }));
    return r;
  };
  for (const s of sales) {
    const r = row(s.month);
    r.netCents += toCents(s.netSales);
    r.orders += s.orders;
  }
  const feeCents = toCents(terms.flatFee ?? 0);
  if (feeCents > 0 && startDate.slice(0, 10) <= today) row(monthOf(startDate)).feeCents += feeCents;
  for (const p of payments) row(monthOf(p.paidOn)).paidCents += toCents(p.amount);

  let balance = 0;
  const totals = { net: 0, orders: 0, commission: 0, fees: 0, paid: 0 };
  const months: LedgerMonth[] = [...rows.keys()].sort().map((month) => {
    const r = rows.get(month)!;
    const commission = toCents(commissionFor(toDollars(r.netCents), { percent: terms.commissionPercent }));
    const earned = commission + r.feeCents;
    balance += earned - r.paidCents;
    totals.net += r.netCents;
    totals.orders += r.orders;
    totals.commission += commission;
    totals.fees += r.feeCents;
    totals.paid += r.paidCents;
    return {
      month,
      netSales: toDollars(r.netCents),
      orders: r.orders,
      commission: toDollars(commission),
      flatFee: toDollars(r.feeCents),
      earned: toDollars(earned),
      paid: toDollars(r.paidCents),
      balance: toDollars(balance),
    };
  });
  return {
    months,
    netSales: toDollars(totals.net),
    orders: totals.orders,
    commission: toDollars(totals.commission),
    flatFees: toDollars(totals.fees),
    earned: toDollars(totals.commission + totals.fees),
    paid: toDollars(totals.paid),
    balance: toDollars(balance),
  };
}

/** Whether an engagement has any commission term. */
export const hasCommissionTerms = (terms: CommissionTerms) => terms.commissionPercent !== undefined || terms.flatFee !== undefined;

// ---------- What is owed for a period ----------

/** Months from `from` to `to` (yyyy-MM), both included. */
export interface MonthRange {
  from: string;
  to: string;
}

/** A period of whole months: real months, the first not after the last, at most MAX_RESULTS_MONTHS. */
export function validateMonthRange(range: MonthRange): Result<MonthRange> {
  const month = /^\d{4}-(0[1-9]|1[0-2])$/;
  if (!month.test(range.from)) return refuseField('domain.commission.chooseFrom', 'from');
  if (!month.test(range.to)) return refuseField('domain.commission.chooseTo', 'to');
  if (range.from > range.to) return refuseField('domain.commission.range', 'to');
  if (shiftMonth(range.from, MAX_RESULTS_MONTHS - 1) < range.to) return refuseField('domain.commission.tooLong', 'to', { max: MAX_RESULTS_MONTHS });
  return ok(range);
}

/** The most months one read of the kept monthly totals covers (ten years): a ledger's balance runs over at most these. */
export const MAX_RESULTS_MONTHS = 120;

/** The month (yyyy-MM) `by` months after `month` (before, when negative). */
export function shiftMonth(month: string, by: number): string {
  const index = Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1 + by;
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** The months a ledger ending in `to` reads: the last MAX_RESULTS_MONTHS, `to` included. */
export const ledgerMonths = (to: string): MonthRange => ({ from: shiftMonth(to, 1 - MAX_RESULTS_MONTHS), to });

export interface OwedRow {
  creator: string;
  handle: string;
  code: string;
  netSales: number;
  commission: number;
  flatFees: number;
  paid: number;
  /** Owed at the end of the period: everything earned less everything paid up to then. */
  balance: number;
}

/** The export's columns, in order. */
export const OWED_CSV_HEADERS = ['Creator', 'Handle', 'Code', 'Net Sales', 'Commission', 'Flat Fees', 'Paid', 'Balance'] as const;

/**
 * What is owed for a period, one row per engagement that has terms or anything in its ledger:
 * the period's net sales, commission, flat fees and payments, and the balance at its end (so
 * an earlier month left unpaid still shows). Sorted by creator name.
 */
export function owedForPeriod(
  funnels: readonly Pick<Funnel, 'id' | 'creatorName' | 'creatorHandle' | 'discountCode' | 'startDate' | 'commissionPercent' | 'flatFee'>[],
  sales: ReadonlyMap<string, readonly MonthSales[]>,
  payments: readonly Pick<CreatorPayment, 'funnelId' | 'paidOn' | 'amount'>[],
  range: MonthRange,
  today: string,
): OwedRow[] {
  const paymentsOf = new Map<string, Pick<CreatorPayment, 'paidOn' | 'amount'>[]>();
  for (const p of payments) paymentsOf.set(p.funnelId, [...(paymentsOf.get(p.funnelId) ?? []), p]);
  const rows: OwedRow[] = [];
  for (const funnel of funnels) {
    const ledger = creatorLedger({ terms: funnel, startDate: funnel.startDate, sales: sales.get(funnel.id) ?? [], payments: paymentsOf.get(funnel.id) ?? [], today });
    if (!hasCommissionTerms(funnel) && ledger.months.length === 0) continue;
    const within = ledger.months.filter((m) => m.month >= range.from && m.month <= range.to);
    const sum = (pick: (m: LedgerMonth) => number) => toDollars(within.reduce((total, m) => total + toCents(pick(m)), 0));
    const upTo = ledger.months.filter((m) => m.month <= range.to);
    rows.push({
      creator: funnel.creatorName,
      handle: funnel.creatorHandle,
      code: funnel.discountCode ?? '',
      netSales: sum((m) => m.netSales),
      commission: sum((m) => m.commission),
      flatFees: sum((m) => m.flatFee),
      paid: sum((m) => m.paid),
      balance: upTo.length ? upTo[upTo.length - 1].balance : 0,
    });
  }
  return rows.sort((a, b) => a.creator.localeCompare(b.creator) || a.handle.localeCompare(b.handle));
}

// ---------- What commission costs the brand ----------

/** What an engagement's terms cost the brand in one month: its commission and its flat fee (dollars). */
export interface CommissionCost {
  funnelId: string;
  month: string;
  commission: number;
  flatFee: number;
}

/**
 * What each engagement's terms cost from `range.from` to `range.to` (yyyy-MM, both included),
 * month by month, by the ledger's rule (`creatorLedger`): the percentage of the month's
 * attributed net sales rounded once half up to the cent, and the flat fee in the month the
 * engagement starts once that day has come. Engagements without terms cost nothing here.
 */
export function commissionCosts(
  funnels: readonly Pick<Funnel, 'id' | 'startDate' | 'commissionPercent' | 'flatFee'>[],
  sales: ReadonlyMap<string, readonly MonthSales[]>,
  range: MonthRange,
  today: string,
): CommissionCost[] {
  const out: CommissionCost[] = [];
  for (const funnel of funnels) {
    if (!hasCommissionTerms(funnel)) continue;
    const ledger = creatorLedger({ terms: funnel, startDate: funnel.startDate, sales: sales.get(funnel.id) ?? [], payments: [], today });
    for (const m of ledger.months)
      if (m.month >= range.from && m.month <= range.to && (m.commission || m.flatFee)) out.push({ funnelId: funnel.id, month: m.month, commission: m.commission, flatFee: m.flatFee });
  }
  return out;
}

/** The export's rows: amounts as plain numbers to the cent (the CSV writer makes each cell formula-safe). */
export const owedCsvRows = (rows: readonly OwedRow[]) =>
  rows.map((r) => [r.creator, r.handle, r.code, r.netSales.toFixed(2), r.commission.toFixed(2), r.flatFees.toFixed(2), r.paid.toFixed(2), r.balance.toFixed(2)]);

/** The export's file name for a period. */
export const owedFileName = (range: MonthRange) => `owed-to-creators-${range.from}-to-${range.to}.csv`;

// ---------- What the creator sees ----------

/** A creator's results on their portal: clicks, orders and earnings, this month and in total. */
export interface CreatorResults {
  code: string;
  /** The tracking link, or null when the server has no public origin to give. */
  link: string | null;
  thisMonth: { clicks: number; orders: number; earned: number };
  total: { clicks: number; orders: number; earned: number };
}

/** The portal's figures of one engagement, from its own sales, clicks (by month) and terms. */
export function creatorResults(input: {
  code: string;
  link: string | null;
  terms: CommissionTerms;
  startDate: string;
  sales: readonly MonthSales[];
  clicks: readonly { month: string; clicks: number }[];
  today: string;
}): CreatorResults {
  const ledger = creatorLedger({ terms: input.terms, startDate: input.startDate, sales: input.sales, payments: [], today: input.today });
  const month = monthOf(input.today);
  const current = ledger.months.find((m) => m.month === month);
  const clicksThisMonth = input.clicks.filter((c) => c.month === month).reduce((n, c) => n + c.clicks, 0);
  return {
    code: input.code,
    link: input.link,
    thisMonth: { clicks: clicksThisMonth, orders: current?.orders ?? 0, earned: current?.earned ?? 0 },
    total: { clicks: input.clicks.reduce((n, c) => n + c.clicks, 0), orders: ledger.orders, earned: ledger.earned },
  };
}
