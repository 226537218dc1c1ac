// The mail line of Settings: where the server's mail goes and whether the latest message failed (Admins only).
import type { FastifyInstance } from 'fastify';
import { HttpError, type ServerContext } from '../context';
import { signedIn } from '../http/auth';
import { mailStatusResponse } from '../http/schemas';
import type { ValibotTypeProvider } from '../http/valibot';
import { mailStatus } from './worker';

export async function mailRoutes(instance: FastifyInstance, { ctx }: { ctx: ServerContext }) {
  const app = instance.withTypeProvider<ValibotTypeProvider>();
  app.get('/mail/status', { schema: { response: { 200: mailStatusResponse } }, config: { auth: 'member' } }, async (request) => {
    const session = signedIn(request);
    // A delivery failure's reason names recipients and the mail server: for Admins, who can fix it.
    if (session.member.role !== 'Admin') throw new HttpError(403, 'Only Admins can see the mail settings', undefined, { code: 'adminsOnly' });
    return mailStatus(ctx.db, session.workspace.id, ctx.mail?.transport ?? null);
  });
}
