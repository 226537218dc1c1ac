import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useRef } from 'react';
import { englishTranslator, type Translator } from '../lib/i18n';
import type { SyncStatus as Status } from '../lib/storage/sync';
import { serverErrorIn } from '../lib/i18n/server-errors';
import { useT } from '../widgets/ui/i18n';
import { toast } from '../widgets/ui/toast';
import { useStore } from '../widgets/ui/store-context';

/** A refused change's reason in the screen's language: the server's known code from the catalog, else its words. */
const refusalText = (status: Status, i18n: Translator) => (status.message ? serverErrorIn(i18n, { error: status.message, code: status.code, params: status.params }) : null);

/** What the status line says for each state of the team sync. */
export function syncStatusText(status: Status, i18n: Translator = englishTranslator()): string {
  const { t } = i18n;
  switch (status.state) {
    case 'saved':
      return t('shell.sync.saved');
    case 'saving':
      return t('shell.sync.saving');
    case 'offline':
      return status.pending ? t('shell.sync.offlinePending', { count: status.pending }) : t('shell.sync.offline');
    case 'error':
      return t('shell.sync.error', { message: refusalText(status, i18n) ?? t('shell.sync.refused') });
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
  // The toast says the reason in the page's language (a coded refusal by its code); a new refusal is a new message.
  const said = status?.state === 'error' ? refusalText(status, translator) : null;
  useEffect(() => {
    if (message && said && message !== lastError.current) toast.error(said);
    lastError.current = message;
  }, [message, said]);
  if (!status) return null;
  return (
    <span className="cf-sync-status" role="status" data-state={status.state}>
      {syncStatusText(status, translator)}
    </span>
  );
}
