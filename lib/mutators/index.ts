// Every write in the product, by name. The browser store and the server run these same
// mutators; `replay` applies a list of recorded mutations to any transaction.
import type { InferOutput } from 'valibot';
import * as v from 'valibot';
import { controlCharacterPath } from '../domain/control-characters';
import { authorize, type MutationName } from '../domain/permissions';
import { fail, type Result, type TeamMember } from '../domain/types';
import * as account from './account';
import * as admin from './admin';
import * as calendar from './calendar';
import * as commission from './commission';
import * as creators from './creators';
import * as developer from './developer';
import * as funnels from './funnels';
import * as inventory from './inventory';
import * as notifications from './notifications';
import * as orders from './orders';
import * as portal from './portal';
import * as system from './system';
import * as team from './team';
import type { Mutation, Mutator, WriteTx } from './types';

const modules = [account, admin, calendar, commission, creators, developer, funnels, inventory, notifications, orders, portal, system, team];

type ValuesOf<T> = T[keyof T];
type Declared = Extract<
  | ValuesOf<typeof account>
  | ValuesOf<typeof admin>
  | ValuesOf<typeof calendar>
  | ValuesOf<typeof commission>
  | ValuesOf<typeof creators>
  | ValuesOf<typeof developer>
  | ValuesOf<typeof funnels>
  | ValuesOf<typeof inventory>
  | ValuesOf<typeof notifications>
  | ValuesOf<typeof orders>
  | ValuesOf<typeof portal>
  | ValuesOf<typeof system>
  | ValuesOf<typeof team>,
  { name: MutationName; run: unknown }
>;

/** Mutators by name. */
export const MUTATORS = Object.fromEntries(
  modules
    .flatMap((module) => Object.values(module) as unknown[])
    .filter((value): value is Declared => typeof value === 'object' && value !== null && 'run' in value && 'name' in value)
    .map((m) => [m.name, m]),
) as { [M in Declared as M['name']]: M };

export type Mutators = typeof MUTATORS;
export type ArgsOf<N extends MutationName> = Mutators[N] extends Mutator<N, infer S> ? InferOutput<S> : never;
export type ValueOf<N extends MutationName> = Mutators[N] extends Mutator<N, infer _S, infer R> ? R : never;

export const isMutationName = (name: string): name is MutationName => Object.hasOwn(MUTATORS, name);

/** Mutators by name, as an engine runs them: the product's (`MUTATORS`), or those and a test's own. */
export type MutatorRegistry = Readonly<Record<string, Mutator<string>>>;

/** Says what is wrong with a call's arguments, naming the field, or null when they are valid. */
export function checkArgs(name: MutationName, args: unknown): string | null {
  return argsProblem(MUTATORS[name], args);
}

function argsProblem(mutator: Pick<Mutator<string>, 'args'>, args: unknown): string | null {
  const result = v.safeParse(mutator.args, args);
  if (result.success) {
    const field = controlCharacterPath(args);
    return field === null ? null : `Invalid input${field ? ` for ${field}` : ''}: control characters are not allowed`;
  }
  const issue = result.issues[0];
  const path = v.getDotPath(issue);
  return `Invalid input${path ? ` for ${path}` : ''}: ${issue.message}`;
}

/**
 * Runs one mutation on `tx` as `member`: authorizes from the permission table, validates the
 * arguments, then runs the mutator. A refused or failed mutation must leave `tx` unwritten
 * (callers stage writes and discard them on failure).
 */
export function runMutation(tx: WriteTx, member: TeamMember | null, mutation: Mutation, mutators: MutatorRegistry = MUTATORS): Result<unknown> {
  if (!Object.hasOwn(mutators, mutation.name)) return fail(`Unknown change: ${mutation.name}`);
  const mutator = mutators[mutation.name];
  const allowed = authorize(member, mutator.permission);
  if (!allowed.ok) return allowed;
  const problem = argsProblem(mutator, mutation.args);
  if (problem) return fail(problem);
  return mutator.run(tx, mutation.args, mutation.meta);
}

/**
 * Applies recorded mutations in order, each as `member`, to one transaction per mutation that
 * `begin` opens and `end` closes (committing on success, discarding on failure). The server
 * and the tests replay this way; the same list on the same start gives the same records.
 */
export function replay<T extends WriteTx>(
  mutations: readonly Mutation[],
  member: TeamMember | null,
  begin: (mutation: Mutation) => T,
  end: (tx: T, result: Result<unknown>) => void,
): Result<unknown>[] {
  return mutations.map((mutation) => {
    const tx = begin(mutation);
    const result = runMutation(tx, member, mutation);
    end(tx, result);
    return result;
  });
}

export type { Mutation, MutationMeta, Mutator, WriteTx, ReadTx, Actor, ReadSpec, LogEntry } from './types';
