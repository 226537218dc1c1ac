// creatorflow/store: the store's read API and actions, usable without React.
export { createStore, getStore, configure, type Store, type StoreOptions } from './createStore';
export type { Collection, Singleton, PersistenceState, StoreContext } from './core';
export { SCHEMA_VERSION } from './migrations';
export { createMemoryStorage, createIndexedDbStorage, type StorageAdapter, type StorageOp, type StoredRecord } from '../storage';
export { effect, computed, signal, batch } from '@preact/signals-core';
export * from '../domain';
