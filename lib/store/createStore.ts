// The one signals store: createStore builds one (tests make their own), getStore returns
// the page-wide one that every widget and custom element on the page shares.
import { signal } from '@preact/signals-core';
import type { Entity, TeamMember } from '../domain/types';
import { sampleWorkspace } from '../sample';
import { createIndexedDbStorage } from '../storage/indexeddb';
import { createMemoryStorage } from '../storage/memory';
import type { StorageAdapter, StoredRecord } from '../storage/types';
import { createAdminSlice } from './admin';
import { createCalendarSlice } from './calendar';
import { createContext, type Collection, type Singleton } from './core';
import { createFunnelsSlice } from './funnels';
import { createInventorySlice } from './inventory';
import { META, SCHEMA_VERSION, migrateRecords, storedSchemaVersion } from './migrations';
import { createNotificationsSlice } from './notifications';
import { createOrdersSlice } from './orders';
import { createSessionSlice } from './session';
import { createTeamSlice } from './team';

export interface StoreOptions {
  /** Where data lives between page loads. Default: IndexedDB in a browser, memory elsewhere. */
  storage?: StorageAdapter;
  /** Separates two workspaces on one origin (IndexedDB database name). Default 'default'. */
  workspace?: string;
  /** The clock; tests pass a fixed one. */
  now?: () => Date;
  /** Seed an empty workspace with the spec's sample data. Default true. */
  seed?: boolean;
}

export function createStore(options: StoreOptions = {}) {
  const storage = options.storage ?? defaultStorage(options.workspace);
  const now = options.now ?? (() => new Date());
  // Slices are created below; the engine reaches the team and session lazily.
  let members: Collection<TeamMember> | undefined;
  let sessionSingleton: Singleton<{ memberId: string | null }> | undefined;
  const engine = createContext({
    storage,
    now,
    members: () => members!,
    session: () => sessionSingleton!,
  });
  const ctx = engine.context;

  const session = createSessionSlice(ctx);
  members = session.members;
  sessionSingleton = session.session;
  const team = createTeamSlice(ctx);
  const admin = createAdminSlice(ctx);
  const inventory = createInventorySlice(ctx);
  const funnels = createFunnelsSlice(ctx);
  const orders = createOrdersSlice(ctx);
  const calendar = createCalendarSlice(ctx);
  const notifications = createNotificationsSlice(ctx);

  const ready = signal(false);

  function seedSample() {
    const data = sampleWorkspace(now());
    ctx.transaction(() => {
      for (const [name, records] of Object.entries(data.collections)) ctx.collection<Entity>(name).replaceAll(records);
      for (const [name, value] of Object.entries(data.singletons)) ctx.singleton(name, value).set(value);
    });
    engine.persist([{ type: 'put', collection: META.collection, id: META.id, value: { version: SCHEMA_VERSION } }]);
  }

  async function load() {
    let records: StoredRecord[];
    try {
      records = await storage.load();
    } catch (error) {
      engine.fallBackToMemory(
        'Changes are not being saved: this browser does not let Creatorflow store data ' +
          `(${error instanceof Error ? error.message : String(error)}). You are working on a temporary copy.`,
      );
      records = [];
    }
    const version = storedSchemaVersion(records);
    if (version === null) {
      if (options.seed !== false) seedSample();
    } else {
      const migrated = version < SCHEMA_VERSION ? migrateRecords(records, version) : records;
      const unreadable = engine.hydrate(migrated);
      if (version < SCHEMA_VERSION) {
        engine.persist([
          ...engine.snapshotOps().filter((op) => op.type !== 'clear'),
          { type: 'put', collection: META.collection, id: META.id, value: { version: SCHEMA_VERSION } },
        ]);
      }
      if (unreadable.length) {
        engine.persistence.value = {
          ...engine.persistence.value,
          unreadable,
          warning: `${unreadable.length} saved record${unreadable.length === 1 ? '' : 's'} could not be read and ${unreadable.length === 1 ? 'was' : 'were'} left out. Download them to keep a copy.`,
        };
      }
    }
    if (engine.persistence.peek().status === 'loading')
      engine.persistence.value = { ...engine.persistence.peek(), status: 'saving' };
    ready.value = true;
  }

  const unsubscribe = storage.subscribe?.((ops) => {
    if (ops.some((op) => op.type === 'clear')) void storage.load().then((records) => engine.hydrate(records));
    else engine.applyRemote(ops);
  });

  const loaded = load();

  /** Puts the sample data back in place of everything (Settings, with a confirmation). */
  function resetWorkspace() {
    const allowed = ctx.authorize('manageTeam');
    if (!allowed.ok) return allowed;
    engine.persist([{ type: 'clear' }]);
    seedSample();
    ctx.log({ action: 'Workspace reset', actionType: 'system', details: 'Workspace reset to sample data' });
    return { ok: true as const, value: undefined };
  }

  return {
    /** True once stored data (or the seed) is in the signals. */
    ready,
    /** Resolves when the first load has settled. */
    loaded,
    /** Where the data is kept, and any warning to show. */
    persistence: engine.persistence,
    /** Resolves when every write issued so far is stored. */
    flush: engine.flush,
    now,
    session,
    team,
    admin,
    inventory,
    funnels,
    orders,
    calendar,
    notifications,
    resetWorkspace,
    /** Stops listening to other tabs and closes the storage. */
    dispose() {
      unsubscribe?.();
      storage.close?.();
    },
  };
}

export type Store = ReturnType<typeof createStore>;

function defaultStorage(workspace?: string): StorageAdapter {
  // Outside a browser (Node, SSR) memory is the only choice. In a browser without IndexedDB
  // the IndexedDB adapter fails to load, and the store falls back to memory with a warning.
  if (typeof window === 'undefined') return createMemoryStorage();
  return createIndexedDbStorage({ workspace });
}

let pageStore: Store | null = null;
let pageOptions: StoreOptions = {};

/**
 * Chooses storage, workspace or clock for the page-wide store. Call before the first
 * element renders; later calls are refused because the store already holds data.
 */
export function configure(options: StoreOptions): void {
  if (pageStore) throw new Error('creatorflow: configure() must be called before the first screen renders');
  pageOptions = { ...pageOptions, ...options };
}

/** The page-wide store, shared by every screen and custom element on the page. */
export function getStore(): Store {
  pageStore ??= createStore(pageOptions);
  return pageStore;
}
