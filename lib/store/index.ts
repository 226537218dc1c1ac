// creatorflow/store: the store's read API and actions, usable without React.
export { createStore, getStore, configure, type Store, type StoreOptions } from './createStore';
export type { Collection, Singleton, PersistenceState, StoreContext, ChangeSet, ChangeListener, RecordChange } from './core';
export { SCHEMA_VERSION } from '../schema/migrations';
export { MUTATORS, replay, type Mutation, type MutationMeta } from '../mutators';
export { createMemoryStorage, createIndexedDbStorage, type StorageAdapter, type StorageOp, type StoredRecord } from '../storage';
export { effect, computed, signal, batch } from '@preact/signals-core';
export * from '../domain';
export { attributedTo } from './origin';
