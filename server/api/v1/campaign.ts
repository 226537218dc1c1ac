// The public API's campaign routes: add creators, start and move funnels, send outreach,
// take orders, set stock. Each write runs the same mutator as the screens, as the key (its
// role as stored), and a POST may carry an Idempotency-Key.
import { and, gte, sql, type SQL } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { INVENTORY, MAX_AMOUNT, MAX_QUANTITY } from '../../../lib/domain/constants';
import { optedOutRefusal, outreachEmailBlock, STEP_NAMES } from '../../../lib/domain/funnels';
import { SALES_CHANNELS } from '../../../lib/domain/orders';
import { ATTRIBUTION_RULES, saleFiguresOf } from '../../../lib/domain/sales';
import { FUNNEL_STATUSES, ORDER_KINDS, ORDER_STATUSES, type Funnel, type InventoryItem, type Order } from '../../../lib/domain/types';
import { checkCreator, CREATOR_FIELD_NAMES } from '../../../lib/mutators/creators';
import { MUTATORS } from '../../../lib/mutators';
import type { CollectionName, RecordOf } from '../../../lib/schema/names';
import { SUGGESTED_CREATORS } from '../../../lib/sample/suggestions';
import { HttpError } from '../../context';
import { ApiProblem } from '../errors';
import type { ListedCollection } from '../../db/lists';
import * as t from '../../db/schema';
import type { ApiKeyRow } from '../keys';
import { defineApiRoute, type ApiRouteSpec } from '../openapi';
import type { ApiHandler } from '../v1';
import { limit, startingAfter, unknownParameter } from './params';
import { funnelMeasureEntries, type FunnelMeasures } from './results';

// ---------- Schemas ----------

const recordId = (what: string) => v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,200}$/, `${what} is malformed`));

export const textField = (name: string, max: number, description: string) =>
  v.pipe(v.string(`${name} must be text`), v.trim(), v.maxLength(max, `${name} is at most ${max} characters`), v.description(description));
export const requiredText = (name: string, max: number, description: string) =>
  v.pipe(v.string(`${name} is required`), v.trim(), v.nonEmpty(`${name} is required`), v.maxLength(max, `${name} is at most ${max} characters`), v.description(description));
const numberOrText = (name: string, description: string) =>
  v.pipe(v.union([v.pipe(v.number(), v.finite()), v.pipe(v.string(), v.maxLength(50))], `${name} must be a number`), v.description(description));

export const creatorInput = v.object({
  name: requiredText('name', 200, 'The creator’s name.'),
  handle: requiredText('handle', 62, 'The social handle, with or without @: letters, digits, dots, underscores and hyphens.'),
  platform: v.optional(textField('platform', 200, 'e.g. Instagram, TikTok, YouTube.')),
  email: v.optional(textField('email', 200, 'The creator’s email address.')),
  followers: v.optional(numberOrText('followers', 'A whole number of followers (12,500 is read as 12500).')),
  engagementRate: v.optional(numberOrText('engagementRate', 'A percentage from 0 to 100 (6.8 or "6.8%").')),
  category: v.optional(textField('category', 200, 'Influencer, Creator, Brand or Agency; anything else is kept as an interest tag.')),
});

const creatorView = v.object({
  id: v.pipe(v.string(), v.description('The creator (and its first funnel) id, e.g. CR12345.')),
  name: v.string(),
  handle: v.string(),
  platform: v.string(),
  email: v.nullable(v.string()),
  followers: v.nullable(v.number()),
  engagementRate: v.number(),
  category: v.string(),
  status: v.picklist(FUNNEL_STATUSES),
  bio: v.pipe(v.string(), v.description('The bio on their profile (empty when none).')),
  interestTags: v.pipe(v.array(v.string()), v.description('Their interest tags, in the order added.')),
  funnelIds: v.pipe(v.array(v.string()), v.description('Every funnel (engagement) of this creator, newest first.')),
});
export const funnelView = v.object({
  id: v.string(),
  status: v.picklist(FUNNEL_STATUSES),
  type: v.pipe(v.string(), v.description('The engagement type.')),
  creator: v.object({ id: v.string(), name: v.string(), handle: v.string(), platform: v.string() }),
  progressPercentage: v.number(),
  value: v.number(),
  assignedTo: v.string(),
  startDate: v.string(),
  dueDate: v.string(),
  lastUpdated: v.string(),
  steps: v.array(v.object({ name: v.string(), completed: v.boolean(), current: v.boolean() })),
  ...funnelMeasureEntries,
});
const addressInput = v.object({
  line1: requiredText('shippingAddress.line1', 500, 'Street and number.'),
  line2: v.optional(textField('shippingAddress.line2', 500, 'Apartment, suite, etc.')),
  city: requiredText('shippingAddress.city', 200, 'City.'),
  state: requiredText('shippingAddress.state', 200, 'State or province.'),
  postalCode: requiredText('shippingAddress.postalCode', 50, 'Postal code.'),
  country: requiredText('shippingAddress.country', 200, 'Country.'),
});
const orderItemView = v.object({ sku: v.string(), name: v.string(), quantity: v.number(), price: v.number(), inInventory: v.pipe(v.boolean(), v.description('False when the SKU is not in inventory (a shop order’s unknown SKU).')) });
export const attributionView = v.object({
  funnelId: v.string(),
  code: v.string(),
  handle: v.string(),
  rule: v.pipe(v.picklist(ATTRIBUTION_RULES), v.description('How it was matched: the discount code, ref= or utm_campaign= on the landing page, or by hand (manual).')),
});
/** What a sale counts for: the same figures on an order and in order.attributed. */
export const saleFiguresView = v.object({
  refunds: v.pipe(v.array(v.object({ id: v.string(), amount: v.number() })), v.description('A sale’s refunds as the shop sent them, each once by its id: the goods’ amount each takes back, before tax and shipping.')),
  refunded: v.pipe(v.number(), v.description('What the refunds take back in all (the whole subtotal for an order marked Refunded with none recorded).')),
  netRevenue: v.pipe(
    v.nullable(v.number()),
    v.description('A sale’s revenue: its subtotal after discounts less its refunds, never below 0, and 0 when cancelled; tax and shipping are never revenue. null for a gift (a cost).'),
  ),
});
export const orderView = v.object({
  id: v.string(),
  orderNumber: v.string(),
  status: v.picklist(ORDER_STATUSES),
  kind: v.pipe(v.picklist(ORDER_KINDS), v.description('gift: shipped to a creator, charged no tax or shipping, a cost to the brand; sale: a paying customer’s order, revenue.')),
  source: v.string(),
  customerName: v.string(),
  customerEmail: v.string(),
  items: v.array(orderItemView),
  subtotal: v.number(),
  tax: v.number(),
  shipping: v.number(),
  total: v.number(),
  tags: v.array(v.string()),
  createdAt: v.string(),
  updatedAt: v.string(),
  trackingNumber: v.nullable(v.string()),
  carrierName: v.nullable(v.string()),
  notes: v.pipe(v.nullable(v.string()), v.description('The order’s notes; null when it has none.')),
  attribution: v.pipe(
    v.nullable(attributionView),
    v.description('The creator a sale is attributed to (its funnel, code and handle) and the rule that matched: code, ref, utm or manual; null when none.'),
  ),
  ...saleFiguresView.entries,
});
export const inventoryView = v.object({
  id: v.string(),
  sku: v.string(),
  name: v.string(),
  quantity: v.number(),
  lowStockThreshold: v.number(),
  reorderPoint: v.number(),
  location: v.string(),
  stockStatus: v.picklist(['in-stock', 'low-stock', 'out-of-stock']),
});

const wholeQuantity = (name: string) =>
  v.pipe(v.number(`${name} must be a whole number`), v.integer(`${name} must be a whole number`), v.minValue(0, `${name} cannot be negative`), v.maxValue(MAX_QUANTITY, `${name} is at most ${MAX_QUANTITY}`));

/** An inventory item by its SKU in the path, in any letter case. */
export const pathSku = v.object({ sku: v.pipe(v.string(), v.regex(/^[^/]{1,200}$/, 'sku is malformed'), v.description('The item’s SKU (any letter case).')) });

const pathFunnel = v.object({ id: v.pipe(recordId('id'), v.description('The funnel id.')) });

export const CAMPAIGN_ROUTES = {
  createCreator: defineApiRoute({
    method: 'POST',
    url: '/api/v1/creators',
    summary: 'Add a creator (the CSV import’s fields and rules); their funnel starts at Brief. A handle already in the workspace is a 409.',
    body: creatorInput,
    responses: { 201: funnelView },
    refusals: [403, 409, 422],
    idempotent: true,
  }),
  createCreators: defineApiRoute({
    method: 'POST',
    url: '/api/v1/creators/batch',
    summary: 'Add up to 100 creators at once, all or none: the first bad one is named by its index (creators.3.handle).',
    body: v.object({ creators: v.pipe(v.array(creatorInput, 'creators must be a list'), v.minLength(1, 'creators needs at least one creator'), v.maxLength(100, 'creators holds at most 100'), v.description('The creators, in order.')) }),
    responses: { 201: v.object({ funnels: v.array(funnelView) }) },
    refusals: [403, 409, 422],
    idempotent: true,
  }),
  getCreator: defineApiRoute({ method: 'GET', url: '/api/v1/creators/:id', summary: 'One creator, with the ids of all their funnels.', params: v.object({ id: v.pipe(recordId('id'), v.description('The creator id.')) }), responses: { 200: creatorView }, refusals: [404] }),
  updateCreator: defineApiRoute({
    method: 'PATCH',
    url: '/api/v1/creators/:id',
    summary: 'Update a creator’s profile as the Profile Optimizer does: their bio, their interest tags (the whole list, replacing it), or both; at least one.',
    params: v.object({ id: v.pipe(recordId('id'), v.description('The creator id.')) }),
    body: v.object({
      bio: v.optional(textField('bio', 10_000, 'The bio (an empty text clears it).')),
      interestTags: v.optional(
        v.pipe(
          v.array(v.string('each interest tag must be text'), 'interestTags must be a list'),
          v.maxLength(200, 'interestTags holds at most 200'),
          v.check((tags) => tags.every((tag) => tag.length <= 200), 'each interest tag is at most 200 characters'),
          v.description('Every interest tag, in order: each non-blank and different from the others in any letter case.'),
        ),
      ),
    }),
    responses: { 200: creatorView },
    refusals: [403, 404, 422],
  }),
  listFunnels: defineApiRoute({
    method: 'GET',
    url: '/api/v1/funnels',
    summary: 'List funnels, newest first, filtered by status, assignee and last update.',
    query: v.strictObject(
      {
        limit,
        starting_after: startingAfter,
        status: v.optional(v.pipe(v.picklist(FUNNEL_STATUSES, `status must be one of ${FUNNEL_STATUSES.join(', ')}`), v.description('Only funnels with this status.'))),
        assignee: v.optional(v.pipe(v.string(), v.maxLength(200, 'assignee is at most 200 characters'), v.description('Only funnels assigned to this name (any letter case).'))),
        updated_since: v.optional(v.pipe(v.string(), v.isoTimestamp('updated_since must be an ISO timestamp such as 2026-03-01T00:00:00Z'), v.description('Only funnels updated at or after this time.'))),
      },
      unknownParameter,
    ),
    responses: { 200: v.object({ funnels: v.array(funnelView), total: v.number(), has_more: v.boolean() }) },
  }),
  completeStep: defineApiRoute({
    method: 'POST',
    url: '/api/v1/funnels/:id/steps/:step/complete',
    summary: `Complete step {step} (1 to ${STEP_NAMES.length}, as on the board). Completing a step past the current status moves the funnel on, with its notifications and webhooks; a funnel with every step complete is finished.`,
    params: v.object({
      id: v.pipe(recordId('id'), v.description('The funnel id.')),
      step: v.pipe(
        v.string(),
        v.regex(/^[1-9]\d?$/, `step must be a step number from 1 to ${STEP_NAMES.length}`),
        v.transform(Number),
        v.description(`The step number, 1 to ${STEP_NAMES.length}.`),
      ),
    }),
    body: v.object({ description: v.optional(textField('description', 10_000, 'Notes kept on the step (default: its current description).')) }),
    responses: { 200: funnelView },
    refusals: [403, 404, 409, 422],
    idempotent: true,
  }),
  sendOutreach: defineApiRoute({
    method: 'POST',
    url: '/api/v1/funnels/:id/outreach',
    summary:
      'Send outreach to the creator: the message is kept in their history and emailed to them (with a link to their portal) exactly as from the app; the funnel\'s outreach entry says whether the email is queued, sent or failed. A funnel at Brief moves to Confirmation. A creator who opted out of email is a 409 with code optedOut, and nothing is written. Needs a key whose role may send outreach.',
    params: pathFunnel,
    body: v.object({ message: requiredText('message', 5000, 'The message.') }),
    responses: { 200: funnelView },
    refusals: [403, 404, 409],
    idempotent: true,
  }),
  createOrder: defineApiRoute({
    method: 'POST',
    url: '/api/v1/orders',
    summary: 'Create an order (status New) from a sales channel: items by SKU from inventory, tax and shipping by the Orders screen’s rules. Stock is deducted when it moves to Processing.',
    body: v.object({
      source: v.optional(v.pipe(v.picklist(SALES_CHANNELS, `source must be one of ${SALES_CHANNELS.join(', ')}`), v.description('The sales channel (default Direct).'))),
      customerName: requiredText('customerName', 500, 'The customer’s name.'),
      customerEmail: requiredText('customerEmail', 500, 'The customer’s email address.'),
      customerPhone: v.optional(textField('customerPhone', 100, 'The customer’s phone number.')),
      shippingAddress: v.object(addressInput.entries, 'shippingAddress is required'),
      items: v.pipe(
        v.array(
          v.object({
            sku: requiredText('sku', 200, 'An inventory SKU.'),
            quantity: v.pipe(v.number('quantity must be a whole number of at least 1'), v.integer('quantity must be a whole number of at least 1'), v.minValue(1, 'quantity must be a whole number of at least 1'), v.maxValue(100_000, 'quantity is too large')),
            price: v.optional(
              v.pipe(
                v.number('price must be a number'),
                v.maxValue(MAX_AMOUNT, `price is at most ${MAX_AMOUNT}`),
                v.description(`Unit price in dollars, at most ${MAX_AMOUNT} (default: the inventory’s flat unit value).`),
              ),
            ),
          }),
          'items must be a list',
        ),
        v.minLength(1, 'items needs at least one item'),
        v.maxLength(500, 'items holds at most 500'),
      ),
      notes: v.optional(textField('notes', 10_000, 'Notes kept on the order.')),
      attribution: v.optional(
        v.pipe(
          v.object({ code: requiredText('attribution.code', 100, 'The discount code the buyer used (any letter case).') }, 'attribution must be an object with a code'),
          v.description('Attributes the sale to the creator whose funnel holds this code; a code that names no funnel keeps the order unattributed.'),
        ),
      ),
    }),
    responses: { 201: orderView },
    refusals: [403, 409, 422],
    idempotent: true,
  }),
  createInventoryItem: defineApiRoute({
    method: 'POST',
    url: '/api/v1/inventory',
    summary: 'Add an inventory item, as the Add Item form does. Its SKU is unique in the workspace in any letter case: one already there is a 409.',
    body: v.object({
      sku: v.pipe(requiredText('sku', 200, 'The item’s SKU, unique in the workspace in any letter case.'), v.regex(/^[^/]*$/, 'sku cannot contain /')),
      name: requiredText('name', 500, 'The item’s name.'),
      quantity: v.optional(v.pipe(wholeQuantity('quantity'), v.description('The quantity on hand (default 0).'))),
      lowStockThreshold: v.optional(v.pipe(wholeQuantity('lowStockThreshold'), v.description(`At or below it the item is low on stock (default ${INVENTORY.defaultLowStockThreshold}).`))),
      reorderPoint: v.optional(v.pipe(wholeQuantity('reorderPoint'), v.description(`The quantity at which to reorder (default ${INVENTORY.defaultReorderPoint}).`))),
      location: v.optional(textField('location', 500, 'Where it is kept, e.g. Warehouse A.')),
    }),
    responses: { 201: inventoryView },
    refusals: [403, 409],
    idempotent: true,
  }),
  setInventory: defineApiRoute({
    method: 'PATCH',
    url: '/api/v1/inventory/:sku',
    summary: 'Set an item’s quantity (a whole number, never negative). Falling to its low stock threshold sends inventory.low_stock.',
    params: pathSku,
    body: v.object({ quantity: v.pipe(wholeQuantity('quantity'), v.description('The new quantity on hand.')) }),
    responses: { 200: inventoryView },
    refusals: [403, 404, 409],
  }),
};

// ---------- Views ----------

/** A funnel as the API shows it, with its code, link and totals (`measures`, read before: see ApiKit.measures). */
export const funnelOf = (f: Funnel, measures: (f: Funnel) => FunnelMeasures) => ({
  id: f.id,
  status: f.status,
  type: f.engagementType,
  creator: { id: f.id, name: f.creatorName, handle: f.creatorHandle, platform: f.platform },
  progressPercentage: f.progressPercentage,
  value: f.value,
  assignedTo: f.assignedTo,
  startDate: f.startDate,
  dueDate: f.dueDate,
  lastUpdated: f.lastUpdated,
  steps: f.steps.map((s) => ({ name: s.name, completed: s.completed, current: s.current })),
  ...measures(f),
});
export const orderOf = (o: Order) => ({
  id: o.id,
  orderNumber: o.orderNumber,
  status: o.status,
  kind: o.kind,
  source: o.source,
  customerName: o.customerName,
  customerEmail: o.customerEmail,
  items: o.items.map((i) => ({ sku: i.sku, name: i.name, quantity: i.quantity, price: i.price, inInventory: Boolean(i.productId) })),
  subtotal: o.subtotal,
  tax: o.tax,
  shipping: o.shipping,
  total: o.total,
  tags: [...o.tags],
  createdAt: o.createdAt,
  updatedAt: o.updatedAt,
  trackingNumber: o.trackingNumber ?? null,
  carrierName: o.carrierName ?? null,
  notes: o.notes ?? null,
  attribution: o.attribution ? { ...o.attribution } : null,
  ...saleFiguresOfOrder(o),
});

/** A creator as GET /creators/{id} shows them, with `funnels`: theirs, the same handle in any letter case. */
export const creatorProfileOf = (found: Funnel, funnels: readonly Funnel[]): v.InferInput<typeof creatorView> => ({
  id: found.id,
  name: found.creatorName,
  handle: found.creatorHandle,
  platform: found.platform,
  email: found.email ?? null,
  followers: found.followers ?? null,
  engagementRate: found.engagementRate,
  category: found.category,
  status: found.status,
  bio: found.bio ?? '',
  interestTags: [...(found.interestTags ?? [])],
  funnelIds: funnels.map((f) => f.id),
});

/** A sale's refunds and revenue after them; a gift has refunds of none and no revenue. */
function saleFiguresOfOrder(o: Order) {
  if (o.kind !== 'sale') return { refunds: [], refunded: 0, netRevenue: null };
  return saleFiguresOf(o);
}

// ---------- Routes ----------

/** What the campaign routes take from the API plugin: registration, the key, records and mutations as the key. */
export interface ApiKit {
  route<R extends ApiRouteSpec>(spec: R, handler: ApiHandler<R>): void;
  apiKeyOf(request: FastifyRequest): ApiKeyRow;
  /** Records of the key's workspace by id, or by lookup field in any letter case (`keys`). */
  find<C extends CollectionName>(key: ApiKeyRow, collection: C, which: { ids: readonly string[] } | { keys: readonly string[] }): Promise<RecordOf<C>[]>;
  /** One page of a list, with how many match (server/api/v1/views.ts listPage). */
  list<C extends ListedCollection>(key: ApiKeyRow, collection: C, query: { status?: string; filter?: SQL; size: number; startingAfter?: string }): Promise<{ records: RecordOf<C>[]; hasMore: boolean; total: number }>;
  /** A 403 unless the key's role may run the mutator. */
  mayRun(key: ApiKeyRow, name: keyof typeof MUTATORS): void;
  mutate(request: FastifyRequest, key: ApiKeyRow, name: keyof typeof MUTATORS, args: unknown): Promise<unknown>;
  /** Runs a mutator once per Idempotency-Key and answers with `success` of its value. */
  mutateOnce(request: FastifyRequest, reply: FastifyReply, name: keyof typeof MUTATORS, args: unknown, success: (value: unknown) => { statusCode: number; body: unknown }): Promise<FastifyReply>;
  itemOf(item: InventoryItem): v.InferInput<typeof inventoryView>;
  /** Reads the all-time totals of `funnelIds` at once; then describes any funnel's code, link and totals (zeros for one not read). */
  measures(key: ApiKeyRow, funnelIds: readonly string[]): Promise<(f: Funnel) => FunnelMeasures>;
}

/** The first problem the CSV import's rules find in a creator's fields, as a 422 naming the field (`prefix` for a batch: creators.3.). */
function requireValidCreator(fields: v.InferOutput<typeof creatorInput>, prefix = '') {
  const problem = checkCreator(fields).problems[0];
  if (!problem) return;
  const field = `${prefix}${CREATOR_FIELD_NAMES[problem.field]}`;
  // The rule's sentence starts with the CSV column's name: say the API's instead.
  throw new HttpError(422, problem.error.replace(problem.field, field), field);
}

export function campaignRoutes(kit: ApiKit) {
  const r = CAMPAIGN_ROUTES;
  const { route, apiKeyOf, find, mayRun, mutate, mutateOnce, measures } = kit;

  async function funnelOr404(key: ApiKeyRow, id: string) {
    const [found] = await find(key, 'funnels', { ids: [id] });
    if (!found) throw new HttpError(404, `No funnel ${id}`);
    return found;
  }
  const created = (statusCode: number, view: (funnels: Funnel[]) => unknown) => (value: unknown) => ({ statusCode, body: view(value as Funnel[]) });

  route(r.createCreator, async (request, reply) => {
    const key = apiKeyOf(request);
    mayRun(key, 'creators.create');
    requireValidCreator(request.body);
    // A new funnel has measured nothing yet.
    const measured = await measures(key, []);
    return mutateOnce(request, reply, 'creators.create', { creators: [request.body] }, created(201, ([funnel]) => funnelOf(funnel, measured)));
  });

  route(r.createCreators, async (request, reply) => {
    const key = apiKeyOf(request);
    mayRun(key, 'creators.create');
    request.body.creators.forEach((fields, index) => requireValidCreator(fields, `creators.${index}.`));
    const measured = await measures(key, []);
    return mutateOnce(request, reply, 'creators.create', { creators: request.body.creators }, created(201, (funnels) => ({ funnels: funnels.map((f) => funnelOf(f, measured)) })));
  });

  route(r.getCreator, async (request) => {
    const key = apiKeyOf(request);
    const [found] = await find(key, 'funnels', { ids: [request.params.id] });
    if (!found) throw new HttpError(404, `No creator ${request.params.id}`);
    return creatorProfileOf(found, await find(key, 'funnels', { keys: [found.creatorHandle] }));
  });

  route(r.listFunnels, async (request) => {
    const { status, assignee, updated_since, starting_after, limit: size = 20 } = request.query;
    const who = assignee?.trim().toLowerCase();
    const f = t.funnels;
    // Records carry their times as ISO strings in UTC (toISOString), which sort as text.
    const filter = and(who ? sql`lower(${f.assignedTo}) = ${who}` : undefined, updated_since ? gte(f.lastUpdated, new Date(updated_since).toISOString()) : undefined);
    const key = apiKeyOf(request);
    const { records, hasMore, total } = await kit.list(key, 'funnels', { status, filter, size, startingAfter: starting_after });
    const measured = await measures(key, records.map((f) => f.id));
    return { funnels: records.map((f) => funnelOf(f, measured)), total, has_more: hasMore };
  });

  route(r.completeStep, async (request, reply) => {
    const key = apiKeyOf(request);
    mayRun(key, 'funnels.saveStep');
    const funnel = await funnelOr404(key, request.params.id);
    const index = request.params.step - 1;
    const step = funnel.steps[index];
    if (!step) throw new HttpError(422, `step must be a step number from 1 to ${funnel.steps.length}`, 'step');
    const draft = { name: step.name, description: request.body.description ?? step.description };
    // A step changes neither the code nor the totals: read them before the write.
    const measured = await measures(key, [funnel.id]);
    return mutateOnce(request, reply, 'funnels.saveStep', { funnelId: funnel.id, stepIndex: index, draft }, (value) => ({ statusCode: 200, body: funnelOf((value as { funnel: Funnel }).funnel, measured) }));
  });

  route(r.sendOutreach, async (request, reply) => {
    const key = apiKeyOf(request);
    mayRun(key, 'funnels.sendOutreach');
    const funnel = await funnelOr404(key, request.params.id);
    // A creator who opted out is never contacted: 409 with its code, nothing written.
    if (outreachEmailBlock(funnel) === 'optedOut') {
      const refusal = optedOutRefusal(funnel);
      throw new ApiProblem(409, refusal.error, refusal.code, 'id');
    }
    const measured = await measures(key, [request.params.id]);
    return mutateOnce(request, reply, 'funnels.sendOutreach', { funnelId: request.params.id, message: request.body.message }, (value) => ({ statusCode: 200, body: funnelOf(value as Funnel, measured) }));
  });

  route(r.createOrder, async (request, reply) => {
    mayRun(apiKeyOf(request), 'orders.create');
    const { attribution, ...fields } = request.body;
    const draft = { ...fields, source: fields.source ?? 'Direct' };
    return mutateOnce(request, reply, 'orders.create', { draft, ...(attribution ? { attribution } : {}) }, (value) => ({ statusCode: 201, body: orderOf(value as Order) }));
  });

  route(r.setInventory, async (request) => {
    const key = apiKeyOf(request);
    mayRun(key, 'inventory.setQuantity');
    const [item] = await find(key, 'inventory', { keys: [request.params.sku.trim()] });
    if (!item) throw new HttpError(404, `No inventory item with SKU ${request.params.sku}`);
    const updated = (await mutate(request, key, 'inventory.setQuantity', { id: item.id, quantity: request.body.quantity })) as InventoryItem;
    return kit.itemOf(updated);
  });
}

/** Suggested creators the API may start a funnel for, besides the workspace's own. */
export const isSuggestedCreator = (id: string) => SUGGESTED_CREATORS.some((c) => c.id === id);
