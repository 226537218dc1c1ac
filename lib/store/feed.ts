// The change feed: each committed transaction announced once to its listeners.
import type { ChangeListener, ChangeSet } from './engine-types';

export function createFeed() {
  const listeners = new Set<{ listener: ChangeListener; source?: 'local' | 'remote' }>();

  function emit(change: ChangeSet) {
    for (const { listener, source } of [...listeners]) {
      if (source && source !== change.source) continue;
      try {
        listener(change);
      } catch (error) {
        console.error('creatorflow: a change listener threw', error);
      }
    }
  }

  /** Calls `listener` once per committed transaction (of one source, when given). Returns the unsubscribe. */
  function listen(listener: ChangeListener, listenOptions: { source?: 'local' | 'remote' } = {}) {
    const entry = { listener, source: listenOptions.source };
    listeners.add(entry);
    return () => {
      listeners.delete(entry);
    };
  }

  return { emit, listen, clear: () => listeners.clear() };
}
