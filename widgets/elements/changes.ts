// cf-change for custom elements. Each element gives its screen a view of the store whose
// actions carry the element as their origin (lib/store/origin.ts); the store's change feed
// names the origin of every local change, so an element announces exactly the changes its
// user made in it. Changes from another tab, another element or the page's own store calls
// raise no cf-change here: listen to the store for those.
import type { ActivityEntry } from '../../lib/domain/types';
import type { ChangeSet } from '../../lib/store/core';
import type { Store } from '../../lib/store/createStore';

/** `detail` of a `cf-change` event. */
export interface ChangeDetail {
  /** The collection (or settings record) that changed, e.g. 'inventory', 'orders', 'settings'. */
  collection: string;
  /** The changed record's id, when one record changed. */
  id?: string;
  /** The activity log's action, e.g. 'Inventory quantity updated'. */
  action: string;
  /** The activity log's details, e.g. 'Wireless Earbuds: 45 → 30'. */
  details: string;
  /** Every collection that changed with it (a quantity change may add a notification too). */
  collections: string[];
}

/** Picks the collection a log entry is about among those that changed with it. */
export function mainCollection(entry: Pick<ActivityEntry, 'actionType'>, changed: string[]): string {
  if (entry.actionType === 'notification' && changed.includes('notifications')) return 'notifications';
  return changed.find((name) => name !== 'notifications') ?? changed[0] ?? 'activity';
}

/** The cf-change details of one committed change: one per activity entry, oldest first. */
export function changeDetails(change: ChangeSet): ChangeDetail[] {
  const collections = [...new Set(change.changes.map((c) => c.collection).filter((name) => name !== 'activity' && name !== 'session'))];
  return [...change.logged].reverse().map((entry) => {
    const collection = mainCollection(entry, collections);
    const id = change.changes.find((c) => c.collection === collection)?.id;
    return { collection, ...(id && id !== collection ? { id } : {}), action: entry.action, details: entry.details, collections };
  });
}

/**
 * Makes `host` dispatch cf-change for the changes made through its own store view
 * (`attributedTo(store, host)`). Returns the cleanup to run when the element unmounts.
 */
export function trackChanges(host: HTMLElement, store: Store): () => void {
  return store.listen(
    (change) => {
      if (change.origin !== host) return;
      for (const detail of changeDetails(change)) host.dispatchEvent(new CustomEvent('cf-change', { detail, bubbles: true, composed: true }));
    },
    { source: 'local' },
  );
}
