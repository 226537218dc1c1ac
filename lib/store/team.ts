// Team: the members, and the team writes (lib/mutators/team.ts). Only members with manageTeam change the team.
import { changeRole, inviteMember } from '../domain/team';
import { accept, refuse, ok, type Permission, type Result, type Role } from '../domain/types';
import type { InvitationState } from '../sync/team-api';
import type { StoreContext } from './core';

/** What Invite Member and Resend say: sent when its email was queued, else created (the link is still offered). */
const invited = (value: { inviteUrl: string; emailSent: boolean }, email: string) =>
  accept(value, value.emailSent ? 'team.invitationSent' : 'domain.team.invitationCreated', { email });

export function createTeamSlice(ctx: StoreContext) {
  const members = ctx.collection('team');
  return {
    members,
    invite: (email: string, role?: Role) => ctx.mutate('team.invite', { email, role }),
    /**
     * Invite Member: with a team server, the server makes a Pending member and a single-use
     * invitation link to copy; without one, a Pending member is recorded here (no link).
     */
    async sendInvitation(email: string, role: Role): Promise<Result<{ inviteUrl?: string; emailSent?: boolean }>> {
      const allowed = ctx.authorize('team.invite');
      if (!allowed.ok) return allowed;
      const checked = inviteMember(email, members.items.peek(), 'new', role);
      if (!checked.ok) return checked;
      if (!ctx.teamApi) {
        const result = ctx.mutate('team.invite', { email, role });
        return result.ok ? ok({}, result.message) : result;
      }
      const sent = await ctx.teamApi.invite({ email: checked.value.email, role, permissions: changeRole(checked.value, role).permissions });
      // A refusal keeps the server's code and values, for the dialog to say it in its language.
      return sent.ok ? invited({ inviteUrl: sent.inviteUrl, emailSent: sent.emailSent }, checked.value.email) : sent;
    },
    /** Whether invitations are links made by a team server, which can send them again. */
    canResendInvitations: () => Boolean(ctx.teamApi),
    /** With a team server: which Pending members' links are live or expired (empty without one). */
    async invitations(): Promise<Result<InvitationState[]>> {
      const allowed = ctx.authorize('team.invite');
      if (!allowed.ok) return allowed;
      if (!ctx.teamApi) return ok([]);
      const answer = await ctx.teamApi.invitations();
      return answer.ok ? ok(answer.invitations) : answer;
    },
    /** Resend (or New link, once expired): a new link for a Pending member, emailed again; their old link ends. */
    async resendInvitation(id: string): Promise<Result<{ inviteUrl: string; emailSent: boolean }>> {
      const allowed = ctx.authorize('team.invite');
      if (!allowed.ok) return allowed;
      const member = members.get(id);
      if (!member || member.status !== 'Pending' || !ctx.teamApi) return refuse('domain.team.onlyPendingReinvite');
      const sent = await ctx.teamApi.reissueInvitation(id);
      return sent.ok ? invited({ inviteUrl: sent.inviteUrl, emailSent: sent.emailSent }, member.email) : sent;
    },
    setRole: (id: string, role: Role) => ctx.mutate('team.setRole', { id, role }),
    togglePermission: (id: string, permission: Permission) => ctx.mutate('team.togglePermission', { id, permission }),
    remove: (id: string) => ctx.mutate('team.remove', { id }),
  };
}
