// Sign-in sessions: created at every sign-in, found by the SHA-256 of the cookie's token,
// expiring after a quiet spell (renewed on use) and in any case some weeks after sign-in.
import { randomUUID } from 'node:crypto';
import { and, eq, ne } from 'drizzle-orm';
import type { Executor } from '../db/client';
import type { MemberRow } from '../db/records';
import { isTwoFactorPolicy, twoFactorRequiredFor } from '../../lib/domain/two-factor';
import * as t from '../db/schema';
import { hashToken, looksLikeToken, newToken } from './tokens';

export interface SessionPolicy {
  /** A session unused this long ends. */
  idleMs: number;
  /** A session ends this long after sign-in, used or not. */
  absoluteMs: number;
  /** Renewal writes at most this often (not on every request). */
  renewAfterMs: number;
}

const DAY = 24 * 60 * 60 * 1000;
export const DEFAULT_SESSION_POLICY: SessionPolicy = { idleMs: 14 * DAY, absoluteMs: 30 * DAY, renewAfterMs: 5 * 60 * 1000 };

export interface SessionInfo {
  id: string;
  userId: string;
  workspace: { id: string; name: string };
  member: MemberRow;
  expiresAt: Date;
  /** True when this look-up moved the expiry: the cookie should be sent again. */
  renewed: boolean;
  /** Two-factor sign-in: whether the user has it, and whether the workspace asks it of this member. */
  twoFactor: { enabled: boolean; required: boolean };
}

export async function createSession(
  db: Executor,
  input: { userId: string; workspaceId: string; memberId: string; now: Date; policy: SessionPolicy; device?: string; place?: string },
): Promise<{ token: string; expiresAt: Date }> {
  const token = newToken();
  const absolute = new Date(input.now.getTime() + input.policy.absoluteMs);
  const expiresAt = new Date(Math.min(input.now.getTime() + input.policy.idleMs, absolute.getTime()));
  await db.insert(t.sessions).values({
    id: randomUUID(),
    tokenHash: hashToken(token),
    userId: input.userId,
    workspaceId: input.workspaceId,
    memberId: input.memberId,
    createdAt: input.now,
    lastUsedAt: input.now,
    expiresAt,
    absoluteExpiresAt: absolute,
    device: input.device ?? '',
    place: input.place ?? '',
  });
  return { token, expiresAt };
}

/** The live session of a token, with its member as stored now; null when unknown, expired or no longer a member. */
export async function findSession(db: Executor, token: string | undefined, now: Date, policy: SessionPolicy): Promise<SessionInfo | null> {
  if (!looksLikeToken(token)) return null;
  const [row] = await db
    .select({
      session: t.sessions,
      member: t.members,
      workspaceName: t.workspaces.name,
      totpEnabledAt: t.users.totpEnabledAt,
      requireTwoFactor: t.workspaceSecurity.requireTwoFactor,
    })
    .from(t.sessions)
    .innerJoin(t.members, and(eq(t.members.workspaceId, t.sessions.workspaceId), eq(t.members.id, t.sessions.memberId)))
    .innerJoin(t.workspaces, eq(t.workspaces.id, t.sessions.workspaceId))
    .innerJoin(t.users, eq(t.users.id, t.sessions.userId))
    .leftJoin(t.workspaceSecurity, eq(t.workspaceSecurity.workspaceId, t.sessions.workspaceId))
    .where(eq(t.sessions.tokenHash, hashToken(token)));
  if (!row) return null;
  const { session, member } = row;
  const time = now.getTime();
  const live =
    session.expiresAt.getTime() > time &&
    session.absoluteExpiresAt.getTime() > time &&
    member.status === 'Active' &&
    member.userId === session.userId;
  if (!live) {
    await db.delete(t.sessions).where(eq(t.sessions.id, session.id));
    return null;
  }
  let expiresAt = session.expiresAt;
  let renewed = false;
  if (time - session.lastUsedAt.getTime() >= policy.renewAfterMs) {
    expiresAt = new Date(Math.min(time + policy.idleMs, session.absoluteExpiresAt.getTime()));
    await db.update(t.sessions).set({ lastUsedAt: now, expiresAt }).where(eq(t.sessions.id, session.id));
    renewed = true;
  }
  const asked = isTwoFactorPolicy(row.requireTwoFactor) ? row.requireTwoFactor : 'nobody';
  const twoFactor = { enabled: row.totpEnabledAt !== null, required: twoFactorRequiredFor(asked, member.role) };
  return { id: session.id, userId: session.userId, workspace: { id: member.workspaceId, name: row.workspaceName }, member, expiresAt, renewed, twoFactor };
}

export async function deleteSessionByToken(db: Executor, token: string | undefined): Promise<void> {
  if (!looksLikeToken(token)) return;
  await db.delete(t.sessions).where(eq(t.sessions.tokenHash, hashToken(token)));
}

/** Whether a signed-in member must turn two-factor on before anything else (the workspace asks it; they have not). */
export function mustEnrol(session: Pick<SessionInfo, 'twoFactor'>): boolean {
  return session.twoFactor.required && !session.twoFactor.enabled;
}

/** After a password change: every other session of the user ends. */
export async function deleteOtherSessions(db: Executor, userId: string, keepSessionId: string): Promise<void> {
  await db.delete(t.sessions).where(and(eq(t.sessions.userId, userId), ne(t.sessions.id, keepSessionId)));
}
