// Forgot password: a one-time link by email (or printed by `npm run reset-password`), valid
// 30 minutes, of which only a SHA-256 is stored. Using it sets the new password and ends every
// session of the account. Asking for one answers the same, in the same time, whether or not the
// address has an account.
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { mailLanguage, PASSWORD_RESET_TTL_MS } from '../../lib/domain/mail';
import { HttpError, type ServerContext } from '../context';
import type { Database, Executor } from '../db/client';
import * as t from '../db/schema';
import { systemActor } from '../db/tx';
import { routeWrite } from '../http/route-write';
import { recordPasswordReset } from '../../lib/mutators/account';
import { forgotBody, okResponse, resetBody, resetInfoResponse, tokenParams } from '../http/schemas';
import type { ValibotTypeProvider } from '../http/valibot';
import { queueMail, workspaceLanguage } from '../mail/outbox';
import { refusePassword } from './passwords';
import { hashToken, looksLikeToken, newToken } from './tokens';

/** Every "Forgot password?" answer takes at least this long: the known and unknown cases look alike. */
export const FORGOT_ANSWER_MS = 400;
/** Links asked for one account within a link's lifetime, beyond which no more are sent (the answer stays the same). */
const MAX_LIVE_LINKS = 3;

export const resetPath = (token: string) => `/reset-password?token=${token}`;

/** The account of an email that may sign in (an Active member somewhere), with its first workspace. */
export async function resettableAccount(db: Executor, email: string) {
  const [row] = await db
    .select({ userId: t.users.id, email: t.users.email, member: t.members })
    .from(t.users)
    .innerJoin(t.members, and(eq(t.members.userId, t.users.id), eq(t.members.status, 'Active')))
    .where(sql`lower(${t.users.email}) = ${email.trim().toLowerCase()}`)
    .orderBy(asc(t.members.createdAt), asc(t.members.workspaceId))
    .limit(1);
  return row ?? null;
}

/** Stores a new link's hash for `userId`; the token itself is only in the returned path. */
export async function createResetLink(db: Executor, userId: string, now: Date): Promise<{ token: string; path: string; expiresAt: Date }> {
  const token = newToken();
  const expiresAt = new Date(now.getTime() + PASSWORD_RESET_TTL_MS);
  await db.insert(t.passwordResets).values({ id: randomUUID(), userId, tokenHash: hashToken(token), createdAt: now, expiresAt });
  return { token, path: resetPath(token), expiresAt };
}

async function liveReset(db: Database, token: string, now: Date) {
  const invalid = () => new HttpError(404, 'This password reset link is not valid', undefined, { code: 'resetLinkInvalid' });
  if (!looksLikeToken(token)) throw invalid();
  const [row] = await db
    .select({ reset: t.passwordResets, email: t.users.email })
    .from(t.passwordResets)
    .innerJoin(t.users, eq(t.users.id, t.passwordResets.userId))
    .where(eq(t.passwordResets.tokenHash, hashToken(token)));
  if (!row) throw invalid();
  if (row.reset.usedAt) throw new HttpError(410, 'This password reset link has already been used. Ask for a new one.', undefined, { code: 'resetLinkUsed' });
  if (row.reset.expiresAt.getTime() <= now.getTime()) throw new HttpError(410, 'This password reset link has expired. Ask for a new one.', undefined, { code: 'resetLinkExpired' });
  return row;
}

export async function resetRoutes(instance: FastifyInstance, { ctx }: { ctx: ServerContext }) {
  const app = instance.withTypeProvider<ValibotTypeProvider>();
  const perAddress = { max: ctx.limits.perAddress.max, timeWindow: ctx.limits.perAddress.windowMs };
  const lookups = { max: ctx.limits.tokenLookups.max, timeWindow: ctx.limits.tokenLookups.windowMs };

  app.post('/auth/forgot', { schema: { body: forgotBody, response: { 200: okResponse } }, config: { auth: 'public', rateLimit: perAddress } }, async (request) => {
    const floor = sleep(FORGOT_ANSWER_MS);
    const now = ctx.now();
    const origin = ctx.linkOrigin();
    // The same statements run for a known and an unknown address; the one difference (a row
    // and a message written) costs far less than the floor the answer waits for.
    const queued = await ctx.db.transaction(async (tx) => {
      const account = await resettableAccount(tx, request.body.email);
      const [{ live }] = await tx
        .select({ live: sql<number>`count(*)::int` })
        .from(t.passwordResets)
        .where(and(eq(t.passwordResets.userId, account?.userId ?? randomUUID()), isNull(t.passwordResets.usedAt), gt(t.passwordResets.expiresAt, now)));
      const fallback = await workspaceLanguage(tx, account?.member.workspaceId ?? '');
      if (!account || live >= MAX_LIVE_LINKS) return false;
      const link = await createResetLink(tx, account.userId, now);
      await queueMail(tx, {
        workspaceId: account.member.workspaceId,
        to: account.email,
        template: 'passwordReset',
        language: mailLanguage(account.member.language, fallback),
        params: { resetUrl: `${origin}${link.path}`, email: account.email },
        now,
      });
      return true;
    });
    await floor;
    if (queued) ctx.mail?.kick();
    return { ok: true as const };
  });

  app.get('/auth/reset/:token', { schema: { params: tokenParams, response: { 200: resetInfoResponse } }, config: { auth: 'public', rateLimit: lookups } }, async (request, reply) => {
    const row = await liveReset(ctx.db, request.params.token, ctx.now());
    reply.header('cache-control', 'no-store');
    return { email: row.email };
  });

  app.post('/auth/reset', { schema: { body: resetBody, response: { 200: okResponse } }, config: { auth: 'public', rateLimit: lookups } }, async (request) => {
    const { token, password } = request.body;
    const row = await liveReset(ctx.db, token, ctx.now());
    const refused = refusePassword(password, row.email, 'password');
    if (refused) throw refused;
    const passwordHash = await ctx.passwords.hash(password, ctx.hashCost);
    const now = ctx.now();
    const account = await resettableAccount(ctx.db, row.email);
    const change = async (tx: Parameters<Parameters<Database['transaction']>[0]>[0]) => {
      // Single use, even when the link is sent twice at once.
      const claimed = await tx
        .update(t.passwordResets)
        .set({ usedAt: now })
        .where(and(eq(t.passwordResets.id, row.reset.id), isNull(t.passwordResets.usedAt)))
        .returning({ id: t.passwordResets.id });
      if (claimed.length === 0) throw new HttpError(410, 'This password reset link has already been used. Ask for a new one.', undefined, { code: 'resetLinkUsed' });
      await tx.update(t.users).set({ passwordHash, passwordChangedAt: now }).where(eq(t.users.id, row.reset.userId));
      // Every session ends (a thief's too), and the account's other links stop working.
      await tx.delete(t.sessions).where(eq(t.sessions.userId, row.reset.userId));
      await tx.update(t.passwordResets).set({ usedAt: now }).where(and(eq(t.passwordResets.userId, row.reset.userId), isNull(t.passwordResets.usedAt)));
    };
    if (!account) {
      await ctx.db.transaction(change);
      return { ok: true as const };
    }
    // The link is the authorization: the server's own actor records it, in the member's name.
    const { member } = account;
    await routeWrite(ctx, request, {
      workspaceId: member.workspaceId,
      actor: systemActor({ id: member.id, name: member.name }),
      mutator: recordPasswordReset,
      args: { memberId: member.id },
      meta: { now: now.toISOString(), idSeed: randomUUID().replace(/-/g, '').slice(0, 16) },
      beforeCommit: ({ tx }) => change(tx),
    });
    return { ok: true as const };
  });
}
