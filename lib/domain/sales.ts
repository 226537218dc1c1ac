// Sales attributed to creators: which funnel a shop or API order belongs to, what it is worth
// after discounts and refunds, and the results (ROI, conversion, commission) computed from them.
// Pure; amounts are dollars in, worked in whole cents so sums never drift.
import { codeKey } from './attribution';
import type { Order, OrderRefund } from './types';

/** Where an attribution came from, in the order the rules are tried. */
export const ATTRIBUTION_RULES = ['code', 'ref', 'utm', 'manual'] as const;
export type AttributionRule = (typeof ATTRIBUTION_RULES)[number];

/** What an incoming order carries that may name a creator. */
export interface AttributionEvidence {
  /** Shopify's discount_codes[].code, WooCommerce's coupon_lines[].code, the API's attribution.code. */
  codes: readonly string[];
  /** Shopify's landing_site: the first page the buyer opened, with its query. */
  landingSite?: string;
}

export interface Attribution {
  funnelId: string;
  /** The code as the funnel holds it. */
  code: string;
  rule: AttributionRule;
}

/** A query parameter of a landing URL or path ("/?ref=SARAH", "https://shop/x?utm_campaign=SARAH"), or undefined. */
function landingParam(landingSite: string | undefined, name: string): string | undefined {
  if (!landingSite) return undefined;
  const query = landingSite.includes('?') ? landingSite.slice(landingSite.indexOf('?') + 1).split('#')[0] : '';
  const value = new URLSearchParams(query).get(name);
  return value?.trim() || undefined;
}

/**
 * The codes to try, in the order of the rules: each discount or coupon code (as the order lists
 * them), then `ref=<code>`, then `utm_campaign=<code>` in the landing site.
 */
export function attributionCandidates(evidence: AttributionEvidence): { rule: AttributionRule; code: string }[] {
  const out: { rule: AttributionRule; code: string }[] = evidence.codes.map((code) => ({ rule: 'code' as const, code: code.trim() })).filter((c) => c.code);
  const ref = landingParam(evidence.landingSite, 'ref');
  if (ref) out.push({ rule: 'ref', code: ref });
  const utm = landingParam(evidence.landingSite, 'utm_campaign');
  if (utm) out.push({ rule: 'utm', code: utm });
  return out;
}

/**
 * The first rule that names a live funnel wins (code, then ref, then utm), the code compared in
 * any letter case. A code that names no funnel (a shop-wide promotion, or a deleted funnel's
 * code) does not attribute; the next rule is tried. None: the order is kept, unattributed.
 */
export function matchAttribution(evidence: AttributionEvidence, funnelOf: (key: string) => { id: string; discountCode?: string } | undefined): Attribution | null {
  for (const candidate of attributionCandidates(evidence)) {
    const funnel = funnelOf(codeKey(candidate.code));
    if (funnel?.discountCode) return { funnelId: funnel.id, code: funnel.discountCode, rule: candidate.rule };
  }
  return null;
}

// ---------- Amounts ----------

export const toCents = (dollars: number) => Math.round(dollars * 100);
export const toDollars = (cents: number) => cents / 100;

/** A refund as the shop sends it: its own id (a repeat is the same refund) and the goods' amount it takes back, before tax and shipping. */
export type SaleRefund = OrderRefund;

export interface SaleAmounts {
  /** The goods' price after discounts, before tax and shipping. */
  netOfDiscounts: number;
  refunds: readonly SaleRefund[];
  cancelled: boolean;
}

/** Adds a refund once: the same refund id again (a repeated delivery, or orders/updated after refunds/create) changes nothing. */
export function withRefund(refunds: readonly SaleRefund[], refund: SaleRefund): SaleRefund[] {
  if (refunds.some((r) => r.id === refund.id)) return [...refunds];
  return [...refunds, { id: refund.id, amount: Math.max(0, refund.amount) }];
}

/**
 * What a sale counts for in revenue: its goods after discounts, less exactly what was refunded
 * (never below 0); a cancelled sale counts for nothing.
 */
export function attributedRevenue(sale: SaleAmounts): number {
  if (sale.cancelled) return 0;
  const refunded = sale.refunds.reduce((sum, r) => sum + toCents(r.amount), 0);
  return toDollars(Math.max(0, toCents(sale.netOfDiscounts) - refunded));
}

/**
 * A sale order's amounts for revenue: its subtotal (the goods after discounts, before tax and
 * shipping), its refunds, and whether it was cancelled. An order marked Refunded with no refund
 * amounts recorded is wholly refunded.
 */
export function saleAmountsOf(order: Pick<Order, 'subtotal' | 'status' | 'refunds'>): SaleAmounts {
  const refunds = order.refunds ?? [];
  if (order.status === 'Refunded' && refunds.length === 0) return { netOfDiscounts: order.subtotal, refunds: [{ id: 'status', amount: order.subtotal }], cancelled: false };
  return { netOfDiscounts: order.subtotal, refunds, cancelled: order.status === 'Canceled' };
}

/** What a sale counts for: its refunds, what they take back in all, and its revenue after them (0 when cancelled). */
export function saleFiguresOf(order: Pick<Order, 'subtotal' | 'status' | 'refunds'>) {
  const amounts = saleAmountsOf(order);
  return {
    refunds: (order.refunds ?? []).map((r) => ({ id: r.id, amount: r.amount })),
    refunded: toDollars(amounts.refunds.reduce((sum, r) => sum + toCents(r.amount), 0)),
    netRevenue: attributedRevenue(amounts),
  };
}

/** Whether a sale still counts as an attributed order (for conversion): not cancelled and not wholly refunded. */
export const countsAsAttributedOrder = (sale: SaleAmounts) => attributedRevenue(sale) > 0;

// ---------- Results ----------

/** ROI = (revenue − cost) / cost; with no cost there is no ROI (shown as "—"), never a number. */
export function returnOnInvestment(revenue: number, cost: number): number | null {
  if (!(cost > 0)) return null;
  return (toCents(revenue) - toCents(cost)) / toCents(cost);
}

/** Conversion = attributed orders / link clicks; with no clicks there is none. */
export function conversionRate(orders: number, clicks: number): number | null {
  return clicks > 0 ? orders / clicks : null;
}

/** A gift's cost to the brand: its items at unit cost (unknown costs counted as 0 and reported) plus its shipping cost. */
export function giftCost(items: readonly { quantity: number; unitCost?: number }[], shippingCost: number): { cost: number; missingUnitCosts: number } {
  let cents = toCents(shippingCost);
  let missing = 0;
  for (const item of items) {
    if (item.unitCost === undefined) missing += 1;
    else cents += toCents(item.unitCost) * item.quantity;
  }
  return { cost: toDollars(cents), missingUnitCosts: missing };
}

/**
 * Commission on an engagement: a percentage of its attributed net sales plus a flat fee. The
 * percentage is taken of the whole period's net sales and rounded once, half up to the cent
 * (0.5 cent and above rounds up), so a month's commission never drifts by per-order rounding.
 */
export function commissionFor(netSales: number, terms: { percent?: number; flatFee?: number }): number {
  // Hundredths of a percent times cents, in whole numbers: exact; then half up to the cent.
  const hundredthsOfPercent = Math.round(Math.max(0, terms.percent ?? 0) * 100);
  const product = toCents(Math.max(0, netSales)) * hundredthsOfPercent;
  const share = Math.floor((product + 5000) / 10000);
  return toDollars(share + toCents(Math.max(0, terms.flatFee ?? 0)));
}
