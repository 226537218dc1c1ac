// Helpers every mutator uses: declaring one, and the ids and clock a mutation was given.
import type { GenericSchema, InferOutput } from 'valibot';
import type { Result } from '../domain/types';
import { MUTATION_PERMISSIONS, type MutationName } from '../domain/permissions';
import type { CollectionName, SingletonName } from '../schema/names';
import type { Mutator, MutationMeta, ReadSpec, WriteTx } from './types';

/** Declares a mutator; its permission comes from the permission table by name. */
export function defineMutator<
  Name extends MutationName,
  Schema extends GenericSchema,
  Run extends (tx: WriteTx, args: InferOutput<Schema>, meta: MutationMeta) => Result<unknown>,
>(definition: {
  name: Name;
  args: Schema;
  reads: (args: InferOutput<Schema>) => readonly ReadSpec[];
  run: Run;
}): Mutator<Name, Schema, Extract<ReturnType<Run>, { ok: true }>['value']> {
  return { ...definition, permission: MUTATION_PERMISSIONS[definition.name] };
}

/** The ids a mutation creates, in order: the same meta gives the same ids on every replay. */
export function idsFrom(meta: MutationMeta) {
  let count = 0;
  return (prefix: string) => `${prefix}_${meta.idSeed}${(count++).toString(36)}`;
}

export const nowOf = (meta: MutationMeta) => new Date(meta.now);

export const one = (collection: CollectionName, id: string): ReadSpec => ({ collection, id });
export const all = (collection: CollectionName): ReadSpec => ({ collection, all: true });
export const single = (singleton: SingletonName): ReadSpec => ({ singleton });
