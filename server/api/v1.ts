// The public API under /api/v1, authenticated with `Authorization: Bearer sk_test_…`. Each
// route is declared once below (its valibot schemas and its words); Fastify validates with
// those schemas and the OpenAPI document at /api/v1/openapi.json is generated from them.
// Writes run the same mutators as the browser, acting as the key (its role as stored).
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { FUNNEL_STATUSES, ORDER_STATUSES, ROLES, type Funnel, type InventoryItem, type Order } from '../../lib/domain/types';
import { inventoryStatus } from '../../lib/domain/inventory';
import { MUTATORS } from '../../lib/mutators';
import type { CollectionName, RecordOf } from '../../lib/schema/names';
import { HttpError, type ServerContext } from '../context';
import { loadRecords } from '../db/records';
import * as t from '../db/schema';
import { runMutation, type MutationOutcome } from '../db/tx';
import type { ValibotTypeProvider } from '../http/valibot';
import { loggableError } from '../validation';
import { createEmbedSession, EMBED_SCREEN_NAMES } from './embed';
import { keyOfRequest, KeyRateLimiter, type ApiKeyRow } from './keys';

// ---------- Schemas (validation, serialization and the OpenAPI document) ----------

const limit = v.optional(
  v.pipe(
    v.string(),
    v.transform((raw) => (/^\d{1,4}$/.test(raw) ? Number(raw) : Number.NaN)),
    v.number('limit must be a whole number from 1 to 100'),
    v.integer('limit must be a whole number from 1 to 100'),
    v.minValue(1, 'limit must be a whole number from 1 to 100'),
    v.maxValue(100, 'limit must be a whole number from 1 to 100'),
    v.description('How many to return: 1 to 100 (default 20).'),
  ),
);
const startingAfter = v.optional(
  v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,200}$/, 'starting_after must be an id from a previous page'), v.description('Cursor: the id of the last item of the previous page.')),
);
const unknownParameter = (issue: v.BaseIssue<unknown>) => {
  const key = (issue.path?.[0] as { key?: unknown } | undefined)?.key;
  return typeof key === 'string' ? `Unknown parameter ${key}` : 'Unknown parameter';
};
const listQuery = <S extends readonly string[]>(statuses: S, what: string) =>
  v.strictObject(
    {
      limit,
      starting_after: startingAfter,
      status: v.optional(v.pipe(v.picklist(statuses, `status must be one of ${statuses.join(', ')}`), v.description(`Only ${what} with this status.`))),
    },
    unknownParameter,
  );
const pathId = v.object({ id: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,200}$/, 'id is malformed'), v.description('The record id.')) });

const creator = v.object({
  id: v.pipe(v.string(), v.description('The creator (and funnel) id, e.g. CR12345.')),
  name: v.string(),
  handle: v.string(),
  platform: v.string(),
  status: v.picklist(FUNNEL_STATUSES),
  category: v.string(),
  value: v.number(),
  assignedTo: v.string(),
  lastUpdated: v.string(),
});
const funnel = v.object({
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
});
const order = v.object({
  id: v.string(),
  orderNumber: v.string(),
  status: v.picklist(ORDER_STATUSES),
  source: v.string(),
  customerName: v.string(),
  customerEmail: v.string(),
  items: v.array(v.object({ sku: v.string(), name: v.string(), quantity: v.number(), price: v.number() })),
  total: v.number(),
  createdAt: v.string(),
  updatedAt: v.string(),
  trackingNumber: v.nullable(v.string()),
  carrierName: v.nullable(v.string()),
});
const inventoryItem = v.object({
  id: v.string(),
  sku: v.string(),
  name: v.string(),
  quantity: v.number(),
  lowStockThreshold: v.number(),
  reorderPoint: v.number(),
  location: v.string(),
  stockStatus: v.picklist(['in-stock', 'low-stock', 'out-of-stock']),
});
const error = v.object({ error: v.string(), field: v.optional(v.string()) });
const page = <S extends v.GenericSchema>(name: string, item: S) =>
  v.object({ [name]: v.array(item), total: v.pipe(v.number(), v.description('How many match, on every page.')), has_more: v.boolean() });

export const API_ROUTES = {
  listCreators: {
    method: 'GET',
    url: '/api/v1/creators',
    summary: 'List the creators in your workspace, newest first.',
    query: listQuery(FUNNEL_STATUSES, 'creators whose funnel has'),
    responses: { 200: page('creators', creator) },
  },
  createFunnel: {
    method: 'POST',
    url: '/api/v1/funnels',
    summary: 'Start a funnel at Brief for a suggested creator (Smart Matching). Send an Idempotency-Key header to retry safely.',
    body: v.object({
      creatorId: v.pipe(v.string('creatorId is required'), v.regex(/^[A-Za-z0-9_-]{1,200}$/, 'creatorId must be a creator id such as SC1'), v.description('A suggested creator id, e.g. SC1.')),
      type: v.pipe(v.string('type is required'), v.trim(), v.nonEmpty('type is required'), v.maxLength(100, 'type is at most 100 characters'), v.description('The engagement type, e.g. "Sponsored Post".')),
    }),
    responses: { 201: v.object({ id: v.string(), status: v.picklist(FUNNEL_STATUSES) }) },
  },
  getFunnel: { method: 'GET', url: '/api/v1/funnels/:id', summary: 'One funnel with its steps.', params: pathId, responses: { 200: funnel } },
  listOrders: {
    method: 'GET',
    url: '/api/v1/orders',
    summary: 'List orders, in the order the Orders screen shows them.',
    query: listQuery(ORDER_STATUSES, 'orders'),
    responses: { 200: page('orders', order) },
  },
  updateOrder: {
    method: 'PATCH',
    url: '/api/v1/orders/:id',
    summary: 'Change an order’s status. Stock is checked, deducted or returned by the same rules as the Orders screen.',
    params: pathId,
    body: v.object({ status: v.pipe(v.picklist(ORDER_STATUSES, `status must be one of ${ORDER_STATUSES.join(', ')}`), v.description('The new status.')) }),
    responses: { 200: order },
  },
  listInventory: {
    method: 'GET',
    url: '/api/v1/inventory',
    summary: 'List inventory items with their stock status.',
    query: v.strictObject({ limit, starting_after: startingAfter }, unknownParameter),
    responses: { 200: page('items', inventoryItem) },
  },
  createEmbedSession: {
    method: 'POST',
    url: '/api/v1/embed_sessions',
    summary: 'From your backend: a short-lived client secret for embedding some screens (elements) in your portal, with a role no higher than the key’s. Browsers may use it only from the origins registered for the key.',
    body: v.object({
      screens: v.pipe(
        v.array(v.picklist(EMBED_SCREEN_NAMES, `each screen must be one of ${EMBED_SCREEN_NAMES.join(', ')}`), 'screens must be a list'),
        v.minLength(1, 'screens needs at least one screen'),
        v.description(`The screens the page shows: ${EMBED_SCREEN_NAMES.join(', ')}.`),
      ),
      role: v.optional(v.pipe(v.picklist(ROLES, 'role must be Admin, Editor or Viewer'), v.description('The role the embedded screens act with (default: the key’s; never higher).'))),
    }),
    responses: { 201: v.object({ client_secret: v.string(), expires_at: v.string(), screens: v.array(v.string()), role: v.picklist(ROLES) }) },
  },
} as const;

// ---------- Record views ----------

const creatorOf = (f: Funnel) => ({
  id: f.id,
  name: f.creatorName,
  handle: f.creatorHandle,
  platform: f.platform,
  status: f.status,
  category: f.category,
  value: f.value,
  assignedTo: f.assignedTo,
  lastUpdated: f.lastUpdated,
});
const funnelOf = (f: Funnel) => ({
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
});
const orderOf = (o: Order) => ({
  id: o.id,
  orderNumber: o.orderNumber,
  status: o.status,
  source: o.source,
  customerName: o.customerName,
  customerEmail: o.customerEmail,
  items: o.items.map((i) => ({ sku: i.sku, name: i.name, quantity: i.quantity, price: i.price })),
  total: o.total,
  createdAt: o.createdAt,
  updatedAt: o.updatedAt,
  trackingNumber: o.trackingNumber ?? null,
  carrierName: o.carrierName ?? null,
});
const itemOf = (i: InventoryItem) => ({
  id: i.id,
  sku: i.sku,
  name: i.name,
  quantity: i.quantity,
  lowStockThreshold: i.lowStockThreshold,
  reorderPoint: i.reorderPoint,
  location: i.location,
  stockStatus: inventoryStatus(i),
});

/** One page after `startingAfter` (an id of the same filtered list). */
function paginate<T extends { id: string }>(items: readonly T[], size: number, startingAfter: string | undefined) {
  let start = 0;
  if (startingAfter !== undefined) {
    const at = items.findIndex((item) => item.id === startingAfter);
    if (at < 0) throw new HttpError(400, 'starting_after is not an id in this list', 'starting_after');
    start = at + 1;
  }
  const slice = items.slice(start, start + size);
  return { slice, hasMore: start + size < items.length };
}

export interface ApiLimits {
  /** Requests per key per window. */
  perKey: { max: number; windowMs: number };
}
export const DEFAULT_API_LIMITS: ApiLimits = { perKey: { max: 120, windowMs: 60_000 } };

const keys = new WeakMap<FastifyRequest, ApiKeyRow>();
export const apiKeyOf = (request: FastifyRequest): ApiKeyRow => {
  const key = keys.get(request);
  if (!key) throw new HttpError(401, 'Send your API key as Authorization: Bearer sk_test_…');
  return key;
};

export async function apiRoutes(instance: FastifyInstance, ctx: ServerContext, limits: ApiLimits = DEFAULT_API_LIMITS) {
  const limiter = new KeyRateLimiter(limits.perKey.max, limits.perKey.windowMs, () => ctx.now().getTime());
  const app = instance.withTypeProvider<ValibotTypeProvider>();

  // Every /api/v1 route but the document: the key, then its rate limit.
  async function authenticate(request: FastifyRequest, reply: FastifyReply) {
    const key = await keyOfRequest(ctx.db, request);
    const take = limiter.take(key.id);
    reply.header('ratelimit-limit', String(limiter.max));
    reply.header('ratelimit-remaining', String(take.remaining));
    reply.header('ratelimit-reset', String(take.resetSeconds));
    reply.header('ratelimit-policy', `${limiter.max};w=${Math.round(limiter.windowMs / 1000)}`);
    if (!take.allowed) {
      reply.header('retry-after', String(take.resetSeconds));
      throw new HttpError(429, `Rate limit of ${limiter.max} requests per ${Math.round(limiter.windowMs / 1000)} seconds reached for this key. Try again in ${take.resetSeconds} seconds.`);
    }
    keys.set(request, key);
    // Last use is shown in the Developer area; a minute's precision is plenty.
    const now = ctx.now();
    if (!key.lastUsedAt || now.getTime() - key.lastUsedAt.getTime() > 60_000) await ctx.db.update(t.apiKeys).set({ lastUsedAt: now }).where(eq(t.apiKeys.id, key.id));
  }

  const records = async <C extends CollectionName>(key: ApiKeyRow, collection: C): Promise<RecordOf<C>[]> =>
    (await loadRecords(ctx.db, key.workspaceId, collection)).map((row) => row.record);

  /** Runs a mutator as the key; a refusal is the API's error with the rule's message. */
  async function mutate(request: FastifyRequest, key: ApiKeyRow, name: keyof typeof MUTATORS, args: unknown) {
    const outcome: MutationOutcome = await runMutation({
      db: ctx.db,
      workspaceId: key.workspaceId,
      memberId: key.id,
      apiKeyId: key.id,
      mutator: MUTATORS[name],
      args,
      now: ctx.now,
      onError: (err) => request.log.error({ err: loggableError(err), mutation: name }, 'API mutation failed'),
    });
    if (outcome.status === 'applied') {
      ctx.pokes?.poke(key.workspaceId, outcome.version);
      ctx.webhooks?.kick();
      return outcome.value;
    }
    if (outcome.status === 'forbidden') throw new HttpError(outcome.error === 'You are signed out. Sign in to make changes.' ? 401 : 403, outcome.error);
    if (outcome.status === 'invalid') throw new HttpError(400, outcome.error, outcome.field);
    if (outcome.status === 'rejected') throw new HttpError(409, outcome.error);
    if (outcome.status === 'skipped') throw new HttpError(409, 'This change was already made');
    throw new Error(outcome.error);
  }

  const r = API_ROUTES;
  const errors = { 400: error, 401: error, 403: error, 404: error, 409: error, 429: error };

  app.get(r.listCreators.url, { preHandler: authenticate, schema: { querystring: r.listCreators.query, response: r.listCreators.responses } }, async (request) => {
    const key = apiKeyOf(request);
    const { status, starting_after, limit: size = 20 } = request.query;
    const matching = (await records(key, 'funnels')).filter((f) => !status || f.status === status);
    const { slice, hasMore } = paginate(matching, size, starting_after);
    return { creators: slice.map(creatorOf), total: matching.length, has_more: hasMore };
  });

  app.post(
    r.createFunnel.url,
    { preHandler: authenticate, schema: { body: r.createFunnel.body, response: { ...r.createFunnel.responses, ...errors } } },
    async (request, reply) => {
      const key = apiKeyOf(request);
      const idempotencyKey = request.headers['idempotency-key'];
      if (idempotencyKey !== undefined && (typeof idempotencyKey !== 'string' || !/^[\x21-\x7e]{1,255}$/.test(idempotencyKey)))
        throw new HttpError(400, 'Idempotency-Key must be 1-255 visible ASCII characters', 'Idempotency-Key');
      const route = `${request.method} ${r.createFunnel.url}`;
      const fingerprint = JSON.stringify(request.body);
      if (idempotencyKey) {
        const [earlier] = await ctx.db
          .select()
          .from(t.apiIdempotency)
          .where(and(eq(t.apiIdempotency.keyId, key.id), eq(t.apiIdempotency.idempotencyKey, idempotencyKey)));
        if (earlier) {
          const stored = earlier.body as { request: string; response: unknown };
          if (earlier.route !== route || stored.request !== fingerprint)
            throw new HttpError(409, 'This Idempotency-Key was used for a different request', 'Idempotency-Key');
          reply.header('idempotent-replayed', 'true');
          return reply.code(earlier.statusCode).send(stored.response as never);
        }
      }
      let statusCode = 201;
      let response: unknown;
      try {
        const created = (await mutate(request, key, 'funnels.inviteSuggested', { suggestedId: request.body.creatorId, engagementType: request.body.type })) as Funnel;
        response = { id: created.id, status: created.status };
      } catch (caught) {
        // Refusals are answers too: a retry with the same key gets the same one.
        if (!(caught instanceof HttpError) || caught.statusCode === 401 || caught.statusCode === 403) throw caught;
        statusCode = caught.statusCode;
        response = { error: caught.message, ...(caught.field ? { field: caught.field } : {}) };
      }
      if (idempotencyKey)
        await ctx.db
          .insert(t.apiIdempotency)
          .values({ keyId: key.id, idempotencyKey, route, statusCode, body: { request: fingerprint, response }, createdAt: ctx.now() })
          .onConflictDoNothing();
      return reply.code(statusCode).send(response as never);
    },
  );

  app.get(r.getFunnel.url, { preHandler: authenticate, schema: { params: r.getFunnel.params, response: { ...r.getFunnel.responses, ...errors } } }, async (request) => {
    const key = apiKeyOf(request);
    const [found] = await loadRecords(ctx.db, key.workspaceId, 'funnels', { ids: [request.params.id] });
    if (!found) throw new HttpError(404, `No funnel ${request.params.id}`);
    return funnelOf(found.record);
  });

  app.get(r.listOrders.url, { preHandler: authenticate, schema: { querystring: r.listOrders.query, response: r.listOrders.responses } }, async (request) => {
    const key = apiKeyOf(request);
    const { status, starting_after, limit: size = 20 } = request.query;
    const matching = (await records(key, 'orders')).filter((o) => !status || o.status === status);
    const { slice, hasMore } = paginate(matching, size, starting_after);
    return { orders: slice.map(orderOf), total: matching.length, has_more: hasMore };
  });

  app.patch(
    r.updateOrder.url,
    { preHandler: authenticate, schema: { params: r.updateOrder.params, body: r.updateOrder.body, response: { ...r.updateOrder.responses, ...errors } } },
    async (request) => {
      const key = apiKeyOf(request);
      const [found] = await loadRecords(ctx.db, key.workspaceId, 'orders', { ids: [request.params.id] });
      if (!found) throw new HttpError(404, `No order ${request.params.id}`);
      const updated = (await mutate(request, key, 'orders.changeStatus', { id: request.params.id, status: request.body.status })) as Order;
      return orderOf(updated);
    },
  );

  app.get(r.listInventory.url, { preHandler: authenticate, schema: { querystring: r.listInventory.query, response: r.listInventory.responses } }, async (request) => {
    const key = apiKeyOf(request);
    const { starting_after, limit: size = 20 } = request.query;
    const items = await records(key, 'inventory');
    const { slice, hasMore } = paginate(items, size, starting_after);
    return { items: slice.map(itemOf), total: items.length, has_more: hasMore };
  });

  app.post(
    r.createEmbedSession.url,
    { preHandler: authenticate, schema: { body: r.createEmbedSession.body, response: { ...r.createEmbedSession.responses, ...errors } } },
    async (request, reply) => {
      const key = apiKeyOf(request);
      const session = await createEmbedSession(ctx.db, key, request.body.screens, request.body.role, ctx.now());
      return reply.code(201).send(session);
    },
  );

  let document: unknown = null;
  app.get('/api/v1/openapi.json', async (request, reply) => {
    document ??= (await import('./openapi')).openApiDocument(API_ROUTES);
    // The document is public, so the Developer area of any origin (and docs tools) may read it.
    reply.header('access-control-allow-origin', '*');
    return reply.type('application/json').send(JSON.stringify(document));
  });
}
