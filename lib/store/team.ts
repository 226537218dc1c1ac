// Team: the members, and the team writes (lib/mutators/team.ts). Only members with manageTeam change the team.
import { changeRole, inviteMember } from '../domain/team';
import { ok, type Permission, type Result, type Role } from '../domain/types';
import type { StoreContext } from './core';

export function createTeamSlice(ctx: StoreContext) {
  const members = ctx.collection('team');
  return {
    members,
    invite: (email: string, role?: Role) => ctx.mutate('team.invite', { email, role }),
    /**
     * Invite Member: with a team server, the server makes a Pending member and a single-use
     * invitation link to copy; without one, a Pending member is recorded here (no link).
     */
    async sendInvitation(email: string, role: Role): Promise<Result<{ inviteUrl?: string }>> {
      const allowed = ctx.authorize('team.invite');
      if (!allowed.ok) return allowed;
      const checked = inviteMember(email, members.items.peek(), 'new', role);
      if (!checked.ok) return checked;
      if (!ctx.storage.invite) {
        const result = ctx.mutate('team.invite', { email, role });
        return result.ok ? ok({}, result.message) : result;
      }
      const sent = await ctx.storage.invite({ email: checked.value.email, role, permissions: changeRole(checked.value, role).permissions });
      // A refusal keeps the server's code and values, for the dialog to say it in its language.
      return sent.ok ? ok({ inviteUrl: sent.inviteUrl }, `Invitation created for ${checked.value.email}`) : sent;
    },
    setRole: (id: string, role: Role) => ctx.mutate('team.setRole', { id, role }),
    togglePermission: (id: string, permission: Permission) => ctx.mutate('team.togglePermission', { id, permission }),
    remove: (id: string) => ctx.mutate('team.remove', { id }),
  };
}
