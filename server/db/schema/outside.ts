// What reaches people outside the team: creators' portal links and the outgoing mail.
import { foreignKey, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { workspaces } from './workspace';
import { funnels } from './records';
import { ts } from './columns';

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
