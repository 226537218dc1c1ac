// A sync client the test drives by hand: the store queues its mutations here, and the test says
// when the server confirms or refuses each one. For screens whose outcome waits for the server.
import { signal } from '@preact/signals-core';
import { sampleWorkspace } from '../../lib/sample';
import { SAMPLE_ADMIN_ID } from '../../lib/sample/defaults';
import { META, SCHEMA_VERSION } from '../../lib/schema/migrations';
import { createMemoryStorage } from '../../lib/storage/memory';
import type { StorageAdapter, StoredRecord } from '../../lib/storage/types';
import { createTeamApi } from '../../lib/sync/team-api';
import { partOf, stagedKeyOf } from '../../lib/sync/queue';
import type { SettledMutation, StagedPage, StoreSyncClient, SyncStatus, WaitingMutation } from '../../lib/sync/types';

export function fakeSync(now: Date) {
  const data = sampleWorkspace(now);
  const records: StoredRecord[] = [{ collection: META.collection, id: META.id, value: { version: SCHEMA_VERSION } }];
  for (const [name, list] of Object.entries(data.collections)) for (const record of list as { id: string }[]) records.push({ collection: name, id: record.id, value: record });
  for (const [name, value] of Object.entries(data.singletons)) records.push({ collection: 'singletons', id: name, value });
  records.push({ collection: 'singletons', id: 'session', value: { memberId: SAMPLE_ADMIN_ID } });
  const cache = createMemoryStorage(records);
  const waiting = signal<readonly WaitingMutation[]>([]);
  // Import pages not queued yet, as the real client keeps them in its cache.
  const staged = signal<readonly StagedPage[]>([]);
  const listeners = new Set<(m: SettledMutation) => void>();
  let queued = 0;
  const storage: StorageAdapter = {
    ...cache,
    write(ops, info) {
      if (info?.call) {
        waiting.value = [...waiting.peek(), { key: `k${++queued}`, ...info.call }];
        const part = partOf(info.call.args);
        if (part) staged.value = staged.peek().filter((page) => page.key !== stagedKeyOf(part));
      }
      return cache.write(ops);
    },
  };
  const settle = (mutations: readonly WaitingMutation[], outcome: Omit<SettledMutation, keyof WaitingMutation>) => {
    const gone = new Set(mutations.map((m) => m.key));
    waiting.value = waiting.peek().filter((m) => !gone.has(m.key));
    for (const m of mutations) for (const listener of [...listeners]) listener({ ...m, ...outcome });
  };
  const client: StoreSyncClient = {
    storage,
    connect() {},
    status: signal<SyncStatus>({ state: 'saved', pending: 0 }),
    waiting,
    onSettled(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    async discard(keys) {
      const wanted = new Set(keys);
      settle(waiting.peek().filter((m) => wanted.has(m.key)), { state: 'refused', code: 'discarded' });
    },
    staged,
    async stage(pages) {
      staged.value = [...staged.peek(), ...pages];
    },
    async unstage(keys) {
      const gone = new Set(keys);
      staged.value = staged.peek().filter((page) => !gone.has(page.key));
    },
    sync: async () => {},
    signOut: async () => ({ ended: true }),
    teamApi: createTeamApi({ server: 'https://team.example', fetch: (() => Promise.reject(new TypeError('offline'))) }),
    close() {},
  };
  return {
    client,
    waiting,
    staged,
    /** The server takes the first `count` waiting mutations (all by default). */
    confirm(count = waiting.peek().length) {
      settle(waiting.peek().slice(0, count), { state: 'confirmed' });
    },
    /** The server refuses the first waiting mutation with `message`. */
    refuse(message: string, code?: string) {
      settle(waiting.peek().slice(0, 1), { state: 'refused', message, status: 403, ...(code ? { code } : {}) });
    },
  };
}
