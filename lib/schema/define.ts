// How a record type is declared: one `defineCollection` (or `defineSingleton`) gives its
// TypeScript type, its validator, its display order, its default, the steps that lift older
// stored shapes, what a role may not see of it, and what the server needs to keep it in a
// table. Everything else (names, lookups, migrations, visibility, the server's mapping) reads
// these declarations; docs/adding-a-record-type.md walks through adding one.
import * as v from 'valibot';
import type { Role } from '../domain/types';

/** A validator whose output is exactly `T` (the record's type from lib/domain/types.ts). */
export type Validator<T> = v.GenericSchema<unknown, T>;

/**
 * Fixes a validator's type to `T`, checking that what it accepts is a `T`: the record's type is
 * then read off its declaration.
 */
export const validates = <T>(schema: Validator<T>): Validator<T> => schema;

/** Lifts a stored value one schema version (see lib/schema/migrations.ts); returns the value unchanged when it does not apply. */
export type MigrationStep = (value: Record<string, unknown>) => Record<string, unknown>;

export interface CollectionDefinition<
  N extends string = string,
  T extends { id: string } = { id: string },
  L extends string = string,
  S extends string = string,
> {
  readonly kind: 'collection';
  readonly name: N;
  readonly schema: Validator<T>;
  /** Display order; without one, records keep their stored order. */
  readonly sort?: (a: T, b: T) => number;
  /** Where a record new to the list goes: at the top (lists shown newest first) or at the end. */
  readonly newRecords: 'first' | 'last';
  /** The one field writes look records up by besides the id, ignoring letter case (lib/schema/lookups.ts). */
  readonly lookup?: L;
  /** `migrations[n]` lifts a stored record from schema version n to n + 1. */
  readonly migrations?: Readonly<Record<number, MigrationStep>>;
  /** What a member of `role` may receive of a record (secrets withheld): a rule of lib/domain/visibility.ts. */
  readonly forRole?: (record: T, role: Role) => T;
  /** The server keeps the type in the table named after it, or (`members`) as team members. */
  readonly serverTable: S;
  /** Fields the validator lets a record leave out: stored as NULL by the server, left out again when read. */
  readonly optionalFields: readonly string[];
}

export interface SingletonDefinition<N extends string = string, T = unknown> {
  readonly kind: 'singleton';
  readonly name: N;
  readonly schema: Validator<T>;
  /** The value a new workspace starts with. */
  initial(now: Date): T;
  readonly migrations?: Readonly<Record<number, MigrationStep>>;
  readonly forRole?: (value: T, role: Role) => T;
}

/** Declares a collection: many records with an `id` each. */
export function defineCollection<
  const N extends string,
  T extends { id: string },
  const L extends keyof T & string = never,
  const S extends N | 'members' = N,
>(definition: {
  name: N;
  schema: Validator<T>;
  sort?: (a: NoInfer<T>, b: NoInfer<T>) => number;
  newRecords?: 'first' | 'last';
  lookup?: L;
  migrations?: Record<number, MigrationStep>;
  forRole?: (record: NoInfer<T>, role: Role) => NoInfer<T>;
  serverTable?: S;
}): CollectionDefinition<N, T, L, S> {
  return {
    ...definition,
    kind: 'collection',
    newRecords: definition.newRecords ?? 'last',
    serverTable: definition.serverTable ?? (definition.name as S),
    optionalFields: optionalFieldsOf(definition.schema),
  };
}

/** Declares a singleton: one value per workspace, with the value a new workspace starts with. */
export function defineSingleton<const N extends string, T>(definition: {
  name: N;
  schema: Validator<T>;
  initial(now: Date): NoInfer<T>;
  migrations?: Record<number, MigrationStep>;
  forRole?: (value: NoInfer<T>, role: Role) => NoInfer<T>;
}): SingletonDefinition<N, T> {
  return { ...definition, kind: 'singleton' };
}

/** Fields of an object validator declared optional. */
function optionalFieldsOf(schema: v.GenericSchema): string[] {
  const entries = (schema as { entries?: Record<string, v.GenericSchema> }).entries;
  if (!entries) return [];
  return Object.keys(entries).filter((key) => entries[key].type === 'optional');
}

/** A newest-first display order on an ISO timestamp field. */
export const newestFirst =
  <K extends string>(key: K) =>
  (a: Record<K, string>, b: Record<K, string>) =>
    b[key].localeCompare(a[key]);

/** The record type a collection definition declares. */
export type RecordOfDefinition<D> = D extends CollectionDefinition<string, infer T, string, string> ? T : never;
/** The value type a singleton definition declares. */
export type ValueOfDefinition<D> = D extends SingletonDefinition<string, infer T> ? T : never;
