// The changes of a removed member that were not kept: the removal screen names each one. They are
// captured as the sync client settles them (the workspace still holds their activity entries
// then, which say what each change was), before the workspace is cleared from view.
import { signal, type ReadonlySignal } from '@preact/signals-core';
import type { ActivityMessage } from '../lib/domain/types';
import type { Store } from '../lib/store/createStore';
import { REMOVED_CODE } from '../lib/sync/protocol';

/** One change not kept: what its activity entry said (as messages, for the screen's language), else its English. */
export interface NotKeptChange {
  key: string;
  action: string;
  details: string;
  message?: ActivityMessage;
}

const notKeptChanges = signal<readonly NotKeptChange[]>([]);
export const notKept: ReadonlySignal<readonly NotKeptChange[]> = notKeptChanges;

/** Follows the store's sync client; returns the unsubscribe (nothing without a team server). */
export function followNotKept(store: Store): () => void {
  return (
    store.sync?.onSettled((settled) => {
      if (settled.code !== REMOVED_CODE) return;
      const entry = store.admin.activity.get(`act_${settled.meta.idSeed}`);
      const change: NotKeptChange = entry
        ? { key: settled.key, action: entry.action, details: entry.details, ...(entry.message ? { message: entry.message } : {}) }
        : { key: settled.key, action: settled.name, details: '' };
      notKeptChanges.value = [...notKeptChanges.peek(), change];
    }) ?? (() => {})
  );
}
