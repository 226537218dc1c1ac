// Creators' portal links: /c/<token>, 32 random bytes of which only the SHA-256 is stored.
// A link opens one funnel; it ends when staff rotate the funnel's links or with the funnel
// itself (foreign key). A creator who opted out keeps a read-only page behind it.
import { and, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../db/client';
import * as t from '../db/schema';
import { hashToken, looksLikeToken, newToken } from '../auth/tokens';

export interface PortalLink {
  workspaceId: string;
  funnelId: string;
}

export const portalPath = (token: string) => `/c/${token}`;

/** The funnel a live token opens, or null (unknown, malformed or ended: the same answer). */
export async function findPortalLink(db: Executor, token: unknown, now: Date): Promise<PortalLink | null> {
  if (!looksLikeToken(token)) return null;
  const [row] = await db
    .update(t.portalLinks)
    .set({ lastUsedAt: now })
    .where(and(eq(t.portalLinks.tokenHash, hashToken(token)), isNull(t.portalLinks.endedAt)))
    .returning({ workspaceId: t.portalLinks.workspaceId, funnelId: t.portalLinks.funnelId });
  return row ?? null;
}

/** A new live link for the funnel (its earlier links stay live); the token is returned once, never stored. */
export async function mintPortalLink(db: Executor, link: PortalLink & { createdBy: string; now: Date }): Promise<string> {
  const token = newToken();
  await db.insert(t.portalLinks).values({
    tokenHash: hashToken(token),
    workspaceId: link.workspaceId,
    funnelId: link.funnelId,
    createdBy: link.createdBy,
    createdAt: link.now,
  });
  return token;
}

/** Ends every live link of the funnel. */
export async function endPortalLinks(db: Executor, link: PortalLink, now: Date): Promise<void> {
  await db
    .update(t.portalLinks)
    .set({ endedAt: now })
    .where(and(eq(t.portalLinks.workspaceId, link.workspaceId), eq(t.portalLinks.funnelId, link.funnelId), isNull(t.portalLinks.endedAt)));
}
