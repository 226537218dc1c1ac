// The member's own workspace: every record and singleton (the browser's load until the sync
// endpoints replace it), and writes through the mutators the server was given.
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { HttpError, originOf, requireSession, type ServerContext } from '../context';
import { loadWorkspace } from '../db/records';
import * as t from '../db/schema';
import { outcomeHttpStatus, runMutation } from '../db/tx';
import { mutationBody, mutationResponse, workspaceRecordsResponse } from '../http/schemas';
import type { ValibotTypeProvider } from '../http/valibot';
import { loggableError } from '../validation';
import { recordForRole } from '../../lib/schema/records';
import { CREDENTIAL_MUTATIONS, CREDENTIALS_BY_ROUTE_MESSAGE } from '../integrations/credentials';
import { outreachEmail } from '../portal/outreach';

export async function workspaceRoutes(instance: FastifyInstance, ctx: ServerContext) {
  const app = instance.withTypeProvider<ValibotTypeProvider>();

  app.get('/workspace/records', { schema: { response: { 200: workspaceRecordsResponse } } }, async (request, reply) => {
    const session = await requireSession(ctx, request, reply);
    const workspaceId = session.workspace.id;
    // One snapshot: the version and the records it describes agree.
    const data = await ctx.db.transaction(
      async (tx) => {
        const [row] = await tx.select({ version: t.workspaceVersions.version }).from(t.workspaceVersions).where(eq(t.workspaceVersions.workspaceId, workspaceId));
        return { version: row?.version ?? 0, ...(await loadWorkspace(tx, workspaceId)) };
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    reply.header('cache-control', 'no-store');
    // Only what the member's role may see (integration credentials and webhook URLs are for Admins).
    const role = session.member.role;
    const collections = Object.fromEntries(
      Object.entries(data.collections).map(([name, records]) => [name, records.map((record) => recordForRole(name, record.id, record, role))]),
    ) as typeof data.collections;
    const singletons = Object.fromEntries(Object.entries(data.singletons).map(([name, value]) => [name, recordForRole('singletons', name, value, role)]));
    return { workspace: session.workspace, ...data, collections, singletons };
  });

  app.post('/workspace/mutations', { schema: { body: mutationBody, response: { 200: mutationResponse } } }, async (request, reply) => {
    const session = await requireSession(ctx, request, reply);
    const { name, args, meta, clientID, mutationID } = request.body;
    const mutator = ctx.mutators.get(name);
    if (!mutator) throw new HttpError(400, `Unknown mutation "${name}"`, 'name');
    if ((clientID === undefined) !== (mutationID === undefined)) throw new HttpError(400, 'clientID and mutationID go together', 'mutationID');
    if (CREDENTIAL_MUTATIONS.has(name)) throw new HttpError(400, CREDENTIALS_BY_ROUTE_MESSAGE, 'name');
    const outcome = await runMutation({
      db: ctx.db,
      workspaceId: session.workspace.id,
      memberId: session.member.id,
      clientID,
      mutationID,
      mutator,
      args,
      meta,
      now: ctx.now,
      onError: (error) => request.log.error({ err: loggableError(error), mutation: name }, 'mutation failed'),
      // Outreach emails the creator, in the same transaction.
      ...(name === 'funnels.sendOutreach' ? { inTransaction: outreachEmail({ workspaceId: session.workspace.id, origin: originOf(ctx, request), now: ctx.now() }) } : {}),
    });
    if (outcome.status === 'applied') {
      ctx.pokes?.poke(session.workspace.id, outcome.version);
      if (outcome.queuedMail || name === 'funnels.sendOutreach') ctx.mail?.kick();
    }
    reply.header('cache-control', 'no-store');
    // Refusals and rejections carry the same body shape under their own status.
    return reply.code(outcomeHttpStatus(outcome) as 200).send(outcome);
  });
}
