// Webhooks and API keys: which change sends which event, the endpoint URL rule, the retry
// schedule, and what a key of each role may do. Pure: the server calls these inside the
// transaction of the change, and the Developer area shows the same rules.
import { inventoryStatus } from './inventory';
import { saleFiguresOf } from './sales';
import { fail, ok, refuse, WEBHOOK_EVENT_TYPES, type Funnel, type InventoryItem, type Order, type Permissions, type Result, type Role, type WebhookEventType } from './types';

/** One record written by a transaction: before (undefined when new) and after (undefined when deleted). */
export interface RecordChange {
  collection: string;
  before: unknown;
  after: unknown;
}

export interface DomainEvent {
  type: WebhookEventType;
  data: Record<string, unknown>;
}

const creatorOf = (funnel: Funnel) => ({ id: funnel.id, name: funnel.creatorName, handle: funnel.creatorHandle, platform: funnel.platform });

const orderSummaryOf = (order: Order) => ({
  id: order.id,
  orderNumber: order.orderNumber,
  status: order.status,
  source: order.source,
  total: order.total,
  items: order.items.map((i) => ({ sku: i.sku, quantity: i.quantity })),
});

/** Why order.attributed was sent. */
export type AttributedReason = 'attributed' | 'removed' | 'refunded';

const sameAttribution = (a: Order['attribution'], b: Order['attribution']) => a?.funnelId === b?.funnelId && a?.code === b?.code && a?.rule === b?.rule;

/**
 * order.attributed for a sale whose creator changed (attributed, by the shop or by hand, or its
 * attribution removed) or, still attributed, whose refunds took more back. A new sale that
 * arrives attributed sends it too.
 */
function attributedEvent(before: Order | undefined, after: Order): DomainEvent | null {
  if (after.kind !== 'sale') return null;
  let reason: AttributedReason | null = null;
  if (!before) reason = after.attribution ? 'attributed' : null;
  else if (!sameAttribution(before.attribution, after.attribution)) reason = after.attribution ? 'attributed' : 'removed';
  else if (after.attribution && saleFiguresOf(after).refunded !== saleFiguresOf(before).refunded) reason = 'refunded';
  if (!reason) return null;
  return {
    type: 'order.attributed',
    data: {
      reason,
      order: { ...orderSummaryOf(after), kind: after.kind, subtotal: after.subtotal, attribution: after.attribution ? { ...after.attribution } : null, ...saleFiguresOf(after) },
      previousAttribution: before?.attribution ? { ...before.attribution } : null,
    },
  };
}

const isLow = (item: Pick<InventoryItem, 'quantity' | 'lowStockThreshold'>) => item.quantity <= item.lowStockThreshold;

/** True when an item goes from above its threshold (or from nothing) to at or below it. */
export function crossedLowStock(before: InventoryItem | undefined, after: InventoryItem): boolean {
  if (!isLow(after)) return false;
  return before === undefined ? false : !isLow(before);
}

/**
 * The events a committed change sends:
 * - `funnel.status.updated`: a funnel's status differs from what it was (one per change);
 * - `creator.onboarded`: a funnel (a creator) is new to the workspace;
 * - `order.created`: an order is new to the workspace (the Orders screen, the API, a shop);
 * - `order.status.updated`: an order's status differs from what it was;
 * - `order.attributed`: a sale is attributed to a creator, its attribution is removed, or an
 *   attributed sale is refunded (see attributedEvent);
 * - `inventory.low_stock`: an item's quantity falls to or below its threshold from above it
 *   (once per crossing: it must rise above the threshold again before the next one).
 */
export function webhookEventsFor(changes: readonly RecordChange[]): DomainEvent[] {
  const events: DomainEvent[] = [];
  for (const change of changes) {
    if (change.collection === 'funnels' && change.after) {
      const after = change.after as Funnel;
      const before = change.before as Funnel | undefined;
      if (!before) events.push({ type: 'creator.onboarded', data: { creator: creatorOf(after), funnel: { id: after.id, status: after.status } } });
      else if (before.status !== after.status)
        events.push({
          type: 'funnel.status.updated',
          data: { funnel: { id: after.id, status: after.status, previousStatus: before.status }, creator: creatorOf(after) },
        });
    }
    if (change.collection === 'orders' && change.after) {
      const after = change.after as Order;
      const before = change.before as Order | undefined;
      if (!before) events.push({ type: 'order.created', data: { order: orderSummaryOf(after) } });
      else if (before.status !== after.status)
        events.push({ type: 'order.status.updated', data: { order: { ...orderSummaryOf(after), previousStatus: before.status } } });
      const attributed = attributedEvent(before, after);
      if (attributed) events.push(attributed);
    }
    if (change.collection === 'inventory' && change.after) {
      const after = change.after as InventoryItem;
      const before = change.before as InventoryItem | undefined;
      if (crossedLowStock(before, after))
        events.push({
          type: 'inventory.low_stock',
          data: { item: { id: after.id, sku: after.sku, name: after.name, quantity: after.quantity, lowStockThreshold: after.lowStockThreshold, stockStatus: inventoryStatus(after) } },
        });
    }
  }
  return events;
}

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** A webhook endpoint: https, or plain http only to this machine (a receiver under development). */
export function validateEndpointUrl(raw: string): Result<string> {
  const value = raw.trim();
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return fail('Endpoint URL must be a valid URL starting with https://');
  }
  if (url.username || url.password) return fail('Endpoint URL cannot contain a user name or password');
  if (url.protocol === 'https:' && url.hostname) return ok(url.toString());
  if (url.protocol === 'http:' && LOCAL_HOSTS.has(url.hostname)) return ok(url.toString());
  return fail('Endpoint URL must start with https:// (http:// only for localhost or 127.0.0.1)');
}

export function validateEventTypes(events: readonly string[]): Result<WebhookEventType[]> {
  const chosen = WEBHOOK_EVENT_TYPES.filter((type) => events.includes(type));
  if (chosen.length === 0) return refuse('domain.developer.chooseEvent');
  return ok(chosen);
}

/**
 * Delay before each retry, after the first attempt: the Standard Webhooks schedule, about 27
 * hours in all. A delivery that fails them all is failed for good.
 */
export const RETRY_DELAYS_MS = [5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000] as const;
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;
/** Deliveries failed for good in a row, after which an endpoint is disabled. */
export const DISABLE_AFTER_FAILURES = 3;

/** When the next attempt is due after `attempts` failed ones, or null when there is none left. */
export function nextAttemptDelay(attempts: number): number | null {
  return attempts >= MAX_ATTEMPTS ? null : RETRY_DELAYS_MS[attempts - 1] ?? null;
}

/** What an API key of each role may do: the flags its requests carry. */
export function apiKeyPermissions(role: Role): Permissions {
  if (role === 'Admin') return { editAutomations: true, sendOutreach: true, manageTeam: true, viewAnalytics: true };
  if (role === 'Editor') return { editAutomations: true, sendOutreach: true, manageTeam: false, viewAnalytics: true };
  return { editAutomations: false, sendOutreach: false, manageTeam: false, viewAnalytics: false };
}

/** How a key appears in the activity log and the Developer area: never more than its last four characters. */
export const apiKeyLabel = (lastFour: string) => `API key …${lastFour}`;

/** Why the server disabled an endpoint (stored with it; the Developer area says it in its language). */
export const ENDPOINT_DISABLED_REASON = 'Disabled after every delivery attempt over a day failed';
