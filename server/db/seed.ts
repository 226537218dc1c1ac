// Creating a workspace with its owner and first records, in one transaction.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';

import type { Database, DbTx } from './client';
import { RECORD_TABLES, recordToRow, TABLE_COLLECTIONS } from './records';
import * as t from './schema';
import { ALL_PERMISSIONS, type WorkspaceData } from './seed-data';

export interface NewWorkspace {
  id: string;
  name: string;
  owner: { memberId: string; name: string; email: string; passwordHash: string | null };
  data: WorkspaceData;
  now: Date;
}

const CHUNK = 500;

export async function createWorkspace(db: Database, spec: NewWorkspace): Promise<{ workspaceId: string; ownerUserId: string }> {
  return db.transaction(async (tx) => {
    const version = 1;
    await tx.insert(t.workspaces).values({ id: spec.id, name: spec.name, createdAt: spec.now });
    await tx.insert(t.workspaceVersions).values({ workspaceId: spec.id, version });
    const ownerUserId = await findOrCreateUser(tx, spec.owner.email, spec.owner.passwordHash, spec.now);
    await tx.insert(t.members).values({
      workspaceId: spec.id,
      id: spec.owner.memberId,
      userId: ownerUserId,
      name: spec.owner.name,
      email: spec.owner.email,
      role: 'Admin',
      status: 'Active',
      ...ALL_PERMISSIONS,
      version,
      position: 1,
      createdAt: spec.now,
    });
    for (const collection of TABLE_COLLECTIONS) {
      const records = spec.data.collections[collection] as { id: string }[];
      const rows = records.map((record, index) =>
        recordToRow(collection, record as never, { workspaceId: spec.id, version, position: index + 1 }),
      );
      const table = RECORD_TABLES[collection] as typeof t.funnels;
      for (let i = 0; i < rows.length; i += CHUNK) {
        await tx.insert(table).values(rows.slice(i, i + CHUNK) as (typeof table.$inferInsert)[]);
      }
    }
    const singletonRows = Object.entries(spec.data.singletons).map(([name, value]) => ({ workspaceId: spec.id, name, value, version }));
    if (singletonRows.length) await tx.insert(t.workspaceSingletons).values(singletonRows);
    return { workspaceId: spec.id, ownerUserId };
  });
}

/** The user with this email (any letter case), or a new one. */
export async function findOrCreateUser(tx: DbTx, email: string, passwordHash: string | null, now: Date): Promise<string> {
  const [existing] = await tx
    .select({ id: t.users.id })
    .from(t.users)
    .where(sql`lower(${t.users.email}) = ${email.toLowerCase()}`);
  if (existing) return existing.id;
  const id = randomUUID();
  await tx.insert(t.users).values({ id, email, passwordHash, createdAt: now, passwordChangedAt: passwordHash ? now : null });
  return id;
}

/** True when the database holds no workspace yet (first start). */
export async function isEmpty(db: Database): Promise<boolean> {
  const rows = await db.select({ id: t.workspaces.id }).from(t.workspaces).limit(1);
  return rows.length === 0;
}

