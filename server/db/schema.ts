// The team server's database: accounts and sessions, the workspace's version and each
// client's last mutation id, and one table per record collection of lib/schema/names.ts.
//
// Record tables keep top-level scalar fields in real columns (so the database can guard
// invariants: a unique SKU per workspace whatever its letter case, quantities >= 0) and
// only nested parts in jsonb. Property names equal the record's field names, so the
// row <-> record mappers (records.ts) stay a plain copy. Timestamps inside records are the
// ISO strings the records carry (text): they round-trip byte for byte and sort as text.
// Timestamps the server owns (sessions, invitations) are timestamptz.
//
// One file per area under server/db/schema/, all exported here (drizzle.config.ts reads this file).
export * from './schema/workspace';
export * from './schema/accounts';
export * from './schema/records';
export * from './schema/developer';
export * from './schema/outside';
export * from './schema/security';
export * from './schema/results';
