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

// ---------- Invitations: their links are server-only rows, so only their routes run these ----------

const permissionFlags = v.object({ editAutomations: v.boolean(), sendOutreach: v.boolean(), manageTeam: v.boolean(), viewAnalytics: v.boolean() });

/** Invites `email` (or invites a Pending member again, with the role and flags chosen now). */
export const sendInvitation = defineMutator({
  name: 'team.sendInvitation',
  args: v.object({ email: text(500), role: v.picklist(ROLES), permissions: permissionFlags }),
  reads: () => [all('team')],
  run(tx, args, meta) {
    const existing = tx.scan('team').find((m) => m.email.toLowerCase() === args.email.toLowerCase());
    if (existing?.status === 'Active') return refuse<TeamMember>('domain.team.alreadyOnTeam', { address: args.email });
    const invited: TeamMember = existing
      ? { ...existing, role: args.role, permissions: args.permissions }
      : { id: idsFrom(meta)('tm'), name: args.email.split('@')[0], email: args.email, role: args.role, status: 'Pending', permissions: args.permissions };
    tx.put('team', invited);
    tx.log({ action: message('activity.action.memberInvited'), actionType: 'system', details: message('activity.details.wasInvitedAs', { email: args.email, role: args.role }) });
    return ok(invited);
  },
});

/** A new link for a Pending member (the route ends the earlier one). */
export const resendInvitation = defineMutator({
  name: 'team.resendInvitation',
  args: v.object({ id }),
  reads: (args) => [{ collection: 'team', id: args.id }],
  run(tx, args) {
    const member = tx.get('team', args.id);
    if (!member) return refuse<TeamMember>('domain.team.memberGone');
    if (member.status !== 'Pending') return refuse<TeamMember>('domain.team.alreadyOnTeam', { address: member.email });
    tx.log({
      action: message('activity.action.invitationResent'),
      actionType: 'system',
      details: message('activity.byAction.invitationResent', { email: member.email, role: message(`team.role.${member.role}`) }),
    });
    return ok(member);
  },
});

/** The invited member joins under the name they chose (run by the server: the link is the authorization). */
export const acceptInvitation = defineMutator({
  name: 'team.acceptInvitation',
  args: v.object({ memberId: id, name: v.pipe(text(100), v.trim(), v.nonEmpty()) }),
  reads: (args) => [{ collection: 'team', id: args.memberId }],
  run(tx, args) {
    const record = tx.get('team', args.memberId);
    if (!record) return refuse<TeamMember>('domain.team.memberGone');
    if (record.status !== 'Pending') return refuse<TeamMember>('server.error.invitationUsed');
    const joined: TeamMember = { ...record, name: args.name, status: 'Active' };
    tx.put('team', joined);
    tx.log({ action: message('activity.action.memberJoined'), actionType: 'system', details: message('activity.details.joinedAs', { name: args.name, role: record.role }) });
    return ok(joined);
  },
});
