// Tracking links: GET /r/<code> counts a click for the funnel with that discount code (by UTC
// day, unique visitors through a salted daily hash; no address or browser is stored) and sends
// the visitor to the brand's shop with the code applied and the UTM parameters, or says on a
// plain page that no shop is set. The target is built only from the stored shop URL and the
// code, so the link can never be made to redirect elsewhere.
import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { shopRedirectUrl, validateShopUrl } from '../../lib/domain/attribution';
import { signedIn } from '../http/auth';
import { sendPlainPage } from '../http/plain-page';
import type { ValibotTypeProvider } from '../http/valibot';
import type { ServerContext } from '../context';
import type { Executor } from '../db/client';
import * as t from '../db/schema';

/** Clicks one address may make per minute on the tracking links (a person clicks a few times; a bot is slowed). */
export const CLICKS_PER_MINUTE = 120;

const codeParams = v.object({ code: v.string() });
const linkQuery = v.object({ w: v.optional(v.string()) });
const CODE = /^[A-Za-z0-9_-]{3,32}$/;
const WORKSPACE = /^[A-Za-z0-9_-]{1,100}$/;

const dayOf = (now: Date) => now.toISOString().slice(0, 10);

/** Today's salt, made once per UTC day; the days before lose theirs (and their visitor hashes) when a new one is made. */
function createSalts(db: Executor) {
  let cached: { day: string; salt: string } | null = null;
  return async (day: string): Promise<string> => {
    if (cached?.day === day) return cached.salt;
    await db.execute(sql`insert into link_salts (day, salt) values (${day}, ${randomBytes(32).toString('base64')}) on conflict (day) do nothing`);
    const [{ salt }] = await db.select({ salt: t.linkSalts.salt }).from(t.linkSalts).where(eq(t.linkSalts.day, day));
    await db.delete(t.linkSalts).where(lt(t.linkSalts.day, day));
    await db.delete(t.linkVisitors).where(lt(t.linkVisitors.day, day));
    cached = { day, salt };
    return salt;
  };
}

interface LinkTarget {
  workspaceId: string;
  funnelId: string;
  code: string;
  shopUrl: string | null;
}

/** The live funnel with this code (any letter case), with its workspace's shop URL; ambiguous across workspaces without `w`. */
async function findLink(db: Executor, code: string, workspace: string | undefined): Promise<LinkTarget | null> {
  const byCode = sql`lower(${t.funnels.discountCode}) = lower(${code})`;
  const rows: LinkTarget[] = await db
    .select({ workspaceId: t.funnels.workspaceId, funnelId: t.funnels.id, code: sql<string>`${t.funnels.discountCode}`, shopUrl: sql<string | null>`${t.workspaceSingletons.value} ->> 'shopUrl'` })
    .from(t.funnels)
    .leftJoin(t.workspaceSingletons, and(eq(t.workspaceSingletons.workspaceId, t.funnels.workspaceId), eq(t.workspaceSingletons.name, 'settings')))
    .where(workspace ? and(byCode, eq(t.funnels.workspaceId, workspace)) : byCode)
    .orderBy(desc(t.funnels.position))
    .limit(2);
  if (rows.length === 0) return null;
  // Two workspaces holding one code: only the link that names its workspace can tell them apart.
  if (rows.length > 1 && rows[0].workspaceId !== rows[1].workspaceId) return null;
  return rows[0];
}

export async function trackingLinkRoutes(fastify: FastifyInstance, options: { ctx: ServerContext }) {
  const app = fastify.withTypeProvider<ValibotTypeProvider>();
  const { ctx } = options;
  const saltOf = createSalts(ctx.db);

  app.get(
    '/r/:code',
    {
      schema: { params: codeParams, querystring: linkQuery },
      config: { auth: 'public', rateLimit: { max: CLICKS_PER_MINUTE, timeWindow: 60_000, keyGenerator: (request) => `r:${request.ip}` } },
    },
    async (request, reply) => {
      const { code } = request.params;
      const workspace = request.query.w;
      if (!CODE.test(code) || (workspace !== undefined && !WORKSPACE.test(workspace))) return sendPlainPage(request, reply, 404, 'results.unknownLinkTitle', 'results.unknownLinkBody');
      const link = await findLink(ctx.db, code, workspace);
      if (!link) return sendPlainPage(request, reply, 404, 'results.unknownLinkTitle', 'results.unknownLinkBody');
      const day = dayOf(ctx.now());
      const salt = await saltOf(day);
      const visitor = createHash('sha256')
        .update(`${salt}\n${request.ip}\n${String(request.headers['user-agent'] ?? '')}\n${link.workspaceId}\n${link.funnelId}`)
        .digest('base64url');
      // One statement: the visitor's hash if new today, and the day's counts with it, the
      // funnel's and the workspace's by the same amounts.
      await ctx.db.execute(sql`
        with fresh as (
          insert into link_visitors (workspace_id, funnel_id, day, visitor_hash) values (${link.workspaceId}, ${link.funnelId}, ${day}, ${visitor})
          on conflict do nothing returning 1
        ), funnel as (
          insert into link_clicks (workspace_id, funnel_id, day, clicks, visitors)
          select ${link.workspaceId}, ${link.funnelId}, ${day}, 1, (select count(*) from fresh)::int
          on conflict (workspace_id, funnel_id, day) do update set clicks = link_clicks.clicks + 1, visitors = link_clicks.visitors + excluded.visitors
          returning 1
        )
        insert into results_workspace_daily (workspace_id, day, clicks, visitors, orders, revenue_cents)
        select ${link.workspaceId}, ${day}, 1, (select count(*) from fresh)::int, 0, 0 from funnel
        on conflict (workspace_id, day) do update set clicks = results_workspace_daily.clicks + 1, visitors = results_workspace_daily.visitors + excluded.visitors`);
      // A stored URL is re-checked before use: only an https shop the brand set is ever a target.
      const shop = link.shopUrl ? validateShopUrl(link.shopUrl) : null;
      if (!shop?.ok || !shop.value) return sendPlainPage(request, reply, 200, 'results.noShopTitle', 'results.noShopBody');
      return reply.code(302).header('cache-control', 'no-store').header('referrer-policy', 'no-referrer').header('location', shopRedirectUrl(shop.value, link.code)).send();
    },
  );

  /** Where this workspace's tracking links live: the server's public origin and the workspace they name. */
  app.get('/results/links', { schema: { response: { 200: v.object({ origin: v.string(), workspaceId: v.string() }) } }, config: { auth: 'member' } }, async (request) => {
    const session = signedIn(request);
    return { origin: ctx.linkOrigin(), workspaceId: session.workspace.id };
  });
}
