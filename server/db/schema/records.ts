// One table per record collection of lib/schema/names.ts (see the index for how records map to columns).
import { sql } from 'drizzle-orm';
import { type AnyPgColumn, bigint, boolean, check, doublePrecision, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { ActivityMessage, NotificationMessage, Address, IntegrationCredentials, OrderHistoryEntry, OrderItem, OrderAttribution, OrderRefund, Deliverable, OutreachMessage, Step, CreatorAnswers, GiftAllowance } from '../../../lib/domain/types';
import { workspaces } from './workspace';

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
    discountCode: text('discount_code'),
    commissionPercent: doublePrecision('commission_percent'),
    flatFee: doublePrecision('flat_fee'),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.id] }),
    index('funnels_version_idx').on(t.workspaceId, t.version),
    // The CSV import finds creators by handle (any letter case) and places new ones at an end of
    // the display order: both stay index look-ups however many funnels the workspace holds.
    index('funnels_handle_lower_idx').on(t.workspaceId, sql`lower(${t.creatorHandle})`),
    // A tracking link and a shop order find their funnel by its code in any letter case, in any workspace.
    index('funnels_discount_code_lower_idx').on(sql`lower(${t.discountCode})`),
    index('funnels_position_idx').on(t.workspaceId, t.position),
    // The public API's lists by status, a page at a time in display order.
    index('funnels_status_position_idx').on(t.workspaceId, t.status, t.position),
  ],
);

// An order number ORD-n compared as a number: its digits without leading zeros, by length and
// then digit by digit (byte order, whatever the database's collation).
const numberDigits = (column: AnyPgColumn) => sql`ltrim(substring(${column} from 5), '0')`;
export const ORDER_NUMBERED = (column: AnyPgColumn) => sql`${column} ~ '^ORD-[0-9]+$'`;
export const ORDER_NUMBER_LENGTH = (column: AnyPgColumn) => sql`length(${numberDigits(column)})`;
export const ORDER_NUMBER_DIGITS = (column: AnyPgColumn) => sql`(${numberDigits(column)} collate "C")`;

/** A column as a search by its start compares it: lower case, in byte order (an index range, whatever the collation). */
export const SEARCHABLE = (column: AnyPgColumn) => sql`(lower(${column}) collate "C")`;

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
    kind: text('kind').notNull(),
    shippingCost: doublePrecision('shipping_cost'),
    attribution: jsonb('attribution').$type<OrderAttribution>(),
    refunds: jsonb('refunds').$type<OrderRefund[]>(),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.id] }),
    index('orders_version_idx').on(t.workspaceId, t.version),
    // The public API's lists, all or by status, a page at a time in display order.
    index('orders_position_idx').on(t.workspaceId, t.position),
    index('orders_status_position_idx').on(t.workspaceId, t.status, t.position),
    // A creator's portal reads the sales attributed to its one funnel.
    index('orders_attributed_funnel_idx').on(t.workspaceId, sql`(${t.attribution} ->> 'funnelId')`),
    // A new order's number follows the highest ORD-n: one index read, however many orders.
    index('orders_number_idx').on(t.workspaceId, ORDER_NUMBER_LENGTH(t.orderNumber), ORDER_NUMBER_DIGITS(t.orderNumber)).where(ORDER_NUMBERED(t.orderNumber)),
    // The Sales list (sales stay on the server): a page at a time in display order, all or by
    // status, and searched by the start of the order number, customer name or email.
    index('orders_kind_position_idx').on(t.workspaceId, t.kind, t.position),
    index('orders_kind_status_position_idx').on(t.workspaceId, t.kind, t.status, t.position),
    index('orders_number_search_idx').on(t.workspaceId, SEARCHABLE(t.orderNumber)),
    index('orders_customer_name_search_idx').on(t.workspaceId, SEARCHABLE(t.customerName)),
    index('orders_customer_email_search_idx').on(t.workspaceId, SEARCHABLE(t.customerEmail)),
  ],
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
    unitCost: doublePrecision('unit_cost'),
    retailPrice: doublePrecision('retail_price'),
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
    said: jsonb('said').$type<NotificationMessage>(),
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
    message: jsonb('message').$type<ActivityMessage>(),
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

export const payments = pgTable(
  'payments',
  {
    ...recordColumns(),
    funnelId: text('funnel_id').notNull(),
    paidOn: text('paid_on').notNull(),
    amount: doublePrecision('amount').notNull(),
    reference: text('reference').notNull(),
    recordedAt: text('recorded_at').notNull(),
    recordedBy: text('recorded_by').notNull(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.id] }), index('payments_version_idx').on(t.workspaceId, t.version), index('payments_funnel_idx').on(t.workspaceId, t.funnelId)],
);
