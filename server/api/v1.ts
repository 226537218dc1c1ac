// The public API under /api/v1, authenticated with `Authorization: Bearer sk_test_…`. Each
// route is declared once below (defineApiRoute: its valibot schemas, its words, the refusals
// its handler gives) and registered with `route(spec, handler)`, which puts the key, the rate
// limit and the request's shape before validation. Fastify validates with those schemas and
// the OpenAPI document at /api/v1/openapi.json (every status, header and error) follows them.
// Writes run the same mutators as the browser, acting as the key (its role as stored).
import { and, eq } from 'drizzle-orm';
import type {
  ContextConfigDefault,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
} from 'fastify';
import * as v from 'valibot';
import { FUNNEL_STATUSES, ORDER_STATUSES, ROLES, type Funnel, type InventoryItem, type Order } from '../../lib/domain/types';
import { inventoryStatus } from '../../lib/domain/inventory';
import { MUTATORS } from '../../lib/mutators';
import type { CollectionName, RecordOf } from '../../lib/schema/names';
import { HttpError, type ServerContext } from '../context';
import { loadRecords } from '../db/records';
import * as t from '../db/schema';
import type { DbTx } from '../db/client';
import { runMutation, type MutationOutcome, type RunMutationOptions } from '../db/tx';
import type { ValibotTypeProvider } from '../http/valibot';
import { loggableError } from '../validation';
import { createEmbedSession, EMBED_SCREEN_NAMES } from './embed';
import { CAMPAIGN_ROUTES, campaignRoutes, funnelOf, funnelView, isSuggestedCreator, orderOf, orderView } from './v1/campaign';
import { authorizeMember } from '../auth/authorize';
import { apiKeyPermissions } from '../../lib/domain/webhooks';
import { keyOfRequest, KeyRateLimiter, MISSING_KEY, type ApiKeyRow } from './keys';
import { defineApiRoute, responseSchemasOf, type ApiRouteSpec } from './openapi';

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
const page = <S extends v.GenericSchema>(name: string, item: S) =>
  v.object({ [name]: v.array(item), total: v.pipe(v.number(), v.description('How many match, on every page.')), has_more: v.boolean() });

export const API_ROUTES = {
  listCreators: defineApiRoute({
    method: 'GET',
    url: '/api/v1/creators',
    summary: 'List the creators in your workspace, newest first.',
    query: listQuery(FUNNEL_STATUSES, 'creators whose funnel has'),
    responses: { 200: page('creators', creator) },
  }),
  createFunnel: defineApiRoute({
    method: 'POST',
    url: '/api/v1/funnels',
    summary: 'Start a funnel at Brief for a creator of the workspace (a new engagement, refused while they have an open one) or a suggested creator (Smart Matching). Send an Idempotency-Key header to retry safely.',
    body: v.object({
      creatorId: v.pipe(v.string('creatorId is required'), v.regex(/^[A-Za-z0-9_-]{1,200}$/, 'creatorId must be a creator id such as CR12345 or SC1'), v.description('A creator id of the workspace (CR12345) or a suggested creator id (SC1).')),
      type: v.pipe(v.string('type is required'), v.trim(), v.nonEmpty('type is required'), v.maxLength(100, 'type is at most 100 characters'), v.description('The engagement type, e.g. "Sponsored Post".')),
    }),
    responses: { 201: v.object({ id: v.string(), status: v.picklist(FUNNEL_STATUSES) }) },
    refusals: [403, 404, 409],
    idempotent: true,
  }),
  getFunnel: defineApiRoute({ method: 'GET', url: '/api/v1/funnels/:id', summary: 'One funnel with its steps.', params: pathId, responses: { 200: funnelView }, refusals: [404] }),
  listOrders: defineApiRoute({
    method: 'GET',
    url: '/api/v1/orders',
    summary: 'List orders, in the order the Orders screen shows them.',
    query: listQuery(ORDER_STATUSES, 'orders'),
    responses: { 200: page('orders', orderView) },
  }),
  updateOrder: defineApiRoute({
    method: 'PATCH',
    url: '/api/v1/orders/:id',
    summary: 'Change an order’s status. Stock is checked, deducted or returned by the same rules as the Orders screen.',
    params: pathId,
    body: v.object({ status: v.pipe(v.picklist(ORDER_STATUSES, `status must be one of ${ORDER_STATUSES.join(', ')}`), v.description('The new status.')) }),
    responses: { 200: orderView },
    refusals: [403, 404, 409],
  }),
  listInventory: defineApiRoute({
    method: 'GET',
    url: '/api/v1/inventory',
    summary: 'List inventory items with their stock status.',
    query: v.strictObject({ limit, starting_after: startingAfter }, unknownParameter),
    responses: { 200: page('items', inventoryItem) },
  }),
  createEmbedSession: defineApiRoute({
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
  }),
  ...CAMPAIGN_ROUTES,
};

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
  if (!key) throw new HttpError(401, MISSING_KEY);
  return key;
};

/** The Fastify schema of a declared route, typed from its own valibot schemas. */
type SchemaOf<R extends ApiRouteSpec> = {
  querystring: R extends { query: infer Q } ? Q : undefined;
  params: R extends { params: infer P } ? P : undefined;
  body: R extends { body: infer B } ? B : undefined;
  response: ReturnType<typeof responseSchemasOf<R>>;
};
export type ApiHandler<R extends ApiRouteSpec> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  SchemaOf<R>,
  ValibotTypeProvider
>;

const JSON_TYPE = /^application\/json\s*(;|$)/i;
const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;

/** A replay of the first answer to an Idempotency-Key. */
class IdempotentReplay extends Error {
  constructor(
    readonly statusCode: number,
    readonly response: unknown,
  ) {
    super('replay');
  }
}

export async function apiRoutes(instance: FastifyInstance, ctx: ServerContext, limits: ApiLimits = DEFAULT_API_LIMITS) {
  const limiter = new KeyRateLimiter(limits.perKey.max, limits.perKey.windowMs, () => ctx.now().getTime(), ctx.counters);
  const app = instance.withTypeProvider<ValibotTypeProvider>();

  /**
   * Before anything of the request is read: the key (401), then its rate limit (429; every
   * answer from here on carries the RateLimit headers and counts), then the request's shape
   * (415 for a body that is not JSON, 400 for a repeated parameter). Fastify then parses and
   * validates (413, 400) and the handler runs.
   */
  const guard = (route: ApiRouteSpec) => async (request: FastifyRequest, reply: FastifyReply) => {
    const key = await keyOfRequest(ctx.db, request);
    const take = await limiter.take(key.id);
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

    if (route.body) {
      const type = request.headers['content-type'];
      const hasBody = Number(request.headers['content-length'] ?? 0) > 0 || request.headers['transfer-encoding'] !== undefined;
      if ((hasBody || type !== undefined) && !(type && JSON_TYPE.test(type))) throw new HttpError(415, 'Send the body as JSON with Content-Type: application/json', 'Content-Type');
    }
    for (const [name, value] of Object.entries((request.query ?? {}) as Record<string, unknown>))
      if (Array.isArray(value)) throw new HttpError(400, `Give ${name} only once`, name);
    if (route.idempotent) {
      const idempotencyKey = request.headers['idempotency-key'];
      if (idempotencyKey !== undefined && (typeof idempotencyKey !== 'string' || !IDEMPOTENCY_KEY.test(idempotencyKey)))
        throw new HttpError(400, 'Idempotency-Key must be 1-255 visible ASCII characters', 'Idempotency-Key');
    }
  };

  /** Registers a declared route: its guard, schemas (every status it can answer) and handler, in one place. */
  function route<R extends ApiRouteSpec>(spec: R, handler: ApiHandler<R>) {
    const schema = {
      ...(spec.query ? { querystring: spec.query } : {}),
      ...(spec.params ? { params: spec.params } : {}),
      ...(spec.body ? { body: spec.body } : {}),
      response: responseSchemasOf(spec),
    } as SchemaOf<R>;
    app.route({
      method: spec.method,
      url: spec.url,
      onRequest: guard(spec),
      // A write sent with no body at all is checked field by field ("creatorId is required").
      preValidation: async (request) => {
        if (spec.body && request.body === undefined) request.body = {};
      },
      schema,
      handler,
    });
  }

  const records = async <C extends CollectionName>(key: ApiKeyRow, collection: C): Promise<RecordOf<C>[]> =>
    (await loadRecords(ctx.db, key.workspaceId, collection)).map((row) => row.record);

  /** The API's answer to a mutation's outcome: its value, or the error with the rule's message. */
  function answerOf(outcome: MutationOutcome): { statusCode: number; value?: unknown; error?: HttpError } {
    if (outcome.status === 'applied') return { statusCode: 200, value: outcome.value };
    if (outcome.status === 'forbidden') {
      const statusCode = outcome.error === 'You are signed out. Sign in to make changes.' ? 401 : 403;
      return { statusCode, error: new HttpError(statusCode, outcome.error) };
    }
    if (outcome.status === 'invalid') return { statusCode: 400, error: new HttpError(400, outcome.error, outcome.field) };
    if (outcome.status === 'rejected') return { statusCode: 409, error: new HttpError(409, outcome.error) };
    if (outcome.status === 'skipped') return { statusCode: 409, error: new HttpError(409, 'This change was already made') };
    throw new Error(outcome.error);
  }

  /** Runs a mutator as the key; a refusal is the API's error with the rule's message. */
  async function mutate(request: FastifyRequest, key: ApiKeyRow, name: keyof typeof MUTATORS, args: unknown, idempotency?: Pick<RunMutationOptions<never>, 'reserve' | 'record'>) {
    const outcome: MutationOutcome = await runMutation({
      db: ctx.db,
      workspaceId: key.workspaceId,
      memberId: key.id,
      apiKeyId: key.id,
      mutator: MUTATORS[name],
      args,
      now: ctx.now,
      onError: (err) => request.log.error({ err: loggableError(err), mutation: name }, 'API mutation failed'),
      ...idempotency,
    });
    if (outcome.status === 'applied') {
      ctx.pokes?.poke(key.workspaceId, outcome.version);
      ctx.webhooks?.kick();
      if (outcome.queuedMail) ctx.mail?.kick();
    }
    const answer = answerOf(outcome);
    if (answer.error) throw answer.error;
    return answer.value;
  }

  /**
   * An Idempotency-Key's row is inserted first in the mutation's own transaction. A retry sent
   * while the first still runs waits on that row (PostgreSQL's unique index; PGlite runs one
   * transaction at a time), then finds it committed with the first answer and replays it. A
   * refusal of the key itself (401, 403) or a crash stores nothing: the row goes with it.
   */
  function idempotencyOf(key: ApiKeyRow, idempotencyKey: string, route: string, fingerprint: string, answer: (outcome: MutationOutcome) => { statusCode: number; body: unknown } | null) {
    const where = and(eq(t.apiIdempotency.keyId, key.id), eq(t.apiIdempotency.idempotencyKey, idempotencyKey));
    return {
      async reserve(tx: DbTx) {
        const reserved = await tx
          .insert(t.apiIdempotency)
          .values({ keyId: key.id, idempotencyKey, route, statusCode: 0, body: { request: fingerprint, response: null }, createdAt: ctx.now() })
          .onConflictDoNothing()
          .returning({ keyId: t.apiIdempotency.keyId });
        if (reserved.length > 0) return;
        const [earlier] = await tx.select().from(t.apiIdempotency).where(where);
        const stored = earlier?.body as { request: string; response: unknown } | undefined;
        if (!earlier || !stored) throw new Error('An Idempotency-Key row vanished between its conflict and its read');
        if (earlier.route !== route || stored.request !== fingerprint) throw new HttpError(409, 'This Idempotency-Key was used for a different request', 'Idempotency-Key');
        throw new IdempotentReplay(earlier.statusCode, stored.response);
      },
      async record(tx: DbTx, outcome: MutationOutcome) {
        const stored = answer(outcome);
        if (stored) await tx.update(t.apiIdempotency).set({ statusCode: stored.statusCode, body: { request: fingerprint, response: stored.body } }).where(where);
        else await tx.delete(t.apiIdempotency).where(where);
      },
    };
  }

  const r = API_ROUTES;

  route(r.listCreators, async (request) => {
    const key = apiKeyOf(request);
    const { status, starting_after, limit: size = 20 } = request.query;
    const matching = (await records(key, 'funnels')).filter((f) => !status || f.status === status);
    const { slice, hasMore } = paginate(matching, size, starting_after);
    return { creators: slice.map(creatorOf), total: matching.length, has_more: hasMore };
  });

  /**
   * Runs a mutator as the key and answers with `success` of its value. With an Idempotency-Key
   * the key's row is reserved in the mutation's own transaction (idempotencyOf): a retry gets
   * the first answer, refusals by a rule included, with Idempotent-Replayed: true.
   */
  async function mutateOnce<N extends keyof typeof MUTATORS>(
    request: FastifyRequest,
    reply: FastifyReply,
    name: N,
    args: unknown,
    success: (value: unknown) => { statusCode: number; body: unknown },
  ) {
    const key = apiKeyOf(request);
    const idempotencyKey = request.headers['idempotency-key'];
    if (typeof idempotencyKey !== 'string') {
      const answer = success(await mutate(request, key, name, args));
      return reply.code(answer.statusCode).send(answer.body);
    }
    const stored = (outcome: MutationOutcome) => {
      if (outcome.status === 'applied') return success(outcome.value);
      if (outcome.status === 'error' || outcome.status === 'forbidden') return null;
      const { statusCode, error } = answerOf(outcome);
      return { statusCode, body: { error: error!.message, ...(error!.field ? { field: error!.field } : {}) } };
    };
    // The path itself (not its pattern): the same key on another record's path is another request.
    const route = `${request.method} ${request.url.split('?')[0]}`;
    try {
      const answer = success(await mutate(request, key, name, args, idempotencyOf(key, idempotencyKey, route, JSON.stringify(request.body ?? null), stored)));
      return reply.code(answer.statusCode).send(answer.body);
    } catch (caught) {
      if (!(caught instanceof IdempotentReplay)) throw caught;
      reply.header('idempotent-replayed', 'true');
      return reply.code(caught.statusCode).send(caught.response);
    }
  }

  /**
   * The key's role may run `name` (as stored; the mutation checks again in its transaction):
   * a 403 before any look-up, so a key that may not write learns nothing of what exists.
   */
  function mayRun(key: ApiKeyRow, name: keyof typeof MUTATORS) {
    const allowed = authorizeMember({ id: key.id, name: key.name, role: key.role, status: 'Active', permissions: apiKeyPermissions(key.role) }, MUTATORS[name].permission);
    if (!allowed.ok) throw new HttpError(403, allowed.error);
  }

  route(r.createFunnel, async (request, reply) => {
    const key = apiKeyOf(request);
    const { creatorId, type } = request.body;
    mayRun(key, 'funnels.startEngagement');
    if (!isSuggestedCreator(creatorId) && !(await loadRecords(ctx.db, key.workspaceId, 'funnels', { ids: [creatorId] })).length)
      throw new HttpError(404, `No creator ${creatorId}`, 'creatorId');
    return mutateOnce(request, reply, 'funnels.startEngagement', { creatorId, engagementType: type }, (value) => {
      const created = value as Funnel;
      return { statusCode: 201, body: { id: created.id, status: created.status } };
    });
  });

  route(r.getFunnel, async (request) => {
    const key = apiKeyOf(request);
    const [found] = await loadRecords(ctx.db, key.workspaceId, 'funnels', { ids: [request.params.id] });
    if (!found) throw new HttpError(404, `No funnel ${request.params.id}`);
    return funnelOf(found.record);
  });

  route(r.listOrders, async (request) => {
    const key = apiKeyOf(request);
    const { status, starting_after, limit: size = 20 } = request.query;
    const matching = (await records(key, 'orders')).filter((o) => !status || o.status === status);
    const { slice, hasMore } = paginate(matching, size, starting_after);
    return { orders: slice.map(orderOf), total: matching.length, has_more: hasMore };
  });

  route(r.updateOrder, async (request) => {
    const key = apiKeyOf(request);
    const [found] = await loadRecords(ctx.db, key.workspaceId, 'orders', { ids: [request.params.id] });
    if (!found) throw new HttpError(404, `No order ${request.params.id}`);
    const updated = (await mutate(request, key, 'orders.changeStatus', { id: request.params.id, status: request.body.status })) as Order;
    return orderOf(updated);
  });

  route(r.listInventory, async (request) => {
    const key = apiKeyOf(request);
    const { starting_after, limit: size = 20 } = request.query;
    const items = await records(key, 'inventory');
    const { slice, hasMore } = paginate(items, size, starting_after);
    return { items: slice.map(itemOf), total: items.length, has_more: hasMore };
  });

  route(r.createEmbedSession, async (request, reply) => {
    const key = apiKeyOf(request);
    const session = await createEmbedSession(ctx.db, key, request.body.screens, request.body.role, ctx.now());
    return reply.code(201).send(session);
  });

  campaignRoutes({ route, apiKeyOf, records, mayRun, mutate, mutateOnce, itemOf, paginate });

  let document: unknown = null;
  app.get('/api/v1/openapi.json', async (request, reply) => {
    document ??= (await import('./openapi')).openApiDocument(API_ROUTES);
    // The document is public, so the Developer area of any origin (and docs tools) may read it.
    reply.header('access-control-allow-origin', '*');
    return reply.type('application/json').send(JSON.stringify(document));
  });
}
