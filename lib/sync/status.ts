// What the top bar says, from the connection as the sync client last found it, the browser's
// own network flag, and the signed-in member's waiting changes.
import type { SyncState, SyncStatus } from './types';

/** The connection as the last request (or the event stream) found it. */
export type Connection = 'ok' | 'unreachable' | 'signed-out' | 'removed';

export function statusOf(connection: Connection, online: boolean, pending: number): SyncStatus {
  return { state: stateOf(connection, online, pending), pending };
}

function stateOf(connection: Connection, online: boolean, pending: number): SyncState {
  // Removed and signed out outrank the network: no connection fixes them.
  if (connection === 'removed' || connection === 'signed-out') return connection;
  if (!online) return 'offline';
  if (connection === 'unreachable') return 'unreachable';
  return pending > 0 ? 'saving' : 'saved';
}

/** The browser's network flag (true outside a browser: Node tests, workers without it). */
export const browserOnline = () => (typeof navigator === 'undefined' || typeof navigator.onLine !== 'boolean' ? true : navigator.onLine);
