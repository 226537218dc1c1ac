// The creator portal: /c/<token> serves its page (a page of its own, not the workspace app),
// /portal/api/* answers that page, authenticated by the token alone and limited per token.
// A creator reads only their own funnel and writes only through the portal mutators, which
// the server runs as a creator actor limited to that funnel. Staff mint and end links under
// /portal-links/*.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { portalView, type PortalView } from '../../lib/domain/portal';
import type { GeneralSettings } from '../../lib/domain/types';
import { isLanguageCode } from '../../lib/i18n/codes';
import { MUTATORS, isMutationName } from '../../lib/mutators';
import { hashToken } from '../auth/tokens';
import { HttpError, type ServerContext } from '../context';
import { signedIn } from '../http/auth';
import { loadRecords } from '../db/records';
import * as t from '../db/schema';
import { outcomeHttpStatus, runMutation } from '../db/tx';
import { sendPlainPage } from '../http/plain-page';
import { sendPage } from '../http/static';
import type { ValibotTypeProvider } from '../http/valibot';
import { loggableError } from '../validation';
import { endPortalLinks, findPortalLink, mintPortalLink, portalPath, type PortalLink } from './links';
import { cannotEmail, emailCreator } from './outreach';
import { portalResults } from './results';

export const PORTAL_API = {
  view: '/portal/api/view',
  answer: '/portal/api/answer',
} as const;

/** Requests one portal link may make per minute (each answer is one; a page load is one). */
export const PORTAL_REQUESTS_PER_MINUTE = 60;

const answerBody = v.object({
  name: v.pipe(v.string('name must be text'), v.maxLength(100, 'name is too long')),
  args: v.optional(v.record(v.string(), v.unknown()), {}),
});

const tokenOf = (request: FastifyRequest): string | undefined => /^Bearer\s+([A-Za-z0-9_-]{1,100})$/.exec(request.headers.authorization ?? '')?.[1];

function sendLinkNotWorking(request: FastifyRequest, reply: FastifyReply) {
  return sendPlainPage(request, reply, 404, 'portal.ended.title', 'portal.ended.body');
}

async function viewOf(ctx: ServerContext, link: PortalLink): Promise<PortalView | null> {
  return ctx.db.transaction(
    async (tx) => {
      const [funnel] = await loadRecords(tx, link.workspaceId, 'funnels', { ids: [link.funnelId] });
      if (!funnel) return null;
      const [settingsRow] = await tx
        .select({ value: t.workspaceSingletons.value })
        .from(t.workspaceSingletons)
        .where(and(eq(t.workspaceSingletons.workspaceId, link.workspaceId), eq(t.workspaceSingletons.name, 'settings')));
      const [workspace] = await tx.select({ name: t.workspaces.name }).from(t.workspaces).where(eq(t.workspaces.id, link.workspaceId));
      const settings = settingsRow?.value as Partial<GeneralSettings> | undefined;
      const language = isLanguageCode(settings?.language) ? settings.language : 'en-US';
      const inventory = (await loadRecords(tx, link.workspaceId, 'inventory')).map((r) => r.record);
      const orderId = funnel.record.portal?.orderId;
      const [order] = orderId ? await loadRecords(tx, link.workspaceId, 'orders', { ids: [orderId] }) : [];
      const results = await portalResults(tx, link.workspaceId, funnel.record, ctx.linkOrigin(), ctx.now());
      return { ...portalView(funnel.record, { brand: settings?.companyName?.trim() || (workspace?.name ?? ''), language }, inventory, order?.record), results };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

export async function portalRoutes(instance: FastifyInstance, { ctx, ...options }: { ctx: ServerContext; root: string | null }) {
  const app = instance.withTypeProvider<ValibotTypeProvider>();
  /** The link's funnel's gift order id, as stored (undefined when there is none). */
  const giftOrderOf = async (link: PortalLink) => (await loadRecords(ctx.db, link.workspaceId, 'funnels', { ids: [link.funnelId] }))[0]?.record.portal?.orderId;
  // Per token (its hash: the token itself never becomes a key in memory), and per address for
  // the guesses that carry no valid token.
  const perToken = {
    max: PORTAL_REQUESTS_PER_MINUTE,
    timeWindow: 60_000,
    keyGenerator: (request: FastifyRequest) => {
      const token = tokenOf(request) ?? (request.params as { token?: string } | undefined)?.token;
      return token ? `portal:${hashToken(token)}` : `portal-ip:${request.ip}`;
    },
  };

  /** The live link of this request, or the plain page / a 404 that says nothing of what exists. */
  async function linkOf(request: FastifyRequest): Promise<PortalLink> {
    const link = await findPortalLink(ctx.db, tokenOf(request), ctx.now());
    if (!link) throw new HttpError(404, 'This link does not work', undefined, { code: 'notFound' });
    return link;
  }

  app.get('/c/:token', { config: { auth: 'public', rateLimit: perToken } }, async (request, reply) => {
    const { token } = request.params as { token: string };
    const link = await findPortalLink(ctx.db, token, ctx.now());
    const page = options.root ? join(options.root, 'dist', 'host', 'portal.html') : null;
    if (!link || !page || !existsSync(page)) return sendLinkNotWorking(request, reply);
    reply.header('x-robots-tag', 'noindex');
    return sendPage(reply.header('cache-control', 'no-store'), page, '');
  });

  app.get(PORTAL_API.view, { config: { auth: 'public', rateLimit: perToken } }, async (request, reply) => {
    const link = await linkOf(request);
    const view = await viewOf(ctx, link);
    if (!view) throw new HttpError(404, 'This link does not work', undefined, { code: 'notFound' });
    reply.header('cache-control', 'no-store');
    return view;
  });

  app.post(PORTAL_API.answer, { schema: { body: answerBody }, config: { auth: 'public', rateLimit: perToken } }, async (request, reply) => {
    const link = await linkOf(request);
    const { name, args } = request.body;
    if (!isMutationName(name) || MUTATORS[name].permission.kind !== 'creator') throw new HttpError(400, `Unknown answer "${name}"`, 'name');
    const outcome = await runMutation({
      db: ctx.db,
      workspaceId: link.workspaceId,
      memberId: `creator:${link.funnelId}`,
      creatorFunnelId: link.funnelId,
      mutator: MUTATORS[name],
      // The funnel is the link's, whatever the page sent; so is the gift order a new address moves.
      args: { ...args, funnelId: link.funnelId, ...(name === 'portal.saveAddress' ? { orderId: await giftOrderOf(link) } : {}) },
      now: ctx.now,
      onError: (error) => request.log.error({ err: loggableError(error), mutation: name }, 'portal answer failed'),
    });
    if (outcome.status === 'applied') {
      ctx.pokes?.poke(link.workspaceId, outcome.version);
      if (outcome.queuedWebhooks) ctx.webhooks?.kick();
      if (outcome.queuedMail) ctx.mail?.kick();
    }
    reply.header('cache-control', 'no-store');
    if (outcome.status !== 'applied') {
      const error = 'error' in outcome ? outcome.error : 'This answer could not be saved';
      return reply
        .code(outcomeHttpStatus(outcome))
        .send({ error, ...('field' in outcome ? { field: outcome.field } : {}), ...('problem' in outcome && outcome.problem ? { problem: outcome.problem } : {}) });
    }
    // After opting out too: the page shows, read only, what the creator handed in.
    const view = await viewOf(ctx, link);
    return { ok: true, view };
  });

  // ---------- Staff: links ----------

  const funnelParams = v.object({ funnelId: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,200}$/, 'funnelId is not a creator id')) });

  /** The funnel in the member's own workspace, or a 404 (another workspace's id finds nothing). */
  async function staffFunnel(workspaceId: string, funnelId: string) {
    const [funnel] = await loadRecords(ctx.db, workspaceId, 'funnels', { ids: [funnelId] });
    if (!funnel) throw new HttpError(404, 'This creator no longer exists', 'funnelId');
    if (funnel.record.portal?.optedOutAt) throw new HttpError(409, 'This creator opted out of email and their portal', 'funnelId');
    return funnel.record;
  }

  app.post('/portal-links/:funnelId', { schema: { params: funnelParams }, config: { auth: 'member', may: { kind: 'member' } } }, async (request, reply) => {
    const session = signedIn(request);
    const funnel = await staffFunnel(session.workspace.id, request.params.funnelId);
    const token = await mintPortalLink(ctx.db, { workspaceId: session.workspace.id, funnelId: funnel.id, createdBy: session.member.id, now: ctx.now() });
    reply.header('cache-control', 'no-store');
    return { url: `${ctx.linkOrigin()}${portalPath(token)}` };
  });

  app.post('/portal-links/:funnelId/rotate', { schema: { params: funnelParams }, config: { auth: 'member', may: { kind: 'member' } } }, async (request, reply) => {
    const session = signedIn(request);
    const funnel = await staffFunnel(session.workspace.id, request.params.funnelId);
    const link = { workspaceId: session.workspace.id, funnelId: funnel.id };
    const token = await ctx.db.transaction(async (tx) => {
      await endPortalLinks(tx, link, ctx.now());
      return mintPortalLink(tx, { ...link, createdBy: session.member.id, now: ctx.now() });
    });
    reply.header('cache-control', 'no-store');
    return { url: `${ctx.linkOrigin()}${portalPath(token)}` };
  });

  // Resend link: the latest outreach message again, with a fresh link, to the creator's email.
  app.post('/portal-links/:funnelId/send', { schema: { params: funnelParams }, config: { auth: 'member', may: { kind: 'member', flag: 'sendOutreach' } } }, async (request, reply) => {
    const session = signedIn(request);
    const funnel = await staffFunnel(session.workspace.id, request.params.funnelId);
    const problem = cannotEmail(funnel);
    if (problem) throw new HttpError(409, problem, 'funnelId');
    const last = funnel.outreach?.at(-1);
    if (!last) throw new HttpError(409, 'Send outreach first: there is no message to send again', 'funnelId');
    await ctx.db.transaction((tx) =>
      emailCreator(tx, {
        workspaceId: session.workspace.id,
        origin: ctx.linkOrigin(),
        now: ctx.now(),
        funnelId: funnel.id,
        message: last.message,
        sender: { id: session.member.id, name: session.member.name },
      }),
    );
    ctx.mail?.kick();
    reply.header('cache-control', 'no-store');
    return { ok: true, to: funnel.email };
  });
}
