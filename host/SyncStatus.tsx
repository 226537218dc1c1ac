import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useRef } from 'react';
import { englishTranslator, type Translator } from '../lib/i18n';
import type { SyncStatus as Status } from '../lib/storage/sync';
import { useT } from '../widgets/ui/i18n';
import { toast } from '../widgets/ui/toast';
import { useStore } from '../widgets/ui/store-context';

/** What the status line says for each state of the team sync. */
export function syncStatusText(status: Status, { t, tm }: Translator = englishTranslator()): string {
  switch (status.state) {
    case 'saved':
      return t('shell.sync.saved');
    case 'saving':
      return t('shell.sync.saving');
    case 'offline':
      return status.pending ? t('shell.sync.offlinePending', { count: status.pending }) : t('shell.sync.offline');
    case 'error':
      return t('shell.sync.error', { message: status.message ? tm(status.message) : t('shell.sync.refused') });
    case 'signed-out':
      return t('shell.sync.signedOut');
  }
}

/**
 * A quiet line in the top bar while the workspace syncs with the team server; a refused change
 * also shows its reason in a toast (the change itself rolls back on screen). Absent without a server.
 */
export function SyncStatus() {
  useSignals();
  const store = useStore();
  const translator = useT();
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
      {syncStatusText(status, translator)}
    </span>
  );
}
