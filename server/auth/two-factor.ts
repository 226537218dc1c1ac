// Turning two-factor sign-in on and off, recovery codes, the workspace's requirement, and the
// member's list of sessions. The TOTP secret is shown once, while enrolling, and never again;
// recovery codes are shown once, when made. A member the workspace asks to enrol may call these
// (`enrolment: true`) and nothing else until they have.
import { randomUUID } from 'node:crypto';
import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { readSecondFactor, TWO_FACTOR_POLICIES, twoFactorRequiredFor } from '../../lib/domain/two-factor';
import { clearSessionCookie, HttpError, type ServerContext } from '../context';
import type { Executor } from '../db/client';
import * as t from '../db/schema';
import { signedIn } from '../http/auth';
import { okResponse, passwordField } from '../http/schemas';
import type { ValibotTypeProvider } from '../http/valibot';
import { SESSIONS_ENDED } from '../sync/pokes';
import { tooMany } from './sign-in-steps';
import { recordSecurityEvent } from './security-log';
import type { SessionInfo } from './sessions';
import { hashToken } from './tokens';
import { enrolmentOf, newRecoveryCodes, newTotpSecret, openTotpSecret, sealTotpSecret, stepOfCode } from './totp';

export const CODE_WRONG = 'That code is not right. Check the time on your phone and try again.';
export const CURRENT_PASSWORD_WRONG = 'Current password is incorrect';

const codeBody = v.object({ code: v.pipe(v.optional(v.string('Code must be text'), ''), v.trim(), v.nonEmpty('Code is required'), v.maxLength(40, 'Code is not valid')) });
const passwordBody = v.object({ password: passwordField('Current password') });
const policyBody = v.object({ requireTwoFactor: v.picklist(TWO_FACTOR_POLICIES, `requireTwoFactor must be one of ${TWO_FACTOR_POLICIES.join(', ')}`) });
const sessionParams = v.object({ id: v.pipe(v.string(), v.uuid('Session id is not valid')) });

const statusResponse = v.object({
  enabled: v.boolean(),
  required: v.boolean(),
  recoveryCodesLeft: v.number(),
  requireTwoFactor: v.picklist(TWO_FACTOR_POLICIES),
});
const enrolmentResponse = v.object({ secret: v.string(), uri: v.string(), qrDataUrl: v.string() });
const recoveryCodesResponse = v.object({ recoveryCodes: v.array(v.string()) });
const policyResponse = v.object({ requireTwoFactor: v.picklist(TWO_FACTOR_POLICIES) });
const sessionsResponse = v.object({
  sessions: v.array(v.object({ id: v.string(), device: v.string(), place: v.string(), signedInAt: v.string(), lastSeenAt: v.string(), current: v.boolean() })),
});
const endedResponse = v.object({ ended: v.number() });

/** Routes a member who must enrol may still call. */
const ENROLMENT = { auth: 'member', enrolment: true } as const;

export async function policyOf(db: Executor, workspaceId: string) {
  const [row] = await db.select({ policy: t.workspaceSecurity.requireTwoFactor }).from(t.workspaceSecurity).where(eq(t.workspaceSecurity.workspaceId, workspaceId));
  return row?.policy ?? 'nobody';
}

async function replaceRecoveryCodes(db: Executor, userId: string, now: Date): Promise<string[]> {
  const codes = newRecoveryCodes();
  await db.delete(t.recoveryCodes).where(eq(t.recoveryCodes.userId, userId));
  await db.insert(t.recoveryCodes).values(
    codes.map((code) => {
      const typed = readSecondFactor(code);
      return { id: randomUUID(), userId, codeHash: hashToken(typed.kind === 'recovery' ? typed.code : code), createdAt: now };
    }),
  );
  return codes;
}

export async function twoFactorRoutes(instance: FastifyInstance, { ctx }: { ctx: ServerContext }) {
  const app = instance.withTypeProvider<ValibotTypeProvider>();
  // The ended sessions' open event streams close (in every server process), so those browsers learn at once.
  const sessionsEnded = (workspaceId: string) => ctx.pokes?.poke(workspaceId, SESSIONS_ENDED);

  const log = (request: FastifyRequest, session: SessionInfo, kind: Parameters<typeof recordSecurityEvent>[1]['kind']) =>
    recordSecurityEvent(ctx.db, { workspaceId: session.workspace.id, kind, memberName: session.member.name, at: ctx.now(), request });

  /** The current password, checked with the same growing waits as changing it. */
  async function checkPassword(session: SessionInfo, password: string) {
    const key = { bucket: `password:${session.userId}`, free: ctx.limits.perAccount.max };
    const { wait } = await ctx.accountLimiter.state([key]);
    if (wait > 0) throw tooMany(wait);
    const [user] = await ctx.db.select({ passwordHash: t.users.passwordHash }).from(t.users).where(eq(t.users.id, session.userId));
    if (!user?.passwordHash || !(await ctx.passwords.verify(user.passwordHash, password))) {
      await ctx.accountLimiter.fail([key]);
      throw new HttpError(400, CURRENT_PASSWORD_WRONG, 'password', { code: 'currentPasswordIncorrect' });
    }
    await ctx.accountLimiter.reset(key.bucket);
  }

  app.get('/auth/two-factor', { schema: { response: { 200: statusResponse } }, config: ENROLMENT }, async (request, reply) => {
    const session = signedIn(request);
    const [left] = await ctx.db
      .select({ count: sql<number>`count(*)::int` })
      .from(t.recoveryCodes)
      .where(and(eq(t.recoveryCodes.userId, session.userId), isNull(t.recoveryCodes.usedAt)));
    reply.header('cache-control', 'no-store');
    return { ...session.twoFactor, recoveryCodesLeft: session.twoFactor.enabled ? (left?.count ?? 0) : 0, requireTwoFactor: await policyOf(ctx.db, session.workspace.id) };
  });

  // A new secret for the authenticator app; two-factor is on only once a code from it is confirmed.
  app.post('/auth/two-factor/setup', { schema: { response: { 200: enrolmentResponse } }, config: ENROLMENT }, async (request, reply) => {
    const session = signedIn(request);
    if (session.twoFactor.enabled) throw new HttpError(409, 'Two-factor sign-in is already on', undefined, { code: 'twoFactorAlreadyOn' });
    const secret = newTotpSecret();
    await ctx.db.update(t.users).set({ totpPendingSecret: sealTotpSecret(ctx.secrets, session.userId, secret, true) }).where(eq(t.users.id, session.userId));
    const [user] = await ctx.db.select({ email: t.users.email }).from(t.users).where(eq(t.users.id, session.userId));
    reply.header('cache-control', 'no-store');
    return { secret, ...(await enrolmentOf(secret, user?.email ?? session.member.email)) };
  });

  app.post('/auth/two-factor/confirm', { schema: { body: codeBody, response: { 200: recoveryCodesResponse } }, config: ENROLMENT }, async (request, reply) => {
    const session = signedIn(request);
    const key = { bucket: `two-factor:${session.userId}`, free: ctx.limits.perAccount.max };
    const { wait } = await ctx.accountLimiter.state([key]);
    if (wait > 0) throw tooMany(wait);
    const [user] = await ctx.db.select({ pending: t.users.totpPendingSecret, enabledAt: t.users.totpEnabledAt }).from(t.users).where(eq(t.users.id, session.userId));
    if (user?.enabledAt) throw new HttpError(409, 'Two-factor sign-in is already on', undefined, { code: 'twoFactorAlreadyOn' });
    if (!user?.pending) throw new HttpError(409, 'Start again: scan a new code first', undefined, { code: 'twoFactorNotStarted' });
    const secret = openTotpSecret(ctx.secrets, session.userId, user.pending, true);
    const typed = readSecondFactor(request.body.code);
    const now = ctx.now();
    const step = typed.kind === 'totp' ? stepOfCode(secret, typed.code, now) : null;
    if (step === null) {
      await ctx.accountLimiter.fail([key]);
      throw new HttpError(400, CODE_WRONG, 'code', { code: 'secondFactorWrong' });
    }
    await ctx.accountLimiter.reset(key.bucket);
    const recoveryCodes = await ctx.db.transaction(async (tx) => {
      await tx
        .update(t.users)
        .set({ totpSecret: sealTotpSecret(ctx.secrets, session.userId, secret, false), totpPendingSecret: null, totpEnabledAt: now, totpLastStep: step })
        .where(eq(t.users.id, session.userId));
      return replaceRecoveryCodes(tx, session.userId, now);
    });
    await log(request, session, 'twoFactorOn');
    reply.header('cache-control', 'no-store');
    return { recoveryCodes };
  });

  app.post('/auth/two-factor/recovery-codes', { schema: { body: passwordBody, response: { 200: recoveryCodesResponse } }, config: ENROLMENT }, async (request, reply) => {
    const session = signedIn(request);
    if (!session.twoFactor.enabled) throw new HttpError(409, 'Turn two-factor sign-in on first', undefined, { code: 'twoFactorNotStarted' });
    await checkPassword(session, request.body.password);
    const recoveryCodes = await ctx.db.transaction((tx) => replaceRecoveryCodes(tx, session.userId, ctx.now()));
    await log(request, session, 'recoveryCodesRenewed');
    reply.header('cache-control', 'no-store');
    return { recoveryCodes };
  });

  app.post('/auth/two-factor/disable', { schema: { body: passwordBody, response: { 200: okResponse } }, config: ENROLMENT }, async (request) => {
    const session = signedIn(request);
    if (session.twoFactor.required) throw new HttpError(409, 'Your workspace requires two-factor sign-in, so it stays on', undefined, { code: 'twoFactorStillRequired' });
    await checkPassword(session, request.body.password);
    await ctx.db.transaction(async (tx) => {
      await tx.update(t.users).set({ totpSecret: null, totpPendingSecret: null, totpEnabledAt: null, totpLastStep: null }).where(eq(t.users.id, session.userId));
      await tx.delete(t.recoveryCodes).where(eq(t.recoveryCodes.userId, session.userId));
    });
    if (session.twoFactor.enabled) await log(request, session, 'twoFactorOff');
    return { ok: true as const };
  });

  app.put('/auth/two-factor/policy', { schema: { body: policyBody, response: { 200: policyResponse } }, config: { auth: 'admin' } }, async (request) => {
    const session = signedIn(request);
    const { requireTwoFactor } = request.body;
    // The Admin who asks it of others has it first, so nobody locks the workspace's managers out.
    if (twoFactorRequiredFor(requireTwoFactor, session.member.role) && !session.twoFactor.enabled)
      throw new HttpError(409, 'Turn two-factor sign-in on for yourself first', 'requireTwoFactor', { code: 'twoFactorSelfFirst' });
    const now = ctx.now();
    await ctx.db
      .insert(t.workspaceSecurity)
      .values({ workspaceId: session.workspace.id, requireTwoFactor, updatedAt: now })
      .onConflictDoUpdate({ target: t.workspaceSecurity.workspaceId, set: { requireTwoFactor, updatedAt: now } });
    await log(request, session, 'twoFactorPolicyChanged');
    return { requireTwoFactor };
  });

  // ---------- The member's own sessions ----------

  app.get('/auth/sessions', { schema: { response: { 200: sessionsResponse } }, config: ENROLMENT }, async (request, reply) => {
    const session = signedIn(request);
    const rows = await ctx.db
      .select()
      .from(t.sessions)
      .where(and(eq(t.sessions.userId, session.userId), eq(t.sessions.workspaceId, session.workspace.id), gt(t.sessions.expiresAt, ctx.now())))
      .orderBy(desc(t.sessions.lastUsedAt), t.sessions.id);
    reply.header('cache-control', 'no-store');
    return {
      sessions: rows.map((row) => ({
        id: row.id,
        device: row.device,
        place: row.place,
        signedInAt: row.createdAt.toISOString(),
        lastSeenAt: (row.id === session.id ? ctx.now() : row.lastUsedAt).toISOString(),
        current: row.id === session.id,
      })),
    };
  });

  app.delete('/auth/sessions/:id', { schema: { params: sessionParams, response: { 200: endedResponse } }, config: ENROLMENT }, async (request, reply) => {
    const session = signedIn(request);
    const ended = await ctx.db
      .delete(t.sessions)
      .where(and(eq(t.sessions.id, request.params.id), eq(t.sessions.userId, session.userId), eq(t.sessions.workspaceId, session.workspace.id)))
      .returning({ id: t.sessions.id });
    if (ended.length === 0) throw new HttpError(404, 'That session has already ended', undefined, { code: 'sessionMissing' });
    if (request.params.id === session.id) clearSessionCookie(request, reply);
    await log(request, session, 'sessionEnded');
    sessionsEnded(session.workspace.id);
    return { ended: ended.length };
  });

  app.post('/auth/sessions/end-others', { schema: { response: { 200: endedResponse } }, config: ENROLMENT }, async (request) => {
    const session = signedIn(request);
    const ended = await ctx.db
      .delete(t.sessions)
      .where(and(eq(t.sessions.userId, session.userId), eq(t.sessions.workspaceId, session.workspace.id), ne(t.sessions.id, session.id)))
      .returning({ id: t.sessions.id });
    if (ended.length > 0) {
      await log(request, session, 'otherSessionsEnded');
      sessionsEnded(session.workspace.id);
    }
    return { ended: ended.length };
  });
}
