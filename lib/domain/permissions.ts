// Who may make each change: one table, read by the browser store (to refuse and to disable
// controls with a reason) and by the server (from the member as stored in its database).
import { message, type Message, type MessageKey } from './messages';
import { fail, refuse, type Permission, type Result, type TeamMember } from './types';

/**
 * `member`: an active member who is not a Viewer, holding `flag` when one is named.
 * `signedIn`: any signed-in member, Viewers included (personal preferences such as the
 * dashboard layout). `admin`: an active Admin (third-party credentials, payments to creators),
 * refused with `refusal` when the rule names what only Admins may do.
 */
export type PermissionRule = { kind: 'member'; flag?: Permission } | { kind: 'signedIn' } | { kind: 'admin'; refusal?: MessageKey } | { kind: 'creator' } | { kind: 'system' } | { kind: 'shop' };

/**
 * `creator`: only the creator of one funnel, through their portal link (the server runs these
 * under a creator actor limited to that funnel); no member runs them.
 */
const creator: PermissionRule = { kind: 'creator' };

/**
 * `system`: only the server's own actor (lib/mutators/types.ts): its workers, and the steps a
 * one-time link authorizes before there is a session. `shop`: only a connected shop, through
 * its signed webhook. No member runs either, and neither runs any other rule's mutators.
 */
const system: PermissionRule = { kind: 'system' };
const shop: PermissionRule = { kind: 'shop' };

const member: PermissionRule = { kind: 'member' };
const flag = (name: Permission): PermissionRule => ({ kind: 'member', flag: name });

export const MUTATION_PERMISSIONS = {
  'funnels.saveStep': member,
  'funnels.sendOutreach': flag('sendOutreach'),
  'funnels.retryOutreach': flag('sendOutreach'),
  'funnels.sendBrief': member,
  'funnels.togglePriority': member,
  'funnels.updateBio': member,
  'funnels.setInterestTags': member,
  'funnels.updateAvatar': member,
  'funnels.inviteSuggested': member,
  'funnels.create': member,
  'funnels.setDiscountCode': member,
  'funnels.startEngagement': member,
  'funnels.addCriteriaTag': member,
  'funnels.removeCriteriaTag': member,
  'funnels.saveDashboardLayout': { kind: 'signedIn' },
  'funnels.setGiftAllowance': member,
  'funnels.setCommissionTerms': member,
  'payments.record': { kind: 'admin', refusal: 'domain.commission.adminOnly' },
  'portal.setLanguage': creator,
  'portal.confirm': creator,
  'portal.decline': creator,
  'portal.saveAddress': creator,
  'portal.chooseProducts': creator,
  'portal.acknowledgeBrief': creator,
  'portal.handInDeliverables': creator,
  'portal.optOut': creator,
  'orders.changeStatus': member,
  'orders.shipWithTracking': member,
  'orders.saveNotes': member,
  'orders.create': member,
  'orders.receiveFromShop': shop,
  'orders.receiveRefundFromShop': shop,
  'orders.setAttribution': member,
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
  'settings.setShopUrl': flag('manageTeam'),
  'profile.save': member,
  'billing.changePlan': flag('manageTeam'),
  'integrations.connect': flag('editAutomations'),
  'integrations.configure': { kind: 'admin' },
  'integrations.disconnect': flag('editAutomations'),
  'developer.saveWebhookSettings': flag('editAutomations'),
  'creators.import': member,
  'creators.create': member,
  'automation.setDefaults': flag('editAutomations'),
  'workspace.reset': flag('manageTeam'),
  'account.completeSetup': system,
  'account.recordPasswordReset': system,
  'team.acceptInvitation': system,
  'team.sendInvitation': flag('manageTeam'),
  'team.resendInvitation': flag('manageTeam'),
  'developer.recordKeyChange': { kind: 'admin' },
  'developer.recordEndpointChange': { kind: 'admin' },
  'integrations.recordShopSecret': { kind: 'admin' },
  'mail.recordFailure': system,
  'funnels.recordOutreachDelivery': system,
  'webhooks.disableEndpoint': system,
} as const satisfies Record<string, PermissionRule>;

export type MutationName = keyof typeof MUTATION_PERMISSIONS;

/**
 * Writes that go with server-only data (an invitation's link, an API key's hash): only their
 * server route runs them, in the transaction that writes that data. A browser never pushes them.
 */
export const ROUTE_ONLY_MUTATIONS: ReadonlySet<MutationName> = new Set<MutationName>([
  'account.completeSetup',
  'account.recordPasswordReset',
  'team.acceptInvitation',
  'team.sendInvitation',
  'team.resendInvitation',
  'developer.recordKeyChange',
  'developer.recordEndpointChange',
  'integrations.recordShopSecret',
  'mail.recordFailure',
  'funnels.recordOutreachDelivery',
  'webhooks.disableEndpoint',
  'orders.receiveFromShop',
]);

/** What an actor that is not a member may write: the mutators whose rule names its kind, and nothing else. */
export const writesOf = (kind: 'system' | 'shop'): MutationName[] => (Object.keys(MUTATION_PERMISSIONS) as MutationName[]).filter((name) => MUTATION_PERMISSIONS[name].kind === kind);

export const SIGNED_OUT_MESSAGE = 'You are signed out. Sign in to make changes.';
export const CREATOR_ONLY_MESSAGE = 'Only the creator can answer on their portal';

/** The refusal of a member who may not act under a rule, as a message (the browser's and the server's). */
export const PERMISSION_REFUSALS = {
  signedOut: message('domain.funnels.signedOut'),
  creatorOnly: message('domain.portal.creatorOnly'),
  adminOnly: message('domain.adminOnly'),
  serverOnly: message('domain.serverOnly'),
  shopOnly: message('domain.shopOnly'),
  membersOnly: message('domain.membersOnly'),
  readOnly: message('domain.readOnly'),
  missing: (permission: Permission): Message => message('domain.permission.missing', { ability: message(`domain.team.ability.${permission}`) }),
};

const refused = <M>(said: Message) => refuse<M>(said.key, said.values);

/** Who acts: a member (an API key and a creator act as one), the server itself, or a shop. */
export type ActorKind = 'member' | 'system' | 'shop';

/**
 * Allows or refuses `member` under `rule`, with the message a user sees: the one check of the
 * browser store and of the server (there on the member, or API key, as stored). Only an active
 * member acts at all, Viewers included for `signedIn` rules: nobody outside the workspace
 * ever writes to it.
 */
export function authorize<M extends Pick<TeamMember, 'role' | 'status' | 'permissions'> & { kind?: ActorKind }>(member: M | null | undefined, rule: PermissionRule): Result<M> {
  if (!member || member.status !== 'Active') return refused(PERMISSION_REFUSALS.signedOut);
  if (member.kind === 'system' || member.kind === 'shop') return member.kind === rule.kind ? { ok: true, value: member } : refused(PERMISSION_REFUSALS.membersOnly);
  if (rule.kind === 'creator') return refused(PERMISSION_REFUSALS.creatorOnly);
  if (rule.kind === 'system') return refused(PERMISSION_REFUSALS.serverOnly);
  if (rule.kind === 'shop') return refused(PERMISSION_REFUSALS.shopOnly);
  if (rule.kind === 'signedIn') return { ok: true, value: member };
  if (rule.kind === 'admin') return member.role === 'Admin' ? { ok: true, value: member } : refused(rule.refusal ? message(rule.refusal) : PERMISSION_REFUSALS.adminOnly);
  if (member.role === 'Viewer') return refused(PERMISSION_REFUSALS.readOnly);
  if (rule.flag && !member.permissions[rule.flag]) return refused(PERMISSION_REFUSALS.missing(rule.flag));
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
  if (!member || member.status !== 'Active') return refuse('domain.funnels.signedOut');
  if (member.role !== 'Admin') return fail(DEVELOPER_ADMIN_MESSAGE);
  return { ok: true, value: true };
}
