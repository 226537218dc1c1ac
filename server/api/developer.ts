// The Developer area's server-only data: API keys, webhook endpoints and their deliveries.
// Managed by signed-in Admins through these JSON routes (never synced to browsers: a key's
// hash and an endpoint's secret stay here). Key and endpoint changes are in the activity log.
import { randomBytes } from 'node:crypto';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { recordSecurityEvent } from '../auth/security-log';
import { EMBED_ORIGIN_MESSAGE, urlHost, validateEmbedOrigin } from '../../lib/domain/developer';
import { ROLES, WEBHOOK_EVENT_TYPES } from '../../lib/domain/types';
import { validateEndpointUrl, validateEventTypes } from '../../lib/domain/webhooks';
import { MUTATORS, type ArgsOf } from '../../lib/mutators';
import { seed } from '../auth/routes';
import { HttpError, type ServerContext } from '../context';
import { signedIn } from '../http/auth';
import * as t from '../db/schema';
import type { DbTx } from '../db/client';
import { routeWrite } from '../http/route-write';
import type { ValibotTypeProvider } from '../http/valibot';
import { enqueueEvents } from '../webhooks/outbox';
import { checkTarget } from '../webhooks/targets';
import { newApiKey, type ApiKeyRow } from './keys';

const idParams = v.object({ id: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,64}$/, 'id is malformed')) });

export const apiKeyView = v.object({
  id: v.string(),
  name: v.string(),
  role: v.picklist(ROLES),
  lastFour: v.string(),
  allowedOrigins: v.array(v.string()),
  createdBy: v.string(),
  createdAt: v.string(),
  lastUsedAt: v.nullable(v.string()),
  revokedAt: v.nullable(v.string()),
});
const keysResponse = v.object({ keys: v.array(apiKeyView) });
const keyWithSecret = v.object({ key: apiKeyView, secret: v.string() });

const embedOrigin = v.pipe(
  v.string('Each allowed origin must be text'),
  v.maxLength(200, 'An allowed origin is at most 200 characters'),
  v.check((value) => validateEmbedOrigin(value).ok, EMBED_ORIGIN_MESSAGE),
  v.transform((value) => {
    const checked = validateEmbedOrigin(value);
    return checked.ok ? checked.value : value;
  }),
);
const originList = v.pipe(
  v.array(embedOrigin),
  v.maxLength(20, 'At most 20 allowed origins'),
);
const createKeyBody = v.object({
  name: v.optional(v.pipe(v.string('name must be text'), v.trim(), v.maxLength(100, 'name is at most 100 characters')), ''),
  role: v.picklist(ROLES, 'role must be Admin, Editor or Viewer'),
  allowedOrigins: v.optional(originList, []),
});

const endpointView = v.object({
  id: v.string(),
  url: v.string(),
  events: v.array(v.string()),
  createdAt: v.string(),
  disabledAt: v.nullable(v.string()),
  disabledReason: v.nullable(v.string()),
});
const deliveryView = v.object({
  id: v.string(),
  endpointId: v.string(),
  type: v.string(),
  status: v.picklist(['pending', 'delivered', 'failed']),
  attempts: v.number(),
  lastStatusCode: v.nullable(v.number()),
  lastError: v.nullable(v.string()),
  createdAt: v.string(),
  deliveredAt: v.nullable(v.string()),
  payload: v.record(v.string(), v.unknown()),
});
const webhooksResponse = v.object({ endpoints: v.array(endpointView), deliveries: v.array(deliveryView) });
const endpointBody = v.object({
  url: v.pipe(v.string('url must be text'), v.maxLength(2000, 'url is too long')),
  events: v.pipe(v.array(v.string(), 'events must be a list'), v.maxLength(20)),
});
const endpointWithSecret = v.object({ endpoint: endpointView, secret: v.string() });

const iso = (date: Date | null) => (date ? date.toISOString() : null);
export const keyToView = (row: ApiKeyRow) => ({
  id: row.id,
  name: row.name,
  role: row.role,
  lastFour: row.lastFour,
  allowedOrigins: row.allowedOrigins,
  createdBy: row.createdBy,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: iso(row.lastUsedAt),
  revokedAt: iso(row.revokedAt),
});
const endpointToView = (row: typeof t.webhookEndpoints.$inferSelect) => ({
  id: row.id,
  url: row.url,
  events: row.events,
  createdAt: row.createdAt.toISOString(),
  disabledAt: iso(row.disabledAt),
  disabledReason: row.disabledReason,
});

/** Every route here is for the Developer area's Admins. */
const ADMIN = { auth: 'admin' } as const;

/** Deliveries the Developer area lists under Recent events. */
export const RECENT_DELIVERIES = 50;

export async function developerRoutes(instance: FastifyInstance, { ctx }: { ctx: ServerContext }) {
  const app = instance.withTypeProvider<ValibotTypeProvider>();

  /** The endpoint's host must resolve to the public internet only (loopback when allowed): else a 400 naming the url. */
  async function requirePublicTarget(url: string) {
    const target = await checkTarget(new URL(url), ctx.webhookTargets);
    if (target.ok) return;
    if (target.kind === 'unresolved') throw new HttpError(400, target.error, 'url', { code: 'endpointUnresolved', params: { host: target.host } });
    throw new HttpError(400, target.error, 'url', { code: 'endpointNotPublic', params: { host: target.host, kind: target.kind.replace('-', '') } });
  }

  /** The Admin the auth hook let in (auth: 'admin'); the change authorizes them again as stored. */
  function adminOf(request: FastifyRequest) {
    const session = signedIn(request);
    return { session, actor: { name: session.member.name }, workspaceId: session.workspace.id };
  }

  /**
   * A change of server-only rows (`write`) with its activity entry (the mutator `name`), through
   * the mutation runner as the Admin stored in the database, in one transaction (browsers are poked).
   */
  async function logged<T, N extends 'developer.recordKeyChange' | 'developer.recordEndpointChange'>(request: FastifyRequest, name: N, args: ArgsOf<N>, write: (tx: DbTx) => Promise<T>) {
    const { session, workspaceId } = adminOf(request);
    let value: T | undefined;
    await routeWrite(ctx, request, {
      workspaceId,
      memberId: session.member.id,
      mutator: MUTATORS[name],
      args,
      meta: { now: ctx.now().toISOString(), idSeed: seed() },
      beforeCommit: async ({ tx }) => {
        value = await write(tx);
      },
    });
    return value as T;
  }

  /** Key changes are in the security log too, with where they were made from. */
  const keyChanged = (request: FastifyRequest, kind: 'apiKeyCreated' | 'apiKeyRegenerated' | 'apiKeyRevoked') => {
    const { session, workspaceId } = adminOf(request);
    return recordSecurityEvent(ctx.db, { workspaceId, kind, memberName: session.member.name, at: ctx.now(), request });
  };

  app.get('/developer/keys', { schema: { response: { 200: keysResponse } }, config: ADMIN }, async (request) => {
    const { workspaceId } = adminOf(request);
    const rows = await ctx.db.select().from(t.apiKeys).where(eq(t.apiKeys.workspaceId, workspaceId)).orderBy(desc(t.apiKeys.createdAt), t.apiKeys.id);
    return { keys: rows.map(keyToView) };
  });

  app.post('/developer/keys', { schema: { body: createKeyBody, response: { 201: keyWithSecret } }, config: ADMIN }, async (request, reply) => {
    const { workspaceId, actor } = adminOf(request);
    const { secret, hash, lastFour } = newApiKey();
    const now = ctx.now();
    const { name, role, allowedOrigins } = request.body;
    const row = await logged(request, 'developer.recordKeyChange', { change: 'created', lastFour, role, name }, async (tx) => {
      const [inserted] = await tx
        .insert(t.apiKeys)
        .values({
          id: `key_${randomBytes(9).toString('base64url')}`,
          workspaceId,
          name,
          keyHash: hash,
          lastFour,
          role,
          allowedOrigins: [...new Set(allowedOrigins)],
          createdBy: actor.name,
          createdAt: now,
        })
        .returning();
      return inserted;
    });
    await keyChanged(request, 'apiKeyCreated');
    return reply.code(201).send({ key: keyToView(row), secret });
  });

  /** A new secret for the key (same name, role and origins); the old secret stops working at once. */
  app.post('/developer/keys/:id/regenerate', { schema: { params: idParams, response: { 200: keyWithSecret } }, config: ADMIN }, async (request) => {
    const { workspaceId } = adminOf(request);
    const { secret, hash, lastFour } = newApiKey();
    const row = await logged(request, 'developer.recordKeyChange', { change: 'regenerated', lastFour }, async (tx) => {
      const [updated] = await tx
        .update(t.apiKeys)
        .set({ keyHash: hash, lastFour, lastUsedAt: null })
        .where(and(eq(t.apiKeys.workspaceId, workspaceId), eq(t.apiKeys.id, request.params.id), isNull(t.apiKeys.revokedAt)))
        .returning();
      if (!updated) throw new HttpError(404, 'This API key does not exist or was revoked', undefined, { code: 'apiKeyMissing' });
      // A key ends what it started: every embed session minted with the old secret.
      await tx.delete(t.embedSessions).where(eq(t.embedSessions.keyId, updated.id));
      return updated;
    });
    ctx.embedStreams?.end(row.id);
    await keyChanged(request, 'apiKeyRegenerated');
    return { key: keyToView(row), secret };
  });

  app.delete('/developer/keys/:id', { schema: { params: idParams, response: { 200: v.object({ key: apiKeyView }) } }, config: ADMIN }, async (request) => {
    const { workspaceId } = adminOf(request);
    const [existing] = await ctx.db
      .select()
      .from(t.apiKeys)
      .where(and(eq(t.apiKeys.workspaceId, workspaceId), eq(t.apiKeys.id, request.params.id), isNull(t.apiKeys.revokedAt)));
    if (!existing) throw new HttpError(404, 'This API key does not exist or was revoked', undefined, { code: 'apiKeyMissing' });
    const row = await logged(request, 'developer.recordKeyChange', { change: 'revoked', lastFour: existing.lastFour }, async (tx) => {
      const [updated] = await tx.update(t.apiKeys).set({ revokedAt: ctx.now() }).where(eq(t.apiKeys.id, existing.id)).returning();
      await tx.delete(t.embedSessions).where(eq(t.embedSessions.keyId, existing.id));
      return updated;
    });
    ctx.embedStreams?.end(existing.id);
    await keyChanged(request, 'apiKeyRevoked');
    return { key: keyToView(row) };
  });

  app.get('/developer/webhooks', { schema: { response: { 200: webhooksResponse } }, config: ADMIN }, async (request) => {
    const { workspaceId } = adminOf(request);
    const endpoints = await ctx.db.select().from(t.webhookEndpoints).where(eq(t.webhookEndpoints.workspaceId, workspaceId)).orderBy(t.webhookEndpoints.createdAt, t.webhookEndpoints.id);
    const deliveries = await ctx.db
      .select()
      .from(t.webhookDeliveries)
      .where(eq(t.webhookDeliveries.workspaceId, workspaceId))
      .orderBy(desc(t.webhookDeliveries.createdAt), desc(t.webhookDeliveries.id))
      .limit(RECENT_DELIVERIES);
    return {
      endpoints: endpoints.map(endpointToView),
      deliveries: deliveries.map((d) => ({
        id: d.id,
        endpointId: d.endpointId,
        type: d.eventType,
        status: d.status,
        attempts: d.attempts,
        lastStatusCode: d.lastStatusCode,
        lastError: d.lastError,
        createdAt: d.createdAt.toISOString(),
        deliveredAt: iso(d.deliveredAt),
        payload: d.payload,
      })),
    };
  });

  app.post('/developer/webhooks', { schema: { body: endpointBody, response: { 201: endpointWithSecret } }, config: ADMIN }, async (request, reply) => {
    const { workspaceId, actor } = adminOf(request);
    const url = validateEndpointUrl(request.body.url);
    if (!url.ok) throw new HttpError(400, url.error, 'url');
    const events = validateEventTypes(request.body.events);
    if (!events.ok) throw new HttpError(400, events.error, 'events');
    await requirePublicTarget(url.value);
    const secret = `whsec_${randomBytes(24).toString('base64')}`;
    const now = ctx.now();
    const row = await logged(request, 'developer.recordEndpointChange', { change: 'added', host: urlHost(url.value), events: events.value }, async (tx) => {
      const [inserted] = await tx
        .insert(t.webhookEndpoints)
        .values({ id: `we_${randomBytes(9).toString('base64url')}`, workspaceId, url: url.value, events: events.value, secret, createdBy: actor.name, createdAt: now })
        .returning();
      return inserted;
    });
    return reply.code(201).send({ endpoint: endpointToView(row), secret });
  });

  /** Re-enables a disabled endpoint, or changes what it receives. */
  app.post('/developer/webhooks/:id', { schema: { params: idParams, body: endpointBody, response: { 200: v.object({ endpoint: endpointView }) } }, config: ADMIN }, async (request) => {
    const { workspaceId } = adminOf(request);
    const url = validateEndpointUrl(request.body.url);
    if (!url.ok) throw new HttpError(400, url.error, 'url');
    const events = validateEventTypes(request.body.events);
    if (!events.ok) throw new HttpError(400, events.error, 'events');
    await requirePublicTarget(url.value);
    const row = await logged(request, 'developer.recordEndpointChange', { change: 'updated', host: urlHost(url.value), events: events.value }, async (tx) => {
      const [updated] = await tx
        .update(t.webhookEndpoints)
        .set({ url: url.value, events: events.value, disabledAt: null, disabledReason: null })
        .where(and(eq(t.webhookEndpoints.workspaceId, workspaceId), eq(t.webhookEndpoints.id, request.params.id)))
        .returning();
      if (!updated) throw new HttpError(404, 'This webhook endpoint does not exist', undefined, { code: 'endpointMissing' });
      return updated;
    });
    return { endpoint: endpointToView(row) };
  });

  app.get('/developer/webhooks/:id/secret', { schema: { params: idParams, response: { 200: v.object({ secret: v.string() }) } }, config: ADMIN }, async (request) => {
    const { workspaceId } = adminOf(request);
    const [row] = await ctx.db
      .select({ secret: t.webhookEndpoints.secret })
      .from(t.webhookEndpoints)
      .where(and(eq(t.webhookEndpoints.workspaceId, workspaceId), eq(t.webhookEndpoints.id, request.params.id)));
    if (!row) throw new HttpError(404, 'This webhook endpoint does not exist', undefined, { code: 'endpointMissing' });
    return row;
  });

  app.delete('/developer/webhooks/:id', { schema: { params: idParams, response: { 200: v.object({ deleted: v.literal(true) }) } }, config: ADMIN }, async (request) => {
    const { workspaceId } = adminOf(request);
    const [existing] = await ctx.db
      .select()
      .from(t.webhookEndpoints)
      .where(and(eq(t.webhookEndpoints.workspaceId, workspaceId), eq(t.webhookEndpoints.id, request.params.id)));
    if (!existing) throw new HttpError(404, 'This webhook endpoint does not exist', undefined, { code: 'endpointMissing' });
    await logged(request, 'developer.recordEndpointChange', { change: 'removed', host: urlHost(existing.url) }, async (tx) => {
      await tx.delete(t.webhookEndpoints).where(eq(t.webhookEndpoints.id, existing.id));
    });
    return { deleted: true as const };
  });

  /** "Send test event": one event of the endpoint's first type, marked as a test, through the outbox like any other. */
  app.post(
    '/developer/webhooks/:id/test',
    { schema: { params: idParams, body: v.object({ type: v.optional(v.picklist(WEBHOOK_EVENT_TYPES, 'type must be a webhook event type')) }), response: { 202: v.object({ id: v.string() }) } }, config: ADMIN },
    async (request, reply) => {
      const { workspaceId } = adminOf(request);
      const [endpoint] = await ctx.db
        .select()
        .from(t.webhookEndpoints)
        .where(and(eq(t.webhookEndpoints.workspaceId, workspaceId), eq(t.webhookEndpoints.id, request.params.id)));
      if (!endpoint) throw new HttpError(404, 'This webhook endpoint does not exist', undefined, { code: 'endpointMissing' });
      if (endpoint.disabledAt) throw new HttpError(409, 'This endpoint is disabled: save it again to re-enable it', undefined, { code: 'endpointDisabled' });
      const type = request.body.type ?? (endpoint.events[0] as (typeof WEBHOOK_EVENT_TYPES)[number]);
      const [id] = await enqueueEvents(ctx.db, workspaceId, [{ type, data: { test: true } }], ctx.now(), endpoint.id);
      ctx.webhooks?.kick();
      return reply.code(202).send({ id });
    },
  );
}
