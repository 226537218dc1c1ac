// The workspace itself: its version (one row, locked by every write), each client's last
// mutation id, the tombstones of deleted records and the singletons.
import { bigint, index, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { ts } from './columns';

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

/**
 * How many records of a collection a workspace holds, by status (funnels, orders; '' for
 * inventory), kept by statement triggers on those tables (migration 0006), so the public API's
 * `total` is one index look-up instead of a count over every row.
 */
export const recordCounts = pgTable(
  'record_counts',
  {
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    collection: text('collection').notNull(),
    status: text('status').notNull(),
    count: bigint('count', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.collection, t.status] })],
);

/** Data steps the server ran once after the SQL migrations (server/db/lift.ts): one row each. */
export const dataMigrations = pgTable('data_migrations', {
  name: text('name').primaryKey(),
  doneAt: ts('done_at').notNull().defaultNow(),
});
