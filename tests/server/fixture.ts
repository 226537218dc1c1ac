// The database every server test starts from: workspace "Acme" (the sample workspace, as a
// first start seeds it) with an owner, two Editors and a Viewer, and a second workspace
// "Globex" with its own owner and a funnel whose id also exists in Acme.
import { randomUUID } from 'node:crypto';
import type { Permissions, Role } from '../../lib/domain/types';
import { hashPassword, type HashCost } from '../../server/auth/passwords';
import { bootstrap } from '../../server/bootstrap';
import type { DatabaseHandle } from '../../server/db/client';
import * as t from '../../server/db/schema';
import { createWorkspace } from '../../server/db/seed';
import { emptyWorkspaceData, sampleWorkspaceData } from '../../server/db/seed-data';

/** Cheap hashes: tests sign in hundreds of times; production uses argon2id's recommended cost. */
export const TEST_HASH_COST: HashCost = { memoryCost: 1024, timeCost: 1 };
export const SEED_TIME = new Date('2026-03-02T09:00:00.000Z');

export interface FixtureUser {
  memberId: string;
  workspaceId: string;
  name: string;
  email: string;
  password: string;
  role: Role;
  permissions: Permissions;
}

const all: Permissions = { editAutomations: true, sendOutreach: true, manageTeam: true, viewAnalytics: true };

export const USERS = {
  owner: { memberId: 'tm_1', workspaceId: 'acme', name: 'Alex Morgan', email: 'owner@acme.test', password: 'owner-password-1', role: 'Admin', permissions: all },
  editor: {
    memberId: 'tm_editor',
    workspaceId: 'acme',
    name: 'Jamie Smith',
    email: 'jamie@acme.test',
    password: 'editor-password-1',
    role: 'Editor',
    permissions: { editAutomations: true, sendOutreach: true, manageTeam: false, viewAnalytics: true },
  },
  editorNoOutreach: {
    memberId: 'tm_editor2',
    workspaceId: 'acme',
    name: 'Casey Quinn',
    email: 'casey@acme.test',
    password: 'casey-password-1',
    role: 'Editor',
    permissions: { editAutomations: false, sendOutreach: false, manageTeam: false, viewAnalytics: true },
  },
  viewer: {
    memberId: 'tm_viewer',
    workspaceId: 'acme',
    name: 'Taylor Reed',
    email: 'taylor@acme.test',
    password: 'viewer-password-1',
    role: 'Viewer',
    permissions: { editAutomations: false, sendOutreach: false, manageTeam: false, viewAnalytics: true },
  },
  globexOwner: {
    memberId: 'gx_1',
    workspaceId: 'globex',
    name: 'Bea Boss',
    email: 'bea@globex.test',
    password: 'globex-password-1',
    role: 'Admin',
    permissions: all,
  },
} satisfies Record<string, FixtureUser>;

export type UserKey = keyof typeof USERS;

export async function seedFixture(handle: DatabaseHandle): Promise<void> {
  const { owner, globexOwner } = USERS;
  // Acme exactly as a first start with CREATORFLOW_OWNER_EMAIL/PASSWORD makes it.
  await bootstrap(handle, { ownerEmail: owner.email, ownerPassword: owner.password, now: SEED_TIME, hashCost: TEST_HASH_COST });
  let position = 2;
  for (const key of ['editor', 'editorNoOutreach', 'viewer'] as const) {
    const user = USERS[key];
    const userId = randomUUID();
    await handle.db.insert(t.users).values({ id: userId, email: user.email, passwordHash: await hashPassword(user.password, TEST_HASH_COST), createdAt: SEED_TIME });
    await handle.db.insert(t.members).values({
      workspaceId: 'acme',
      id: user.memberId,
      userId,
      name: user.name,
      email: user.email,
      role: user.role,
      status: 'Active',
      ...user.permissions,
      version: 1,
      position: position++,
      createdAt: SEED_TIME,
    });
  }
  const data = emptyWorkspaceData(SEED_TIME, 'Globex');
  const acmeFunnel = sampleWorkspaceData(SEED_TIME, owner).collections.funnels[0];
  // The same id as an Acme funnel, another creator: tenancy tests tell them apart.
  data.collections.funnels = [{ ...acmeFunnel, creatorName: 'Globex Creator', creatorHandle: '@globex' }];
  await createWorkspace(handle.db, {
    id: 'globex',
    name: 'Globex',
    owner: { memberId: globexOwner.memberId, name: globexOwner.name, email: globexOwner.email, passwordHash: await hashPassword(globexOwner.password, TEST_HASH_COST) },
    data,
    now: SEED_TIME,
  });
}
