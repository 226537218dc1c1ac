// Sign-in, sign-out, the session, password change and the owner's first setup.
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { MESSAGES } from '../../lib/domain/constants';
import { HttpError, endSession, sessionPayload, startSession, type ServerContext } from '../context';
import { signedIn } from '../http/auth';
import * as t from '../db/schema';
import type { ValibotTypeProvider } from '../http/valibot';
import { changePasswordBody, currentSessionResponse, okResponse, preferencesBody, preferencesResponse, sessionResponse, setupBody, setupInfoResponse, signinBody, signinResponse, tokenParams } from '../http/schemas';
import { deleteOtherSessions } from './sessions';
import { recordSecurityEvent } from './security-log';
import { completeSignIn, openChallenge } from './second-factor';
import { refusePassword } from './passwords';
import { hashToken, looksLikeToken } from './tokens';
import { systemActor } from '../db/tx';
import { routeWrite } from '../http/route-write';
import { completeSetup } from '../../lib/mutators/account';
import { firstMembership, tooMany } from './sign-in-steps';
import { isLanguageCode } from '../../lib/i18n/codes';

export const WRONG_CREDENTIALS = 'Email or password is incorrect';

/** Failures from one address past which even the accounts that signed in from it before wait like any other. */
export const KNOWN_ADDRESS_FAILURE_CAP = 100;

export async function authRoutes(instance: FastifyInstance, { ctx }: { ctx: ServerContext }) {
  const app = instance.withTypeProvider<ValibotTypeProvider>();
  const perAddress = { max: ctx.limits.perAddress.max, timeWindow: ctx.limits.perAddress.windowMs };
  const lookups = { max: ctx.limits.tokenLookups.max, timeWindow: ctx.limits.tokenLookups.windowMs };

  // Failed sign-ins wait longer and longer, per account and per address, instead of locking
  // anyone out. The right password from an address the account signed in from before is never
  // refused, so a stranger's failures elsewhere cannot keep the owner out; a signed-in session
  // is never touched by any of it.
  app.post('/auth/signin', { schema: { body: signinBody, response: { 200: signinResponse } }, config: { auth: 'public' } }, async (request, reply) => {
    const { email, password } = request.body;
    const lower = email.toLowerCase();
    const account = { bucket: `signin:account:${lower}`, free: ctx.limits.perAccount.max };
    const place = { bucket: `signin:address:${request.ip}`, free: ctx.limits.perAddress.max };
    const [user] = await ctx.db
      .select({ id: t.users.id, passwordHash: t.users.passwordHash, knownAddress: t.knownSignInAddresses.addressHash, totpEnabledAt: t.users.totpEnabledAt })
      .from(t.users)
      .leftJoin(t.knownSignInAddresses, and(eq(t.knownSignInAddresses.userId, t.users.id), eq(t.knownSignInAddresses.addressHash, hashToken(request.ip))))
      .where(sql`lower(${t.users.email}) = ${lower}`);
    const { wait, counts } = await ctx.accountLimiter.state([account, place]);
    const known = Boolean(user?.knownAddress) && counts[1] < KNOWN_ADDRESS_FAILURE_CAP;
    if (wait > 0 && !known) {
      reply.header('retry-after', String(Math.ceil(wait / 1000)));
      throw tooMany(wait);
    }
    // An unknown email costs one argon2 verification too: the answer's timing tells nothing.
    const valid = (await ctx.passwords.verify(user?.passwordHash ?? (await ctx.dummyHash()), password)) && Boolean(user?.passwordHash);
    const membership = valid && user ? await firstMembership(ctx, user.id) : null;
    if (!membership || !user) {
      await ctx.accountLimiter.fail([account, place]);
      // A wrong password for a known account is in its workspace's security log (an unknown email belongs to no workspace).
      const owner = user ? await firstMembership(ctx, user.id) : null;
      if (owner) await recordSecurityEvent(ctx.db, { workspaceId: owner.workspace.id, kind: 'signInFailed', memberName: owner.member.name, at: ctx.now(), request });
      if (wait > 0) {
        reply.header('retry-after', String(Math.ceil(wait / 1000)));
        throw tooMany(wait);
      }
      throw new HttpError(401, WRONG_CREDENTIALS, undefined, { code: 'wrongCredentials' });
    }
    // With two-factor on, the right password only opens the second step; the failures are
    // forgotten once that step is passed too.
    if (user.totpEnabledAt) return { secondFactor: await openChallenge(ctx, { userId: user.id, workspaceId: membership.member.workspaceId, memberId: membership.member.id }) };
    await ctx.accountLimiter.reset(account.bucket);
    await completeSignIn(ctx, request, reply, { userId: user.id, membership, kind: 'signedIn' });
    return sessionPayload(membership);
  });

  app.post('/auth/signout', { schema: { response: { 200: okResponse } }, config: { auth: 'public', enrolment: true } }, async (request, reply) => {
    await endSession(ctx, request, reply);
    return { ok: true as const };
  });

  app.get('/auth/session', { schema: { response: { 200: currentSessionResponse } }, config: { auth: 'member', enrolment: true } }, async (request) => {
    const session = signedIn(request);
    return { ...sessionPayload(session), language: isLanguageCode(session.member.language) ? session.member.language : null, twoFactor: session.twoFactor };
  });

  // The member's own preferences: on a team server each member reads the screens in their own
  // language, while the workspace's Settings language stays what members without a choice see.
  app.patch('/auth/me', { schema: { body: preferencesBody, response: { 200: preferencesResponse } }, config: { auth: 'member' } }, async (request) => {
    const session = signedIn(request);
    const { language } = request.body;
    await ctx.db
      .update(t.members)
      .set({ language })
      .where(and(eq(t.members.workspaceId, session.workspace.id), eq(t.members.id, session.member.id)));
    return { language };
  });

  app.post(
    '/auth/password',
    { schema: { body: changePasswordBody, response: { 200: okResponse } }, config: { auth: 'member', rateLimit: perAddress } },
    async (request) => {
      const session = signedIn(request);
      const { currentPassword, newPassword, confirmPassword } = request.body;
      const key = { bucket: `password:${session.userId}`, free: ctx.limits.perAccount.max };
      const { wait } = await ctx.accountLimiter.state([key]);
      if (wait > 0) throw tooMany(wait);
      const [user] = await ctx.db.select({ passwordHash: t.users.passwordHash, email: t.users.email }).from(t.users).where(eq(t.users.id, session.userId));
      if (!user?.passwordHash || !(await ctx.passwords.verify(user.passwordHash, currentPassword))) {
        await ctx.accountLimiter.fail([key]);
        throw new HttpError(400, 'Current password is incorrect', 'currentPassword', { code: 'currentPasswordIncorrect' });
      }
      if (confirmPassword !== undefined && confirmPassword !== newPassword) throw new HttpError(400, MESSAGES.passwordsMismatch, 'confirmPassword');
      const refused = refusePassword(newPassword, user.email, 'newPassword');
      if (refused) throw refused;
      if (newPassword === currentPassword) throw new HttpError(400, 'Choose a password different from the current one', 'newPassword', { code: 'passwordUnchanged' });
      await ctx.accountLimiter.reset(key.bucket);
      const passwordHash = await ctx.passwords.hash(newPassword, ctx.hashCost);
      await ctx.db.transaction(async (tx) => {
        await tx.update(t.users).set({ passwordHash, passwordChangedAt: ctx.now() }).where(eq(t.users.id, session.userId));
        // Anyone else signed in as this user (another browser, a stolen cookie) is signed out.
        await deleteOtherSessions(tx, session.userId, session.id);
      });
      return { ok: true as const };
    },
  );

  // ---------- First setup: the owner chooses a password through the console's one-time link ----------

  async function liveSetupToken(token: string) {
    if (!looksLikeToken(token)) throw new HttpError(404, 'This setup link is not valid', undefined, { code: 'setupLinkInvalid' });
    const [row] = await ctx.db
      .select({ setup: t.setupTokens, member: t.members, workspaceName: t.workspaces.name })
      .from(t.setupTokens)
      .innerJoin(t.members, and(eq(t.members.workspaceId, t.setupTokens.workspaceId), eq(t.members.id, t.setupTokens.memberId)))
      .innerJoin(t.workspaces, eq(t.workspaces.id, t.setupTokens.workspaceId))
      .where(eq(t.setupTokens.tokenHash, hashToken(token)));
    if (!row) throw new HttpError(404, 'This setup link is not valid', undefined, { code: 'setupLinkInvalid' });
    if (row.setup.usedAt) throw new HttpError(410, 'This setup link has already been used. Sign in instead.', undefined, { code: 'setupLinkUsed' });
    if (row.setup.expiresAt.getTime() <= ctx.now().getTime()) throw new HttpError(410, 'This setup link has expired. Restart the server for a new one.', undefined, { code: 'setupLinkExpired' });
    return row;
  }

  app.get(
    '/auth/setup/:token',
    { schema: { params: tokenParams, response: { 200: setupInfoResponse } }, config: { auth: 'public', rateLimit: lookups } },
    async (request) => {
      const row = await liveSetupToken(request.params.token);
      return { email: row.member.email, name: row.member.name, workspaceName: row.workspaceName };
    },
  );

  app.post(
    '/auth/setup',
    { schema: { body: setupBody, response: { 200: sessionResponse } }, config: { auth: 'public', rateLimit: lookups } },
    async (request, reply) => {
      const { token, password, name, email } = request.body;
      const row = await liveSetupToken(token);
      const finalEmail = email ?? row.member.email;
      const refused = refusePassword(password, finalEmail, 'password');
      if (refused) throw refused;
      const passwordHash = await ctx.passwords.hash(password, ctx.hashCost);
      const now = ctx.now();
      const member = { id: row.member.id, name: name ?? row.member.name };
      // The one-time link is the authorization: the server's own actor writes the owner's records, in the owner's name.
      await routeWrite(ctx, request, {
        workspaceId: row.member.workspaceId,
        actor: systemActor(member),
        mutator: completeSetup,
        args: { memberId: row.member.id, name: member.name, email: finalEmail },
        meta: { now: now.toISOString(), idSeed: seed() },
        beforeCommit: async ({ tx }) => {
          // Single use, even against two requests racing with the same link.
          const used = await tx
            .update(t.setupTokens)
            .set({ usedAt: now })
            .where(and(eq(t.setupTokens.id, row.setup.id), isNull(t.setupTokens.usedAt)))
            .returning({ id: t.setupTokens.id });
          if (used.length === 0) throw new HttpError(410, 'This setup link has already been used. Sign in instead.', undefined, { code: 'setupLinkUsed' });
          if (email && email.toLowerCase() !== row.member.email.toLowerCase()) {
            const [taken] = await tx.select({ id: t.users.id }).from(t.users).where(sql`lower(${t.users.email}) = ${email.toLowerCase()}`);
            if (taken && taken.id !== row.member.userId) throw new HttpError(409, `${email} is already used by another account`, 'email', { code: 'emailTakenByAccount', params: { email } });
            // The member row's email first: the team record written with it must match the row.
            await tx.update(t.members).set({ email }).where(and(eq(t.members.workspaceId, row.member.workspaceId), eq(t.members.id, row.member.id)));
          }
          await tx
            .update(t.users)
            .set({ passwordHash, passwordChangedAt: now, ...(email ? { email } : {}) })
            .where(eq(t.users.id, row.member.userId!));
          await startSession(ctx, tx, request, reply, { userId: row.member.userId!, workspaceId: row.member.workspaceId, memberId: row.member.id });
        },
      });
      return sessionPayload({
        member: { ...row.member, name: member.name, email: finalEmail },
        workspace: { id: row.member.workspaceId, name: row.workspaceName },
      });
    },
  );
}

export function seed() {
  return globalThis.crypto.randomUUID().replace(/-/g, '').slice(0, 16);
}
