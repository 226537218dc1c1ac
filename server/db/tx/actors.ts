// Who a mutation runs as, read from the database under the workspace lock: a member (with
// their client's last mutation id), an API key, a creator through their portal link, or a
// connected shop through its signed webhook.
import { and, eq, isNull, sql } from 'drizzle-orm';
import { PERMISSIONS, ROLES, type Permission, type Role } from '../../../lib/domain/types';
import type { ShopActor, SystemActor } from '../../../lib/mutators/types';
import { apiKeyLabel, apiKeyPermissions } from '../../../lib/domain/webhooks';
import type { DbTx } from '../client';
import { permissionsOf } from '../records';
import * as t from '../schema';

interface ClientRow {
  memberId: string;
  lastMutationId: number;
}

/** The member as stored and, when `clientID` is given, that client's row (one statement). */
export async function memberActor(tx: DbTx, workspaceId: string, memberId: string, clientID?: string) {
  const cm = t.clientMutations;
  const [row] = await tx
    .select({ member: t.members, clientMemberId: cm.memberId, lastMutationId: cm.lastMutationId })
    .from(t.members)
    .leftJoin(cm, and(eq(cm.workspaceId, t.members.workspaceId), eq(cm.clientId, clientID ?? '')))
    .where(and(eq(t.members.workspaceId, workspaceId), eq(t.members.id, memberId)));
  if (!row) return { member: null, client: null };
  const m = row.member;
  const client: ClientRow | null = clientID && row.clientMemberId !== null && row.lastMutationId !== null ? { memberId: row.clientMemberId, lastMutationId: row.lastMutationId } : null;
  return { member: { id: m.id, name: m.name, role: m.role, status: m.status, permissions: permissionsOf(m) }, client };
}

export async function clientOf(tx: DbTx, workspaceId: string, clientID: string): Promise<ClientRow | null> {
  const [row] = await tx
    .select({ memberId: t.clientMutations.memberId, lastMutationId: t.clientMutations.lastMutationId })
    .from(t.clientMutations)
    .where(and(eq(t.clientMutations.workspaceId, workspaceId), eq(t.clientMutations.clientId, clientID)));
  return row ?? null;
}

/** An API key acts as a member of its role, named by its last four characters in the activity log. */
export async function apiKeyActor(tx: DbTx, workspaceId: string, keyId: string, lower?: Role) {
  const [row] = await tx
    .select()
    .from(t.apiKeys)
    .where(and(eq(t.apiKeys.workspaceId, workspaceId), eq(t.apiKeys.id, keyId), isNull(t.apiKeys.revokedAt)));
  if (!row) return null;
  // ROLES runs from most to least allowed: the later of the two wins.
  const role = lower && ROLES.indexOf(lower) > ROLES.indexOf(row.role) ? lower : row.role;
  return { id: row.id, name: apiKeyLabel(row.lastFour), role, status: 'Active' as const, permissions: apiKeyPermissions(role) };
}

const NO_FLAGS = Object.fromEntries(PERMISSIONS.map((p) => [p, false])) as Record<Permission, boolean>;

/**
 * The server itself: a worker (named System in the activity log), or a step a one-time link
 * authorizes before there is a session (named for the person who took it). A Viewer's role
 * and no flags, so no member rule could ever let it through.
 */
export const systemActor = (person?: { id: string; name: string }): SystemActor => ({
  kind: 'system',
  id: person?.id ?? 'system',
  name: person?.name ?? 'System',
  role: 'Viewer',
  permissions: NO_FLAGS,
});

/** A connected shop, through its signed webhook (named by the shop in the activity log). */
export const shopActor = (shop: ShopActor['shop']): ShopActor => ({
  kind: 'shop',
  shop,
  id: `shop:${shop}`,
  name: shop === 'shopify' ? 'Shopify' : 'WooCommerce',
  role: 'Viewer',
  permissions: NO_FLAGS,
});

/**
 * A creator acts in their own name, with no role of the workspace (a Viewer's, so no member
 * rule ever lets them through) and only on the funnel their link opens.
 */
export async function creatorActor(tx: DbTx, workspaceId: string, funnelId: string) {
  const [row] = await tx
    .select({ name: t.funnels.creatorName })
    .from(t.funnels)
    .where(and(eq(t.funnels.workspaceId, workspaceId), eq(t.funnels.id, funnelId)));
  if (!row) return null;
  return { id: `creator:${funnelId}`, name: row.name, role: 'Viewer' as const, status: 'Active' as const, permissions: apiKeyPermissions('Viewer') };
}

export function authorizeCreator(creator: { status: string } | null, rule: { kind: string }) {
  if (!creator) return { ok: false as const, error: 'This link has ended' };
  if (rule.kind !== 'creator') return { ok: false as const, error: 'A creator can only answer on their portal' };
  return { ok: true as const };
}

export function recordClientMutation(tx: DbTx, workspaceId: string, clientId: string, memberId: string, mutationId: number, now: Date) {
  return tx
    .insert(t.clientMutations)
    .values({ workspaceId, clientId, memberId, lastMutationId: mutationId, updatedAt: now })
    .onConflictDoUpdate({
      target: [t.clientMutations.workspaceId, t.clientMutations.clientId],
      set: { lastMutationId: mutationId, updatedAt: now },
      // Never move backwards, never take over another member's client id.
      setWhere: and(sql`${t.clientMutations.lastMutationId} < ${mutationId}`, eq(t.clientMutations.memberId, memberId)),
    });
}
