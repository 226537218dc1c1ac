// Orders from a connected shop. Shopify (and WooCommerce) post each order event (and Shopify
// each refund) to /integrations/{shopify|woocommerce}/webhooks/{workspace id}, signed with the
// shop's webhook signing secret (base64 HMAC-SHA256 of the raw body), which an Admin stores as a
// server-only secret. A verified delivery is taken in once, through the one mutation runner as
// the shop (its delivery id is written in the same transaction as the order and its outbox
// events), and answered 200 at once; a bad signature is a 401 and changes nothing. Admins read
// the address and set the secret through /integrations/{shop}/….
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { readShopifyOrder, readShopifyRefundDelivery, readWooCommerceOrder, type ShopName, type ShopOrder, type ShopRefund } from '../../lib/domain/shop-orders';
import { secretHint } from '../../lib/domain/developer';
import type { Result } from '../../lib/domain/types';
import { checkArgs, MUTATORS } from '../../lib/mutators';
import { seed } from '../auth/routes';
import { checkControlCharacters } from '../http/control-characters';
import { HttpError, type ServerContext } from '../context';
import { signedIn } from '../http/auth';
import { loggableError } from '../validation';
import * as t from '../db/schema';
import { runMutation, shopActor } from '../db/tx';
import { routeWrite } from '../http/route-write';
import type { ValibotTypeProvider } from '../http/valibot';
import { deleteSecret, listSecretHints, putSecret, readSecret } from '../secrets';

/** Where each shop's signing secret is kept (server/secrets). */
export const SIGNING_SECRET_NAME: Record<ShopName, string> = {
  Shopify: 'integration:shopify:webhookSigningSecret',
  WooCommerce: 'integration:woocommerce:webhookSigningSecret',
};

/** The topics taken in; any other (a shop's other subscriptions) is answered 200 and ignored. */
const SHOPIFY_TOPICS = new Set(['orders/create', 'orders/updated', 'orders/cancelled', 'refunds/create']);
const WOOCOMMERCE_TOPICS = new Set(['order.created', 'order.updated']);

export const BAD_SIGNATURE = 'The webhook signature does not verify';

/** The shops, as their paths name them. */
export const SHOP_SLUGS = { shopify: 'Shopify', woocommerce: 'WooCommerce' } as const satisfies Record<string, ShopName>;
type ShopSlug = keyof typeof SHOP_SLUGS;
const shopParam = v.picklist(Object.keys(SHOP_SLUGS) as ShopSlug[], 'shop must be shopify or woocommerce');

/** A shop's webhook path for a workspace. */
export const shopWebhookPath = (slug: ShopSlug, workspaceId: string) => `/integrations/${slug}/webhooks/${encodeURIComponent(workspaceId)}`;

/** True when `signature` (base64) is the HMAC-SHA256 of `raw` with `secret`, compared in constant time. */
export function verifyShopSignature(raw: Buffer, signature: string, secret: string): boolean {
  const expected = createHmac('sha256', secret).update(raw).digest();
  const given = Buffer.from(signature.trim(), 'base64');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

const header = (request: FastifyRequest, name: string) => {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
};

interface Delivery {
  shop: ShopName;
  signature: string;
  topic: string;
  deliveryId?: string;
}

/** Which shop sent this, by its signature header. */
function deliveryOf(request: FastifyRequest): Delivery | null {
  const shopify = header(request, 'x-shopify-hmac-sha256');
  if (shopify) return { shop: 'Shopify', signature: shopify, topic: header(request, 'x-shopify-topic') ?? '', deliveryId: header(request, 'x-shopify-webhook-id') };
  const woo = header(request, 'x-wc-webhook-signature');
  if (woo) return { shop: 'WooCommerce', signature: woo, topic: header(request, 'x-wc-webhook-topic') ?? '', deliveryId: header(request, 'x-wc-webhook-delivery-id') };
  return null;
}

const workspaceParam = v.object({ shop: shopParam, workspaceId: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,100}$/, 'workspace is malformed')) });
const received = v.object({ received: v.boolean(), duplicate: v.optional(v.boolean()), orderId: v.optional(v.string()) });
const error = v.object({ error: v.string(), field: v.optional(v.string()) });

export async function shopWebhookRoutes(instance: FastifyInstance, { ctx }: { ctx: ServerContext }) {
  // An encapsulated plugin: only these routes keep the raw body (the signature covers its bytes).
  await instance.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    const app = scope.withTypeProvider<ValibotTypeProvider>();

    app.post(
      '/integrations/:shop/webhooks/:workspaceId',
      { schema: { params: workspaceParam, response: { 200: received, 400: error, 401: error } }, config: { auth: 'public' } },
      async (request, reply) => {
        const { workspaceId } = request.params;
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const delivery = deliveryOf(request);
        // Each shop posts to its own address, signed with its own header.
        if (!delivery || delivery.shop !== SHOP_SLUGS[request.params.shop]) throw new HttpError(401, BAD_SIGNATURE);
        const secret = await readSecret(ctx.db, ctx.secrets, workspaceId, SIGNING_SECRET_NAME[delivery.shop]).catch(() => null);
        // No secret (not connected, or no such workspace) reads like a bad signature: nothing to learn by probing.
        if (!secret || !verifyShopSignature(raw, delivery.signature, secret)) throw new HttpError(401, BAD_SIGNATURE);
        const topics = delivery.shop === 'Shopify' ? SHOPIFY_TOPICS : WOOCOMMERCE_TOPICS;
        if (!topics.has(delivery.topic)) return { received: false };
        let body: unknown;
        try {
          body = JSON.parse(raw.toString('utf8'));
        } catch {
          throw new HttpError(400, 'The body is not JSON');
        }
        checkControlCharacters(body);
        const write = shopWriteOf(delivery.topic, body, raw);
        if (!write.ok) throw new HttpError(400, write.error);
        const problem = checkArgs(write.value.name, write.value.args);
        if (problem) throw new HttpError(400, problem);
        // A delivery without an id is known by its bytes: the same body twice is the same delivery.
        const deliveryId = (delivery.deliveryId ?? createHash('sha256').update(raw).digest('hex')).slice(0, 200);
        const outcome = await takeIn(ctx, request, workspaceId, delivery, deliveryId, write.value);
        if (outcome.version !== null) ctx.pokes?.poke(workspaceId, outcome.version);
        ctx.webhooks?.kick();
        return reply.code(200).send({ received: true, ...(outcome.duplicate ? { duplicate: true } : {}), orderId: outcome.orderId });
      },
    );
  });

  const app = instance.withTypeProvider<ValibotTypeProvider>();
  const connection = v.object({ webhookUrl: v.string(), signingSecret: v.object({ configured: v.boolean(), hint: v.string() }) });

  async function connectionOf(slug: ShopSlug, workspaceId: string) {
    const hints = await listSecretHints(ctx.db, workspaceId);
    const stored = hints.find((h) => h.name === SIGNING_SECRET_NAME[SHOP_SLUGS[slug]]);
    return {
      webhookUrl: `${ctx.linkOrigin()}${shopWebhookPath(slug, workspaceId)}`,
      signingSecret: { configured: Boolean(stored), hint: stored?.hint ?? '' },
    };
  }
  const shopOnly = v.object({ shop: shopParam });

  /** The address to paste into the shop's webhook settings, and whether a signing secret is stored. */
  app.get('/integrations/:shop/connection', { schema: { params: shopOnly, response: { 200: connection } }, config: { auth: 'admin' } }, async (request) => {
    const session = signedIn(request);
    return connectionOf(request.params.shop, session.workspace.id);
  });

  /** Stores the shop's webhook signing secret (write-only: only its last four come back). */
  app.put(
    '/integrations/:shop/signing-secret',
    {
      schema: {
        params: shopOnly,
        body: v.object({
          secret: v.pipe(v.string('secret is required'), v.trim(), v.nonEmpty('secret is required'), v.minLength(16, 'secret must be the signing secret the shop shows (at least 16 characters)'), v.maxLength(500, 'secret is at most 500 characters')),
        }),
        response: { 200: connection },
      },
      config: { auth: 'admin' },
    },
    async (request) => {
      const session = signedIn(request);
      const workspaceId = session.workspace.id;
      const shop = SHOP_SLUGS[request.params.shop];
      // The sealed secret and its activity entry in one transaction, through the one runner, as
      // the Admin stored in the database: the entry shows only the secret's last characters.
      await routeWrite(ctx, request, {
        workspaceId,
        memberId: session.member.id,
        mutator: MUTATORS['integrations.recordShopSecret'],
        args: { shop, hint: secretHint(request.body.secret) || undefined },
        meta: { now: ctx.now().toISOString(), idSeed: seed() },
        beforeCommit: async ({ tx }) => {
          await putSecret(tx, ctx.secrets, { workspaceId, name: SIGNING_SECRET_NAME[shop], value: request.body.secret, memberId: session.member.id, at: ctx.now() });
        },
      });
      return connectionOf(request.params.shop, workspaceId);
    },
  );

  app.delete('/integrations/:shop/signing-secret', { schema: { params: shopOnly, response: { 200: connection } }, config: { auth: 'admin' } }, async (request) => {
    const session = signedIn(request);
    await deleteSecret(ctx.db, session.workspace.id, SIGNING_SECRET_NAME[SHOP_SLUGS[request.params.shop]]);
    return connectionOf(request.params.shop, session.workspace.id);
  });
}

/** What a delivery asks for: an order (created, updated, cancelled) or a refund on its own. */
type ShopWrite = { name: 'orders.receiveFromShop'; args: { order: ShopOrder } } | { name: 'orders.receiveRefundFromShop'; args: ShopRefund };

function shopWriteOf(topic: string, body: unknown, raw: Buffer): Result<ShopWrite> {
  if (topic === 'refunds/create') {
    const refund = readShopifyRefundDelivery(body, raw.toString('utf8'));
    return refund.ok ? { ok: true, value: { name: 'orders.receiveRefundFromShop', args: refund.value } } : refund;
  }
  const read = topic.startsWith('order.') ? readWooCommerceOrder(body) : readShopifyOrder(body);
  if (!read.ok) return read;
  const order = topic === 'orders/cancelled' ? { ...read.value, cancelled: true } : read.value;
  return { ok: true, value: { name: 'orders.receiveFromShop', args: { order } } };
}

/** Told that the delivery id was taken in before: the mutation ends, changing nothing. */
class DuplicateDelivery extends Error {}

/**
 * Takes one verified delivery in through the one mutation runner, as the shop: the delivery id
 * is reserved in the mutation's transaction (a repeat stops there, changing nothing), then the
 * shop's mutator writes the order, its activity entry and its outbox events. A refusal (a
 * refund of an order not received) keeps the delivery id: the same delivery again is a repeat.
 */
async function takeIn(ctx: ServerContext, request: FastifyRequest, workspaceId: string, delivery: Delivery, deliveryId: string, write: ShopWrite) {
  const now = ctx.now();
  const shop = delivery.shop === 'Shopify' ? 'shopify' : 'woocommerce';
  try {
    const outcome = await runMutation({
      db: ctx.db,
      workspaceId,
      actor: shopActor(shop),
      mutator: MUTATORS[write.name],
      args: write.args,
      meta: { now: now.toISOString(), idSeed: seed() },
      now: ctx.now,
      onError: (error) => request.log.error({ err: loggableError(error), mutation: write.name }, 'shop webhook failed'),
      reserve: async (tx) => {
        const [fresh] = await tx
          .insert(t.shopWebhookReceipts)
          .values({ workspaceId, shop: delivery.shop, deliveryId, topic: delivery.topic, receivedAt: now })
          .onConflictDoNothing()
          .returning({ deliveryId: t.shopWebhookReceipts.deliveryId });
        if (!fresh) throw new DuplicateDelivery();
      },
    });
    if (outcome.status === 'applied') return { duplicate: false, version: outcome.version, orderId: (outcome.value as { id: string }).id };
    if (outcome.status === 'rejected') return { duplicate: false, version: null, orderId: undefined };
    // The shop's mutators take any well-formed delivery: anything else (logged by onError) wrote
    // nothing, not even the delivery id, so the shop's retry takes it in later.
    throw new HttpError(503, 'The delivery could not be taken in: send it again later');
  } catch (error) {
    if (error instanceof DuplicateDelivery) return { duplicate: true, version: null, orderId: undefined };
    throw error;
  }
}
