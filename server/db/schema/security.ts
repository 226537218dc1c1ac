// Two-factor sign-in and the security log: recovery codes (only their SHA-256), the half-done
// sign-ins that wait for a second factor, and the sign-ins, failures and key changes Admins read.
import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { workspaces } from './workspace';
import { ts } from './columns';

/** One-time recovery codes of a user with two-factor on; only a SHA-256 of each is kept. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    createdAt: ts('created_at').notNull(),
    usedAt: ts('used_at'),
  },
  (t) => [index('recovery_codes_user_idx').on(t.userId)],
);

/** A sign-in whose password was right, waiting for its second factor (a short-lived token, SHA-256 kept). */
export const signInChallenges = pgTable(
  'sign_in_challenges',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    workspaceId: text('workspace_id').notNull(),
    memberId: text('member_id').notNull(),
    createdAt: ts('created_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [index('sign_in_challenges_user_idx').on(t.userId)],
);

/** What a workspace asks of its members' sign-in: two-factor for nobody, for Admins, or for everyone. */
export const workspaceSecurity = pgTable('workspace_security', {
  workspaceId: text('workspace_id')
    .primaryKey()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  requireTwoFactor: text('require_two_factor', { enum: ['nobody', 'admins', 'everyone'] }).notNull(),
  updatedAt: ts('updated_at').notNull(),
});

/** Sign-ins, failed attempts, two-factor and key changes: server-only, read by the workspace's Admins. */
export const securityEvents = pgTable(
  'security_events',
  {
    id: uuid('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    at: ts('at').notNull(),
    kind: text('kind').notNull(),
    /** Who it is about (a member's name as it was then). */
    memberName: text('member_name').notNull(),
    device: text('device').notNull(),
    place: text('place').notNull(),
  },
  (t) => [index('security_events_workspace_at_idx').on(t.workspaceId, t.at)],
);
