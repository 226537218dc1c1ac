// What the store's engine (lib/store/core.ts) and its parts share: the shapes screens and
// slices see (collections, singletons, the change feed, persistence), the loaded-records
// bundle, and the messages the engine shows.
import { englishOf, message, type Message } from '../domain/messages';
import type { ReadonlySignal, Signal } from '@preact/signals-core';
import type { RecordWriter } from '../domain/overwrites';
import type { ActivityEntry } from '../domain/types';
import type { CollectionName, RecordOf, SingletonName } from '../schema/names';
import type { StoredRecord } from '../storage/types';

export interface Collection<T extends { id: string }> {
  readonly name: string;
  /** All records, in the collection's display order. */
  readonly items: ReadonlySignal<readonly T[]>;
  /** Looks a record up by id; tracks `items` when read inside a computed or component. */
  get(id: string): T | undefined;
  /**
   * Writes a record directly, outside any mutator: for seeding and test fixtures only.
   * Screens write through the store's actions.
   */
  put(record: T, options?: { prepend?: boolean }): void;
  /** Replaces every record directly (seeding and fixtures). */
  replaceAll(records: readonly T[]): void;
}

export interface Singleton<T> {
  readonly name: string;
  readonly value: ReadonlySignal<T>;
  /** Writes the value directly, outside any mutator: for seeding and test fixtures only. */
  set(value: T): void;
}

export interface PersistenceState {
  /** 'loading' until the first load settles. */
  status: 'loading' | 'saving' | 'memory';
  /** The adapter in use ('indexeddb', 'memory', ...). */
  kind: string;
  /** Plain-language warning shown while changes are not being saved, in English. */
  warning: string | null;
  /** The same warning as a message, said by the banner in the screen's language. */
  notice: Message | null;
  /** Raw records that could not be read, offered for download. */
  unreadable: StoredRecord[];
}

/** One record changed by a committed transaction. `before` is absent for a new record, `after` for a deleted one. */
export interface RecordChange {
  collection: CollectionName | SingletonName | 'session';
  id: string;
  before?: unknown;
  after?: unknown;
}

/** What the change feed announces, once per committed transaction. */
export interface ChangeSet {
  /** `local`: a mutation run by this store; `remote`: written by another tab (or the server). */
  source: 'local' | 'remote';
  /** The mutator's name, when known. */
  mutation?: string;
  /** Who asked for a local mutation (an element, a screen), as given to `store.withOrigin`. */
  origin?: unknown;
  changes: RecordChange[];
  /** The activity entries written with it. */
  logged: ActivityEntry[];
  /**
   * Set when the server's records came in (a pull): the records it wrote or deleted (by
   * `writerKey`; the other changes are local ones undone or run again), and who last wrote
   * each, where the server said.
   */
  server?: { records: ReadonlySet<string>; writers?: Readonly<Record<string, RecordWriter>> };
}

export type ChangeListener = (change: ChangeSet) => void;

/** Where a stored singleton lives: the `singletons` collection of the storage, keyed by name. */
export const SINGLETONS_STORE = 'singletons';
export const SESSION = 'session';

export interface CollectionState<C extends CollectionName> extends Collection<RecordOf<C>> {
  index: Map<string, RecordOf<C>>;
  signal: Signal<readonly RecordOf<C>[]>;
}

/** Stored records, validated and grouped, ready for the signals. */
export interface LoadedRecords {
  grouped: Map<CollectionName, { id: string }[]>;
  singletons: Map<SingletonName, unknown>;
  session: { memberId: string | null } | null;
  unreadable: StoredRecord[];
}

export const emptyLoaded = (): LoadedRecords => ({ grouped: new Map(), singletons: new Map(), session: null, unreadable: [] });

export const STILL_LOADING_MESSAGE = 'Your workspace is still loading. Try again in a moment.';

/** What the persistence banner says, as messages (`warning` keeps the English, `notice` the message). */
export const STORAGE_MESSAGES = {
  writeRefused: (error: string) => message('frame.storage.writeRefused', { error }),
  noStorage: (error: string) => message('frame.storage.noStorage', { error }),
  partlyRead: (error: string) => message('frame.storage.partlyRead', { error }),
  unreadable: (count: number) => message(count === 1 ? 'frame.storage.unreadableOne' : 'frame.storage.unreadableOther', { count }),
};

/** The persistence state's warning: its English and its message. */
export const storageWarning = (notice: Message): Pick<PersistenceState, 'warning' | 'notice'> => ({ warning: englishOf(notice), notice });

/** A mutation read a collection that is only partly loaded (loading in parts). */
export class StillLoadingError extends Error {
  override name = 'StillLoadingError';
}
