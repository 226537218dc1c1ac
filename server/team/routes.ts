// The team for real: invitations with single-use links and accepting them (members are removed
// by the team.remove mutation, through sync).
// Every change goes through the mutation runner (lib/mutators/team.ts), with its activity entry
// in the inviter's (or the new member's) real name: the inviter as stored in the database, or,
// for accepting, the server's own actor (the link is the authorization). The links themselves
// are server-only rows, written in the same transaction.
import { randomUUID } from 'node:crypto';
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TeamMember } from '../../lib/domain/types';
import { seed, WRONG_CREDENTIALS } from '../auth/routes';
import { refusePassword } from '../auth/passwords';
import { hashToken, looksLikeToken, newToken } from '../auth/tokens';
import { HttpError, sessionPayload, startSession, type ServerContext } from '../context';
import { signedIn } from '../http/auth';
import type { SessionInfo } from '../auth/sessions';
import type { DbTx } from '../db/client';
import { queueMail, workspaceLanguage } from '../mail/outbox';
import { findOrCreateUser } from '../db/seed';
import { permissionColumns, type MemberRow } from '../db/records';
import * as t from '../db/schema';
import { systemActor } from '../db/tx';
import { routeWrite } from '../http/route-write';
import { acceptInvitation, resendInvitation, sendInvitation } from '../../lib/mutators/team';
import { acceptBody, invitationInfoResponse, inviteBody, inviteResponse, memberParams, pendingInvitationsResponse, sessionResponse, tokenParams } from '../http/schemas';
import type { ValibotTypeProvider } from '../http/valibot';
import type { Message } from '../../lib/domain/messages';

export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** The address a team rule's refusal names. */
const addressOf = (problem: Message | undefined) => {
  const address = problem?.values?.address;
  return typeof address === 'string' ? address : '';
};

export async function teamRoutes(instance: FastifyInstance, { ctx }: { ctx: ServerContext }) {
  const app = instance.withTypeProvider<ValibotTypeProvider>();
  const lookups = { max: ctx.limits.tokenLookups.max, timeWindow: ctx.limits.tokenLookups.windowMs };
  const manageTeam = { auth: 'member', may: { kind: 'member', flag: 'manageTeam' } } as const;

  /**
   * A new single-use link for a Pending member, in `tx`: any earlier link of theirs ends, and the
   * invitation email is queued in the same transaction. The token travels only in the link.
   */
  async function issueInvitation(
    tx: DbTx,
    request: FastifyRequest,
    session: SessionInfo,
    invited: TeamMember,
    now: Date,
  ): Promise<{ inviteUrl: string; emailSent: boolean }> {
    const workspaceId = session.workspace.id;
    const token = newToken();
    await tx.delete(t.invitations).where(and(eq(t.invitations.workspaceId, workspaceId), eq(t.invitations.memberId, invited.id)));
    await tx.insert(t.invitations).values({
      id: randomUUID(),
      workspaceId,
      memberId: invited.id,
      tokenHash: hashToken(token),
      email: invited.email,
      role: invited.role,
      ...permissionColumns(invited.permissions),
      invitedBy: session.member.id,
      createdAt: now,
      expiresAt: new Date(now.getTime() + INVITATION_TTL_MS),
    });
    const inviteUrl = `${ctx.linkOrigin()}/invite/${token}`;
    if (!ctx.mail) return { inviteUrl, emailSent: false };
    // An earlier invitation still waiting to go out would carry the link that just ended.
    await tx
      .delete(t.mailOutbox)
      .where(and(eq(t.mailOutbox.workspaceId, workspaceId), eq(t.mailOutbox.toAddress, invited.email), eq(t.mailOutbox.template, 'invitation'), eq(t.mailOutbox.status, 'pending')));
    // The invitee has no language of their own yet: the workspace's.
    await queueMail(tx, {
      workspaceId,
      to: invited.email,
      template: 'invitation',
      language: await workspaceLanguage(tx, workspaceId),
      params: { inviteUrl, inviterName: session.member.name, workspaceName: session.workspace.name, role: invited.role },
      now,
    });
    return { inviteUrl, emailSent: true };
  }

  app.post('/team/invitations', { schema: { body: inviteBody, response: { 200: inviteResponse } }, config: manageTeam }, async (request, reply) => {
    const session = signedIn(request);
    const { email, role, permissions } = request.body;
    const workspaceId = session.workspace.id;
    const now = ctx.now();
    let invited: TeamMember | undefined;
    let issued = { inviteUrl: '', emailSent: false };
    const { value: member } = await routeWrite(
      ctx,
      request,
      {
        workspaceId,
        memberId: session.member.id,
        mutator: sendInvitation,
        args: { email, role, permissions },
        meta: { now: now.toISOString(), idSeed: seed() },
        txOptions: { allowMemberInsert: true },
        beforeCommit: async ({ tx, value }) => {
          invited = value as TeamMember;
          // A Pending member whose link was used up or ran out may be invited again; a live link stands (Resend makes a new one).
          const live = await tx
            .select({ id: t.invitations.id })
            .from(t.invitations)
            .where(
              and(
                eq(t.invitations.workspaceId, workspaceId),
                eq(t.invitations.memberId, invited.id),
                isNull(t.invitations.usedAt),
                gt(t.invitations.expiresAt, now),
              ),
            );
          if (live.length) throw new HttpError(409, `${email} already has a pending invitation`, 'email', { code: 'invitationPending', params: { email } });
        },
        // The link goes to the member row the commit wrote.
        inTransaction: async ({ tx }) => {
          issued = await issueInvitation(tx, request, session, invited!, now);
        },
      },
      () => new HttpError(409, `${email} is already on the team`, 'email', { code: 'alreadyOnTeam', params: { email } }),
    );
    if (issued.emailSent) ctx.mail?.kick();
    reply.header('cache-control', 'no-store');
    return { member, ...issued };
  });

  // Resend (a live link) and New link (an expired one): the member's earlier link ends.
  app.post('/team/members/:id/invitation', { schema: { params: memberParams, response: { 200: inviteResponse } }, config: manageTeam }, async (request, reply) => {
    const session = signedIn(request);
    const { id } = request.params;
    const now = ctx.now();
    let issued = { inviteUrl: '', emailSent: false };
    const { value: member } = await routeWrite(
      ctx,
      request,
      {
        workspaceId: session.workspace.id,
        memberId: session.member.id,
        mutator: resendInvitation,
        args: { id },
        meta: { now: now.toISOString(), idSeed: seed() },
        beforeCommit: async ({ tx, value }) => {
          issued = await issueInvitation(tx, request, session, value as TeamMember, now);
        },
      },
      (refused) =>
        refused.problem?.key === 'domain.team.memberGone'
          ? new HttpError(404, 'This team member does not exist', undefined, { code: 'memberMissing' })
          : new HttpError(409, refused.error, undefined, { code: 'alreadyOnTeam', params: { email: addressOf(refused.problem) } }),
    );
    if (issued.emailSent) ctx.mail?.kick();
    reply.header('cache-control', 'no-store');
    return { member, ...issued };
  });

  // Which Pending members' links are still live: the Team screen says "Expired" with "New link" for the rest.
  app.get('/team/invitations', { schema: { response: { 200: pendingInvitationsResponse } }, config: manageTeam }, async (request) => {
    const session = signedIn(request);
    const now = ctx.now();
    const rows = await ctx.db
      .select({ memberId: t.invitations.memberId, expiresAt: t.invitations.expiresAt })
      .from(t.invitations)
      .innerJoin(t.members, and(eq(t.members.workspaceId, t.invitations.workspaceId), eq(t.members.id, t.invitations.memberId)))
      .where(and(eq(t.invitations.workspaceId, session.workspace.id), eq(t.members.status, 'Pending'), isNull(t.invitations.usedAt)));
    return { invitations: rows.map((row) => ({ memberId: row.memberId, expiresAt: row.expiresAt.toISOString(), expired: row.expiresAt.getTime() <= now.getTime() })) };
  });

  async function liveInvitation(token: string) {
    if (!looksLikeToken(token)) throw new HttpError(404, 'This invitation link is not valid', undefined, { code: 'invitationInvalid' });
    const [row] = await ctx.db
      .select({ invitation: t.invitations, workspaceName: t.workspaces.name })
      .from(t.invitations)
      .innerJoin(t.workspaces, eq(t.workspaces.id, t.invitations.workspaceId))
      .where(eq(t.invitations.tokenHash, hashToken(token)));
    if (!row) throw new HttpError(404, 'This invitation link is not valid', undefined, { code: 'invitationInvalid' });
    if (row.invitation.usedAt) throw new HttpError(410, 'This invitation has already been used. Sign in instead.', undefined, { code: 'invitationUsed' });
    if (row.invitation.expiresAt.getTime() <= ctx.now().getTime())
      throw new HttpError(410, 'This invitation has expired. Ask a team admin for a new one.', undefined, { code: 'invitationExpired' });
    return row;
  }

  app.get(
    '/invitations/:token',
    { schema: { params: tokenParams, response: { 200: invitationInfoResponse } }, config: { auth: 'public', rateLimit: lookups } },
    async (request, reply) => {
      const { invitation, workspaceName } = await liveInvitation(request.params.token);
      reply.header('cache-control', 'no-store');
      return { email: invitation.email, role: invitation.role, workspaceName };
    },
  );

  app.post(
    '/invitations/:token/accept',
    { schema: { params: tokenParams, body: acceptBody, response: { 200: sessionResponse } }, config: { auth: 'public', rateLimit: lookups } },
    async (request, reply) => {
      const { invitation, workspaceName } = await liveInvitation(request.params.token);
      const { name, password } = request.body;
      const refused = refusePassword(password, invitation.email, 'password');
      if (refused) throw refused;
      const passwordHash = await ctx.passwords.hash(password, ctx.hashCost);
      const now = ctx.now();
      const workspaceId = invitation.workspaceId;
      let joined: MemberRow | undefined;
      // The link is the authorization: the server's own actor writes the join, in the new member's name.
      await routeWrite(
        ctx,
        request,
        {
          workspaceId,
          actor: systemActor({ id: invitation.memberId, name }),
          mutator: acceptInvitation,
          args: { memberId: invitation.memberId, name },
          meta: { now: now.toISOString(), idSeed: seed() },
          beforeCommit: async ({ tx }) => {
            // Single use, even when the link is opened twice at once: the row is claimed under the workspace lock.
            const claimed = await tx
              .update(t.invitations)
              .set({ usedAt: now })
              .where(and(eq(t.invitations.id, invitation.id), isNull(t.invitations.usedAt)))
              .returning({ id: t.invitations.id });
            if (claimed.length === 0) throw new HttpError(410, 'This invitation has already been used. Sign in instead.', undefined, { code: 'invitationUsed' });
            const [pending] = await tx.select().from(t.members).where(and(eq(t.members.workspaceId, workspaceId), eq(t.members.id, invitation.memberId)));
            if (!pending) throw new HttpError(404, 'This invitation link is not valid', undefined, { code: 'invitationInvalid' });

            const [user] = await tx
              .select({ id: t.users.id, passwordHash: t.users.passwordHash })
              .from(t.users)
              .where(sql`lower(${t.users.email}) = ${invitation.email.toLowerCase()}`);
            let userId: string;
            if (user) {
              // Someone who already works in another workspace keeps one password: they prove it.
              // An account that belongs to no workspace any more is simply given the new one.
              const [elsewhere] = await tx
                .select({ id: t.members.id })
                .from(t.members)
                .where(and(eq(t.members.userId, user.id), eq(t.members.status, 'Active'), ne(t.members.workspaceId, workspaceId)))
                .limit(1);
              if (elsewhere) {
                if (!user.passwordHash || !(await ctx.passwords.verify(user.passwordHash, password)))
                  throw new HttpError(401, `${WRONG_CREDENTIALS}. ${invitation.email} already has an account: enter its password.`, 'password', { code: 'accountExists', params: { email: invitation.email } });
              } else await tx.update(t.users).set({ passwordHash, passwordChangedAt: now }).where(eq(t.users.id, user.id));
              userId = user.id;
            } else userId = await findOrCreateUser(tx, invitation.email, passwordHash, now);

            // The member row first: the team record the commit writes (Active) must match it.
            await tx
              .update(t.members)
              .set({ userId, status: 'Active', name })
              .where(and(eq(t.members.workspaceId, workspaceId), eq(t.members.id, pending.id)));
            await startSession(ctx, tx, request, reply, { userId, workspaceId, memberId: pending.id });
            joined = { ...pending, userId, status: 'Active' as const, name };
          },
        },
        (refused) =>
          refused.problem?.key === 'domain.team.memberGone'
            ? new HttpError(404, 'This invitation link is not valid', undefined, { code: 'invitationInvalid' })
            : new HttpError(410, 'This invitation has already been used. Sign in instead.', undefined, { code: 'invitationUsed' }),
      );
      return sessionPayload({ member: joined!, workspace: { id: workspaceId, name: workspaceName } });
    },
  );
}
