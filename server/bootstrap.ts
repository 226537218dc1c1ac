// First start: an empty database gets the sample workspace "Acme" and its owner. The owner
// signs in with the password from the environment, or chooses one through a one-time setup
// link (a fresh link at every start until they have).
import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { hashPassword, passwordProblem, type HashCost } from './auth/passwords';
import { hashToken, newToken } from './auth/tokens';
import type { DatabaseHandle } from './db/client';
import { createWorkspace, isEmpty } from './db/seed';
import { OWNER_MEMBER_ID, sampleWorkspaceData } from './db/seed-data';
import * as t from './db/schema';

export const SAMPLE_WORKSPACE = { id: 'acme', name: 'Acme' };
/** The sample owner's address, used when CREATORFLOW_OWNER_EMAIL is not set (changeable on the setup page). */
export const DEFAULT_OWNER = { name: 'Alex Morgan', email: 'alex.morgan@creatorflow.example' };
export const SETUP_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export interface BootstrapOptions {
  ownerEmail?: string;
  ownerPassword?: string;
  ownerName?: string;
  now: Date;
  hashCost?: HashCost;
}

export interface BootstrapResult {
  /** True when this start seeded the database. */
  seeded: boolean;
  /** Owners who can sign in with a password already. */
  ownerEmails: string[];
  /** One-time links (paths) for owners still without a password. */
  setupLinks: { email: string; path: string }[];
}

export class BootstrapError extends Error {}

/** Refuses unusable owner settings before anything is opened or written. */
export function checkOwnerSettings(options: Pick<BootstrapOptions, 'ownerEmail' | 'ownerPassword'>): void {
  const ownerEmail = options.ownerEmail?.trim() || undefined;
  const ownerPassword = options.ownerPassword || undefined;
  if (ownerPassword && !ownerEmail) throw new BootstrapError('CREATORFLOW_OWNER_PASSWORD is set without CREATORFLOW_OWNER_EMAIL');
  if (ownerEmail && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(ownerEmail)) throw new BootstrapError(`CREATORFLOW_OWNER_EMAIL is not an email address: ${ownerEmail}`);
  if (ownerPassword) {
    const problem = passwordProblem(ownerPassword, ownerEmail);
    if (problem) throw new BootstrapError(`CREATORFLOW_OWNER_PASSWORD cannot be used: ${problem}`);
  }
}

export async function bootstrap(handle: DatabaseHandle, options: BootstrapOptions): Promise<BootstrapResult> {
  checkOwnerSettings(options);
  const ownerEmail = options.ownerEmail?.trim() || undefined;
  const ownerPassword = options.ownerPassword || undefined;
  const { db } = handle;
  return handle.exclusive(async () => {
    let seeded = false;
    if (await isEmpty(db)) {
      const owner = { name: options.ownerName?.trim() || DEFAULT_OWNER.name, email: ownerEmail ?? DEFAULT_OWNER.email };
      const passwordHash = ownerPassword ? await hashPassword(ownerPassword, options.hashCost) : null;
      await createWorkspace(db, {
        ...SAMPLE_WORKSPACE,
        owner: { memberId: OWNER_MEMBER_ID, ...owner, passwordHash },
        data: sampleWorkspaceData(options.now, owner),
        now: options.now,
      });
      seeded = true;
    }

    // Active members whose account has no password yet: only owners made by a first start.
    const rows = await db
      .select({ member: t.members, user: { id: t.users.id, email: t.users.email, hasPassword: t.users.passwordHash } })
      .from(t.members)
      .innerJoin(t.users, eq(t.users.id, t.members.userId))
      .where(and(eq(t.members.status, 'Active'), eq(t.members.manageTeam, true)));
    const ownerEmails: string[] = [];
    const setupLinks: BootstrapResult['setupLinks'] = [];
    for (const { member, user } of rows) {
      if (user.hasPassword) {
        ownerEmails.push(user.email);
        continue;
      }
      if (ownerPassword && ownerEmail && user.email.toLowerCase() === ownerEmail.toLowerCase()) {
        // Set later than the first start: the environment's password is taken.
        await db.update(t.users).set({ passwordHash: await hashPassword(ownerPassword, options.hashCost), passwordChangedAt: options.now }).where(eq(t.users.id, user.id));
        ownerEmails.push(user.email);
        continue;
      }
      // One live link at a time: earlier unused ones stop working.
      await db.delete(t.setupTokens).where(and(eq(t.setupTokens.workspaceId, member.workspaceId), eq(t.setupTokens.memberId, member.id), isNull(t.setupTokens.usedAt)));
      const token = newToken();
      await db.insert(t.setupTokens).values({
        id: randomUUID(),
        workspaceId: member.workspaceId,
        memberId: member.id,
        tokenHash: hashToken(token),
        createdAt: options.now,
        expiresAt: new Date(options.now.getTime() + SETUP_TTL_MS),
      });
      setupLinks.push({ email: user.email, path: `/setup?token=${token}` });
    }
    return { seeded, ownerEmails: [...new Set(ownerEmails)], setupLinks };
  });
}
