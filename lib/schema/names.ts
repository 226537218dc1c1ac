// The names of every record type and singleton of a workspace, with the TypeScript type
// each one holds, read off their declarations (lib/schema/records.ts). Browser store,
// mutators and server database all key on these names.
import type { RecordOfDefinition, ValueOfDefinition } from './define';
import type { COLLECTION_DEFINITIONS, SINGLETON_DEFINITIONS } from './records';

type Collections = (typeof COLLECTION_DEFINITIONS)[number];
type Singletons = (typeof SINGLETON_DEFINITIONS)[number];

/** Collections: many records with an `id` each. */
export type RecordTypes = { [D in Collections as D['name']]: RecordOfDefinition<D> };

/** Singletons: one value per workspace. */
export type SingletonTypes = { [D in Singletons as D['name']]: ValueOfDefinition<D> };

export type CollectionName = keyof RecordTypes;
export type SingletonName = keyof SingletonTypes;
export type RecordOf<C extends CollectionName> = RecordTypes[C];
export type SingletonOf<S extends SingletonName> = SingletonTypes[S];

export { COLLECTION_NAMES, SINGLETON_NAMES } from './records';
