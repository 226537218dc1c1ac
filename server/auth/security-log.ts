// The security log: sign-ins, failed attempts, two-factor changes, ended sessions and key
// changes, kept in a server-only table and read by the workspace's Admins alone (a failed
// sign-in's place and device are not for the whole team). Places are address prefixes only.
import { randomUUID } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { SECURITY_EVENT_KINDS, type SecurityEventKind } from '../../lib/domain/two-factor';
import type { ServerContext } from '../context';
import type { Executor } from '../db/client';
import * as t from '../db/schema';
import { signedIn } from '../http/auth';
import { originOfRequest } from '../http/request-origin';
import type { ValibotTypeProvider } from '../http/valibot';

export { SECURITY_EVENT_KINDS, type SecurityEventKind };

/** The most recent entries an Admin reads at once. */
export const SECURITY_LOG_LIMIT = 200;


export async function recordSecurityEvent(
  db: Executor,
  entry: { workspaceId: string; kind: SecurityEventKind; memberName: string; at: Date; request: FastifyRequest },
): Promise<void> {
  await db.insert(t.securityEvents).values({
    id: randomUUID(),
    workspaceId: entry.workspaceId,
    kind: entry.kind,
    memberName: entry.memberName,
    at: entry.at,
    ...originOfRequest(entry.request),
  });
}

const securityLogResponse = v.object({
  events: v.array(v.object({ id: v.string(), at: v.string(), kind: v.picklist(SECURITY_EVENT_KINDS), memberName: v.string(), device: v.string(), place: v.string() })),
});

export async function securityLogRoutes(instance: FastifyInstance, { ctx }: { ctx: ServerContext }) {
  const app = instance.withTypeProvider<ValibotTypeProvider>();
  app.get('/auth/security-log', { schema: { response: { 200: securityLogResponse } }, config: { auth: 'admin' } }, async (request, reply) => {
    const session = signedIn(request);
    const rows = await ctx.db
      .select()
      .from(t.securityEvents)
      .where(eq(t.securityEvents.workspaceId, session.workspace.id))
      .orderBy(desc(t.securityEvents.at), desc(t.securityEvents.id))
      .limit(SECURITY_LOG_LIMIT);
    reply.header('cache-control', 'no-store');
    const known = (kind: string): kind is SecurityEventKind => (SECURITY_EVENT_KINDS as readonly string[]).includes(kind);
    return {
      // A kind a later version retired is left out rather than misnamed.
      events: rows.flatMap((row) => (known(row.kind) ? [{ id: row.id, at: row.at.toISOString(), kind: row.kind, memberName: row.memberName, device: row.device, place: row.place }] : [])),
    };
  });
}
