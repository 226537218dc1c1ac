// Accounts and membership: users, members, sessions, invitations, setup and password-reset
// links, and the counters that throttle sign-in.
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, foreignKey, index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { workspaces } from './workspace';
import { ts } from './columns';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey(),
    email: text('email').notNull(),
    /** argon2id, PHC string format. Null until the owner finishes setup. */
    passwordHash: text('password_hash'),
    createdAt: ts('created_at').notNull().defaultNow(),
    passwordChangedAt: ts('password_changed_at'),
    /** The TOTP secret of two-factor sign-in, sealed (server/secrets); null while two-factor is off. */
    totpSecret: text('totp_secret'),
    /** A secret shown for enrolment, sealed, until the first code confirms it. */
    totpPendingSecret: text('totp_pending_secret'),
    totpEnabledAt: ts('totp_enabled_at'),
    /** The last 30-second step whose code signed in: a code is accepted once. */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
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
    /** The browser and system it signed in from (read from its user agent), for the member's list of sessions. */
    device: text('device').notNull().default(''),
    /** Where it signed in from: an address prefix only (a /24 or a /48), never the whole address. */
    place: text('place').notNull().default(''),
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
 * Limits shared by every server process on one PostgreSQL: one row per bucket (a key's
 * requests, an account's or an address's failed sign-ins), counted by one upsert per check.
 * For the API's token buckets (`api:` buckets) `window_start` is the time the bucket is full
 * again and `count` the requests refused since the last that fitted (server/auth/counters.ts).
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
