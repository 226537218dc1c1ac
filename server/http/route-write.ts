// A route's write through the one mutation runner: authorized (a member as stored, or the
// server's own actor where a one-time link is the authorization), validated, logged, and
// answered the way the route always answered.
import type { FastifyRequest } from 'fastify';
import type { Mutator } from '../../lib/mutators/types';
import { HttpError, type ServerContext } from '../context';
import { outcomeHttpStatus, runMutation, type MutationOutcome, type RunMutationOptions } from '../db/tx';
import { loggableError } from '../validation';

type Rejected = Extract<MutationOutcome, { status: 'rejected' }>;

/**
 * Runs `options.mutator` and answers its value and version, after poking the workspace's
 * browsers and waking the workers its commit queued work for. A rule's refusal becomes what
 * `refusal` answers (the route's own message and code), any other outcome its HTTP status.
 */
export async function routeWrite<R>(
  ctx: ServerContext,
  request: FastifyRequest,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  options: Omit<RunMutationOptions<Mutator<any, any, R>>, 'db' | 'now' | 'onError'>,
  refusal?: (outcome: Rejected) => HttpError,
): Promise<{ value: R; version: number }> {
  const outcome = await runMutation({
    ...options,
    db: ctx.db,
    now: ctx.now,
    onError: (error) => request.log.error({ err: loggableError(error), mutation: options.mutator.name }, 'mutation failed'),
  });
  if (outcome.status === 'applied') {
    ctx.pokes?.poke(options.workspaceId, outcome.version);
    if (outcome.queuedWebhooks) ctx.webhooks?.kick();
    if (outcome.queuedMail) ctx.mail?.kick();
    return { value: outcome.value as R, version: outcome.version };
  }
  if (outcome.status === 'rejected' && refusal) throw refusal(outcome);
  if (outcome.status === 'skipped') throw new HttpError(409, 'This change was already made');
  throw new HttpError(outcomeHttpStatus(outcome), outcome.error, 'field' in outcome ? outcome.field : undefined);
}
