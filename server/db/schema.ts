// The team server's database: accounts and sessions, the workspace's version and each
// client's last mutation id, and one table per record collection of lib/schema/names.ts.
//
// Record tables keep top-level scalar fields in real columns (so the database can guard
// invariants: a unique SKU per workspace whatever its letter case, quantities >= 0) and
// only nested parts in jsonb. Property names equal the record's field names, so the
// row <-> record mappers (records.ts) stay a plain copy. Timestamps inside records are the
// ISO strings the records carry (text): they round-trip byte for byte and sort as text.
// Timestamps the server owns (sessions, invitations) are timestamptz.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  doublePrecision,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { Address, IntegrationCredentials, OrderHistoryEntry, OrderItem, Deliverable,
  OutreachMessage, Step, CreatorAnswers, GiftAllowance } from '../../lib/domain/types';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const workspaces = pgTable('workspaces', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/** The workspace's version: every committed write moves it by one. Locked first by every write. */
export const workspaceVersions = pgTable('workspace_versions', {
  workspaceId: text('workspace_id')
    .primaryKey()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey(),
    email: text('email').notNull(),
    /** argon2id, PHC string format. Null until the owner finishes setup. */
    passwordHash: text('password_hash'),
    createdAt: ts('created_at').notNull().defaultNow(),
    passwordChangedAt: ts('password_changed_at'),
  },
  (t) => [uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`)],
);

/** Team members: the `team` collection of a workspace, plus the link to a user account. */
export const members = pgTable(
  'members',
  {
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    id: text('id').notNull(),
    /** Null while Pending (invited, not yet accepted). */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    role: text('role', { enum: ['Admin', 'Editor', 'Viewer'] }).notNull(),
    status: text('status', { enum: ['Active', 'Pending'] }).notNull(),
    editAutomations: boolean('edit_automations').notNull().default(false),
    sendOutreach: boolean('send_outreach').notNull().default(false),
    manageTeam: boolean('manage_team').notNull().default(false),
    viewAnalytics: boolean('view_analytics').notNull().default(false),
    /** The member's own screen language (en-US, es, fr); null follows the workspace's Settings. */
    language: text('language'),
    /** The member's own "Email Notifications" switch (Profile): notifications are also emailed to them. */
    emailNotifications: boolean('email_notifications').notNull().default(false),
    version: bigint('version', { mode: 'number' }).notNull(),
    position: bigint('position', { mode: 'number' }).notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.id] }),
    uniqueIndex('members_workspace_email_lower_key').on(t.workspaceId, sql`lower(${t.email})`),
    uniqueIndex('members_workspace_user_key').on(t.workspaceId, t.userId),
    index('members_user_idx').on(t.userId),
    index('members_version_idx').on(t.workspaceId, t.version),
    check('members_role_check', sql`${t.role} in ('Admin', 'Editor', 'Viewer')`),
    check('members_status_check', sql`${t.status} in ('Active', 'Pending')`),
    // An Active member is someone who can sign in.
    check('members_active_has_user', sql`${t.status} <> 'Active' or ${t.userId} is not null`),
  ],
);

/** Sign-in sessions. The cookie holds 32 random bytes; only their SHA-256 is stored. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    workspaceId: text('workspace_id').notNull(),
    memberId: text('member_id').notNull(),
    createdAt: ts('created_at').notNull(),
    lastUsedAt: ts('last_used_at').notNull(),
    /** Idle expiry, moved forward on use. */
    expiresAt: ts('expires_at').notNull(),
    /** Hard limit from sign-in, never moved. */
    absoluteExpiresAt: ts('absolute_expires_at').notNull(),
  },
  (t) => [
    // Removing a member deletes their sessions in the same statement.
    foreignKey({ columns: [t.workspaceId, t.memberId], foreignColumns: [members.workspaceId, members.id], name: 'sessions_member_fk' }).onDelete(
      'cascade',
    ),
    index('sessions_member_idx').on(t.workspaceId, t.memberId),
    index('sessions_user_idx').on(t.userId),
  ],
);

/**
 * The sessions of members removed from their workspace (their session rows go with them): a
 * later request with one of these cookies is told it was removed, not asked to sign in again.
 */
export const removedSessions = pgTable(
  'removed_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    workspaceId: text('workspace_id').notNull(),
    removedAt: ts('removed_at').notNull(),
  },
  (t) => [index('removed_sessions_removed_at_idx').on(t.removedAt)],
);

export const invitations = pgTable(
  'invitations',
  {
    id: uuid('id').primaryKey(),
    workspaceId: text('workspace_id').notNull(),
    memberId: text('member_id').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    email: text('email').notNull(),
    role: text('role', { enum: ['Admin', 'Editor', 'Viewer'] }).notNull(),
    editAutomations: boolean('edit_automations').notNull(),
    sendOutreach: boolean('send_outreach').notNull(),
    manageTeam: boolean('manage_team').notNull(),
    viewAnalytics: boolean('view_analytics').notNull(),
    invitedBy: text('invited_by').notNull(),
    createdAt: ts('created_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
  },
  (t) => [
    foreignKey({ columns: [t.workspaceId, t.memberId], foreignColumns: [members.workspaceId, members.id], name: 'invitations_member_fk' }).onDelete(
      'cascade',
    ),
    index('invitations_member_idx').on(t.workspaceId, t.memberId),
  ],
);

/** One-time links that let the seeded owner choose a password (printed on the console). */
export const setupTokens = pgTable(
  'setup_tokens',
  {
    id: uuid('id').primaryKey(),
    workspaceId: text('workspace_id').notNull(),
    memberId: text('member_id').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: ts('created_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
  },
  (t) => [
    foreignKey({ columns: [t.workspaceId, t.memberId], foreignColumns: [members.workspaceId, members.id], name: 'setup_tokens_member_fk' }).onDelete(
      'cascade',
    ),
  ],
);

/** The last mutation id processed for each client (browser tab group) of a workspace. */
export const clientMutations = pgTable(
  'client_mutations',
  {
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    clientId: text('client_id').notNull(),
    /** The member the client pushes for; another member cannot reuse the client id. */
    memberId: text('member_id').notNull(),
    lastMutationId: bigint('last_mutation_id', { mode: 'number' }).notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.clientId] })],
);

/** Records deleted at a version, so a pull since an older version can send the deletion. */
export const deletedRecords = pgTable(
  'deleted_records',
  {
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    collection: text('collection').notNull(),
    recordId: text('record_id').notNull(),
    version: bigint('version', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.collection, t.recordId] }), index('deleted_records_version_idx').on(t.workspaceId, t.version)],
);

export const workspaceSingletons = pgTable(
  'workspace_singletons',
  {
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    value: jsonb('value').notNull(),
    version: bigint('version', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.name] })],
);

// ---------- Record collections ----------

/** Columns every record table has: its workspace, id, the version that last wrote it, its place in display order. */
function recordColumns() {
  return {
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    id: text('id').notNull(),
    version: bigint('version', { mode: 'number' }).notNull(),
    /** Display order (insertion order; `prepend` puts a record before the first). */
    position: bigint('position', { mode: 'number' }).notNull(),
  };
}

export const funnels = pgTable(
  'funnels',
  {
    ...recordColumns(),
    creatorName: text('creator_name').notNull(),
    creatorHandle: text('creator_handle').notNull(),
    creatorAvatar: text('creator_avatar').notNull(),
    status: text('status').notNull(),
    category: text('category').notNull(),
    activity: text('activity').notNull(),
    value: doublePrecision('value').notNull(),
    progressPercentage: doublePrecision('progress_percentage').notNull(),
    assignedTo: text('assigned_to').notNull(),
    lastUpdated: text('last_updated').notNull(),
    isPriority: boolean('is_priority').notNull(),
    currentStage: text('current_stage').notNull(),
    engagementType: text('engagement_type').notNull(),
    platform: text('platform').notNull(),
    conversionRate: doublePrecision('conversion_rate').notNull(),
    engagementRate: doublePrecision('engagement_rate').notNull(),
    roi: doublePrecision('roi').notNull(),
    startDate: text('start_date').notNull(),
    dueDate: text('due_date').notNull(),
    daysRemaining: doublePrecision('days_remaining').notNull(),
    steps: jsonb('steps').$type<Step[]>().notNull(),
    bio: text('bio'),
    interestTags: text('interest_tags').array(),
    email: text('email'),
    followers: doublePrecision('followers'),
    outreach: jsonb('outreach').$type<OutreachMessage[]>(),
    objective: text('objective'),
    deliverables: jsonb('deliverables').$type<Deliverable[]>(),
    portal: jsonb('portal').$type<CreatorAnswers>(),
    giftAllowance: jsonb('gift_allowance').$type<GiftAllowance>(),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.id] }),
    index('funnels_version_idx').on(t.workspaceId, t.version),
    // The CSV import finds creators by handle (any letter case) and places new ones at an end of
    // the display order: both stay index look-ups however many funnels the workspace holds.
    index('funnels_handle_lower_idx').on(t.workspaceId, sql`lower(${t.creatorHandle})`),
    index('funnels_position_idx').on(t.workspaceId, t.position),
  ],
);

export const orders = pgTable(
  'orders',
  {
    ...recordColumns(),
    source: text('source').notNull(),
    orderNumber: text('order_number').notNull(),
    status: text('status').notNull(),
    customerEmail: text('customer_email').notNull(),
    customerName: text('customer_name').notNull(),
    customerPhone: text('customer_phone'),
    shippingAddress: jsonb('shipping_address').$type<Address>().notNull(),
    items: jsonb('items').$type<OrderItem[]>().notNull(),
    subtotal: doublePrecision('subtotal').notNull(),
    tax: doublePrecision('tax').notNull(),
    shipping: doublePrecision('shipping').notNull(),
    total: doublePrecision('total').notNull(),
    createdAt: text('created_at').notNull(),
    updatedAt: text('updated_at').notNull(),
    history: jsonb('history').$type<OrderHistoryEntry[]>().notNull(),
    notes: text('notes'),
    tags: text('tags').array().notNull(),
    trackingNumber: text('tracking_number'),
    carrierName: text('carrier_name'),
    creatorId: text('creator_id'),
    stockDeducted: boolean('stock_deducted'),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.id] }), index('orders_version_idx').on(t.workspaceId, t.version)],
);

export const inventory = pgTable(
  'inventory',
  {
    ...recordColumns(),
    sku: text('sku').notNull(),
    name: text('name').notNull(),
    quantity: integer('quantity').notNull(),
    lowStockThreshold: integer('low_stock_threshold').notNull(),
    reorderPoint: integer('reorder_point').notNull(),
    lastRestocked: text('last_restocked').notNull(),
    location: text('location').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.id] }),
    index('inventory_version_idx').on(t.workspaceId, t.version),
    // One SKU per workspace, whatever its letter case, as the inventory rules say ("SKU ... already exists").
    uniqueIndex('inventory_workspace_sku_lower_key').on(t.workspaceId, sql`lower(${t.sku})`),
    index('inventory_position_idx').on(t.workspaceId, t.position),
    check('inventory_quantity_nonnegative', sql`${t.quantity} >= 0`),
    check('inventory_thresholds_nonnegative', sql`${t.lowStockThreshold} >= 0 and ${t.reorderPoint} >= 0`),
  ],
);

export const events = pgTable(
  'events',
  {
    ...recordColumns(),
    title: text('title').notNull(),
    start: text('start').notNull(),
    end: text('end').notNull(),
    type: text('type').notNull(),
    creatorId: text('creator_id').notNull(),
    creatorName: text('creator_name').notNull(),
    status: text('status').notNull(),
    description: text('description').notNull(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.id] }), index('events_version_idx').on(t.workspaceId, t.version)],
);

export const notifications = pgTable(
  'notifications',
  {
    ...recordColumns(),
    type: text('type').notNull(),
    title: text('title').notNull(),
    message: text('message').notNull(),
    timestamp: text('timestamp').notNull(),
    read: boolean('read').notNull(),
    snoozedUntil: text('snoozed_until'),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.id] }), index('notifications_version_idx').on(t.workspaceId, t.version)],
);

export const activity = pgTable(
  'activity',
  {
    ...recordColumns(),
    timestamp: text('timestamp').notNull(),
    userId: text('user_id').notNull(),
    userName: text('user_name').notNull(),
    userAvatar: text('user_avatar').notNull(),
    action: text('action').notNull(),
    actionType: text('action_type').notNull(),
    details: text('details').notNull(),
    status: text('status').notNull(),
    metadata: jsonb('metadata').$type<Record<string, string | number | boolean>>(),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.id] }),
    index('activity_version_idx').on(t.workspaceId, t.version),
    // Every write prepends an activity entry: the first position is an index look-up, not a scan.
    index('activity_position_idx').on(t.workspaceId, t.position),
  ],
);

export const invoices = pgTable(
  'invoices',
  {
    ...recordColumns(),
    date: text('date').notNull(),
    amount: doublePrecision('amount').notNull(),
    status: text('status').notNull(),
    downloadUrl: text('download_url').notNull(),
    description: text('description'),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.id] }), index('invoices_version_idx').on(t.workspaceId, t.version)],
);

export const integrations = pgTable(
  'integrations',
  {
    ...recordColumns(),
    name: text('name').notNull(),
    description: text('description').notNull(),
    category: text('category').notNull(),
    status: text('status').notNull(),
    lastSync: text('last_sync'),
    credentials: jsonb('credentials').$type<IntegrationCredentials>(),
    /** Credentials stored in the clear before they moved to workspace_secrets; emptied at start-up (never read into a record). */
    legacyApiKey: text('api_key'),
    legacyWebhookUrl: text('webhook_url'),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.id] }), index('integrations_version_idx').on(t.workspaceId, t.version)],
);

export const webhookEvents = pgTable(
  'webhook_events',
  {
    ...recordColumns(),
    type: text('type').notNull(),
    timestamp: text('timestamp').notNull(),
    status: text('status').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.id] }), index('webhook_events_version_idx').on(t.workspaceId, t.version)],
);

// ---------- Developer area: API keys, webhook endpoints and their outbox (server-only) ----------

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
 * Limits shared by every server process on one PostgreSQL: one row per bucket (a key's
 * requests, an account's or an address's failed sign-ins), counted by one upsert per check.
 */
export const rateCounters = pgTable('rate_counters', {
  bucket: text('bucket').primaryKey(),
  windowStart: ts('window_start').notNull(),
  count: integer('count').notNull(),
  updatedAt: ts('updated_at').notNull(),
});


/** Addresses (SHA-256 of the address) an account signed in from: sign-in throttling never refuses the right password from one. */
export const knownSignInAddresses = pgTable(
  'known_sign_in_addresses',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    addressHash: text('address_hash').notNull(),
    lastSignInAt: ts('last_sign_in_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.addressHash] })],
);

/**
 * Creators' portal links (/c/<token>): only a SHA-256 of each token is kept. A funnel may have
 * several live links (each copy or email mints one); rotating ends them all, and they go with
 * the funnel (foreign key) or when the creator opts out (ended_at).
 */
export const portalLinks = pgTable(
  'portal_links',
  {
    tokenHash: text('token_hash').primaryKey(),
    workspaceId: text('workspace_id').notNull(),
    funnelId: text('funnel_id').notNull(),
    createdBy: text('created_by').notNull(),
    createdAt: ts('created_at').notNull(),
    lastUsedAt: ts('last_used_at'),
    endedAt: ts('ended_at'),
  },
  (t) => [
    index('portal_links_funnel_idx').on(t.workspaceId, t.funnelId),
    foreignKey({ columns: [t.workspaceId, t.funnelId], foreignColumns: [funnels.workspaceId, funnels.id], name: 'portal_links_funnel_fk' }).onDelete('cascade'),
  ],
);

// ---------- Outgoing mail (server-only) ----------

/**
 * The mail outbox: one row per message, written in the transaction of the change that sends
 * it. Its id is the message's Message-ID, the same on every attempt. The template's
 * parameters (which may hold a one-time link) are cleared once the row is sent or given up.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    toAddress: text('to_address').notNull(),
    template: text('template').notNull(),
    language: text('language').notNull(),
    params: jsonb('params').$type<Record<string, unknown>>().notNull(),
    replyTo: text('reply_to'),
    fromName: text('from_name'),
    /** The subject as rendered at the first attempt: what Settings and the log may show. */
    subject: text('subject'),
    status: text('status', { enum: ['pending', 'sent', 'failed'] }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: ts('next_attempt_at').notNull(),
    lastError: text('last_error'),
    createdAt: ts('created_at').notNull(),
    sentAt: ts('sent_at'),
  },
  (t) => [index('mail_outbox_due_idx').on(t.status, t.nextAttemptAt), index('mail_outbox_workspace_idx').on(t.workspaceId, t.createdAt)],
);

/**
 * Forgot-password links: the SHA-256 of a one-time token, for 30 minutes. Using one ends every
 * session of the user.
 */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: ts('created_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
  },
  (t) => [index('password_resets_user_idx').on(t.userId)],
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

