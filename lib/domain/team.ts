// Team rules of spec §4 "Team member", §5 "Invite member", §6. Invites are checked (a valid address, not
// already on the team) before anything is stored.
import { MESSAGES } from './constants';
import { fail, ok, type Permissions, type Result, type Role, type TeamMember } from './types';

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
  if (!address) return fail(MESSAGES.enterEmail);
  if (!isValidEmail(address)) return fail(`${address} is not a valid email address`);
  if (team.some((member) => member.email.toLowerCase() === address.toLowerCase())) return fail(`${address} is already on the team`);
  return ok(address);
}

/** A newly invited member starts as Pending (spec §4). */
export function inviteMember(email: string, team: readonly TeamMember[], id: string, role: Role = DEFAULT_INVITE_ROLE): Result<TeamMember> {
  const checked = validateInviteEmail(email, team);
  if (!checked.ok) return checked;
  const name = checked.value.split('@')[0];
  const permissions = { ...DEFAULT_INVITE_PERMISSIONS, manageTeam: role === 'Admin' };
  return ok({ id, name, email: checked.value, role, status: 'Pending', permissions }, MESSAGES.invitationSent);
}

/** Changing a role to Admin turns manageTeam on; any other role turns it off (spec §4). */
export function changeRole(member: TeamMember, role: Role): TeamMember {
  return { ...member, role, permissions: { ...member.permissions, manageTeam: role === 'Admin' } };
}

/** Permission checkboxes toggle individually (spec §4). */
export function togglePermission(member: TeamMember, permission: keyof Permissions): TeamMember {
  return { ...member, permissions: { ...member.permissions, [permission]: !member.permissions[permission] } };
}

export const LAST_MANAGER_MESSAGE = 'The team needs at least one active member who can manage the team';

/**
 * A change that would leave no active member with manageTeam is refused: nobody could
 * manage the team afterwards. `next` is the changed member, or null when removed.
 */
export function keepsATeamManager(team: readonly TeamMember[], id: string, next: TeamMember | null): boolean {
  const after = team.flatMap((member) => (member.id === id ? (next ? [next] : []) : [member]));
  return after.some((member) => member.status === 'Active' && member.permissions.manageTeam);
}
