// Results measured from what happened, never typed: each funnel's tracking-link clicks and the
// sales attributed to it, by UTC day, and what its gifts cost. The team server keeps the daily
// totals (sales and clicks stay on the server) and browsers read them for a period; the same
// functions count a browser's own orders when there is no server. Pure.
import { attributedRevenue, conversionRate, countsAsAttributedOrder, giftCost, returnOnInvestment, saleAmountsOf, toCents, toDollars } from './sales';
import type { CommissionCost } from './commission';
import type { Funnel, InventoryItem, Order } from './types';

/** One funnel's measured totals for one UTC day (yyyy-MM-dd). Revenue is in dollars. */
export interface DayTotals {
  funnelId: string;
  day: string;
  clicks: number;
  visitors: number;
  /** Attributed sales that still count (not cancelled, not wholly refunded). */
  orders: number;
  /** Attributed revenue: the goods after discounts, less refunds; no tax, no shipping. */
  revenue: number;
}

/** A UTC day, yyyy-MM-dd, of an ISO timestamp; '' when it is not a date. */
export function utcDay(iso: string): string {
  const at = new Date(iso);
  return Number.isFinite(at.getTime()) ? at.toISOString().slice(0, 10) : '';
}

/** What one order adds to its funnel's day: an attributed sale's count and revenue in cents; anything else, nothing. */
export function saleContribution(order: Pick<Order, 'kind' | 'attribution' | 'createdAt' | 'subtotal' | 'status' | 'refunds'>): { funnelId: string; day: string; orders: number; revenueCents: number } | null {
  if (order.kind !== 'sale' || !order.attribution?.funnelId) return null;
  const day = utcDay(order.createdAt);
  if (!day) return null;
  const amounts = saleAmountsOf(order);
  return { funnelId: order.attribution.funnelId, day, orders: countsAsAttributedOrder(amounts) ? 1 : 0, revenueCents: toCents(attributedRevenue(amounts)) };
}

/**
 * How a write changes the kept daily sales totals: what the orders as they were contributed,
 * taken away, and what they are now, added; per funnel and day, only where something changed.
 */
export function salesDelta(
  before: readonly Parameters<typeof saleContribution>[0][],
  after: readonly Parameters<typeof saleContribution>[0][],
): { funnelId: string; day: string; orders: number; revenueCents: number }[] {
  const delta = new Map<string, { funnelId: string; day: string; orders: number; revenueCents: number }>();
  const add = (order: Parameters<typeof saleContribution>[0], sign: 1 | -1) => {
    const c = saleContribution(order);
    if (!c) return;
    const key = `${c.funnelId}\n${c.day}`;
    const row = delta.get(key) ?? { funnelId: c.funnelId, day: c.day, orders: 0, revenueCents: 0 };
    row.orders += sign * c.orders;
    row.revenueCents += sign * c.revenueCents;
    delta.set(key, row);
  };
  for (const order of before) add(order, -1);
  for (const order of after) add(order, 1);
  return [...delta.values()].filter((row) => row.orders !== 0 || row.revenueCents !== 0);
}

/** What was measured: clicks, daily unique visitors (summed over days), attributed orders and revenue (dollars). */
export interface Measured {
  clicks: number;
  visitors: number;
  orders: number;
  revenue: number;
}

/**
 * A period's measured totals as a browser reads them: per funnel for the whole period, and per
 * day for the whole workspace. As many rows as funnels with results plus days, never one per
 * funnel and day, so a brand with many creators and many sales still reads them in one answer.
 */
export interface PeriodTotals {
  funnels: (Measured & { funnelId: string })[];
  days: (Measured & { day: string })[];
}

/** Day rows from `from` to `to` (both included) summed per funnel and per day. */
export function periodTotalsOf(rows: readonly DayTotals[], from: string, to: string): PeriodTotals {
  const funnels = new Map<string, Measured & { funnelId: string }>();
  const days = new Map<string, Measured & { day: string }>();
  for (const row of rows) {
    if (row.day < from || row.day > to) continue;
    const f = funnels.get(row.funnelId) ?? { funnelId: row.funnelId, clicks: 0, visitors: 0, orders: 0, revenue: 0 };
    const d = days.get(row.day) ?? { day: row.day, clicks: 0, visitors: 0, orders: 0, revenue: 0 };
    for (const target of [f, d]) {
      target.clicks += row.clicks;
      target.visitors += row.visitors;
      target.orders += row.orders;
      target.revenue = toDollars(toCents(target.revenue) + toCents(row.revenue));
    }
    funnels.set(row.funnelId, f);
    days.set(row.day, d);
  }
  const byKey = <T>(key: (x: T) => string) => (a: T, b: T) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0);
  return { funnels: [...funnels.values()].sort(byKey((x) => x.funnelId)), days: [...days.values()].sort(byKey((x) => x.day)) };
}

/** Attributed sales of a browser's own orders as daily totals (no clicks: only the team server counts them). */
export function salesDaysOf(orders: readonly Order[]): DayTotals[] {
  return salesDelta([], orders).map((row) => ({ funnelId: row.funnelId, day: row.day, clicks: 0, visitors: 0, orders: row.orders, revenue: toDollars(row.revenueCents) }));
}

// ---------- Cost ----------

/** A gift counts as a cost unless it was cancelled. */
export const countsAsGift = (order: Pick<Order, 'kind' | 'status'>) => order.kind === 'gift' && order.status !== 'Canceled';

/** What one gift cost the brand: its items at their inventory unit cost (found by product id, else SKU) plus its shipping cost. */
export function giftCostOf(order: Pick<Order, 'items' | 'shippingCost'>, inventory: readonly Pick<InventoryItem, 'id' | 'sku' | 'unitCost'>[]) {
  const byId = new Map(inventory.map((item) => [item.id, item]));
  const bySku = new Map(inventory.map((item) => [item.sku.toLowerCase(), item]));
  const items = order.items.map((item) => ({ quantity: item.quantity, unitCost: (byId.get(item.productId) ?? bySku.get(item.sku.toLowerCase()))?.unitCost }));
  return giftCost(items, order.shippingCost ?? 0);
}

// ---------- Results ----------

/** The measured figures of a creator, a campaign type, a month or the whole workspace. */
export interface Results {
  clicks: number;
  visitors: number;
  orders: number;
  /** Attributed revenue, dollars. */
  revenue: number;
  /** Gifts at unit cost plus shipping, plus commission and flat fees, dollars. */
  cost: number;
  /** The part of the cost that is commission and flat fees, dollars. */
  commission: number;
  gifts: number;
  /** Gift items whose product has no unit cost: counted as 0, and said. */
  missingUnitCosts: number;
  /** (revenue − cost) / cost; null with no cost. */
  roi: number | null;
  /** Attributed orders / clicks; null with no clicks. A fraction (0.04 is 4%). */
  conversion: number | null;
}

interface Tally {
  clicks: number;
  visitors: number;
  orders: number;
  revenueCents: number;
  costCents: number;
  commissionCents: number;
  gifts: number;
  missingUnitCosts: number;
}

const emptyTally = (): Tally => ({ clicks: 0, visitors: 0, orders: 0, revenueCents: 0, costCents: 0, commissionCents: 0, gifts: 0, missingUnitCosts: 0 });

function resultsOf(t: Tally): Results {
  const revenue = toDollars(t.revenueCents);
  const cost = toDollars(t.costCents);
  return {
    clicks: t.clicks,
    visitors: t.visitors,
    orders: t.orders,
    revenue,
    cost,
    commission: toDollars(t.commissionCents),
    gifts: t.gifts,
    missingUnitCosts: t.missingUnitCosts,
    roi: returnOnInvestment(revenue, cost),
    conversion: conversionRate(t.orders, t.clicks),
  };
}

export interface ResultsInput {
  funnels: readonly Pick<Funnel, 'id' | 'engagementType'>[];
  /** The workspace's orders: its gifts are the cost (sales come in `days`). */
  orders: readonly Order[];
  inventory: readonly Pick<InventoryItem, 'id' | 'sku' | 'unitCost'>[];
  /** The period's measured totals (from the team server, or periodTotalsOf(salesDaysOf(orders)) without one). */
  totals: PeriodTotals;
  /** What engagements' terms cost in the period's months (commissionCosts), counted with the cost. */
  commission?: readonly CommissionCost[];
  /** First and last UTC day of the period, yyyy-MM-dd, both included. */
  from: string;
  to: string;
}

export interface ResultsReport {
  overall: Results;
  /** Per funnel (creator) with anything measured or spent in the period. */
  byCreator: Map<string, Results>;
  /** Per campaign type (the funnel's engagement type), sorted by revenue, highest first. */
  byCampaignType: { type: string; results: Results }[];
  /** Per month (yyyy-MM) of the period that has any figure. */
  byMonth: Map<string, Results>;
}

/** Campaign type of a funnel with none named. */
export const UNNAMED_CAMPAIGN_TYPE = '';

/**
 * The period's results per creator, per campaign type, per month and overall. Revenue, orders
 * and clicks come from the measured days; cost from the gifts shipped to each creator in the
 * period (dated by when the order was made; a cancelled gift costs nothing) and the commission
 * and flat fees their engagements earned in the period's months.
 */
export function periodResults(input: ResultsInput): ResultsReport {
  const inPeriod = (day: string) => day >= input.from && day <= input.to;
  const typeOf = new Map(input.funnels.map((f) => [f.id, f.engagementType.trim() || UNNAMED_CAMPAIGN_TYPE]));
  const overall = emptyTally();
  const creators = new Map<string, Tally>();
  const types = new Map<string, Tally>();
  const months = new Map<string, Tally>();
  const tallies = (funnelId: string, day: string) => {
    const out = [overall, at(creators, funnelId), at(months, day.slice(0, 7))];
    const type = typeOf.get(funnelId);
    if (type !== undefined) out.push(at(types, type));
    return out;
  };
  const add = (t: Tally, m: Measured) => {
    t.clicks += m.clicks;
    t.visitors += m.visitors;
    t.orders += m.orders;
    t.revenueCents += toCents(m.revenue);
  };
  for (const f of input.totals.funnels) {
    add(at(creators, f.funnelId), f);
    const type = typeOf.get(f.funnelId);
    if (type !== undefined) add(at(types, type), f);
  }
  for (const d of input.totals.days) {
    if (!inPeriod(d.day)) continue;
    add(overall, d);
    add(at(months, d.day.slice(0, 7)), d);
  }
  for (const order of input.orders) {
    if (!countsAsGift(order) || !order.creatorId) continue;
    const day = utcDay(order.createdAt);
    if (!day || !inPeriod(day)) continue;
    const { cost, missingUnitCosts } = giftCostOf(order, input.inventory);
    for (const t of tallies(order.creatorId, day)) {
      t.costCents += toCents(cost);
      t.gifts += 1;
      t.missingUnitCosts += missingUnitCosts;
    }
  }
  for (const c of input.commission ?? []) {
    if (c.month < input.from.slice(0, 7) || c.month > input.to.slice(0, 7)) continue;
    const cents = toCents(c.commission) + toCents(c.flatFee);
    for (const t of tallies(c.funnelId, `${c.month}-01`)) {
      t.costCents += cents;
      t.commissionCents += cents;
    }
  }
  const byCampaignType = [...types]
    .map(([type, t]) => ({ type, results: resultsOf(t) }))
    .sort((a, b) => b.results.revenue - a.results.revenue || a.type.localeCompare(b.type));
  return {
    overall: resultsOf(overall),
    byCreator: new Map([...creators].map(([id, t]) => [id, resultsOf(t)])),
    byCampaignType,
    byMonth: new Map([...months].map(([month, t]) => [month, resultsOf(t)])),
  };
}

function at(map: Map<string, Tally>, key: string): Tally {
  let t = map.get(key);
  if (!t) map.set(key, (t = emptyTally()));
  return t;
}

/** Results with nothing measured or spent. */
export const NO_RESULTS: Results = resultsOf(emptyTally());

/** Why a figure has no value, as a message key suffix: no sales, no clicks, or no cost. */
export function missingReason(results: Results, figure: 'revenue' | 'roi' | 'conversion' | 'cost' | 'clicks'): 'noSales' | 'noClicks' | 'noCost' | null {
  switch (figure) {
    case 'revenue':
      return results.orders === 0 && results.revenue === 0 ? 'noSales' : null;
    case 'clicks':
      return results.clicks === 0 ? 'noClicks' : null;
    case 'cost':
      return results.cost === 0 ? 'noCost' : null;
    case 'conversion':
      return results.conversion === null ? 'noClicks' : null;
    case 'roi':
      return results.roi === null ? 'noCost' : null;
  }
}

/** Every UTC day from `from` to `to` (yyyy-MM-dd, both included), in order; none when `from` is after `to`. */
export function daysFrom(from: string, to: string): string[] {
  const days: string[] = [];
  const end = Date.parse(`${to}T00:00:00Z`);
  for (let at = Date.parse(`${from}T00:00:00Z`); at <= end; at += 86_400_000) days.push(new Date(at).toISOString().slice(0, 10));
  return days;
}

/** Days between two UTC days (0 for the same day; negative when `to` is before `from`). */
export const daySpan = (from: string, to: string) => (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;

/** Measured totals summed, revenue in whole cents so it never drifts. */
export function sumMeasured(rows: Iterable<Measured>): Measured {
  const total = { clicks: 0, visitors: 0, orders: 0, revenue: 0 };
  let cents = 0;
  for (const row of rows) {
    total.clicks += row.clicks;
    total.visitors += row.visitors;
    total.orders += row.orders;
    cents += toCents(row.revenue);
  }
  return { ...total, revenue: toDollars(cents) };
}
