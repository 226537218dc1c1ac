// Every record type of a workspace, declared once: its validator, its display order and its
// default (for singletons). Loading runs the validator: a record that fails it is set aside,
// never cast. The TypeScript types live in lib/domain/types.ts; `satisfies` below keeps each
// validator and its type in step.
import * as v from 'valibot';
import { defaultAutomation, defaultProfile, defaultSettings, defaultWebhookSettings, samplePlan } from '../sample/defaults';
import { DEFAULT_MATCHING_CRITERIA } from '../sample/suggestions';
import {
  CHANNELS,
  EVENT_TYPES,
  FUNNEL_CATEGORIES,
  FUNNEL_FILTER_STATUSES,
  FUNNEL_STAGES,
  FUNNEL_STATUSES,
  LANGUAGES,
  NOTIFICATION_TYPES,
  ORDER_STATUSES,
  PERMISSIONS,
  ROLES,
  TIME_ZONES,
  RETIRED_WEBHOOK_EVENT_TYPES,
  WEBHOOK_EVENT_TYPES,
} from '../domain/types';
import type { CollectionName, RecordOf, SingletonName, SingletonOf } from './names';

const str = v.string();
const num = v.pipe(v.number(), v.finite());
const bool = v.boolean();
const optional = <T extends v.GenericSchema>(schema: T) => v.optional(schema);
const picklist = <T extends readonly string[]>(values: T) => v.picklist(values);

const step = v.object({ name: str, description: str, completed: bool, current: bool });
const outreachMessage = v.object({ id: str, timestamp: str, message: str, sentBy: str });

const address = v.object({ line1: str, line2: optional(str), city: str, state: str, postalCode: str, country: str });

const funnel = v.object({
  id: str,
  creatorName: str,
  creatorHandle: str,
  creatorAvatar: str,
  status: picklist(FUNNEL_STATUSES),
  category: picklist(FUNNEL_CATEGORIES),
  activity: picklist(FUNNEL_FILTER_STATUSES),
  value: num,
  progressPercentage: num,
  assignedTo: str,
  lastUpdated: str,
  isPriority: bool,
  currentStage: picklist(FUNNEL_STAGES),
  engagementType: str,
  platform: str,
  conversionRate: num,
  engagementRate: num,
  roi: num,
  startDate: str,
  dueDate: str,
  daysRemaining: num,
  steps: v.array(step),
  bio: optional(str),
  interestTags: optional(v.array(str)),
  email: optional(str),
  followers: optional(num),
  outreach: optional(v.array(outreachMessage)),
  objective: optional(str),
  deliverables: optional(v.array(v.object({ contentType: str, count: num, dueDate: str, notes: str }))),
  portal: optional(
    v.object({
      language: optional(v.picklist(['en-US', 'es', 'fr'] as const)),
      confirmedAt: optional(str),
      declinedAt: optional(str),
      address: optional(address),
      addressAt: optional(str),
      orderId: optional(str),
      productsAt: optional(str),
      briefAcknowledgedAt: optional(str),
      deliverableLinks: optional(v.array(v.object({ url: str, note: str }))),
      deliverablesAt: optional(str),
      optedOutAt: optional(str),
    }),
  ),
  giftAllowance: optional(v.object({ maxItems: num, maxValue: num })),
});
const orderItem = v.object({
  id: str,
  productId: str,
  name: str,
  sku: str,
  quantity: num,
  price: num,
  variantId: optional(str),
  variantName: optional(str),
});
const orderHistoryEntry = v.object({ id: str, timestamp: str, status: picklist(ORDER_STATUSES), note: optional(str) });
const order = v.object({
  id: str,
  source: str,
  orderNumber: str,
  status: picklist(ORDER_STATUSES),
  customerEmail: str,
  customerName: str,
  customerPhone: optional(str),
  shippingAddress: address,
  items: v.array(orderItem),
  subtotal: num,
  tax: num,
  shipping: num,
  total: num,
  createdAt: str,
  updatedAt: str,
  history: v.array(orderHistoryEntry),
  notes: optional(str),
  tags: v.array(str),
  trackingNumber: optional(str),
  carrierName: optional(str),
  creatorId: optional(str),
  stockDeducted: optional(bool),
});

const wholeNumber = v.pipe(v.number(), v.integer(), v.minValue(0));
const inventoryItem = v.object({
  id: str,
  sku: str,
  name: str,
  quantity: wholeNumber,
  lowStockThreshold: wholeNumber,
  reorderPoint: wholeNumber,
  lastRestocked: str,
  location: str,
});

const calendarEvent = v.object({
  id: str,
  title: str,
  start: str,
  end: str,
  type: picklist(EVENT_TYPES),
  creatorId: str,
  creatorName: str,
  status: str,
  description: str,
});

const notification = v.object({
  id: str,
  type: picklist(NOTIFICATION_TYPES),
  title: str,
  message: str,
  timestamp: str,
  read: bool,
  snoozedUntil: v.nullable(str),
});

const permissions = v.object(Object.fromEntries(PERMISSIONS.map((p) => [p, bool])) as Record<(typeof PERMISSIONS)[number], typeof bool>);
const teamMember = v.object({
  id: str,
  name: str,
  email: str,
  role: picklist(ROLES),
  status: v.picklist(['Active', 'Pending']),
  permissions,
});

const scalar = v.union([v.string(), v.number(), v.boolean()]);
const activityEntry = v.object({
  id: str,
  timestamp: str,
  userId: str,
  userName: str,
  userAvatar: str,
  action: str,
  actionType: v.picklist(['creator', 'funnel', 'notification', 'system']),
  details: str,
  status: v.picklist(['success', 'warning', 'error']),
  metadata: optional(v.record(v.string(), scalar)),
});

const invoice = v.object({ id: str, date: str, amount: num, status: v.picklist(['paid', 'pending', 'failed']), downloadUrl: str, description: optional(str) });
const integration = v.object({
  id: str,
  name: str,
  description: str,
  category: v.picklist(['analytics', 'communication', 'ecommerce', 'webhooks']),
  status: v.picklist(['connected', 'disconnected']),
  lastSync: v.nullable(str),
  credentials: optional(v.object({ apiKeyHint: str, webhookHost: optional(str) })),
});
const webhookEvent = v.object({
  id: str,
  type: picklist([...WEBHOOK_EVENT_TYPES, ...RETIRED_WEBHOOK_EVENT_TYPES]),
  timestamp: str,
  status: v.picklist(['delivered', 'failed', 'pending']),
  payload: v.record(v.string(), v.unknown()),
});

const gridItem = v.object({
  i: str,
  x: num,
  y: num,
  w: num,
  h: num,
  minW: optional(num),
  maxW: optional(num),
  minH: optional(num),
  isDraggable: optional(bool),
  isResizable: optional(bool),
});

type Validator<T> = v.GenericSchema<unknown, T>;

interface CollectionDefinition<C extends CollectionName> {
  schema: Validator<RecordOf<C>>;
  /** Display order of the collection; records without one keep their stored order. */
  sort?: (a: RecordOf<C>, b: RecordOf<C>) => number;
}
interface SingletonDefinition<S extends SingletonName> {
  schema: Validator<SingletonOf<S>>;
  initial(now: Date): SingletonOf<S>;
}

const newestFirst = <K extends string>(key: K) => (a: Record<K, string>, b: Record<K, string>) => b[key].localeCompare(a[key]);

export const COLLECTIONS: { [C in CollectionName]: CollectionDefinition<C> } = {
  funnels: { schema: funnel satisfies Validator<RecordOf<'funnels'>> },
  orders: { schema: order satisfies Validator<RecordOf<'orders'>>, sort: newestFirst('createdAt') },
  inventory: { schema: inventoryItem satisfies Validator<RecordOf<'inventory'>> },
  events: { schema: calendarEvent satisfies Validator<RecordOf<'events'>> },
  notifications: { schema: notification satisfies Validator<RecordOf<'notifications'>>, sort: newestFirst('timestamp') },
  team: { schema: teamMember satisfies Validator<RecordOf<'team'>> },
  activity: { schema: activityEntry satisfies Validator<RecordOf<'activity'>>, sort: newestFirst('timestamp') },
  invoices: { schema: invoice satisfies Validator<RecordOf<'invoices'>> },
  integrations: { schema: integration satisfies Validator<RecordOf<'integrations'>> },
  webhookEvents: { schema: webhookEvent satisfies Validator<RecordOf<'webhookEvents'>> },
};

export const SINGLETONS: { [S in SingletonName]: SingletonDefinition<S> } = {
  settings: {
    schema: v.object({
      companyName: str,
      timeZone: v.picklist(TIME_ZONES.map((z) => z.value)),
      language: v.picklist(LANGUAGES.map((l) => l.value)),
    }) satisfies Validator<SingletonOf<'settings'>>,
    initial: defaultSettings,
  },
  profile: {
    schema: v.object({
      name: str,
      email: str,
      notifications: v.object(Object.fromEntries(CHANNELS.map((c) => [c, bool])) as Record<(typeof CHANNELS)[number], typeof bool>),
    }) satisfies Validator<SingletonOf<'profile'>>,
    initial: defaultProfile,
  },
  plan: {
    schema: v.object({
      name: str,
      price: num,
      billingCycle: v.picklist(['month', 'year']),
      renewalDate: str,
      features: v.array(str),
    }) satisfies Validator<SingletonOf<'plan'>>,
    initial: samplePlan,
  },
  automationDefaults: {
    schema: v.object({ payment: bool, shipment: bool, review: bool }) satisfies Validator<SingletonOf<'automationDefaults'>>,
    initial: defaultAutomation,
  },
  developer: {
    schema: v.object({
      endpointUrl: str,
      events: v.array(picklist([...WEBHOOK_EVENT_TYPES, ...RETIRED_WEBHOOK_EVENT_TYPES])),
    }) satisfies Validator<SingletonOf<'developer'>>,
    initial: defaultWebhookSettings,
  },
  dashboardLayout: {
    schema: v.record(v.string(), v.record(v.string(), v.optional(v.array(gridItem)))) satisfies Validator<SingletonOf<'dashboardLayout'>>,
    initial: () => ({}),
  },
  matchingCriteria: {
    schema: v.object({ demographics: v.array(str), niche: v.array(str), style: v.array(str) }) satisfies Validator<SingletonOf<'matchingCriteria'>>,
    initial: () => structuredClone(DEFAULT_MATCHING_CRITERIA),
  },
};

/** Checks a stored record against its collection's validator. */
export function isValidRecord<C extends CollectionName>(collection: C, value: unknown): value is RecordOf<C> {
  return v.is(COLLECTIONS[collection].schema, value);
}

export function isValidSingleton<S extends SingletonName>(name: S, value: unknown): value is SingletonOf<S> {
  return v.is(SINGLETONS[name].schema, value);
}

export const isCollectionName = (name: string): name is CollectionName => Object.hasOwn(COLLECTIONS, name);
export const isSingletonName = (name: string): name is SingletonName => Object.hasOwn(SINGLETONS, name);
