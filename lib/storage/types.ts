// The storage adapter: where the store's state lives between page loads. Load, write, subscribe;
// syncing with a team server is the sync client's job (lib/sync), which keeps its cache here.
import type { Mutation } from '../mutators/types';
import type { StoredRecord } from '../schema/stored';

/** One record write. `collection` is a store collection name, or 'singletons' / 'meta'. */
export type StorageOp =
  | { type: 'put'; collection: string; id: string; value: unknown }
  | { type: 'delete'; collection: string; id: string }
  | { type: 'clear' };

export type { StoredRecord };

export interface StorageAdapter {
  /** 'indexeddb', 'memory', 'http', or a custom adapter's name. */
  readonly kind: string;
  /** Reads every stored record. An empty array means an empty (never seeded) workspace. */
  load(): Promise<StoredRecord[]>;
  /**
   * Reads every stored record in parts, so a large workspace can show before all of it is
   * read: the first part holds every record of the small collections and the first
   * `firstPerCollection` (in key order) of each larger one, named in `partial`; the later parts
   * hold the rest, at most `partSize` records each.
   */
  loadInParts?(options: { firstPerCollection: number; partSize: number }): AsyncGenerator<{ records: StoredRecord[]; partial?: string[] }>;
  /**
   * Applies the ops atomically: all of them or none. The write must begin before this call
   * returns (in the caller's task), so a page closed right after it is not lost.
   */
  write(ops: StorageOp[], info?: { mutation?: string; call?: Mutation }): Promise<void>;
  /** Changes written by another tab (or process) of the same workspace, with the mutation's name when known. */
  subscribe?(listener: (ops: StorageOp[], info?: { mutation?: string }) => void): () => void;
  close?(): void;
}

export class StorageUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StorageUnavailableError';
  }
}
