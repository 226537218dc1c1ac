import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useRef } from 'react';
import type { SyncStatus as Status } from '../lib/storage/sync';
import { toast } from '../widgets/ui/toast';
import { useStore } from '../widgets/ui/store-context';

/** What the status line says for each state of the team sync. */
export function syncStatusText(status: Status): string {
  switch (status.state) {
    case 'saved':
      return 'All changes saved';
    case 'saving':
      return 'Saving…';
    case 'offline':
      return status.pending
        ? `Offline — ${status.pending} ${status.pending === 1 ? 'change' : 'changes'} will sync`
        : 'Offline — changes will sync';
    case 'error':
      return `Couldn't save: ${status.message ?? 'the server refused the change'}`;
    case 'signed-out':
      return 'Signed out — sign in again to save';
  }
}

/**
 * A quiet line in the top bar while the workspace syncs with the team server; a refused change
 * also shows its reason in a toast (the change itself rolls back on screen). Absent without a server.
 */
export function SyncStatus() {
  useSignals();
  const store = useStore();
  const status = store.sync?.value ?? null;
  const lastError = useRef<string | undefined>(undefined);
  const message = status?.state === 'error' ? status.message : undefined;
  useEffect(() => {
    if (message && message !== lastError.current) toast.error(message);
    lastError.current = message;
  }, [message]);
  if (!status) return null;
  return (
    <span className="cf-sync-status" role="status" data-state={status.state}>
      {syncStatusText(status)}
    </span>
  );
}
