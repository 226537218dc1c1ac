// What the store hears from a team server's sync client about the mutations it queued: each
// one once, confirmed or refused. The success toasts of the screens (widgets/ui/toast) and the
// progress of paged imports (./bulk) wait on it.
import type { Result } from '../domain/types';
import type { Mutation, MutationMeta } from '../mutators/types';
import type { SettledMutation, SyncClient } from '../sync/types';

/** The part of the sync client (lib/sync) the store's bulk writes and confirmations need. */
export type SettlementSource = Pick<SyncClient, 'waiting' | 'onSettled' | 'discard' | 'staged' | 'stage' | 'unstage'>;

/** How a queued write ended on the server. */
export type Settlement = Pick<SettledMutation, 'state' | 'code' | 'params' | 'problem' | 'message' | 'status'> & { meta: MutationMeta };

/** A queued write: its meta (its ids and time), and the server's decision to come. */
export interface Confirmation {
  meta: MutationMeta;
  settled: Promise<Settlement>;
}

const confirmations = new WeakMap<object, Confirmation>();

/**
 * The server's decision on the write whose local result this is, when it was queued for a
 * team server (undefined without one, or for a refused result: nothing was queued).
 */
export function confirmationOf(result: Result<unknown>): Confirmation | undefined {
  return confirmations.get(result);
}

/** Follows the sync client's decisions and gives each queued result its promise. */
export function createConfirmations(source: SettlementSource) {
  const pending = new Map<string, (settlement: Settlement) => void>();
  const stop = source.onSettled((mutation) => {
    const resolve = pending.get(mutation.meta.idSeed);
    if (!resolve) return;
    pending.delete(mutation.meta.idSeed);
    const { state, code, params, problem, message, status, meta } = mutation;
    resolve({
      state,
      meta,
      ...(code ? { code } : {}),
      ...(params ? { params } : {}),
      ...(problem ? { problem } : {}),
      ...(message ? { message } : {}),
      ...(status ? { status } : {}),
    });
  });
  return {
    /** Called for each local result the store queued for the server. */
    track(call: Mutation, result: Result<unknown>) {
      if (!result.ok) return;
      confirmations.set(result, { meta: call.meta, settled: new Promise<Settlement>((resolve) => pending.set(call.meta.idSeed, resolve)) });
    },
    stop,
  };
}
