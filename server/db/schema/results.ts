// Results the server keeps and never syncs to every browser: tracking-link clicks (and later
// attributed sales). Browsers get per-funnel totals or ask the server.
import { bigint, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { workspaces } from './workspace';

/** Clicks on a funnel's tracking link, one row per funnel and UTC day: all clicks, and unique visitors. */
export const linkClicks = pgTable(
  'link_clicks',
  {
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    funnelId: text('funnel_id').notNull(),
    /** yyyy-MM-dd, UTC. */
    day: text('day').notNull(),
    clicks: integer('clicks').notNull(),
    visitors: integer('visitors').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.funnelId, t.day] }),
    // A period's totals for the whole workspace: the days in range, not every funnel's history.
    index('link_clicks_day_idx').on(t.workspaceId, t.day),
  ],
);

/**
 * Attributed sales kept as totals per funnel and UTC day (the day the order was made), changed
 * in the transaction of every order write by what the write changed (server/db/tx/commit.ts),
 * so a period's results are read from these rows, never from every sale.
 */
export const salesDaily = pgTable(
  'sales_daily',
  {
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    funnelId: text('funnel_id').notNull(),
    /** yyyy-MM-dd, UTC. */
    day: text('day').notNull(),
    /** Sales that still count: not cancelled, not wholly refunded. */
    orders: integer('orders').notNull(),
    /** The goods after discounts, less refunds; no tax, no shipping. */
    revenueCents: bigint('revenue_cents', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.funnelId, t.day] }), index('sales_daily_day_idx').on(t.workspaceId, t.day)],
);

/**
 * Who clicked today, as a SHA-256 of the day's random salt, the address and the browser: enough
 * to count a visitor once a day, never the address or the browser themselves. The salt and
 * these rows are deleted once their day is over, so a hash cannot be tied to anyone afterwards.
 */
export const linkVisitors = pgTable(
  'link_visitors',
  {
    workspaceId: text('workspace_id').notNull(),
    funnelId: text('funnel_id').notNull(),
    day: text('day').notNull(),
    visitorHash: text('visitor_hash').notNull(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.funnelId, t.day, t.visitorHash] })],
);

/** One random salt per UTC day for the visitor hashes. */
export const linkSalts = pgTable('link_salts', {
  day: text('day').primaryKey(),
  salt: text('salt').notNull(),
});

/**
 * The same measured totals for the whole workspace, one row per UTC day: moved in the same
 * transactions and by the same amounts as the per-funnel rows (link_clicks, sales_daily), so a
 * period's overall figures read one row a day, never one per funnel and day.
 */
export const resultsWorkspaceDaily = pgTable(
  'results_workspace_daily',
  {
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    /** yyyy-MM-dd, UTC. */
    day: text('day').notNull(),
    clicks: integer('clicks').notNull(),
    visitors: integer('visitors').notNull(),
    orders: integer('orders').notNull(),
    revenueCents: bigint('revenue_cents', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.day] })],
);
