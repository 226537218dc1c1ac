// A worker's write through the one mutation runner, as the server's own actor.
import type { Mutator } from '../../../lib/mutators/types';
import { systemActor } from './actors';
import type { MutationOutcome } from './outcome';
import { runMutation, type RunMutationOptions } from './run-mutation';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyMutator = Mutator<any, any, any>;

/**
 * Runs `mutator` as the system actor and answers the applied outcome. Anything else is a bug
 * (a worker's arguments are its own): thrown, with the error behind it when there was one, for
 * the worker's error handler.
 */
export async function systemWrite<M extends AnyMutator>(options: Omit<RunMutationOptions<M>, 'actor' | 'memberId' | 'onError'>): Promise<Extract<MutationOutcome, { status: 'applied' }>> {
  let failure: Error | undefined;
  const outcome = await runMutation({ ...options, actor: systemActor(), onError: (error) => (failure ??= error instanceof Error ? error : new Error('A worker write failed', { cause: error })) });
  if (outcome.status === 'applied') return outcome;
  if (failure) throw failure;
  throw new Error(`${options.mutator.name} was not applied: ${'error' in outcome ? outcome.error : outcome.status}`);
}
