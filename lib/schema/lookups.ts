// The one field of a collection that writes look records up by, besides their id: its
// definition's `lookup` (a creator's handle, an item's SKU; lib/schema/records.ts). Matched
// ignoring letter case. A mutator that names the keys it needs (`byKey` in its reads) costs
// the same in a workspace of 100 records as in one of 100,000.
import type { CollectionName, RecordOf } from './names';
import { COLLECTION_DEFINITIONS } from './records';

type Collections = (typeof COLLECTION_DEFINITIONS)[number];

/** The collections that have a lookup field. */
export type LookupCollection = { [D in Collections as D['name']]: [Exclude<D['lookup'], undefined>] extends [never] ? never : D['name'] }[CollectionName];

/** Each lookup collection's lookup field. */
export const LOOKUP_FIELDS = Object.fromEntries(COLLECTION_DEFINITIONS.flatMap((d) => ('lookup' in d && d.lookup ? [[d.name, d.lookup]] : []))) as {
  [C in LookupCollection]: keyof RecordOf<C> & string;
};

/** Whether a collection has a lookup field. */
export const isLookupCollection = (name: string): name is LookupCollection => Object.hasOwn(LOOKUP_FIELDS, name);

/** The form a key is compared in: letter case does not tell two handles or SKUs apart. */
export const lookupKey = (value: string) => value.toLowerCase();

/** The key of a record of a lookup collection. */
export const keyOfRecord = <C extends LookupCollection>(collection: C, record: RecordOf<C>): string =>
  lookupKey(String((record as unknown as Record<string, unknown>)[LOOKUP_FIELDS[collection]]));
