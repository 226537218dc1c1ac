// Team rules of spec §4 "Team member", §5 "Invite member", §6. Invites are checked (a valid address, not
// already on the team) before anything is stored.
import { englishOf, message, type Message } from './messages';
import { accept, refuse, ok, type Permission, type Permissions, type Result, type Role, type TeamMember } from './types';

/** The default invite: Editor with editAutomations, sendOutreach and viewAnalytics on, manageTeam off (spec §6). */
export const DEFAULT_INVITE_ROLE: Role = 'Editor';
export const DEFAULT_INVITE_PERMISSIONS: Permissions = {
  editAutomations: true,
  sendOutreach: true,
  manageTeam: false,
  viewAnalytics: true,
};

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const isValidEmail = (email: string) => EMAIL.test(email.trim());

/** Checks an invite address: required (spec message), a valid address, not already on the team. */
export function validateInviteEmail(email: string, team: readonly TeamMember[]): Result<string> {
  const address = email.trim();
  if (!address) return refuse('domain.enterEmail');
  if (!isValidEmail(address)) return refuse('domain.profile.emailInvalid', { email: address });
  if (team.some((member) => member.email.toLowerCase() === address.toLowerCase())) return refuse('domain.team.alreadyOnTeam', { address });
  return ok(address);
}

/** A newly invited member starts as Pending (spec §4). */
export function inviteMember(email: string, team: readonly TeamMember[], id: string, role: Role = DEFAULT_INVITE_ROLE): Result<TeamMember> {
  const checked = validateInviteEmail(email, team);
  if (!checked.ok) return checked;
  const name = checked.value.split('@')[0];
  const permissions = { ...DEFAULT_INVITE_PERMISSIONS, manageTeam: role === 'Admin' };
  return accept({ id, name, email: checked.value, role, status: 'Pending', permissions }, 'domain.team.invitationSent');
}

/** Why a Viewer holds none of the flags that allow a change. */
const VIEWER_CANNOT = {
  editAutomations: 'domain.team.viewerCannot.editAutomations',
  sendOutreach: 'domain.team.viewerCannot.sendOutreach',
  manageTeam: 'domain.team.viewerCannot.manageTeam',
} as const;

/** Flags a Viewer never has: a Viewer changes nothing. */
const WRITE_PERMISSIONS: readonly Permission[] = ['editAutomations', 'sendOutreach', 'manageTeam'];

/**
 * Why a role fixes a flag, or null when the flag toggles freely: Admin implies manageTeam
 * (spec §6), and a Viewer, who changes nothing, holds no flag that allows a change.
 */
export function lockedPermission(role: Role, permission: Permission): Message | null {
  if (role === 'Admin' && permission === 'manageTeam') return message('domain.team.adminsManage');
  if (role === 'Viewer' && permission !== 'viewAnalytics' && WRITE_PERMISSIONS.includes(permission)) return message(VIEWER_CANNOT[permission]);
  return null;
}

/** The same reason in English (the server's and the logs' words). */
export function lockedPermissionReason(role: Role, permission: Permission): string | null {
  const locked = lockedPermission(role, permission);
  return locked && englishOf(locked);
}

/**
 * Changing a role to Admin turns manageTeam on; any other role turns it off (spec §4). A Viewer
 * loses every flag that allows a change; a Viewer made Editor or Admin gets the invite defaults back.
 */
export function changeRole(member: TeamMember, role: Role): TeamMember {
  const permissions = { ...member.permissions, manageTeam: role === 'Admin' };
  if (role === 'Viewer') {
    permissions.editAutomations = false;
    permissions.sendOutreach = false;
  } else if (member.role === 'Viewer') {
    permissions.editAutomations = DEFAULT_INVITE_PERMISSIONS.editAutomations;
    permissions.sendOutreach = DEFAULT_INVITE_PERMISSIONS.sendOutreach;
  }
  return { ...member, role, permissions };
}

/** Permission checkboxes toggle individually (spec §4), except a flag the member's role fixes. */
export function togglePermission(member: TeamMember, permission: Permission): Result<TeamMember> {
  const locked = lockedPermission(member.role, permission);
  if (locked) return refuse(locked.key, locked.values);
  const next = { ...member, permissions: { ...member.permissions, [permission]: !member.permissions[permission] } };
  const said = permissionChange(next, permission);
  return accept(next, said.key, said.values);
}

/** 'Jamie Smith can now manage the team' / 'Jamie Smith can no longer manage the team'. */
export const permissionChange = (member: Pick<TeamMember, 'name' | 'permissions'>, permission: Permission): Message =>
  message(member.permissions[permission] ? 'domain.team.canNow' : 'domain.team.canNoLonger', {
    name: member.name,
    ability: message(`domain.team.ability.${permission}`),
  });

/** The same sentence in English. */
export const permissionChangeText = (member: Pick<TeamMember, 'name' | 'permissions'>, permission: Permission) => englishOf(permissionChange(member, permission));

export const LAST_MANAGER = message('domain.team.lastManager');
export const LAST_MANAGER_MESSAGE = englishOf(LAST_MANAGER);

/**
 * A change that would leave no active member with manageTeam is refused: nobody could
 * manage the team afterwards. `next` is the changed member, or null when removed.
 */
export function keepsATeamManager(team: readonly TeamMember[], id: string, next: TeamMember | null): boolean {
  const after = team.flatMap((member) => (member.id === id ? (next ? [next] : []) : [member]));
  return after.some((member) => member.status === 'Active' && member.permissions.manageTeam);
}

/** True when `id` is the only active member who can manage the team: demoting or removing them would lock everyone out. */
export function isLastTeamManager(team: readonly TeamMember[], id: string): boolean {
  const member = team.find((m) => m.id === id);
  return Boolean(member?.status === 'Active' && member.permissions.manageTeam) && !keepsATeamManager(team, id, null);
}
