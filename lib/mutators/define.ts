// Helpers every mutator uses: declaring one, and the ids and clock a mutation was given.
import type { GenericSchema, InferOutput } from 'valibot';
import type { ActivityEntry, Result } from '../domain/types';
import { englishOf } from '../domain/messages';
import { codeKey } from '../domain/attribution';
import { MUTATION_PERMISSIONS, type MutationName } from '../domain/permissions';
import { lookupKey, type LookupCollection } from '../schema/lookups';
import type { CollectionName, SingletonName } from '../schema/names';
import type { Actor, LogEntry, Mutator, MutationMeta, ReadSpec, ReadTx, WriteTx } from './types';

/** Declares a mutator; its permission comes from the permission table by name. */
export function defineMutator<
  Name extends MutationName,
  Schema extends GenericSchema,
  Run extends (tx: WriteTx, args: InferOutput<Schema>, meta: MutationMeta) => Result<unknown>,
>(definition: {
  name: Name;
  args: Schema;
  reads: (args: InferOutput<Schema>) => readonly ReadSpec[];
  readsFound?: (tx: ReadTx, args: InferOutput<Schema>) => readonly ReadSpec[];
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
/** The records whose lookup field (a handle, a SKU) is one of `keys`: a read that grows with the keys, not the workspace. */
/** The funnels whose discount code is one of `codes`, in any letter case: an index read, whatever the workspace holds. */
export const byCode = (codes: readonly string[]): ReadSpec => ({ collection: 'funnels', codes: [...new Set(codes.map(codeKey))] });
/** The order a new order's number follows (the highest ORD-n): one index read. */
export const highestOrderNumber = (): ReadSpec => ({ highestOrderNumber: true });
export const byKey = (collection: LookupCollection, keys: readonly string[]): ReadSpec => ({ collection, keys: [...new Set(keys.map(lookupKey))] });

/**
 * The activity entry a mutation's `n`-th `tx.log` writes. Browser and server build it the
 * same way, so the optimistic entry and the server's are one record (same id, same fields).
 */
export function activityEntry(meta: MutationMeta, actor: Actor | null, n: number, entry: LogEntry): ActivityEntry {
  return {
    id: n === 1 ? `act_${meta.idSeed}` : `act_${meta.idSeed}_${n}`,
    timestamp: meta.now,
    userId: actor?.id ?? 'system',
    userName: actor?.name ?? 'System',
    userAvatar: '',
    action: englishOf(entry.action),
    actionType: entry.actionType,
    details: englishOf(entry.details),
    status: entry.status ?? 'success',
    ...(entry.metadata ? { metadata: entry.metadata } : {}),
    message: { action: entry.action, details: entry.details },
  };
}

/** A page of a paged bulk write, as its activity entry records it (which page of how many). */
export const partMetadata = (part: { index: number; count: number } | undefined): Record<string, number> => (part ? { page: part.index + 1, pages: part.count } : {});
