// What running a mutator came to, and the HTTP status a route answers with for it.
import type { Message } from '../../../lib/domain/messages';

// `lastMutationID` (with clientID and mutationID): the client's last processed mutation id as
// stored after this one, when known without reading it again.
export type MutationOutcome<R = unknown> =
  /** Written at `version`. */
  | { status: 'applied'; value: R; version: number; message?: string; lastMutationID?: number; queuedWebhooks?: boolean; queuedMail?: boolean }
  /** The client already had this mutation id processed: nothing done again. */
  | { status: 'skipped'; version: number; lastMutationID?: number }
  /** The mutator's rule (or a database invariant) said no: nothing written. `field`: the input the rule refused, when it was one. */
  | { status: 'rejected'; error: string; problem?: Message; field?: string; version: number; lastMutationID?: number }
  /** Arguments (or meta) failed validation: nothing written. */
  | { status: 'invalid'; error: string; field: string; lastMutationID?: number }
  /** The member may not run it (removed, Pending, Viewer, missing flag, other workspace): nothing changed at all. */
  | { status: 'forbidden'; error: string }
  /** Unknown mutator, a bug in the mutator: nothing written. */
  | { status: 'error'; error: string };

/** The HTTP status a route answers with for an outcome. */
export function outcomeHttpStatus(outcome: MutationOutcome): number {
  switch (outcome.status) {
    case 'applied':
    case 'skipped':
      return 200;
    case 'rejected':
      return 409;
    case 'invalid':
      return 400;
    case 'forbidden':
      return 403;
    case 'error':
      return 500;
  }
}
