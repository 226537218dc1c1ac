// Team actions (spec §4, §6). Only members with manageTeam change the team.
import { MESSAGES } from '../domain/constants';
import { changeRole, inviteMember, keepsATeamManager, LAST_MANAGER_MESSAGE, permissionChangeText, togglePermission } from '../domain/team';
import { fail, ok, type Permission, type Result, type Role, type TeamMember } from '../domain/types';
import type { StoreContext } from './core';

export function createTeamSlice(ctx: StoreContext) {
  const members = ctx.collection<TeamMember>('team');

  function invite(email: string, role?: Role): Result<TeamMember> {
    const allowed = ctx.authorize('manageTeam');
    if (!allowed.ok) return allowed;
    const result = inviteMember(email, members.items.peek(), ctx.newId('tm'), role);
    if (!result.ok) return result;
    ctx.transaction(() => {
      members.put(result.value);
      ctx.log({ action: 'Member invited', actionType: 'system', details: `${result.value.email} invited as ${result.value.role}` });
    });
    return result;
  }

  function update(id: string, change: (member: TeamMember) => Result<TeamMember>, action: string, describe: (m: TeamMember) => string): Result<TeamMember> {
    const allowed = ctx.authorize('manageTeam');
    if (!allowed.ok) return allowed;
    const member = members.get(id);
    if (!member) return fail('This team member no longer exists');
    const changed = change(member);
    if (!changed.ok) return changed;
    const next = changed.value;
    if (!keepsATeamManager(members.items.peek(), id, next)) return fail(LAST_MANAGER_MESSAGE);
    ctx.transaction(() => {
      members.put(next);
      ctx.log({ action, actionType: 'system', details: describe(next) });
    });
    return ok(next, describe(next));
  }

  const setRole = (id: string, role: Role) =>
    update(id, (m) => ok(changeRole(m, role)), 'Role changed', (m) => `${m.name} is now ${m.role}`);
  const toggle = (id: string, permission: Permission) =>
    update(id, (m) => togglePermission(m, permission), 'Permission changed', (m) => permissionChangeText(m, permission));

  function remove(id: string): Result<void> {
    const allowed = ctx.authorize('manageTeam');
    if (!allowed.ok) return allowed;
    const member = members.get(id);
    if (!member) return fail('This team member no longer exists');
    if (!keepsATeamManager(members.items.peek(), id, null)) return fail(LAST_MANAGER_MESSAGE);
    // Leaving the team (removing yourself) is allowed while another active member can manage it.
    ctx.transaction(() => {
      members.remove(id);
      ctx.log({ action: 'Member removed', actionType: 'system', details: member.email });
    });
    return ok(undefined, MESSAGES.memberRemoved);
  }

  return { members, invite, setRole, togglePermission: toggle, remove };
}
