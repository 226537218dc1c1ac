// The public API under /api/v1, authenticated with `Authorization: Bearer sk_test_…`. Each
// route is declared once in v1/declarations.ts (defineApiRoute: its valibot schemas, its words, the refusals
// its handler gives) and registered with `route(spec, handler)`, which puts the key, the rate
// limit and the request's shape before validation. Fastify validates with those schemas and
// the OpenAPI document at /api/v1/openapi.json (every status, header and error) follows them.
// Writes run the same mutators as the browser, acting as the key (its role as stored).
import type * as v from 'valibot';
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
import type { Funnel } from '../../lib/domain/types';
import { MUTATORS } from '../../lib/mutators';
import type { CollectionName, RecordOf } from '../../lib/schema/names';
import { HttpError, type ServerContext } from '../context';
import { loadRecords } from '../db/records';
import { runMutation, type MutationOutcome, type RunMutationOptions } from '../db/tx';
import type { ValibotTypeProvider } from '../http/valibot';
import { loggableError } from '../validation';
import { createEmbedSession, lowerRole } from './embed';
import { campaignRoutes, funnelOf, isSuggestedCreator, orderOf } from './v1/campaign';
import { API_ROUTES, API_WEBHOOKS } from './v1/declarations';
import { IDEMPOTENCY_KEY, IdempotentReplay, answerOf, idempotencyOf, replayedError } from './v1/idempotency';
import { creatorOf, itemOf, listPage } from './v1/views';
import { authorize } from '../../lib/domain/permissions';
import { apiKeyPermissions } from '../../lib/domain/webhooks';
import type { ApiKeyRow } from './keys';
import { ApiProblem, apiErrorBody } from './errors';
import { unknownFields } from './v1/unknown-fields';
import type { ListedCollection } from '../db/lists';
import { apiKeyOf } from '../http/auth';
import { recordRoutes } from './v1/records';
import { funnelMeasures, funnelPerformance, mayReadResults, performanceRange } from './v1/results';
import { responseSchemasOf, type ApiRouteSpec } from './openapi';
import { OUTREACH_MUTATIONS, outreachEmail } from '../portal/outreach';

export { API_ROUTES, API_WEBHOOKS };

export { DEFAULT_API_LIMITS, type ApiLimits } from './gate';

export { apiKeyOf };

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

export async function apiRoutes(instance: FastifyInstance, { ctx }: { ctx: ServerContext }) {
  const app = instance.withTypeProvider<ValibotTypeProvider>();

  /**
   * Before anything of the request is read the key and its rate limit have been checked (the
   * route's auth hook, server/api/gate.ts; every answer from there on carries the RateLimit
   * headers and counts), then the request's shape: 415 for a body that is not JSON, 400 for a
   * repeated parameter. Fastify then parses and validates (413, 400) and the handler runs.
   */
  const guard = (route: ApiRouteSpec) => async (request: FastifyRequest) => {
    if (route.body) {
      const type = request.headers['content-type'];
      const hasBody = Number(request.headers['content-length'] ?? 0) > 0 || request.headers['transfer-encoding'] !== undefined;
      if ((hasBody || type !== undefined) && !(type && JSON_TYPE.test(type))) throw new HttpError(415, 'Send the body as JSON with Content-Type: application/json', 'Content-Type');
    }
    for (const [name, value] of Object.entries((request.query ?? {}) as Record<string, unknown>))
      if (Array.isArray(value)) throw new ApiProblem(400, `Give ${name} only once`, 'repeatedParameter', name);
    if (route.idempotent) {
      const idempotencyKey = request.headers['idempotency-key'];
      if (idempotencyKey !== undefined && (typeof idempotencyKey !== 'string' || !IDEMPOTENCY_KEY.test(idempotencyKey)))
        throw new ApiProblem(400, 'Idempotency-Key must be 1-255 visible ASCII characters', 'invalidRequest', 'Idempotency-Key');
    }
  };

  /**
   * A body field the route does not declare is refused rather than ignored, at any depth (an
   * address's, an item's): a misspelt field would otherwise be silently lost.
   */
  function refuseUnknownFields(schema: v.GenericSchema, body: unknown) {
    const unknown = unknownFields(schema, body);
    if (unknown.length > 0) throw new ApiProblem(400, `Unknown field${unknown.length === 1 ? '' : 's'}: ${unknown.join(', ')}`, 'unknownField', unknown[0]);
  }

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
      config: { auth: 'apiKey' },
      onRequest: guard(spec),
      // A write sent with no body at all is checked field by field ("creatorId is required").
      preValidation: async (request) => {
        if (spec.body && request.body === undefined) request.body = {};
        if (spec.body) refuseUnknownFields(spec.body, request.body);
      },
      schema,
      handler,
    });
  }

  /** Records of the key's workspace by id, or by lookup field in any letter case (`keys`): index look-ups, never the whole collection. */
  const find = async <C extends CollectionName>(key: ApiKeyRow, collection: C, which: { ids: readonly string[] } | { keys: readonly string[] }): Promise<RecordOf<C>[]> =>
    (await loadRecords(ctx.db, key.workspaceId, collection, which)).map((row) => row.record);
  const list = <C extends ListedCollection>(key: ApiKeyRow, collection: C, query: Parameters<typeof listPage>[3]) => listPage(ctx.db, key.workspaceId, collection, query);

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
      // Outreach emails the creator in the same transaction, as it does from the app.
      inTransaction: outreachEmail(name, { workspaceId: key.workspaceId, origin: ctx.linkOrigin(), now: ctx.now() }),
      ...idempotency,
    });
    if (outcome.status === 'applied') {
      ctx.pokes?.poke(key.workspaceId, outcome.version);
      ctx.webhooks?.kick();
      if (outcome.queuedMail || OUTREACH_MUTATIONS.has(name)) ctx.mail?.kick();
    }
    const answer = answerOf(outcome);
    if (answer.error) throw answer.error;
    return answer.value;
  }

  const r = API_ROUTES;
  const measures = funnelMeasures(ctx);

  route(r.listCreators, async (request) => {
    const key = apiKeyOf(request);
    const { status, starting_after, limit: size = 20 } = request.query;
    const { records, hasMore, total } = await list(key, 'funnels', { status, size, startingAfter: starting_after });
    return { creators: records.map(creatorOf), total, has_more: hasMore };
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
      // Stored without the request's id: a replay carries its own.
      const { requestId: _first, ...body } = apiErrorBody('', statusCode, error!.message, error!.field, error instanceof ApiProblem ? error.code : undefined);
      return { statusCode, body };
    };
    // The path itself (not its pattern): the same key on another record's path is another request.
    const route = `${request.method} ${request.url.split('?')[0]}`;
    try {
      const answer = success(await mutate(request, key, name, args, idempotencyOf(ctx.now, key, idempotencyKey, route, JSON.stringify(request.body ?? null), stored)));
      return reply.code(answer.statusCode).send(answer.body);
    } catch (caught) {
      if (!(caught instanceof IdempotentReplay)) throw caught;
      reply.header('idempotent-replayed', 'true');
      return reply.code(caught.statusCode).send(caught.statusCode >= 400 ? replayedError(request.id, caught.statusCode, caught.response) : caught.response);
    }
  }

  /**
   * The key's role may run `name` (as stored; the mutation checks again in its transaction):
   * a 403 before any look-up, so a key that may not write learns nothing of what exists.
   */
  function mayRun(key: ApiKeyRow, name: keyof typeof MUTATORS) {
    const allowed = authorize({ role: key.role, status: 'Active' as const, permissions: apiKeyPermissions(key.role) }, MUTATORS[name].permission);
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
    return funnelOf(found.record, await measures(key, [found.record.id]));
  });

  route(r.funnelPerformance, async (request) => {
    const key = apiKeyOf(request);
    if (!mayReadResults(key)) throw new HttpError(403, 'This key’s role may not view analytics: use an Admin or Editor key');
    const range = performanceRange(request.query, ctx.now());
    const [found] = await loadRecords(ctx.db, key.workspaceId, 'funnels', { ids: [request.params.id] });
    if (!found) throw new HttpError(404, `No funnel ${request.params.id}`);
    return funnelPerformance(ctx, key, found.record.id, range);
  });

  route(r.listOrders, async (request) => {
    const key = apiKeyOf(request);
    const { status, starting_after, limit: size = 20 } = request.query;
    const { records, hasMore, total } = await list(key, 'orders', { status, size, startingAfter: starting_after });
    return { orders: records.map(orderOf), total, has_more: hasMore };
  });

  route(r.listInventory, async (request) => {
    const key = apiKeyOf(request);
    const { starting_after, limit: size = 20 } = request.query;
    const { records, hasMore, total } = await list(key, 'inventory', { size, startingAfter: starting_after });
    return { items: records.map(itemOf), total, has_more: hasMore };
  });

  route(r.createEmbedSession, async (request, reply) => {
    const key = apiKeyOf(request);
    const asked = request.body.role;
    // Asking for more than the key may do is a mistake the partner should see, not a quiet downgrade.
    if (asked && lowerRole(key.role, asked) !== asked) throw new HttpError(403, `An embed session’s role is at most its key’s: this key is ${key.role}, so the session cannot be ${asked}`, 'role');
    const session = await createEmbedSession(ctx.db, key, request.body.screens, asked, ctx.now());
    return reply.code(201).send(session);
  });

  const kit = { route, apiKeyOf, find, list, mayRun, mutate, mutateOnce, itemOf, measures };
  campaignRoutes(kit);
  recordRoutes(kit);

  let document: unknown = null;
  app.get('/api/v1/openapi.json', { config: { auth: 'public' } }, async (request, reply) => {
    document ??= (await import('./openapi')).openApiDocument(API_ROUTES, API_WEBHOOKS);
    // The document is public, so the Developer area of any origin (and docs tools) may read it.
    reply.header('access-control-allow-origin', '*');
    return reply.type('application/json').send(JSON.stringify(document));
  });
}
