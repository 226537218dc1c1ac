/** A record as stored: a store collection name (or 'singletons' / 'meta'), its id and its value. */
export interface StoredRecord {
  collection: string;
  id: string;
  value: unknown;
}
