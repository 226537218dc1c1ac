// The second step of signing in with two-factor on: the password opened a short-lived challenge,
// and a TOTP code (each 30-second step accepted once) or a recovery code (each accepted once)
// finishes it. Failures count against the account and the address exactly as wrong passwords do.
import { and, eq, gt, isNull, lt, or } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { readSecondFactor } from '../../lib/domain/two-factor';
import { HttpError, sessionPayload, startSession, type ServerContext } from '../context';
import * as t from '../db/schema';
import type { ValibotTypeProvider } from '../http/valibot';
import { sessionResponse } from '../http/schemas';
import { firstMembership, tooMany } from './sign-in-steps';
import { recordSecurityEvent, type SecurityEventKind } from './security-log';
import { hashToken, looksLikeToken, newToken } from './tokens';
import { openTotpSecret, stepOfCode } from './totp';

/** How long the second step waits after the right password. */
export const CHALLENGE_MS = 5 * 60 * 1000;

export const SECOND_FACTOR_WRONG = 'That code is not right. Enter the 6-digit code from your authenticator app or a recovery code.';
export const SIGN_IN_TIMED_OUT = 'This sign-in timed out. Enter your email and password again.';

const secondFactorBody = v.object({
  token: v.pipe(v.optional(v.string('Token must be text'), ''), v.maxLength(100, 'Token is not valid')),
  code: v.pipe(v.optional(v.string('Code must be text'), ''), v.trim(), v.nonEmpty('Code is required'), v.maxLength(40, 'Code is not valid')),
});

type Membership = NonNullable<Awaited<ReturnType<typeof firstMembership>>>;

/** The right password with two-factor on: a token for the second step, only its SHA-256 kept. */
export async function openChallenge(ctx: ServerContext, who: { userId: string; workspaceId: string; memberId: string }) {
  const token = newToken();
  const now = ctx.now();
  // One waiting sign-in per account: an older one ends.
  await ctx.db.delete(t.signInChallenges).where(eq(t.signInChallenges.userId, who.userId));
  await ctx.db.insert(t.signInChallenges).values({ tokenHash: hashToken(token), ...who, createdAt: now, expiresAt: new Date(now.getTime() + CHALLENGE_MS) });
  return { token, expiresInSeconds: CHALLENGE_MS / 1000 };
}

/** Signed in for good: the address becomes a known one, a new session starts, the security log says so. */
export async function completeSignIn(
  ctx: ServerContext,
  request: FastifyRequest,
  reply: FastifyReply,
  { userId, membership, kind }: { userId: string; membership: Membership; kind: SecurityEventKind },
) {
  const now = ctx.now();
  await ctx.db
    .insert(t.knownSignInAddresses)
    .values({ userId, addressHash: hashToken(request.ip), lastSignInAt: now })
    .onConflictDoUpdate({ target: [t.knownSignInAddresses.userId, t.knownSignInAddresses.addressHash], set: { lastSignInAt: now } });
  await startSession(ctx, ctx.db, request, reply, { userId, workspaceId: membership.member.workspaceId, memberId: membership.member.id });
  await recordSecurityEvent(ctx.db, { workspaceId: membership.workspace.id, kind, memberName: membership.member.name, at: now, request });
}

export async function secondFactorRoutes(instance: FastifyInstance, { ctx }: { ctx: ServerContext }) {
  const app = instance.withTypeProvider<ValibotTypeProvider>();
  const timedOut = () => new HttpError(401, SIGN_IN_TIMED_OUT, undefined, { code: 'signInTimedOut' });

  app.post('/auth/signin/second-factor', { schema: { body: secondFactorBody, response: { 200: sessionResponse } }, config: { auth: 'public' } }, async (request, reply) => {
    const { token, code } = request.body;
    if (!looksLikeToken(token)) throw timedOut();
    const now = ctx.now();
    const [row] = await ctx.db
      .select({ challenge: t.signInChallenges, email: t.users.email, totpSecret: t.users.totpSecret, totpLastStep: t.users.totpLastStep })
      .from(t.signInChallenges)
      .innerJoin(t.users, eq(t.users.id, t.signInChallenges.userId))
      .where(eq(t.signInChallenges.tokenHash, hashToken(token)));
    if (!row || row.challenge.expiresAt.getTime() <= now.getTime() || !row.totpSecret) throw timedOut();
    const { challenge } = row;
    const account = { bucket: `signin:account:${row.email.toLowerCase()}`, free: ctx.limits.perAccount.max };
    const place = { bucket: `signin:address:${request.ip}`, free: ctx.limits.perAddress.max };
    const { wait } = await ctx.accountLimiter.state([account, place]);
    if (wait > 0) {
      reply.header('retry-after', String(Math.ceil(wait / 1000)));
      throw tooMany(wait);
    }
    const membership = await firstMembership(ctx, challenge.userId);
    if (!membership || membership.member.id !== challenge.memberId || membership.workspace.id !== challenge.workspaceId) throw timedOut();

    const typed = readSecondFactor(code);
    let kind: SecurityEventKind | null = null;
    if (typed.kind === 'totp') {
      const step = stepOfCode(openTotpSecret(ctx.secrets, challenge.userId, row.totpSecret, false), typed.code, now);
      // Each step's code signs in once, even against two requests racing with it.
      const claimed =
        step === null
          ? []
          : await ctx.db
              .update(t.users)
              .set({ totpLastStep: step })
              .where(and(eq(t.users.id, challenge.userId), or(isNull(t.users.totpLastStep), lt(t.users.totpLastStep, step))))
              .returning({ id: t.users.id });
      if (claimed.length > 0) kind = 'signedIn';
    } else if (typed.kind === 'recovery') {
      const used = await ctx.db
        .update(t.recoveryCodes)
        .set({ usedAt: now })
        .where(and(eq(t.recoveryCodes.userId, challenge.userId), eq(t.recoveryCodes.codeHash, hashToken(typed.code)), isNull(t.recoveryCodes.usedAt)))
        .returning({ id: t.recoveryCodes.id });
      if (used.length > 0) kind = 'recoveryCodeUsed';
    }
    if (!kind) {
      await ctx.accountLimiter.fail([account, place]);
      await recordSecurityEvent(ctx.db, { workspaceId: membership.workspace.id, kind: 'secondFactorFailed', memberName: membership.member.name, at: now, request });
      throw new HttpError(401, SECOND_FACTOR_WRONG, 'code', { code: 'secondFactorWrong' });
    }
    // The challenge is spent (a copy of it cannot sign in a second browser).
    const spent = await ctx.db
      .delete(t.signInChallenges)
      .where(and(eq(t.signInChallenges.tokenHash, challenge.tokenHash), gt(t.signInChallenges.expiresAt, now)))
      .returning({ userId: t.signInChallenges.userId });
    if (spent.length === 0) throw timedOut();
    await ctx.accountLimiter.reset(account.bucket);
    await completeSignIn(ctx, request, reply, { userId: challenge.userId, membership, kind });
    return sessionPayload(membership);
  });
}
