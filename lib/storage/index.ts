export type { StorageAdapter, StorageOp, StoredRecord } from './types';
export { StorageUnavailableError } from './types';
export { createMemoryStorage } from './memory';
export { createIndexedDbStorage, databaseName, type IndexedDbStorageOptions } from './indexeddb';
