// Billing rules (spec §2 "Billing", §3 Plan/Usage/Invoice, §9 "Sample plan", "Usage").
import { SAMPLE_PLAN_FEATURES } from './constants';
import type { MessageKey } from './messages';
import { accept, refuse, type Invoice, type InvoiceStatus, type Plan, type Result, type Usage } from './types';

export interface PlanOffer {
  name: string;
  /** Monthly price in dollars; null for plans priced by the sales team. */
  price: number | null;
  /** Creator funnels allowed. */
  funnelLimit: number | null;
  storageLimitGb: number;
  features: string[];
}

/** The plans of the Upgrade Plan dialog. Pro is the spec's sample plan (§9). */
export const PLAN_OFFERS: readonly PlanOffer[] = [
  { name: 'Pro', price: 49, funnelLimit: 50, storageLimitGb: 10, features: [...SAMPLE_PLAN_FEATURES] },
  {
    name: 'Business',
    price: 99,
    funnelLimit: 200,
    storageLimitGb: 50,
    features: ['Up to 200 creator funnels', 'Advanced analytics', 'Priority email and phone support', 'Custom integrations'],
  },
  {
    name: 'Enterprise',
    price: null,
    funnelLimit: null,
    storageLimitGb: 500,
    features: ['Unlimited creator funnels', 'Dedicated success manager', 'Single sign-on', 'Custom contracts'],
  },
];

/** The catalog entry that names each feature a plan lists (plans are stored with their English feature names). */
export const PLAN_FEATURE_NAMES: Readonly<Record<string, MessageKey>> = {
  'Up to 50 creator funnels': 'domain.billing.feature.upTo50',
  'Up to 200 creator funnels': 'domain.billing.feature.upTo200',
  'Unlimited creator funnels': 'domain.billing.feature.unlimited',
  'Advanced analytics': 'domain.billing.feature.analytics',
  'Email and phone support': 'domain.billing.feature.support',
  'Priority email and phone support': 'domain.billing.feature.prioritySupport',
  'Custom integrations': 'domain.billing.feature.integrations',
  'Dedicated success manager': 'domain.billing.feature.successManager',
  'Single sign-on': 'domain.billing.feature.sso',
  'Custom contracts': 'domain.billing.feature.contracts',
};

/** Storage used by the workspace (spec §9: 7.5 of 10 GB); media is not kept locally, so this stays the plan's figure. */
export const SAMPLE_STORAGE_USED_GB = 7.5;

export const SALES_EMAIL = 'sales@creatorflow.example';
export const salesMailto = (subject = 'Creatorflow plan enquiry') => `mailto:${SALES_EMAIL}?subject=${encodeURIComponent(subject)}`;

/** Usage against the plan: funnels used is the number of funnels in the workspace (spec §9 "32 of 50 funnels"). */
export function computeUsage(funnelCount: number, plan: Pick<Plan, 'name'>): Usage {
  const offer = PLAN_OFFERS.find((p) => p.name === plan.name) ?? PLAN_OFFERS[0];
  return {
    creatorsUsed: funnelCount,
    creatorsLimit: offer.funnelLimit ?? Infinity,
    storageUsedGb: SAMPLE_STORAGE_USED_GB,
    storageLimitGb: offer.storageLimitGb,
  };
}

/** Percent of a limit used, clamped to 0..100. */
export function usagePercent(used: number, limit: number): number {
  if (!Number.isFinite(limit) || limit <= 0) return 0;
  return Math.min(100, Math.max(0, Math.round((used / limit) * 100)));
}

/** '$49 per month' (spec §9). */
export const formatPlanPrice = (plan: Pick<Plan, 'price' | 'billingCycle'>) => `$${plan.price} per ${plan.billingCycle}`;

export const INVOICE_STATUS_LABEL: Record<InvoiceStatus, string> = { paid: 'Paid', pending: 'Pending', failed: 'Failed' };
export const INVOICE_STATUS_COLOR: Record<InvoiceStatus, 'green' | 'yellow' | 'red'> = { paid: 'green', pending: 'yellow', failed: 'red' };

/** Switching to a self-service plan; Enterprise goes through sales. */
export function changePlan(current: Plan, name: string): Result<Plan> {
  const offer = PLAN_OFFERS.find((p) => p.name === name);
  if (!offer) return refuse('domain.billing.noPlan', { name });
  if (offer.price === null) return refuse('domain.billing.contactSales', { name: offer.name });
  if (offer.name === current.name) return refuse('domain.billing.alreadyOn', { name: offer.name });
  return accept({ ...current, name: offer.name, price: offer.price, features: [...offer.features] }, 'domain.billing.changed', { name: offer.name });
}

/** What a plan bills for one cycle: 'Creatorflow Pro plan, 1 month'. */
export const planDescription = (plan: Pick<Plan, 'name' | 'billingCycle'>) => `Creatorflow ${plan.name} plan, 1 ${plan.billingCycle}`;

/** An invoice number that says when it was issued: INV-{year}-{month, three digits}, in UTC. */
export function invoiceNumber(date: Date): string {
  return `INV-${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(3, '0')}`;
}

/** Issues the invoice of one billing cycle: its amount and description are fixed from then on. */
export function issueInvoice(plan: Pick<Plan, 'name' | 'price' | 'billingCycle'>, date: Date, status: InvoiceStatus): Invoice {
  return { id: invoiceNumber(date), date: date.toISOString(), amount: plan.price, status, downloadUrl: '', description: planDescription(plan) };
}

/**
 * What an issued invoice billed. It never follows the current plan: an invoice stored before
 * descriptions were kept is read from its amount (the plan offered at that price).
 */
export function invoiceDescription(invoice: Pick<Invoice, 'description' | 'amount'>): string {
  if (invoice.description) return invoice.description;
  const offer = PLAN_OFFERS.find((p) => p.price === invoice.amount);
  return offer ? planDescription({ name: offer.name, billingCycle: 'month' }) : 'Creatorflow subscription';
}

/** The downloadable invoice: a small CSV statement of the invoice's lines. */
export function invoiceFileName(invoice: Pick<Invoice, 'id'>) {
  return `invoice-${invoice.id}.csv`;
}
export function invoiceRows(invoice: Invoice, companyName: string, day: string) {
  return {
    headers: ['Invoice', 'Date', 'Billed To', 'Description', 'Amount (USD)', 'Status'],
    rows: [[invoice.id, day, companyName, invoiceDescription(invoice), invoice.amount.toFixed(2), INVOICE_STATUS_LABEL[invoice.status]]],
  };
}
