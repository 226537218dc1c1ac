// Pushing: the signed-in member's waiting mutations, in order, in batches of one tab each. The
// server answers each mutation (confirmed, or refused with a code); a whole push it refuses (a
// body over its limit, input it cannot read) is split until the one mutation at fault is
// refused on its own, so a refusal never blocks the mutations behind it.
import { isMessage } from '../domain/messages';
import { mine, refresh, settle, type SyncCore } from './core';
import { NOT_AUTHOR_CODE, SYNC_PATHS, TOO_LARGE_CODE, type PushResponse, type PushResult } from './protocol';
import { halves, partOf, type Waiting } from './queue';
import { pullOnce } from './pull';
import { SyncError, SYNC_MESSAGES } from './transport';

/** Most mutations in one push (the server takes up to 500). */
const PUSH_BATCH = 100;
/** Most bytes of mutations in one push, under the server's 1 MB body limit. */
export const PUSH_BYTES = 512 * 1024;

/**
 * The next push's mutations from the head of the queue: one tab's, up to PUSH_BATCH and
 * PUSH_BYTES. A page of an import goes alone: the server answers a push when it has run all of
 * it, so a page's rows count as saved as soon as the server confirms them, not once the pages
 * pushed with it are done too.
 */
export function pushBatchOf(own: readonly Waiting[]): Waiting[] {
  const batch: Waiting[] = [];
  let bytes = 0;
  for (const m of own) {
    const size = JSON.stringify(m.args).length;
    const page = partOf(m.args) !== null;
    if (m.clientID !== own[0].clientID || batch.length === PUSH_BATCH || (batch.length > 0 && (page || bytes + size > PUSH_BYTES))) break;
    batch.push(m);
    bytes += size;
    if (page) break;
  }
  return batch;
}

/** Pushes everything of the signed-in member that waits. Throws what stops it (offline, signed out...). */
export async function pushAll(core: SyncCore) {
  // Whose changes may go is the server's word: learn who is signed in first.
  if (!core.who) await pullOnce(core);
  for (;;) {
    const own = mine(core);
    if (!own.length || core.closed) return;
    const batch = pushBatchOf(own);
    refresh(core);
    await pushBatch(core, batch[0].clientID, batch);
  }
}

async function pushBatch(core: SyncCore, owner: string, batch: Waiting[]): Promise<void> {
  let response: PushResponse;
  try {
    response = await core.request<PushResponse>(SYNC_PATHS.push, {
      method: 'POST',
      body: JSON.stringify({ clientID: owner, memberId: core.who!.memberId, mutations: batch.map(({ id, name, args, meta }) => ({ id, name, args, meta })) }),
    });
  } catch (error) {
    if (!(error instanceof SyncError) || error.kind !== 'refused') throw error;
    if (error.body?.code === NOT_AUTHOR_CODE) {
      // Someone else signed in since this page learnt who: ask again before pushing anything.
      core.who = null;
      throw error;
    }
    if (batch.length > 1) {
      const [first, second] = halves(batch);
      await pushBatch(core, owner, first);
      return pushBatch(core, owner, second);
    }
    const tooLarge = error.status === 413;
    return settle(core, [
      {
        mutation: batch[0],
        outcome: {
          state: 'refused',
          status: error.status,
          message: tooLarge ? SYNC_MESSAGES.tooLarge : error.message,
          ...(tooLarge ? { code: TOO_LARGE_CODE } : error.body?.code ? { code: error.body.code, ...(error.body.params ? { params: error.body.params } : {}) } : {}),
        },
      },
    ]);
  }
  // Stopped while the answer came (a logout): the cache is being cleared, nothing goes in.
  if (core.closed) return;
  const results = new Map<number, PushResult>(response.results.map((r) => [r.id, r]));
  const processed = batch.filter((m) => results.has(m.id) || m.id <= response.lastMutationID);
  await settle(
    core,
    processed.map((mutation) => {
      const result = results.get(mutation.id);
      if (!result || result.ok) return { mutation, outcome: { state: 'confirmed' as const } };
      return {
        mutation,
        outcome: {
          state: 'refused' as const,
          message: result.error,
          status: result.status ?? 409,
          ...(result.code ? { code: result.code } : {}),
          ...(result.params ? { params: result.params } : {}),
          ...(isMessage(result.problem) ? { problem: result.problem } : {}),
        },
      };
    }),
  );
  if (!processed.length) throw new SyncError('retry', SYNC_MESSAGES.notTaken);
}
