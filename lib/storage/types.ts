import type { ReadonlySignal } from '@preact/signals-core';
import type { LanguageCode } from '../i18n/codes';
// The storage adapter: where the store's state lives between page loads.
import type { PasswordChange, Permissions, Role } from '../domain/types';
import type { ServerRefusal } from '../domain/server-errors';
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
  /**
   * Changes written by another tab (or process) of the same workspace, with the mutation's
   * name when known. A sync adapter sends the server's records with `rebase`: the mutations
   * still waiting for the server, to run again on top of them.
   */
  subscribe?(listener: (ops: StorageOp[], info?: { mutation?: string; rebase?: { pending: Mutation[]; full: boolean } }) => void): () => void;
  close?(): void;
  /**
   * With a team server: invites a member (the server makes the single-use link). Without one
   * the store records a Pending member itself.
   */
  invite?(draft: { email: string; role: Role; permissions: Permissions }): Promise<{ ok: true; inviteUrl: string } | ServerRefusal>;
  /**
   * With a team server: changes the signed-in member's password there (the server checks the
   * current one). Passwords never enter a mutation, so they are never queued or cached.
   */
  changePassword?(draft: PasswordChange): Promise<{ ok: true } | (ServerRefusal & { field?: keyof PasswordChange })>;
  /**
   * With a team server: the signed-in member's own language (null until read, or none chosen),
   * so that one member's choice does not switch everyone's screens. Without one, the workspace's
   * Settings language is the choice.
   */
  memberLanguage?: MemberLanguage;
}

export interface MemberLanguage {
  /** The member's choice; reading it the first time asks the server. */
  readonly value: ReadonlySignal<LanguageCode | null>;
  choose(language: LanguageCode): Promise<{ ok: true } | ServerRefusal>;
}


export class StorageUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StorageUnavailableError';
  }
}
