// Every record type of a workspace, declared once (lib/schema/define.ts): its type, validator,
// display order, default (singletons), migration steps, what a role may not see, and how the
// server keeps it. Loading runs the validator: a record that fails it is set aside, never cast.
// The TypeScript types live in lib/domain/types.ts (the domain rules take them); `validates<T>`
// below checks each validator against its type, and lib/schema/names.ts reads the types off
// these declarations.
import * as v from 'valibot';
import type { Message, MessageKey, MessageValue } from '../domain/messages';
import { codeFromHandle } from '../domain/attribution';
import { integrationCredentialsOf, type DeveloperSettings } from '../domain/developer';
import { activityForRole, developerForRole, integrationForRole } from '../domain/visibility';
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
  ORDER_KINDS,
  ORDER_STATUSES,
  PERMISSIONS,
  ROLES,
  TIME_ZONES,
  RETIRED_WEBHOOK_EVENT_TYPES,
  WEBHOOK_EVENT_TYPES,
  type ActivityEntry,
  type AppNotification,
  type AutomationDefaults,
  type CalendarEvent,
  type DashboardLayouts,
  type Funnel,
  type GeneralSettings,
  type Integration,
  type InventoryItem,
  type Invoice,
  type Order,
  type Plan,
  type CreatorPayment,
  type Profile,
  type Role,
  type TeamMember,
  type WebhookEvent,
} from '../domain/types';
import type { CriteriaGroup } from '../sample/suggestions';
import { activityMessageOf, noteMessage, notificationMessageOf } from './stored-english';
import { defineCollection, defineSingleton, newestFirst, validates, type CollectionDefinition, type SingletonDefinition } from './define';

const str = v.string();
const num = v.pipe(v.number(), v.finite());
const bool = v.boolean();
const optional = <T extends v.GenericSchema>(schema: T) => v.optional(schema);
const picklist = <T extends readonly string[]>(values: T) => v.picklist(values);

const step = v.object({ name: str, description: str, completed: bool, current: bool });
const outreachDelivery = v.object({ status: v.picklist(['queued', 'sent', 'failed']), reason: optional(str), givenUp: optional(bool), at: str, activityId: optional(str) });
const outreachMessage = v.object({ id: str, timestamp: str, message: str, sentBy: str, delivery: optional(outreachDelivery) });

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
  discountCode: optional(str),
  commissionPercent: optional(v.pipe(v.number(), v.finite(), v.minValue(0), v.maxValue(100))),
  flatFee: optional(v.pipe(v.number(), v.finite(), v.minValue(0))),
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
// A message's key is any text here: a key a later version retired still loads (the screen then
// shows the entry's stored English).
const messageValue: v.GenericSchema<MessageValue> = v.lazy(() =>
  v.union([v.string(), v.number(), messageSchema, v.object({ date: str }), v.object({ list: v.array(messageValue), joiner: v.picklist([', ', '. ']) })]),
);
export const messageSchema: v.GenericSchema<Message> = v.object({
  key: v.custom<MessageKey>((key) => typeof key === 'string'),
  values: optional(v.record(v.string(), messageValue)),
});

const orderHistoryEntry = v.object({ id: str, timestamp: str, status: picklist(ORDER_STATUSES), note: optional(str), said: optional(messageSchema) });
const money = v.pipe(v.number(), v.finite(), v.minValue(0));
const order = v.object({
  id: str,
  kind: picklist(ORDER_KINDS),
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
  shippingCost: optional(money),
  attribution: optional(v.object({ funnelId: str, code: str, handle: str, rule: v.picklist(['code', 'ref', 'utm', 'manual']) })),
  refunds: optional(v.array(v.object({ id: str, amount: v.number() }))),
});

const creatorPayment = v.object({ id: str, funnelId: str, paidOn: str, amount: v.pipe(v.number(), v.finite(), v.minValue(0)), reference: str, recordedAt: str, recordedBy: str });

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
  unitCost: optional(money),
  retailPrice: optional(money),
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
  said: optional(v.object({ title: messageSchema, message: messageSchema })),
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
  status: v.picklist(['success', 'warning', 'error', 'queued']),
  metadata: optional(v.record(v.string(), scalar)),
  message: optional(v.object({ action: messageSchema, details: messageSchema })),
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

/** An activity entry stored in English only, with its message read from that English. */
export function liftActivityEntry(value: Record<string, unknown>): Record<string, unknown> {
  if (value.message !== undefined || typeof value.action !== 'string' || typeof value.details !== 'string') return value;
  return { ...value, message: activityMessageOf({ action: value.action, details: value.details }) };
}

/** A notification stored in English only, with its title and text as messages. */
export function liftNotification(value: Record<string, unknown>): Record<string, unknown> {
  if (value.said !== undefined || typeof value.title !== 'string' || typeof value.message !== 'string') return value;
  return { ...value, said: notificationMessageOf({ title: value.title, message: value.message }) };
}

/** An order whose history notes are in English only, each note with its message. */
export function liftOrderNotes(value: Record<string, unknown>): Record<string, unknown> {
  if (!Array.isArray(value.history)) return value;
  const history = value.history as unknown[];
  const unlifted = (entry: unknown): entry is { note: string; said?: undefined } =>
    typeof entry === 'object' && entry !== null && typeof (entry as { note?: unknown }).note === 'string' && (entry as { said?: unknown }).said === undefined;
  if (!history.some(unlifted)) return value;
  return { ...value, history: history.map((entry) => (unlifted(entry) ? { ...entry, said: noteMessage(entry.note) } : entry)) };
}

/**
 * Orders from before gifts and sales were told apart: an order tied to a funnel (a creator) is a
 * gift, any other a sale. A gift's tax and shipping were never owed by anyone: its charges
 * become 0, its total its items' value, and the shipping it was charged becomes its shipping
 * cost to the brand.
 */
export function liftOrderKind(value: Record<string, unknown>): Record<string, unknown> {
  if (value.kind !== undefined) return value;
  if (typeof value.creatorId !== 'string' || !value.creatorId) return { ...value, kind: 'sale' };
  const subtotal = typeof value.subtotal === 'number' ? value.subtotal : 0;
  const shipping = typeof value.shipping === 'number' ? value.shipping : 0;
  return { ...value, kind: 'gift', tax: 0, shipping: 0, total: subtotal, shippingCost: shipping };
}

/**
 * Funnels from before discount codes get their handle's code. One record at a time cannot see
 * the others, so two engagements of one creator may share it in a local workspace (the team
 * server's migration numbers them); editing one makes it unique.
 */
export function liftDiscountCode(value: Record<string, unknown>): Record<string, unknown> {
  if (value.discountCode !== undefined || typeof value.creatorHandle !== 'string') return value;
  return { ...value, discountCode: codeFromHandle(value.creatorHandle) };
}

/** Every collection of a workspace, in the order the store and the server list them. */
export const COLLECTION_DEFINITIONS = [
  defineCollection({
    name: 'funnels',
    schema: validates<Funnel>(funnel),
    lookup: 'creatorHandle',
    // v1 had no funnel activity state; v5 no discount codes.
    migrations: { 1: (value) => (value.activity === undefined ? { ...value, activity: 'Active' } : value), 5: liftDiscountCode },
  }),
  defineCollection({
    name: 'orders',
    schema: validates<Order>(order),
    sort: newestFirst('createdAt'),
    newRecords: 'first',
    // v1 did not track whether an order's stock was deducted; v3 kept history notes in English only;
    // v4 did not tell gifts from sales.
    migrations: {
      1: (value) => (value.stockDeducted === undefined ? { ...value, stockDeducted: ['Processing', 'Shipped', 'Delivered'].includes(String(value.status)) } : value),
      3: liftOrderNotes,
      4: liftOrderKind,
    },
  }),
  // Items from before unit costs have none until someone enters it.
  defineCollection({ name: 'inventory', schema: validates<InventoryItem>(inventoryItem), lookup: 'sku' }),
  defineCollection({ name: 'events', schema: validates<CalendarEvent>(calendarEvent) }),
  defineCollection({
    name: 'notifications',
    schema: validates<AppNotification>(notification),
    sort: newestFirst('timestamp'),
    newRecords: 'first',
    // v3 kept a notification's title and text in English only.
    migrations: { 3: liftNotification },
  }),
  defineCollection({ name: 'team', schema: validates<TeamMember>(teamMember), serverTable: 'members' }),
  defineCollection({
    name: 'activity',
    schema: validates<ActivityEntry>(activityEntry),
    sort: newestFirst('timestamp'),
    newRecords: 'first',
    forRole: activityForRole,
    // v3 kept an entry's action and details in English only.
    migrations: { 3: liftActivityEntry },
  }),
  defineCollection({ name: 'invoices', schema: validates<Invoice>(invoice), newRecords: 'first' }),
  defineCollection({
    name: 'integrations',
    schema: validates<Integration>(integration),
    newRecords: 'first',
    forRole: integrationForRole,
    // v2 kept integration credentials on their records; keys are the team server's now, and a record keeps hints only.
    migrations: {
      2: (value) => {
        if (!('apiKey' in value || 'webhookUrl' in value)) return value;
        const { apiKey, webhookUrl, ...rest } = value;
        const hints = typeof apiKey === 'string' && apiKey ? { credentials: integrationCredentialsOf({ apiKey, webhookUrl: typeof webhookUrl === 'string' ? webhookUrl : '' }) } : {};
        return { ...rest, ...hints };
      },
    },
  }),
  defineCollection({ name: 'webhookEvents', schema: validates<WebhookEvent>(webhookEvent), newRecords: 'first' }),
  // Payments an Admin recorded as made to creators (the ledger's "paid"), newest first.
  defineCollection({ name: 'payments', schema: validates<CreatorPayment>(creatorPayment), sort: newestFirst('paidOn'), newRecords: 'first' }),
] as const;

/** Every singleton of a workspace. */
export const SINGLETON_DEFINITIONS = [
  defineSingleton({
    name: 'settings',
    schema: validates<GeneralSettings>(
      v.object({
        companyName: str,
        timeZone: v.picklist(TIME_ZONES.map((z) => z.value)),
        language: v.picklist(LANGUAGES.map((l) => l.value)),
        shopUrl: optional(str),
      }),
    ),
    initial: defaultSettings,
  }),
  defineSingleton({
    name: 'profile',
    schema: validates<Profile>(
      v.object({
        name: str,
        email: str,
        notifications: v.object(Object.fromEntries(CHANNELS.map((c) => [c, bool])) as Record<(typeof CHANNELS)[number], typeof bool>),
      }),
    ),
    initial: defaultProfile,
  }),
  defineSingleton({
    name: 'plan',
    schema: validates<Plan>(v.object({ name: str, price: num, billingCycle: v.picklist(['month', 'year']), renewalDate: str, features: v.array(str) })),
    initial: samplePlan,
  }),
  defineSingleton({
    name: 'automationDefaults',
    schema: validates<AutomationDefaults>(v.object({ payment: bool, shipment: bool, review: bool })),
    initial: defaultAutomation,
  }),
  defineSingleton({
    name: 'developer',
    schema: validates<DeveloperSettings>(v.object({ endpointUrl: str, events: v.array(picklist([...WEBHOOK_EVENT_TYPES, ...RETIRED_WEBHOOK_EVENT_TYPES])) })),
    initial: defaultWebhookSettings,
    forRole: developerForRole,
    // v2 kept a sample API key in the developer settings; keys are the team server's now.
    migrations: {
      2: (value) => {
        if (!('apiKey' in value)) return value;
        const { apiKey: _dropped, ...rest } = value;
        return rest;
      },
    },
  }),
  defineSingleton({
    /** Dashboard grid layout per member id. */
    name: 'dashboardLayout',
    schema: validates<Record<string, DashboardLayouts>>(v.record(v.string(), v.record(v.string(), v.optional(v.array(gridItem))))),
    initial: () => ({}),
  }),
  defineSingleton({
    name: 'matchingCriteria',
    schema: validates<Record<CriteriaGroup, string[]>>(v.object({ demographics: v.array(str), niche: v.array(str), style: v.array(str) })),
    initial: () => structuredClone(DEFAULT_MATCHING_CRITERIA),
  }),
] as const;

type Collections = (typeof COLLECTION_DEFINITIONS)[number];
type Singletons = (typeof SINGLETON_DEFINITIONS)[number];

/** Collection definitions by name. */
export const COLLECTIONS = Object.fromEntries(COLLECTION_DEFINITIONS.map((d) => [d.name, d])) as unknown as {
  [D in Collections as D['name']]: D;
};
/** Singleton definitions by name. */
export const SINGLETONS = Object.fromEntries(SINGLETON_DEFINITIONS.map((d) => [d.name, d])) as unknown as {
  [D in Singletons as D['name']]: D;
};

/** The definition of a collection, as code that works on any collection sees it. */
export const collectionDefinition = (name: keyof typeof COLLECTIONS) => COLLECTIONS[name] as unknown as CollectionDefinition;
/** The definition of a singleton, as code that works on any singleton sees it. */
export const singletonDefinition = (name: keyof typeof SINGLETONS) => SINGLETONS[name] as unknown as SingletonDefinition;

export const isCollectionName = (name: string): name is keyof typeof COLLECTIONS => Object.hasOwn(COLLECTIONS, name);
export const isSingletonName = (name: string): name is keyof typeof SINGLETONS => Object.hasOwn(SINGLETONS, name);

/**
 * The record types an engine works with: the workspace's (`WORKSPACE`), or, in a test, the
 * workspace's and one it declares itself (whose name the types then take on trust).
 */
export interface WorkspaceSchema {
  readonly collectionNames: readonly CollectionNameOf[];
  readonly singletonNames: readonly SingletonNameOf[];
  collection(name: CollectionNameOf): CollectionDefinition;
  singleton(name: SingletonNameOf): SingletonDefinition;
  isCollectionName(name: string): name is CollectionNameOf;
  isSingletonName(name: string): name is SingletonNameOf;
  isValidRecord<C extends CollectionNameOf>(name: C, value: unknown): value is RecordOfName<C>;
  isValidSingleton<S extends SingletonNameOf>(name: S, value: unknown): value is ValueOfName<S>;
}
type CollectionNameOf = keyof typeof COLLECTIONS;
type SingletonNameOf = keyof typeof SINGLETONS;

export function workspaceSchema(
  collections: readonly { readonly kind: 'collection'; readonly name: string }[],
  singletons: readonly { readonly kind: 'singleton'; readonly name: string }[],
): WorkspaceSchema {
  const byName = new Map(collections.map((d) => [d.name, d as unknown as CollectionDefinition]));
  const singletonsByName = new Map(singletons.map((d) => [d.name, d as unknown as SingletonDefinition]));
  return {
    collectionNames: collections.map((d) => d.name as CollectionNameOf),
    singletonNames: singletons.map((d) => d.name as SingletonNameOf),
    collection: (name) => byName.get(name)!,
    singleton: (name) => singletonsByName.get(name)!,
    isCollectionName: (name): name is CollectionNameOf => byName.has(name),
    isSingletonName: (name): name is SingletonNameOf => singletonsByName.has(name),
    isValidRecord: <C extends CollectionNameOf>(name: C, value: unknown): value is RecordOfName<C> => v.is(byName.get(name)!.schema, value),
    isValidSingleton: <S extends SingletonNameOf>(name: S, value: unknown): value is ValueOfName<S> => v.is(singletonsByName.get(name)!.schema, value),
  };
}

/** The workspace's record types. */
export const WORKSPACE = workspaceSchema(COLLECTION_DEFINITIONS, SINGLETON_DEFINITIONS);

/** Checks a stored record against its collection's validator. */
export function isValidRecord<C extends keyof typeof COLLECTIONS>(collection: C, value: unknown): value is RecordOfName<C> {
  return v.is(collectionDefinition(collection).schema, value);
}

export function isValidSingleton<S extends keyof typeof SINGLETONS>(name: S, value: unknown): value is ValueOfName<S> {
  return v.is(singletonDefinition(name).schema, value);
}

type RecordOfName<C extends keyof typeof COLLECTIONS> = (typeof COLLECTIONS)[C] extends CollectionDefinition<string, infer T, string> ? T : never;
type ValueOfName<S extends keyof typeof SINGLETONS> = (typeof SINGLETONS)[S] extends SingletonDefinition<string, infer T> ? T : never;

/**
 * `value` as a member of `role` may see it (the same object when nothing is withheld): the
 * record's definition names the rule. `collection` is 'singletons' for a singleton, `id` its name.
 */
export function recordForRole(collection: string, id: string, value: unknown, role: Role, schema: WorkspaceSchema = WORKSPACE): unknown {
  if (role === 'Admin' || value === null || typeof value !== 'object') return value;
  const rule =
    collection === 'singletons'
      ? schema.isSingletonName(id) ? schema.singleton(id).forRole : undefined
      : schema.isCollectionName(collection) ? schema.collection(collection).forRole : undefined;
  return rule ? rule(value as never, role) : value;
}

export const COLLECTION_NAMES = COLLECTION_DEFINITIONS.map((d) => d.name);
export const SINGLETON_NAMES = SINGLETON_DEFINITIONS.map((d) => d.name);
