// Who may make each change: one table, read by the browser store (to refuse and to disable
// controls with a reason) and by the server (from the member as stored in its database).
import { MESSAGES } from './constants';
import { fail, type Permission, type Result, type TeamMember } from './types';

/**
 * `member`: an active member who is not a Viewer, holding `flag` when one is named.
 * `signedIn`: any signed-in member, Viewers included (personal preferences such as the
 * dashboard layout).
 */
export type PermissionRule = { kind: 'member'; flag?: Permission } | { kind: 'signedIn' };

const member: PermissionRule = { kind: 'member' };
const flag = (name: Permission): PermissionRule => ({ kind: 'member', flag: name });

export const MUTATION_PERMISSIONS = {
  'funnels.saveStep': member,
  'funnels.sendOutreach': flag('sendOutreach'),
  'funnels.sendBrief': member,
  'funnels.togglePriority': member,
  'funnels.updateBio': member,
  'funnels.setInterestTags': member,
  'funnels.updateAvatar': member,
  'funnels.inviteSuggested': member,
  'funnels.create': member,
  'funnels.addCriteriaTag': member,
  'funnels.removeCriteriaTag': member,
  'funnels.saveDashboardLayout': { kind: 'signedIn' },
  'orders.changeStatus': member,
  'orders.shipWithTracking': member,
  'orders.saveNotes': member,
  'orders.create': member,
  'inventory.addItem': member,
  'inventory.setQuantity': member,
  'inventory.importItems': member,
  'inventory.updateItem': member,
  'inventory.deleteItem': member,
  'calendar.addEvent': member,
  'calendar.updateEvent': member,
  'calendar.moveEvent': member,
  'calendar.deleteEvent': member,
  'notifications.snooze': member,
  'notifications.markRead': member,
  'notifications.markAllRead': member,
  'notifications.dismiss': member,
  'notifications.restore': member,
  'team.invite': flag('manageTeam'),
  'team.setRole': flag('manageTeam'),
  'team.togglePermission': flag('manageTeam'),
  'team.remove': flag('manageTeam'),
  'settings.save': flag('manageTeam'),
  'profile.save': member,
  'billing.changePlan': flag('manageTeam'),
  'integrations.connect': flag('editAutomations'),
  'integrations.configure': flag('editAutomations'),
  'integrations.disconnect': flag('editAutomations'),
  'developer.regenerateApiKey': flag('manageTeam'),
  'developer.saveWebhookSettings': flag('editAutomations'),
  'creators.import': member,
  'automation.setDefaults': flag('editAutomations'),
  'workspace.reset': flag('manageTeam'),
} as const satisfies Record<string, PermissionRule>;

export type MutationName = keyof typeof MUTATION_PERMISSIONS;

export const SIGNED_OUT_MESSAGE = 'You are signed out. Sign in to make changes.';

/** Allows or refuses `member` under `rule`, with the message a user sees. */
export function authorize(member: TeamMember | null | undefined, rule: PermissionRule): Result<TeamMember> {
  if (!member) return fail(SIGNED_OUT_MESSAGE);
  if (rule.kind === 'signedIn') return { ok: true, value: member };
  if (member.status !== 'Active') return fail(SIGNED_OUT_MESSAGE);
  if (member.role === 'Viewer') return fail(MESSAGES.readOnly);
  if (rule.flag && !member.permissions[rule.flag]) return fail(MESSAGES.missingPermission(rule.flag));
  return { ok: true, value: member };
}

/** The rule for a mutation, or for a bare flag (controls not tied to one mutation). */
export function ruleFor(what?: MutationName | Permission): PermissionRule {
  if (!what) return member;
  if (what in MUTATION_PERMISSIONS) return MUTATION_PERMISSIONS[what as MutationName];
  return flag(what as Permission);
}

/**
 * API keys and webhook endpoints act for the whole workspace (a key can hold the Admin role),
 * so only an active Admin sees or manages them. They are server-only data, not mutators.
 */
export const DEVELOPER_ADMIN_MESSAGE = 'Only Admins can manage API keys and webhooks';

export function authorizeDeveloperAdmin(member: Pick<TeamMember, 'role' | 'status'> | null | undefined): Result<true> {
  if (!member || member.status !== 'Active') return fail(SIGNED_OUT_MESSAGE);
  if (member.role !== 'Admin') return fail(DEVELOPER_ADMIN_MESSAGE);
  return { ok: true, value: true };
}
