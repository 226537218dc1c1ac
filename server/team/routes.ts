// The team for real: invitations with single-use links and accepting them (members are removed
// by the team.remove mutation, through sync).
// Every change goes through the workspace's versioned transaction, with its activity entry
// in the inviter's (or the new member's) real name.
import { randomUUID } from 'node:crypto';
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TeamMember } from '../../lib/domain/types';
import type { Actor } from '../../lib/mutators/types';
import { seed, WRONG_CREDENTIALS } from '../auth/routes';
import { refusePassword } from '../auth/passwords';
import { hashToken, looksLikeToken, newToken } from '../auth/tokens';
import { HttpError, sessionPayload, startSession, type ServerContext } from '../context';
import { signedIn } from '../http/auth';
import type { SessionInfo } from '../auth/sessions';
import type { DbTx } from '../db/client';
import { queueMail, workspaceLanguage } from '../mail/outbox';
import { findOrCreateUser } from '../db/seed';
import { permissionColumns, permissionsOf, type MemberRow } from '../db/records';
import * as t from '../db/schema';
import { createServerTx, withServerTx } from '../db/tx';
import { acceptBody, invitationInfoResponse, inviteBody, inviteResponse, memberParams, pendingInvitationsResponse, sessionResponse, tokenParams } from '../http/schemas';
import type { ValibotTypeProvider } from '../http/valibot';
import { message } from '../../lib/domain/messages';

export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

const actorOf = (member: MemberRow): Actor => ({ id: member.id, name: member.name, role: member.role, permissions: permissionsOf(member) });

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
    const issued = await ctx.db.transaction(async (tx) => {
      const serverTx = createServerTx(tx, workspaceId, actorOf(session.member), { meta: { now: now.toISOString(), idSeed: seed() }, allowMemberInsert: true });
      await serverTx.preload([{ collection: 'team', all: true }]);
      const existing = serverTx.scan('team').find((m) => m.email.toLowerCase() === email.toLowerCase());
      let invited: TeamMember;
      if (existing?.status === 'Active') throw new HttpError(409, `${email} is already on the team`, 'email', { code: 'alreadyOnTeam', params: { email } });
      if (existing) {
        // A Pending member whose link was used up or ran out may be invited again; a live link stands (Resend makes a new one).
        const live = await tx
          .select({ id: t.invitations.id })
          .from(t.invitations)
          .where(
            and(
              eq(t.invitations.workspaceId, workspaceId),
              eq(t.invitations.memberId, existing.id),
              isNull(t.invitations.usedAt),
              gt(t.invitations.expiresAt, now),
            ),
          );
        if (live.length) throw new HttpError(409, `${email} already has a pending invitation`, 'email', { code: 'invitationPending', params: { email } });
        invited = { ...existing, role, permissions };
      } else {
        invited = { id: `tm_${seed()}`, name: email.split('@')[0], email, role, status: 'Pending', permissions };
      }
      serverTx.put('team', invited);
      serverTx.log({ action: message('activity.action.memberInvited'), actionType: 'system', details: message('activity.details.wasInvitedAs', { email, role }) });
      await serverTx.commit();
      return { member: invited, ...(await issueInvitation(tx, request, session, invited, now)) };
    });
    if (issued.emailSent) ctx.mail?.kick();
    reply.header('cache-control', 'no-store');
    return issued;
  });

  // Resend (a live link) and New link (an expired one): the member's earlier link ends.
  app.post('/team/members/:id/invitation', { schema: { params: memberParams, response: { 200: inviteResponse } }, config: manageTeam }, async (request, reply) => {
    const session = signedIn(request);
    const { id } = request.params;
    const now = ctx.now();
    const issued = await withServerTx(
      ctx.db,
      session.workspace.id,
      actorOf(session.member),
      { meta: { now: now.toISOString(), idSeed: seed() }, reads: [{ collection: 'team', id }] },
      async (serverTx, tx) => {
        const member = serverTx.get('team', id);
        if (!member) throw new HttpError(404, 'This team member does not exist', undefined, { code: 'memberMissing' });
        if (member.status !== 'Pending') throw new HttpError(409, `${member.email} is already on the team`, undefined, { code: 'alreadyOnTeam', params: { email: member.email } });
        serverTx.log({
          action: message('activity.action.invitationResent'),
          actionType: 'system',
          details: message('activity.byAction.invitationResent', { email: member.email, role: message(`team.role.${member.role}`) }),
        });
        return { member, ...(await issueInvitation(tx, request, session, member, now)) };
      },
    );
    if (issued.value.emailSent) ctx.mail?.kick();
    reply.header('cache-control', 'no-store');
    return issued.value;
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
      const joined = await ctx.db.transaction(async (tx) => {
        const [pending] = await tx.select().from(t.members).where(and(eq(t.members.workspaceId, workspaceId), eq(t.members.id, invitation.memberId)));
        if (!pending) throw new HttpError(404, 'This invitation link is not valid', undefined, { code: 'invitationInvalid' });
        const actor: Actor = { id: pending.id, name, role: pending.role, permissions: permissionsOf(pending) };
        const serverTx = createServerTx(tx, workspaceId, actor, { meta: { now: now.toISOString(), idSeed: seed() } });
        await serverTx.preload([{ collection: 'team', id: pending.id }]);
        // Single use, even when the link is opened twice at once: the row is claimed under the workspace lock.
        const claimed = await tx
          .update(t.invitations)
          .set({ usedAt: now })
          .where(and(eq(t.invitations.id, invitation.id), isNull(t.invitations.usedAt)))
          .returning({ id: t.invitations.id });
        const record = serverTx.get('team', pending.id);
        if (claimed.length === 0 || !record || record.status !== 'Pending') throw new HttpError(410, 'This invitation has already been used. Sign in instead.', undefined, { code: 'invitationUsed' });

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

        await tx
          .update(t.members)
          .set({ userId, status: 'Active', name })
          .where(and(eq(t.members.workspaceId, workspaceId), eq(t.members.id, pending.id)));
        // The team record moves with the workspace version (status is already Active in the row).
        serverTx.put('team', { ...record, name, status: 'Active' });
        serverTx.log({ action: message('activity.action.memberJoined'), actionType: 'system', details: message('activity.details.joinedAs', { name, role: pending.role }) });
        await serverTx.commit();
        await startSession(ctx, tx, request, reply, { userId, workspaceId, memberId: pending.id });
        return { ...pending, userId, status: 'Active' as const, name };
      });
      return sessionPayload({ member: joined, workspace: { id: workspaceId, name: workspaceName } });
    },
  );
}
