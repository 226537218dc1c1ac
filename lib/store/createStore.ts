// The one signals store: createStore builds one (tests make their own), getStore returns
// the page-wide one that every widget and custom element on the page shares.
import { signal } from '@preact/signals-core';
import { sampleWorkspace } from '../sample';
import { SAMPLE_ADMIN_ID } from '../sample/defaults';
import { META, SCHEMA_VERSION, migrateRecords, storedSchemaVersion } from '../schema/migrations';
import { COLLECTION_NAMES, SINGLETON_NAMES } from '../schema/names';
import { isCollectionName } from '../schema/records';
import { createIndexedDbStorage } from '../storage/indexeddb';
import { createMemoryStorage } from '../storage/memory';
import type { StorageAdapter, StoredRecord } from '../storage/types';
import type { RecordWriter } from '../domain/overwrites';
import type { Mutation } from '../mutators/types';
import type { TeamApi } from '../sync/team-api';
import type { StoreSyncClient, SyncClient } from '../sync/types';
import { createAdminSlice } from './admin';
import { createBulkWrites } from './bulk';
import { createConfirmations, type SettlementSource } from './settlement';
import { createCalendarSlice } from './calendar';
import { createEngine, STORAGE_MESSAGES, storageWarning, type ChangeListener, type LoadedRecords } from './core';
import { createFunnelsSlice } from './funnels';
import { createInventorySlice } from './inventory';
import { createNotificationsSlice } from './notifications';
import { createOrdersSlice } from './orders';
import { createOverwritesSlice } from './overwrites';
import { createSessionSlice } from './session';
import { createTeamSlice } from './team';

export interface StoreOptions {
  /** Where data lives between page loads. Default: IndexedDB in a browser, memory elsewhere. */
  storage?: StorageAdapter;
  /**
   * With a team server: the sync client (lib/sync). Its cache is the store's storage, the
   * server's workspace replaces the sample, and local changes wait for the server's word.
   */
  sync?: StoreSyncClient;
  /** The team server's REST calls (invite, password, own language). Default: the sync client's. */
  teamApi?: TeamApi;
  /** Separates two workspaces on one origin (IndexedDB database name). Default 'default'. */
  workspace?: string;
  /** The clock; tests pass a fixed one. */
  now?: () => Date;
  /** Seed an empty workspace with the spec's sample data. Default true. */
  seed?: boolean;
}

/** The first records of each collection shown at once, and the records read per part after them. */
const LOAD_PARTS = { firstPerCollection: 200, partSize: 2000 };

export function createStore(options: StoreOptions = {}) {
  const storage = options.sync?.storage ?? options.storage ?? defaultStorage(options.workspace);
  const now = options.now ?? (() => new Date());
  // With a team server, the server's workspace replaces the sample, and local changes wait for its word.
  const synced = options.sync !== undefined;
  const teamApi = options.teamApi ?? options.sync?.teamApi ?? null;
  const engine = createEngine({ storage, now, session: { memberId: synced ? null : SAMPLE_ADMIN_ID }, trackUnconfirmed: synced, teamApi });
  // Settles with the first load, whether it failed or not: the sync client's rebase waits for it.
  let markLoaded = () => {};
  const wholeLoad = new Promise<void>((done) => (markLoaded = done));
  // Before the first load: the client's first pull may already rebase (once every record is in).
  options.sync?.connect({ rebase: (records, pending, full, writers) => void engine.rebase(records, pending, full, writers), clear: engine.clear, whenLoaded: () => wholeLoad });

  // The sync client's word on each queued mutation: success toasts and paged imports wait for it.
  const settlement: SettlementSource | null = options.sync ?? null;
  const confirmations = settlement ? createConfirmations(settlement) : null;
  const stopTracking = confirmations ? engine.onQueued(confirmations.track) : undefined;
  // Pages of an import resumed after a reload join the queue once the workspace is loaded (`loaded` is set below, before any microtask runs).
  const bulk = createBulkWrites(engine, settlement, () => Promise.resolve().then(() => loaded));

  const session = createSessionSlice(engine);
  const team = createTeamSlice(engine);
  const admin = createAdminSlice(engine, bulk);
  const inventory = createInventorySlice(engine, bulk);
  const funnels = createFunnelsSlice(engine);
  const orders = createOrdersSlice(engine);
  const calendar = createCalendarSlice(engine);
  const notifications = createNotificationsSlice(engine);
  const overwrites = createOverwritesSlice(engine);

  const ready = signal(false);
  const complete = signal(false);
  /** Whole reads started because another tab replaced the workspace. */
  let wholeReads = 0;

  function seedSample() {
    const data = sampleWorkspace(now());
    engine.writeDirect((tx) => {
      for (const name of COLLECTION_NAMES) for (const record of data.collections[name] ?? []) tx.put(name, record as never);
      for (const name of SINGLETON_NAMES) {
        const value = data.singletons[name];
        if (value !== undefined) tx.setSingleton(name, value as never);
      }
    }, 'workspace.seed');
    engine.persist([{ type: 'put', collection: META.collection, id: META.id, value: { version: SCHEMA_VERSION } }]);
  }

  /**
   * Loading in parts (IndexedDB): the first records of each collection go to the signals at
   * once, so a screen paints its first rows before a large workspace is read; the rest is read
   * and validated a part at a time (each part a short task), then replaces them in one go. Until
   * then a mutation that needs a record not read yet is refused. Returns false when the stored
   * data needs the whole-read path (empty, or an older schema to migrate).
   */
  async function loadInParts(parts: NonNullable<StorageAdapter['loadInParts']>): Promise<boolean> {
    const reader = parts.call(storage, LOAD_PARTS);
    const head = await reader.next();
    if (head.done) return false;
    const version = storedSchemaVersion(head.value.records);
    if (version !== SCHEMA_VERSION || !head.value.partial?.length) {
      // The whole-read path, with what is read already.
      const records = [...head.value.records];
      for await (const part of reader) records.push(...part.records);
      finishLoad(records);
      return true;
    }
    const loaded = engine.readRecords(head.value.records);
    const partial = new Set(head.value.partial.filter(isCollectionName));
    engine.applyLoaded(loaded, partial);
    try {
      ready.value = true;
    } finally {
      // Even when an effect woken by `ready` throws: the rest is read all the same.
      await readTheRest(reader, loaded);
    }
    return true;
  }

  /**
   * The rest of a load in parts, once the first records show. When reading it fails, the whole
   * workspace is read again, once; when that fails too, the store stays partly loaded (a write
   * that needs the rest is refused, `complete` stays false) and the warning says so: part of
   * the data never passes for all of it, and the sample never replaces what shows.
   */
  async function readTheRest(reader: AsyncGenerator<{ records: StoredRecord[] }>, loaded: LoadedRecords) {
    const readsBefore = wholeReads;
    try {
      for await (const part of reader) {
        if (wholeReads !== readsBefore) return;
        engine.readRecords(part.records, loaded);
      }
      if (wholeReads !== readsBefore) return;
      engine.applyLoaded(loaded);
      reportUnreadable(loaded.unreadable);
      return;
    } catch (error) {
      // Every record is in already: what failed is not the reading (an effect woken by it).
      if (!engine.partlyLoaded()) throw error;
    }
    try {
      reportUnreadable(engine.hydrate(await storage.load()));
    } catch (error) {
      if (!engine.partlyLoaded()) throw error;
      engine.persistence.value = {
        ...engine.persistence.peek(),
        ...storageWarning(STORAGE_MESSAGES.partlyRead(messageOf(error))),
      };
    }
  }

  function reportUnreadable(unreadable: StoredRecord[]) {
    if (!unreadable.length) return;
    engine.persistence.value = {
      ...engine.persistence.value,
      unreadable,
      ...storageWarning(STORAGE_MESSAGES.unreadable(unreadable.length)),
    };
  }

  async function load() {
    if (storage.loadInParts) {
      try {
        if (await loadInParts(storage.loadInParts)) return settle();
      } catch (error) {
        // Once records show, a failure to read is dealt with there (readTheRest): this one came
        // from elsewhere, with every record in. Before, read again whole, below: its failure is
        // the one reported.
        if (ready.peek()) {
          settle();
          throw error;
        }
      }
    }
    let records: StoredRecord[];
    try {
      records = await storage.load();
    } catch (error) {
      engine.fallBackToMemory(STORAGE_MESSAGES.noStorage(messageOf(error)));
      records = [];
    }
    finishLoad(records);
    settle();
  }

  /** The whole-read path: seeds an empty workspace, migrates an older one, fills the signals. */
  function finishLoad(records: StoredRecord[]) {
    const version = storedSchemaVersion(records);
    if (version === null) {
      if (options.seed !== false && !synced) seedSample();
    } else {
      const migrated = version < SCHEMA_VERSION ? migrateRecords(records, version) : records;
      const unreadable = engine.hydrate(migrated);
      if (version < SCHEMA_VERSION) {
        engine.persist([
          ...engine.snapshotOps(),
          { type: 'put', collection: META.collection, id: META.id, value: { version: SCHEMA_VERSION } },
        ]);
      }
      reportUnreadable(unreadable);
    }
  }

  function settle() {
    if (engine.persistence.peek().status === 'loading')
      engine.persistence.value = { ...engine.persistence.peek(), status: 'saving' };
    ready.value = true;
    complete.value = !engine.partlyLoaded();
  }

  const unsubscribe = storage.subscribe?.((ops, info) => {
    if (ops.some((op) => op.type === 'clear')) {
      // Another tab replaced the workspace: read it again whole; a load in parts under way
      // then leaves its older parts unused.
      wholeReads += 1;
      void storage.load().then((records) => engine.hydrate(records));
    }
    else engine.applyRemote(ops, info?.mutation);
  });

  const loaded = load();
  void loaded.then(markLoaded, markLoaded);

  const store = {
    /** True once stored data (or the seed) is in the signals: a large workspace's first records, at least. */
    ready,
    /** True once every stored record is in the signals (a large workspace loads in parts after `ready`). */
    complete,
    /** Resolves when the first load has settled. */
    loaded,
    /** Where the data is kept, and any warning to show. */
    persistence: engine.persistence,
    /** With a team server: the sync client (its status, waiting mutations and their outcomes); else null. */
    sync: (options.sync ?? null) as SyncClient | null,
    /** With a team server: its REST calls that are not mutations (invite, password, own language); else null. */
    teamApi,
    /** With a team server: the signed-in member's own language (else null: the workspace's applies). */
    memberLanguage: teamApi?.memberLanguage ?? null,
    /**
     * Brings the server's records in: undoes the local changes not confirmed yet, applies the
     * records (all of them when `full`), runs `pending` again on top. The sync client calls it.
     */
    rebase: (
      serverRecords: { collection: string; id: string; value: unknown }[],
      pending: readonly Mutation[],
      full = false,
      /** Who last wrote each record (`collection/id`), where the server said: overwrites of the member's changes are told. */
      writers?: Readonly<Record<string, RecordWriter>>,
    ) => void engine.rebase(serverRecords, pending, full, writers),
    /** Resolves when every write issued so far is stored. */
    flush: engine.flush,
    /** Imports under way in pages (with a team server), with their progress in rows the server confirmed. */
    bulk: { jobs: bulk.jobs, forget: bulk.forget },
    now,
    session,
    team,
    admin,
    inventory,
    funnels,
    orders,
    calendar,
    notifications,
    /** Teammates' changes that replaced the member's own, told until dismissed or put back. */
    overwrites,
    /** Puts the sample data back in place of everything (Settings, with a confirmation). */
    resetWorkspace: () => engine.mutate('workspace.reset', {}),
    /**
     * The change feed: `listener` hears each committed transaction once, with the records it
     * changed, its source (`local` or `remote`), the mutation's name and who asked for it.
     */
    listen: (listener: ChangeListener, listenOptions?: { source?: 'local' | 'remote' }) => engine.listen(listener, listenOptions),
    /** Runs `fn` with `origin` attributed to every change it makes (an element, say). */
    withOrigin: engine.withOrigin,
    /** Runs any mutation by name (the store's actions are shortcuts for these). */
    mutate: engine.mutate,
    /** Runs a recorded mutation with its own time and ids (replay). */
    apply: engine.apply,
    /** Stops listening to other tabs, stops the store's effects and closes the storage. */
    dispose() {
      unsubscribe?.();
      stopTracking?.();
      confirmations?.stop();
      bulk.dispose();
      engine.dispose();
      if (options.sync) options.sync.close();
      else storage.close?.();
    },
  };
  return store;
}

export type Store = ReturnType<typeof createStore>;

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

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
