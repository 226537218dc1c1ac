// Team: the members, and the team writes (lib/mutators/team.ts). Only members with manageTeam change the team.
import type { Permission, Role } from '../domain/types';
import type { StoreContext } from './core';

export function createTeamSlice(ctx: StoreContext) {
  const members = ctx.collection('team');
  return {
    members,
    invite: (email: string, role?: Role) => ctx.mutate('team.invite', { email, role }),
    setRole: (id: string, role: Role) => ctx.mutate('team.setRole', { id, role }),
    togglePermission: (id: string, permission: Permission) => ctx.mutate('team.togglePermission', { id, permission }),
    remove: (id: string) => ctx.mutate('team.remove', { id }),
  };
}
