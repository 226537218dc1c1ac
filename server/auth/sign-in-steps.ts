// What the password step and the second-factor step of a sign-in share: the refusal to try
// yet, and the workspace a user signs in to. Its own module, so the two steps import it
// rather than each other.
import { and, asc, eq } from 'drizzle-orm';
import { HttpError, type ServerContext } from '../context';
import * as t from '../db/schema';

/** A refusal to try yet: the wait in seconds under a minute, else in minutes. */
export function tooMany(ms: number) {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 60) return new HttpError(429, `Too many attempts. Try again in ${seconds} second${seconds === 1 ? '' : 's'}.`, undefined, { code: 'tooManyAttemptsSeconds', params: { seconds } });
  const minutes = Math.ceil(seconds / 60);
  return new HttpError(429, `Too many attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`, undefined, { code: 'tooManyAttempts', params: { minutes } });
}

/** The workspace a user signs in to: their first active membership. */
export async function firstMembership(ctx: ServerContext, userId: string) {
  const [row] = await ctx.db
    .select({ member: t.members, workspaceName: t.workspaces.name })
    .from(t.members)
    .innerJoin(t.workspaces, eq(t.workspaces.id, t.members.workspaceId))
    .where(and(eq(t.members.userId, userId), eq(t.members.status, 'Active')))
    .orderBy(asc(t.members.createdAt), asc(t.members.workspaceId))
    .limit(1);
  return row ? { member: row.member, workspace: { id: row.member.workspaceId, name: row.workspaceName } } : null;
}
