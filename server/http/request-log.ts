// Who a request's log lines are about: the member's id (never their email or name), the
// workspace's id, the API key's id (never the key) and, for a push, its mutations' names.
// Set by the auth hook once it knows who called, so every later line of the request (the
// "request completed" line included) carries them.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isMutationName } from '../../lib/mutators';

/** A mutation's name as logs, metrics and traces say it: a name the server does not know is pooled, never repeated. */
export const mutationLabel = (name: string) => (isMutationName(name) ? name : '(unknown)');

/** Adds `fields` to every later log line of this request. */
export function addLogFields(request: FastifyRequest, reply: FastifyReply, fields: Record<string, unknown>) {
  const log = request.log.child(fields);
  request.log = log;
  reply.log = log;
}

/** The caller's ids, once the auth hook has found them. */
export async function tagRequestLog(request: FastifyRequest, reply: FastifyReply) {
  if (request.member) addLogFields(request, reply, { memberId: request.member.member.id, workspaceId: request.member.workspace.id });
  else if (request.embed) addLogFields(request, reply, { memberId: request.embed.member.id, workspaceId: request.embed.workspaceId, apiKeyId: request.embed.keyId });
  else if (request.apiKey) addLogFields(request, reply, { workspaceId: request.apiKey.workspaceId, apiKeyId: request.apiKey.id });
}
