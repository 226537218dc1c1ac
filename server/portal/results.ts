// What a creator's portal shows of their results: clicks on their link, orders with their code
// and commission earned, this month and in total. Read for the portal link's one funnel only:
// every query names that funnel, so no other creator's figure can reach the page.
import { and, eq, sql } from 'drizzle-orm';
import { trackingUrl } from '../../lib/domain/attribution';
import { attributedSalesByMonth, creatorResults, type CreatorResults } from '../../lib/domain/commission';
import type { Funnel, Order } from '../../lib/domain/types';
import type { Executor } from '../db/client';
import * as t from '../db/schema';

export async function portalResults(db: Executor, workspaceId: string, funnel: Funnel, origin: string, now: Date): Promise<CreatorResults | null> {
  if (!funnel.discountCode) return null;
  const sales = await db
    .select({ kind: t.orders.kind, attribution: t.orders.attribution, subtotal: t.orders.subtotal, status: t.orders.status, refunds: t.orders.refunds, createdAt: t.orders.createdAt })
    .from(t.orders)
    .where(and(eq(t.orders.workspaceId, workspaceId), eq(t.orders.kind, 'sale'), sql`(${t.orders.attribution} ->> 'funnelId') = ${funnel.id}`));
  const clicks = await db
    .select({ month: sql<string>`substr(${t.linkClicks.day}, 1, 7)`, clicks: sql<number>`sum(${t.linkClicks.clicks})::int` })
    .from(t.linkClicks)
    .where(and(eq(t.linkClicks.workspaceId, workspaceId), eq(t.linkClicks.funnelId, funnel.id)))
    .groupBy(sql`substr(${t.linkClicks.day}, 1, 7)`);
  const byMonth = attributedSalesByMonth(
    sales.map((s) => ({ ...s, kind: s.kind as Order['kind'], status: s.status as Order['status'], attribution: s.attribution ?? undefined, refunds: s.refunds ?? undefined })),
  );
  return creatorResults({
    code: funnel.discountCode,
    link: origin ? trackingUrl(origin, funnel.discountCode, workspaceId) : null,
    terms: funnel,
    startDate: funnel.startDate,
    sales: byMonth.get(funnel.id) ?? [],
    clicks: clicks.map((c) => ({ month: c.month, clicks: Number(c.clicks) })),
    today: now.toISOString().slice(0, 10),
  });
}
