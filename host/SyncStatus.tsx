import { useSignals } from '@preact/signals-react/runtime';
import { useEffect } from 'react';
import { englishTranslator, type Translator } from '../lib/i18n';
import { serverErrorIn } from '../lib/i18n/server-errors';
import { REMOVED_CODE } from '../lib/sync/protocol';
import type { SettledMutation, SyncStatus as Status } from '../lib/sync/types';
import { useT } from '../widgets/ui/i18n';
import { settleToastId, toast } from '../widgets/ui/toast';
import { useStore } from '../widgets/ui/store-context';
import { signOutStep } from './sign-out';

/** What the status line says for each state of the team sync. */
export function syncStatusText(status: Status, i18n: Translator = englishTranslator()): string {
  const { t } = i18n;
  const count = status.pending;
  switch (status.state) {
    case 'saved':
      return t('shell.sync.saved');
    case 'loading':
      return t('shell.sync.loading', { count });
    case 'saving':
      return t('shell.sync.saving', { count });
    case 'offline':
      return count ? t('shell.sync.offlinePending', { count }) : t('shell.sync.offline');
    case 'unreachable':
      return t('shell.sync.unreachable', { count });
    case 'signed-out':
      return t('shell.sync.signedOut', { count });
    case 'removed':
      return t('shell.sync.removed');
  }
}

/** A refused change's reason in the screen's language: the server's known code from the catalog, else its words. */
export function refusalText(refused: SettledMutation, i18n: Translator): string {
  const reason = serverErrorIn(i18n, {
    error: refused.message ?? '',
    code: refused.code,
    params: refused.params as Record<string, string | number> | undefined,
    problem: refused.problem,
  });
  return i18n.t('shell.sync.error', { message: reason || i18n.t('shell.sync.refused') });
}

/**
 * A quiet line in the top bar while the workspace syncs with the team server. A refused change
 * rolls back on screen and says why in a toast, in the screen's language. Absent without a server.
 */
export function SyncStatus() {
  useSignals();
  const store = useStore();
  const translator = useT();
  const sync = store.sync;
  useEffect(() => {
    if (!sync) return;
    // Discarded on purpose (a cancelled import): the screen that discarded it says so itself.
    return sync.onSettled((settled) => {
      // In the toast the write's own outcome uses (showResult), so a refusal is told once.
      // Not kept for a removed member: the removal screen lists those.
      if (settled.state === 'refused' && settled.code !== 'discarded' && settled.code !== REMOVED_CODE) toast.error(refusalText(settled, translator), { id: settleToastId(settled.meta) });
    });
  }, [sync, translator]);
  if (!sync) return null;
  const status = sync.status.value;
  // Behind the Logout dialog that asks about them, the bar says the same of the waiting changes.
  const lostOnSignOut = signOutStep.value === 'asking' && status.pending > 0 && !['signed-out', 'removed'].includes(status.state);
  return (
    <span className="cf-sync-status" role="status" data-state={status.state}>
      {lostOnSignOut ? translator.t('shell.sync.lostOnSignOut', { count: status.pending }) : syncStatusText(status, translator)}
    </span>
  );
}
