// The mail line of Settings: where the server's mail goes and whether the latest message failed (Admins only).
import type { FastifyInstance } from 'fastify';
import { HttpError, requireSession, type ServerContext } from '../context';
import { mailStatusResponse } from '../http/schemas';
import type { ValibotTypeProvider } from '../http/valibot';
import { mailStatus } from './worker';

export async function mailRoutes(instance: FastifyInstance, ctx: ServerContext) {
  const app = instance.withTypeProvider<ValibotTypeProvider>();
  app.get('/mail/status', { schema: { response: { 200: mailStatusResponse } } }, async (request, reply) => {
    const session = await requireSession(ctx, request, reply);
    // A delivery failure's reason names recipients and the mail server: for Admins, who can fix it.
    if (session.member.role !== 'Admin') throw new HttpError(403, 'Only Admins can see the mail settings', undefined, { code: 'adminsOnly' });
    return mailStatus(ctx.db, session.workspace.id, ctx.mail?.transport ?? null);
  });
}
