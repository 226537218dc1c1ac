// The store's engine: collections and singletons held in signals, written through
// transactions that persist record by record. Slices (inventory.ts, orders.ts, ...)
// build their actions on this context; actions are the only writers.
import { batch, computed, signal, type ReadonlySignal, type Signal } from '@preact/signals-core';
import { MESSAGES } from '../domain/constants';
import { fail, type ActivityEntry, type Entity, type Permission, type Result, type TeamMember } from '../domain/types';
import type { StorageAdapter, StorageOp, StoredRecord } from '../storage/types';

export interface Collection<T extends Entity> {
  readonly name: string;
  /** All records, in display order of the collection (newest first where `prepend` is used). */
  readonly items: ReadonlySignal<readonly T[]>;
  /** Looks a record up by id; tracks `items` when read inside a computed or component. */
  get(id: string): T | undefined;
  /** Inserts or replaces a record. New records go last, or first with `prepend`. */
  put(record: T, options?: { prepend?: boolean }): void;
  remove(id: string): void;
  /** Replaces every record (seeding, import, reset). */
  replaceAll(records: readonly T[]): void;
}

export interface Singleton<T> {
  readonly name: string;
  readonly value: ReadonlySignal<T>;
  set(value: T): void;
}

export interface PersistenceState {
  /** 'loading' until the first load settles. */
  status: 'loading' | 'saving' | 'memory';
  /** The adapter in use ('indexeddb', 'memory', ...). */
  kind: string;
  /** Plain-language warning shown while changes are not being saved. */
  warning: string | null;
  /** Raw records that could not be read, offered for download. */
  unreadable: StoredRecord[];
}

export interface Actor {
  id: string;
  name: string;
  avatar: string;
}

export interface StoreContext {
  now(): Date;
  newId(prefix?: string): string;
  collection<T extends Entity>(name: string, options?: { sort?: (a: T, b: T) => number }): Collection<T>;
  singleton<T>(name: string, initial: T): Singleton<T>;
  /** Runs writes as one unit: one signal batch, one storage transaction. */
  transaction<R>(fn: () => R): R;
  /** The signed-in member, or null when signed out. */
  readonly currentMember: ReadonlySignal<TeamMember | null>;
  /** Refuses writes for signed-out members and Viewers, and checks a permission flag when given. */
  authorize(permission?: Permission): Result<TeamMember>;
  /** Appends to the activity log (inside the caller's transaction). */
  log(entry: Pick<ActivityEntry, 'action' | 'actionType' | 'details'> & Partial<Pick<ActivityEntry, 'status' | 'metadata'>>): void;
}

interface CollectionInternal<T extends Entity> extends Collection<T> {
  applyRemote(op: StorageOp): void;
  load(records: T[]): void;
}

const SINGLETONS = 'singletons';

export function createContext(options: {
  storage: StorageAdapter;
  now?: () => Date;
  members: () => Collection<TeamMember>;
  session: () => Singleton<{ memberId: string | null }>;
}) {
  const now = options.now ?? (() => new Date());
  const collections = new Map<string, CollectionInternal<Entity>>();
  const singletons = new Map<string, Singleton<unknown> & { load(v: unknown): void }>();
  let pending: StorageOp[] | null = null;
  let storage = options.storage;
  let writeChain: Promise<void> = Promise.resolve();
  const persistence: Signal<PersistenceState> = signal({
    status: 'loading',
    kind: storage.kind,
    warning: null,
    unreadable: [],
  });
  let counter = 0;

  function enqueue(op: StorageOp) {
    if (pending) pending.push(op);
    else persist([op]);
  }

  function persist(ops: StorageOp[]) {
    if (ops.length === 0) return;
    const target = storage;
    writeChain = writeChain
      .then(() => target.write(ops))
      .catch((error: unknown) => {
        if (target !== storage) return;
        fallBackToMemory(
          `Changes are not being saved: the browser refused to store them (${describe(error)}). ` +
            'You can keep working; export your data before closing this tab.',
        );
      });
  }

  function fallBackToMemory(warning: string) {
    storage = { kind: 'memory', load: async () => [], write: async () => {} };
    persistence.value = { ...persistence.value, status: 'memory', kind: 'memory', warning };
  }

  function transaction<R>(fn: () => R): R {
    if (pending) return fn();
    pending = [];
    try {
      const result = batch(fn);
      persist(pending);
      return result;
    } finally {
      pending = null;
    }
  }

  function collection<T extends Entity>(name: string, opts: { sort?: (a: T, b: T) => number } = {}): Collection<T> {
    const existing = collections.get(name);
    if (existing) return existing as unknown as Collection<T>;
    const items = signal<readonly T[]>([]);
    const index = new Map<string, T>();

    const upsertLocal = (record: T, prepend = false) => {
      const previous = index.get(record.id);
      index.set(record.id, record);
      if (previous) items.value = items.value.map((item) => (item.id === record.id ? record : item));
      else items.value = prepend ? [record, ...items.value] : [...items.value, record];
    };
    const removeLocal = (id: string) => {
      if (!index.delete(id)) return;
      items.value = items.value.filter((item) => item.id !== id);
    };
    const replaceLocal = (records: readonly T[]) => {
      index.clear();
      for (const record of records) index.set(record.id, record);
      items.value = [...records];
    };

    const col: CollectionInternal<T> = {
      name,
      items,
      get(id) {
        void items.value;
        return index.get(id);
      },
      put(record, putOptions) {
        upsertLocal(record, putOptions?.prepend);
        enqueue({ type: 'put', collection: name, id: record.id, value: record });
      },
      remove(id) {
        removeLocal(id);
        enqueue({ type: 'delete', collection: name, id });
      },
      replaceAll(records) {
        transaction(() => {
          const keep = new Set(records.map((r) => r.id));
          for (const old of index.keys()) if (!keep.has(old)) enqueue({ type: 'delete', collection: name, id: old });
          replaceLocal(records);
          for (const record of records) enqueue({ type: 'put', collection: name, id: record.id, value: record });
        });
      },
      applyRemote(op) {
        if (op.type === 'put') upsertLocal(op.value as T);
        else if (op.type === 'delete') removeLocal(op.id);
      },
      load(records) {
        replaceLocal(opts.sort ? [...records].sort(opts.sort) : records);
      },
    };
    collections.set(name, col as unknown as CollectionInternal<Entity>);
    return col;
  }

  function singleton<T>(name: string, initial: T): Singleton<T> {
    const existing = singletons.get(name);
    if (existing) return existing as unknown as Singleton<T>;
    const value = signal<T>(initial);
    const single = {
      name,
      value,
      set(next: T) {
        value.value = next;
        enqueue({ type: 'put', collection: SINGLETONS, id: name, value: next });
      },
      load(next: unknown) {
        value.value = next as T;
      },
    };
    singletons.set(name, single as unknown as Singleton<unknown> & { load(v: unknown): void });
    return single;
  }

  const currentMember = computed(() => {
    const id = options.session().value.value.memberId;
    return id ? (options.members().get(id) ?? null) : null;
  });

  function authorize(permission?: Permission): Result<TeamMember> {
    const member = currentMember.value;
    if (!member) return fail('You are signed out. Sign in to make changes.');
    if (member.role === 'Viewer') return fail(MESSAGES.readOnly);
    if (permission && !member.permissions[permission]) return fail(MESSAGES.missingPermission(permission));
    return { ok: true, value: member };
  }

  const activity = () => collection<ActivityEntry>('activity');
  function log(entry: Parameters<StoreContext['log']>[0]) {
    const member = currentMember.peek();
    activity().put(
      {
        id: newId('act'),
        timestamp: now().toISOString(),
        userId: member?.id ?? 'system',
        userName: member?.name ?? 'System',
        userAvatar: '',
        status: 'success',
        ...entry,
      },
      { prepend: true },
    );
  }

  function newId(prefix = 'id') {
    counter += 1;
    const random =
      typeof crypto !== 'undefined' && 'randomUUID' in crypto
        ? crypto.randomUUID().slice(0, 8)
        : Math.random().toString(36).slice(2, 10);
    return `${prefix}_${now().getTime().toString(36)}${counter.toString(36)}${random}`;
  }

  /** Applies loaded records; returns the ones that could not be read. */
  function hydrate(records: StoredRecord[]): StoredRecord[] {
    const grouped = new Map<string, Entity[]>();
    const unreadable: StoredRecord[] = [];
    for (const record of records) {
      if (record.collection === SINGLETONS) {
        const single = singletons.get(record.id);
        if (single) single.load(record.value);
        continue;
      }
      if (!collections.has(record.collection)) continue;
      const value = record.value as Partial<Entity> | null;
      if (!value || typeof value !== 'object' || typeof value.id !== 'string' || value.id !== record.id) {
        unreadable.push(record);
        continue;
      }
      let list = grouped.get(record.collection);
      if (!list) grouped.set(record.collection, (list = []));
      list.push(value as Entity);
    }
    batch(() => {
      for (const [name, col] of collections) col.load(grouped.get(name) ?? []);
    });
    return unreadable;
  }

  function applyRemote(ops: StorageOp[]) {
    batch(() => {
      for (const op of ops) {
        if (op.type === 'clear') continue;
        if (op.collection === SINGLETONS) {
          if (op.type === 'put') singletons.get(op.id)?.load(op.value);
          continue;
        }
        collections.get(op.collection)?.applyRemote(op);
      }
    });
  }

  const context: StoreContext = { now, newId, collection, singleton, transaction, currentMember, authorize, log };
  return {
    context,
    persistence,
    hydrate,
    applyRemote,
    fallBackToMemory,
    /** Writes every record of every collection and singleton (seeding, reset, migration). */
    snapshotOps(): StorageOp[] {
      const ops: StorageOp[] = [{ type: 'clear' }];
      for (const [name, col] of collections)
        for (const item of col.items.peek()) ops.push({ type: 'put', collection: name, id: item.id, value: item });
      for (const [name, single] of singletons)
        ops.push({ type: 'put', collection: SINGLETONS, id: name, value: single.value.peek() });
      return ops;
    },
    persist,
    /** Resolves when every write issued so far has settled. */
    flush: () => writeChain,
    get storage() {
      return storage;
    },
  };
}

function describe(error: unknown) {
  if (error instanceof Error) return error.name === 'QuotaExceededError' ? 'storage is full' : error.message;
  return String(error);
}
