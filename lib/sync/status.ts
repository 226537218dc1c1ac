// What the top bar says, from the connection as the sync client last found it, the event
// stream's heartbeat, the browser's own network flag, the store's first load and the signed-in
// member's waiting changes.
import type { SyncState, SyncStatus } from './types';

/** The connection as the last request (or the event stream) found it. */
export type Connection = 'ok' | 'unreachable' | 'signed-out' | 'removed';

export interface StatusFacts {
  connection: Connection;
  /** The browser's network flag. */
  online: boolean;
  /** The event stream's heartbeat has been silent too long: the server is not there, whatever the requests say. */
  silent: boolean;
  /** The workspace has not finished loading into the page. */
  loading: boolean;
  pending: number;
}

export function statusOf(facts: StatusFacts): SyncStatus {
  return { state: stateOf(facts), pending: facts.pending };
}

function stateOf({ connection, online, silent, loading, pending }: StatusFacts): SyncState {
  // Removed and signed out outrank the network: no connection fixes them.
  if (connection === 'removed' || connection === 'signed-out') return connection;
  if (!online) return 'offline';
  if (connection === 'unreachable' || silent) return 'unreachable';
  // "All changes saved" speaks of the whole workspace: not while part of it is still coming.
  if (loading) return 'loading';
  return pending > 0 ? 'saving' : 'saved';
}

/** The browser's network flag (true outside a browser: Node tests, workers without it). */
export const browserOnline = () => (typeof navigator === 'undefined' || typeof navigator.onLine !== 'boolean' ? true : navigator.onLine);
