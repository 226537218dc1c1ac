// The creator portal's rules: what a creator may answer on their own funnel (confirm or
// decline, a shipping address, products within the allowance staff set, the brief, deliverable
// links, opting out) and what each answer writes. Pure: time and ids come in as arguments.
import { INVENTORY } from './constants';
import { progressPercentage, saveStep, statusIndex, statusNotifications, type StepDraft, type StepSaveOutcome } from './funnels';
import { GIFT_SHIPPING_COST, hasStockFor, nextOrderNumber, orderTotals, reserveOrderStock, withNote } from './orders';
import type { CreatorResults } from './commission';
import { message, type Message } from './messages';
import { refuse, refuseField, FUNNEL_STATUSES, ok, accept, type Address, type CreatorAnswers, type DeliverableLink, type Funnel, type GiftAllowance, type InventoryItem, type Order, type OrderItem, type Result } from './types';

export const MAX_DELIVERABLE_LINKS = 10;

/** The address fields a creator must give, each with its refusal. */
const ADDRESS_REFUSALS = [
  ['line1', 'domain.portal.line1'],
  ['city', 'domain.portal.city'],
  ['postalCode', 'domain.portal.postalCode'],
  ['country', 'domain.portal.country'],
] as const;

/** What the portal asks of the creator next, in order. */
export type PortalAsk = 'confirm' | 'address' | 'products' | 'brief' | 'deliverables' | 'done' | 'declined';

export function nextAsk(funnel: Pick<Funnel, 'portal' | 'giftAllowance'>): PortalAsk {
  const a = funnel.portal ?? {};
  if (a.declinedAt) return 'declined';
  if (!a.confirmedAt) return 'confirm';
  if (!a.addressAt) return 'address';
  if (!a.productsAt && (funnel.giftAllowance?.maxItems ?? 0) > 0) return 'products';
  if (!a.briefAcknowledgedAt) return 'brief';
  if (!a.deliverablesAt) return 'deliverables';
  return 'done';
}

/** Products offered to the creator: inventory items with stock, at the inventory's flat unit value. */
export function offeredProducts(inventory: readonly InventoryItem[]) {
  return inventory.filter((item) => item.quantity > 0).map((item) => ({ id: item.id, name: item.name, sku: item.sku, value: INVENTORY.flatUnitValue }));
}

const withAnswers = (funnel: Funnel, answers: CreatorAnswers, now: Date): Funnel => ({
  ...funnel,
  portal: { ...funnel.portal, ...answers },
  lastUpdated: now.toISOString(),
});

/** The funnel is still open for the creator's answers: not every step is completed. */
export const funnelOpen = (funnel: Pick<Funnel, 'steps'>) => funnel.steps.some((step) => !step.completed);

/**
 * Confirming takes part. A creator who declined may change their mind while the funnel is open:
 * the decline is withdrawn and the confirmation recorded.
 */
export function confirmCampaign(funnel: Funnel, now: Date): Result<Funnel> {
  if (funnel.portal?.confirmedAt) return refuse('domain.portal.alreadyConfirmed');
  if (funnel.portal?.declinedAt && !funnelOpen(funnel)) return refuse('domain.portal.closed');
  const { declinedAt, ...answers } = funnel.portal ?? {};
  // A withdrawn decline takes the funnel off pause, which the decline put it on.
  const activity = declinedAt && funnel.activity === 'Paused' ? 'Active' : funnel.activity;
  return ok(withAnswers({ ...funnel, activity, portal: answers }, { confirmedAt: now.toISOString() }, now));
}

export function declineCampaign(funnel: Funnel, now: Date): Result<Funnel> {
  if (funnel.portal?.declinedAt) return refuse('domain.portal.alreadyDeclined');
  if (funnel.portal?.confirmedAt) return refuse('domain.portal.alreadyConfirmed');
  return ok(withAnswers(funnel, { declinedAt: now.toISOString() }, now));
}

/** Every required field of the address that is empty, each with its message, in the form's order: the form names them all at once. */
export function shippingAddressProblems(draft: Address): { field: keyof Address; problem: Message }[] {
  return ADDRESS_REFUSALS.filter(([field]) => !String(draft[field] ?? '').trim()).map(([field, key]) => ({ field, problem: message(key) }));
}

/** A shipping address: street, city, postal code and country are required; line 2 and state are not. */
export function validateShippingAddress(draft: Address): Result<Address> {
  const address: Address = {
    line1: draft.line1.trim(),
    city: draft.city.trim(),
    state: draft.state.trim(),
    postalCode: draft.postalCode.trim(),
    country: draft.country.trim(),
  };
  if (draft.line2?.trim()) address.line2 = draft.line2.trim();
  for (const [field, key] of ADDRESS_REFUSALS) {
    if (!address[field]) return refuseField(key, field);
  }
  return ok(address);
}

function mustBeActive(funnel: Funnel): Result<void> {
  if (funnel.portal?.declinedAt) return refuse('domain.portal.alreadyDeclined');
  if (!funnel.portal?.confirmedAt) return refuse('domain.portal.confirmFirst');
  return ok(undefined);
}

export function saveShippingAddress(funnel: Funnel, draft: Address, now: Date): Result<Funnel> {
  const active = mustBeActive(funnel);
  if (!active.ok) return active;
  const address = validateShippingAddress(draft);
  if (!address.ok) return address;
  return ok(withAnswers(funnel, { address: address.value, addressAt: now.toISOString() }, now));
}

/**
 * The creator's gift order follows a new address until it is Processing: while New it ships to
 * the new address; from Processing on the change is refused (the creator contacts the brand).
 * Null when there is no order yet.
 */
export function orderToNewAddress(order: Order | undefined, address: Address, now: Date): Result<Order | null> {
  if (!order || order.status === 'Canceled') return ok(null);
  if (order.status !== 'New') return refuse('domain.portal.orderUnderway');
  return ok({ ...order, shippingAddress: address, updatedAt: now.toISOString() });
}

/** The field a refused product choice is about: the products group, as the answer names it. */
export const PRODUCTS_FIELD = 'productIds';

/** What is wrong with choosing `count` products within the allowance (none, or more than it allows), or null. */
export function productPickProblem(count: number, allowance: GiftAllowance): Message | null {
  if (count === 0) return message('domain.portal.noProducts');
  if (count > allowance.maxItems) return message('domain.portal.tooMany', { max: allowance.maxItems });
  return null;
}

export interface ProductChoice {
  funnel: Funnel;
  order: Order;
  /** Inventory items whose stock the order reserved. */
  inventory: InventoryItem[];
}

/**
 * The creator's products become a draft (New) order to their address. Its stock is reserved at
 * once, by the order rules' stock check, so two creators can never both get the last unit;
 * moving the order on deducts nothing more, and canceling it puts the stock back.
 */
export function chooseProducts(
  funnel: Funnel,
  productIds: readonly string[],
  inventory: readonly InventoryItem[],
  orders: readonly Pick<Order, 'orderNumber'>[],
  now: Date,
  newId: (prefix: string) => string,
): Result<ProductChoice> {
  const active = mustBeActive(funnel);
  if (!active.ok) return active;
  const answers = funnel.portal ?? {};
  if (answers.productsAt) return refuse('domain.portal.alreadyChosen');
  if (!answers.address) return refuse('domain.portal.addressFirst');
  const allowance = funnel.giftAllowance ?? { maxItems: 0, maxValue: 0 };
  if (allowance.maxItems <= 0) return refuse('domain.portal.notOffered');
  const unique = [...new Set(productIds)];
  const picked = productPickProblem(unique.length, allowance);
  if (picked) return refuseField(picked.key, PRODUCTS_FIELD, picked.values);
  const items: OrderItem[] = [];
  for (const id of unique) {
    const stock = inventory.find((item) => item.id === id);
    if (!stock || stock.quantity < 1) return refuseField('domain.portal.unavailable', PRODUCTS_FIELD, { name: stock?.name ?? id });
    items.push({ id: newId('oi'), productId: stock.id, name: stock.name, sku: stock.sku, quantity: 1, price: INVENTORY.flatUnitValue });
  }
  const totals = orderTotals(items, 'gift');
  if (totals.subtotal > allowance.maxValue) return refuseField('domain.portal.tooValuable', PRODUCTS_FIELD, { max: allowance.maxValue });
  if (!hasStockFor({ items }, inventory)) return refuseField('domain.portal.unavailable', PRODUCTS_FIELD, { name: items[0].name });
  const timestamp = now.toISOString();
  const orderNumber = nextOrderNumber(orders);
  const draft: Order = {
    id: newId('ord'),
    kind: 'gift',
    source: 'Creator portal',
    orderNumber,
    status: 'New',
    customerName: funnel.creatorName,
    customerEmail: funnel.email ?? '',
    shippingAddress: answers.address,
    items,
    ...totals,
    createdAt: timestamp,
    updatedAt: timestamp,
    history: [withNote({ id: newId('oh'), timestamp, status: 'New' }, message('orders.note.fromPortal'))],
    tags: ['gift'],
    creatorId: funnel.id,
    stockDeducted: false,
    shippingCost: GIFT_SHIPPING_COST,
  };
  const reserved = reserveOrderStock(draft, inventory);
  if (!reserved.ok) return reserved;
  return ok({
    funnel: withAnswers(funnel, { orderId: draft.id, productsAt: timestamp }, now),
    order: reserved.value.order,
    inventory: reserved.value.inventory,
  });
}

export function acknowledgeBrief(funnel: Funnel, now: Date): Result<Funnel> {
  const active = mustBeActive(funnel);
  if (!active.ok) return active;
  if (funnel.portal?.briefAcknowledgedAt) return ok(funnel);
  return ok(withAnswers(funnel, { briefAcknowledgedAt: now.toISOString() }, now));
}

const HTTP_LINK = /^https?:\/\/[^\s/?#]+[^\s]*$/i;

/** The field of link `index`'s address, as the answer names it. */
export const linkField = (index: number) => `links.${index}.url`;

const isHttpLink = (url: string) => {
  if (!HTTP_LINK.test(url)) return false;
  try {
    return ['http:', 'https:'].includes(new URL(url).protocol);
  } catch {
    return false;
  }
};

/**
 * Every problem of the deliverable links at once, each naming its field (links.N.url, N as the
 * form numbers the rows, empty rows included): none given, too many, or a link that is not http(s).
 */
export function deliverableLinkProblems(links: readonly DeliverableLink[]): { field: string; problem: Message }[] {
  const given = links.map((link, index) => ({ index, url: link.url.trim(), note: link.note.trim() })).filter((link) => link.url || link.note);
  if (given.length === 0) return [{ field: linkField(0), problem: message('domain.portal.noLinks') }];
  if (given.length > MAX_DELIVERABLE_LINKS) return [{ field: linkField(MAX_DELIVERABLE_LINKS), problem: message('domain.portal.tooManyLinks', { max: MAX_DELIVERABLE_LINKS }) }];
  return given.filter((link) => !isHttpLink(link.url)).map((link) => ({ field: linkField(link.index), problem: message('domain.portal.badLink', { n: link.index + 1 }) }));
}

/** Deliverable links: 1 to 10, each http(s) with a host, each with a note (trimmed, may be empty). */
export function handInDeliverables(funnel: Funnel, links: readonly DeliverableLink[], now: Date): Result<Funnel> {
  const active = mustBeActive(funnel);
  if (!active.ok) return active;
  const [first] = deliverableLinkProblems(links);
  if (first) return refuseField(first.problem.key, first.field, first.problem.values);
  const cleaned = links.map((link) => ({ url: link.url.trim(), note: link.note.trim() })).filter((link) => link.url || link.note);
  return ok(withAnswers(funnel, { deliverableLinks: cleaned, deliverablesAt: now.toISOString() }, now));
}

/**
 * A creator who opted out gets no more email and answers nothing more: their page shows, read
 * only, what they handed in. Choosing the page's language stays possible.
 */
export const answersClosed = (funnel: Pick<Funnel, 'portal'>) => Boolean(funnel.portal?.optedOutAt);

export function optOutOfEmail(funnel: Funnel, now: Date): Result<Funnel> {
  if (funnel.portal?.optedOutAt) return ok(funnel);
  return ok(withAnswers(funnel, { optedOutAt: now.toISOString() }, now));
}

/** Staff set the allowance: whole numbers, never negative. */
export function setGiftAllowance(funnel: Funnel, allowance: GiftAllowance, now: Date): Result<Funnel> {
  if (!Number.isInteger(allowance.maxItems) || allowance.maxItems < 0 || allowance.maxItems > 100)
    return { ok: false, error: 'Products must be a whole number from 0 to 100', params: { field: 'maxItems' } };
  if (!Number.isFinite(allowance.maxValue) || allowance.maxValue < 0)
    return { ok: false, error: 'Value must be an amount of at least 0', params: { field: 'maxValue' } };
  return accept({ ...funnel, giftAllowance: { maxItems: allowance.maxItems, maxValue: allowance.maxValue }, lastUpdated: now.toISOString() }, 'domain.giftAllowance.saved');
}

/** Everything the portal shows: that creator's own funnel and nothing else of the workspace. */
export interface PortalView {
  creatorName: string;
  brand: string;
  engagementType: string;
  dueDate: string;
  brief: { description: string; objective: string; deliverables: { contentType: string; count: number; dueDate: string; notes: string }[] };
  ask: PortalAsk;
  answers: CreatorAnswers;
  allowance: GiftAllowance;
  /** In-stock products to choose from, only while products are asked for. */
  products: { id: string; name: string; sku: string; value: number }[];
  /** The chosen products (names), once chosen. */
  chosen: string[];
  /** The workspace's language: the portal's own until the creator picks one. */
  defaultLanguage: 'en-US' | 'es' | 'fr';
  /** The funnel is still open (a step not completed): a creator who declined may still take part. */
  open: boolean;
  /** The creator's code and link, clicks, orders and commission earned (the team server's figures for this funnel); absent without a code. */
  results?: CreatorResults | null;
}

export function portalView(
  funnel: Funnel,
  workspace: { brand: string; language: 'en-US' | 'es' | 'fr' },
  inventory: readonly InventoryItem[],
  order: Pick<Order, 'items'> | undefined,
): PortalView {
  const ask = nextAsk(funnel);
  const briefStep = funnel.steps.find((s) => s.name === 'Creative Brief Delivery');
  return {
    creatorName: funnel.creatorName,
    brand: workspace.brand,
    engagementType: funnel.engagementType,
    dueDate: funnel.dueDate,
    brief: {
      description: briefStep?.description ?? '',
      objective: funnel.objective ?? '',
      deliverables: (funnel.deliverables ?? []).map((d) => ({ contentType: d.contentType, count: d.count, dueDate: d.dueDate, notes: d.notes })),
    },
    ask,
    answers: funnel.portal ?? {},
    allowance: funnel.giftAllowance ?? { maxItems: 0, maxValue: 0 },
    products: ask === 'products' ? offeredProducts(inventory) : [],
    chosen: order?.items.map((item) => item.name) ?? [],
    defaultLanguage: workspace.language,
    open: funnelOpen(funnel),
  };
}

/**
 * A creator's answer completes a step (spec §4 "Saving a step"), and when it is the step the
 * funnel is at, the funnel moves on from it: the creator did what that step waits for, where a
 * staff save of the same step only records it.
 */
export function completeStepByCreator(funnel: Funnel, stepIndex: number, draft: StepDraft, now: Date): Result<StepSaveOutcome> {
  const saved = saveStep(funnel, stepIndex, draft, now);
  if (!saved.ok || saved.value.advanced || !funnel.steps[stepIndex]?.current) return saved;
  const before = saved.value.funnel;
  const next = FUNNEL_STATUSES[statusIndex(before.status) + 1];
  if (!next || stepIndex + 1 >= before.steps.length) return saved;
  const steps = before.steps.map((step, index) => ({ ...step, current: index === stepIndex + 1 }));
  const notifications = statusNotifications(funnel, next);
  const moved: Funnel = { ...before, steps, status: next, progressPercentage: progressPercentage(steps) };
  return { ok: true, value: { funnel: moved, advanced: true, previousStatus: funnel.status, notifications } };
}
