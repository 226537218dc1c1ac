// Developer area: API keys, idempotency, webhook endpoints and their outbox, embed sessions
// (server-only), the sealed third-party credentials and the shop webhook receipts.
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { workspaces } from './workspace';
import { ts } from './columns';

/** Secret keys for the public API. Only the SHA-256 of a key is stored, and its last four characters for display. */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    keyHash: text('key_hash').notNull().unique(),
    lastFour: text('last_four').notNull(),
    role: text('role', { enum: ['Admin', 'Editor', 'Viewer'] }).notNull(),
    /** Origins allowed to call the API from a browser with this key's embed sessions. */
    allowedOrigins: text('allowed_origins').array().notNull().default(sql`'{}'::text[]`),
    createdBy: text('created_by').notNull(),
    createdAt: ts('created_at').notNull(),
    lastUsedAt: ts('last_used_at'),
    revokedAt: ts('revoked_at'),
  },
  (t) => [index('api_keys_workspace_idx').on(t.workspaceId), check('api_keys_role_check', sql`${t.role} in ('Admin', 'Editor', 'Viewer')`)],
);

/** A retried POST with the same Idempotency-Key returns the first answer. */
export const apiIdempotency = pgTable(
  'api_idempotency',
  {
    keyId: text('key_id')
      .notNull()
      .references(() => apiKeys.id, { onDelete: 'cascade' }),
    idempotencyKey: text('idempotency_key').notNull(),
    route: text('route').notNull(),
    statusCode: integer('status_code').notNull(),
    body: jsonb('body').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.keyId, t.idempotencyKey] })],
);

export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    events: text('events').array().notNull(),
    /** whsec_ + base64: the HMAC key of Standard Webhooks signatures. */
    secret: text('secret').notNull(),
    createdBy: text('created_by').notNull(),
    createdAt: ts('created_at').notNull(),
    disabledAt: ts('disabled_at'),
    disabledReason: text('disabled_reason'),
  },
  (t) => [index('webhook_endpoints_workspace_idx').on(t.workspaceId)],
);

/**
 * The outbox: one row per event and endpoint, written in the transaction of the change that
 * caused it. Its id is the `webhook-id` of every attempt.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    endpointId: text('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    eventType: text('event_type').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: text('status', { enum: ['pending', 'delivered', 'failed'] }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: ts('next_attempt_at').notNull(),
    lastStatusCode: integer('last_status_code'),
    lastError: text('last_error'),
    createdAt: ts('created_at').notNull(),
    deliveredAt: ts('delivered_at'),
  },
  (t) => [
    index('webhook_deliveries_due_idx').on(t.status, t.nextAttemptAt),
    index('webhook_deliveries_workspace_idx').on(t.workspaceId, t.createdAt),
  ],
);

/** Partner embed sessions: a short-lived client secret (SHA-256 stored) for some screens, at most the key's role. */
export const embedSessions = pgTable(
  'embed_sessions',
  {
    id: text('id').primaryKey(),
    keyId: text('key_id')
      .notNull()
      .references(() => apiKeys.id, { onDelete: 'cascade' }),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    secretHash: text('secret_hash').notNull().unique(),
    screens: text('screens').array().notNull(),
    role: text('role', { enum: ['Admin', 'Editor', 'Viewer'] }).notNull(),
    createdAt: ts('created_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [index('embed_sessions_key_idx').on(t.keyId)],
);

/**
 * Third-party credentials (integration API keys, webhook URLs, shop tokens), sealed with the
 * server's secret key (server/secrets). Never synced: records carry the hint at most.
 */
export const workspaceSecrets = pgTable(
  'workspace_secrets',
  {
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** v1.<key id>.<iv>.<tag>.<ciphertext>, AES-256-GCM. */
    ciphertext: text('ciphertext').notNull(),
    /** The last four characters, for "•••• 1234"; empty when the value is too short to show any. */
    hint: text('hint').notNull(),
    updatedAt: ts('updated_at').notNull(),
    updatedBy: text('updated_by'),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.name] })],
);

/**
 * Shop webhook deliveries already taken in (Shopify's X-Shopify-Webhook-Id, WooCommerce's
 * delivery id): written in the same transaction as the order, so a repeated delivery does nothing.
 */
export const shopWebhookReceipts = pgTable(
  'shop_webhook_receipts',
  {
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    shop: text('shop').notNull(),
    deliveryId: text('delivery_id').notNull(),
    topic: text('topic').notNull(),
    receivedAt: ts('received_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.shop, t.deliveryId] })],
);
