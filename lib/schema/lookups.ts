// The one field of a collection that writes look records up by, besides their id: a creator's
// handle (the CSV import matches creators by it), an item's SKU (the inventory import matches
// items by it). Both are matched ignoring letter case. A mutator that names the keys it needs
// (`byKey` in its reads) costs the same in a workspace of 100 records as in one of 100,000.
import type { CollectionName, RecordOf } from './names';

export const LOOKUP_FIELDS = { funnels: 'creatorHandle', inventory: 'sku' } as const satisfies {
  [C in CollectionName]?: keyof RecordOf<C> & string;
};

export type LookupCollection = keyof typeof LOOKUP_FIELDS;

/** The form a key is compared in: letter case does not tell two handles or SKUs apart. */
export const lookupKey = (value: string) => value.toLowerCase();

/** The key of a record of a lookup collection. */
export const keyOfRecord = <C extends LookupCollection>(collection: C, record: RecordOf<C>): string =>
  lookupKey(String((record as unknown as Record<string, unknown>)[LOOKUP_FIELDS[collection]]));
