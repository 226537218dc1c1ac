// Who may write: the rule of a mutator (or route) against the member as stored in the
// database. The same rule table drives the browser's disabled controls; this is the check
// that counts.
import { englishOf } from '../../lib/domain/messages';
import { PERMISSION_REFUSALS } from '../../lib/domain/permissions';
import type { Permission, Permissions, Role } from '../../lib/domain/types';
import type { PermissionRule } from '../../lib/mutators/types';

export const SIGNED_OUT_MESSAGE = englishOf(PERMISSION_REFUSALS.signedOut);

export interface StoredMember {
  id: string;
  name: string;
  role: Role;
  status: 'Active' | 'Pending';
  permissions: Permissions;
}

export type Authorization = { ok: true } | { ok: false; error: string };

/**
 * `member` rules need an active member who is not a Viewer, holding the flag when one is
 * named; `admin` rules need an active Admin. Any other kind ('anyone', or 'signedIn' in newer tables) needs an active member
 * of the workspace, Viewers included: nobody outside the workspace ever writes to it.
 */
export function authorizeMember(member: StoredMember | null | undefined, rule: PermissionRule | { kind: string; flag?: Permission }): Authorization {
  if (!member || member.status !== 'Active') return { ok: false, error: SIGNED_OUT_MESSAGE };
  if (rule.kind === 'admin') return member.role === 'Admin' ? { ok: true } : { ok: false, error: englishOf(PERMISSION_REFUSALS.adminOnly) };
  // A creator's portal answers are never a member's to make (server/portal runs them as the creator).
  if (rule.kind === 'creator') return { ok: false, error: englishOf(PERMISSION_REFUSALS.creatorOnly) };
  if (rule.kind !== 'member') return { ok: true };
  if (member.role === 'Viewer') return { ok: false, error: englishOf(PERMISSION_REFUSALS.readOnly) };
  if (rule.flag && !member.permissions[rule.flag]) return { ok: false, error: englishOf(PERMISSION_REFUSALS.missing(rule.flag)) };
  return { ok: true };
}
