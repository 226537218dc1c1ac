// Team writes (spec §4, §6). Only members with manageTeam change the team, and the team always
// keeps one active member who can manage it.
import * as v from 'valibot';
import { message, type Message } from '../domain/messages';
import { changeRole, inviteMember, keepsATeamManager, LAST_MANAGER, permissionChange, togglePermission as toggleRule } from '../domain/team';
import { accept, refuse, ok, PERMISSIONS, ROLES, type Result, type TeamMember } from '../domain/types';
import { id, text } from './args';
import { all, defineMutator, idsFrom } from './define';
import type { WriteTx } from './types';

function updateMember(tx: WriteTx, memberId: string, change: (member: TeamMember) => Result<TeamMember>, action: Message, describe: (m: TeamMember) => Message) {
  const member = tx.get('team', memberId);
  if (!member) return refuse<TeamMember>('domain.team.memberGone');
  const changed = change(member);
  if (!changed.ok) return changed;
  const next = changed.value;
  if (!keepsATeamManager(tx.scan('team'), memberId, next)) return refuse<TeamMember>(LAST_MANAGER.key);
  tx.put('team', next);
  const said = describe(next);
  tx.log({ action, actionType: 'system', details: said });
  return accept(next, said.key, said.values);
}

export const invite = defineMutator({
  name: 'team.invite',
  args: v.object({ email: text(500), role: v.optional(v.picklist(ROLES)) }),
  reads: () => [all('team')],
  run(tx, args, meta) {
    const result = inviteMember(args.email, tx.scan('team'), idsFrom(meta)('tm'), args.role);
    if (!result.ok) return result;
    tx.put('team', result.value);
    tx.log({ action: message('activity.action.memberInvited'), actionType: 'system', details: message('activity.details.invitedAs', { email: result.value.email, role: result.value.role }) });
    return result;
  },
});

export const setRole = defineMutator({
  name: 'team.setRole',
  args: v.object({ id, role: v.picklist(ROLES) }),
  reads: () => [all('team')],
  run: (tx, args) => updateMember(tx, args.id, (m) => ok(changeRole(m, args.role)), message('activity.action.roleChanged'), (m) => message('domain.team.isNow', { name: m.name, role: m.role })),
});

export const togglePermission = defineMutator({
  name: 'team.togglePermission',
  args: v.object({ id, permission: v.picklist(PERMISSIONS) }),
  reads: () => [all('team')],
  run: (tx, args) =>
    updateMember(
      tx,
      args.id,
      (m) => toggleRule(m, args.permission),
      message('activity.action.permissionChanged'),
      (m) => permissionChange(m, args.permission),
    ),
});

export const remove = defineMutator({
  name: 'team.remove',
  args: v.object({ id }),
  reads: () => [all('team')],
  run(tx, args) {
    const member = tx.get('team', args.id);
    if (!member) return refuse<void>('domain.team.memberGone');
    // Leaving the team (removing yourself) is allowed while another active member can manage it.
    if (!keepsATeamManager(tx.scan('team'), args.id, null)) return refuse<void>(LAST_MANAGER.key);
    tx.delete('team', args.id);
    tx.log({ action: message('activity.action.memberRemoved'), actionType: 'system', details: message('activity.details.data', { value: member.email }) });
    return accept(undefined, 'domain.team.memberRemoved');
  },
});
