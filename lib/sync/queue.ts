// The queue of waiting mutations as the cache keeps it: each one with the tab (client) that made
// it, its place in that tab's sequence, and its author (member and workspace), so a different
// member signing in on this browser never pushes it.
import type { Mutation } from '../mutators/types';
import type { StorageOp } from '../storage/types';
import type { PushedMutation } from './protocol';
import type { WaitingMutation } from './types';

/** Cache collections of the sync client (never a store collection). */
export const PENDING = '__pending';
export const SYNC = '__sync';
/** Pages of a paged import not in the queue yet (a few wait in the queue at a time). */
export const STAGED = '__staged';

/**
 * Kept in the cache (under SYNC) from the moment a mutation leaves the queue until a pull has
 * written the server's state over what it changed: the cache may hold a change the server
 * refused or wrote otherwise, which a pull of what changed since never names. A tab that opens
 * on such a cache pulls everything.
 */
export const STALE_ID = 'stale';
export const staleOp: StorageOp = { type: 'put', collection: SYNC, id: STALE_ID, value: true };

/** Who made a mutation: the member and the workspace they were signed in to. */
export interface Author {
  memberId: string;
  /** Unknown for a mutation made before the first pull of a page (then any workspace of this server). */
  workspaceId?: string;
}

/** A mutation waiting for the server, with the client (tab) and member that made it. */
export interface Waiting extends PushedMutation {
  clientID: string;
  /** When it was made, to push leftovers of several tabs in order. */
  queuedAt: string;
  /** Absent only in a queue written before authors were recorded: then it is the next signed-in member's. */
  author?: Author;
}

/** A page of a paged import kept in the cache until its turn in the queue, with its author. */
export interface Staged {
  /** `<import id>:<page index>`, as `stagedKeyOf` says. */
  key: string;
  name: string;
  args: unknown;
  author?: Author;
}

/** An import page's part (its import's id and its index), when `args` carry one. */
export const partOf = (args: unknown): { id: string; index: number } | null => {
  const part = (args as { part?: { id?: unknown; index?: unknown } } | null)?.part;
  return part && typeof part.id === 'string' && typeof part.index === 'number' ? { id: part.id, index: part.index } : null;
};
export const stagedKeyOf = (part: { id: string; index: number }) => `${part.id}:${part.index}`;
export const stageOp = (page: Staged): StorageOp => ({ type: 'put', collection: STAGED, id: page.key, value: page });
export const unstageOp = (key: string): StorageOp => ({ type: 'delete', collection: STAGED, id: key });

export const keyOf = (m: Pick<Waiting, 'clientID' | 'id'>) => `${m.clientID}:${String(m.id).padStart(12, '0')}`;
export const toCall = ({ name, args, meta }: Waiting): Mutation => ({ name, args, meta });
export const toWaitingMutation = (m: Waiting): WaitingMutation => ({ key: keyOf(m), name: m.name, args: m.args, meta: m.meta });
export const dropOps = (gone: readonly Waiting[]): StorageOp[] => gone.map((m) => ({ type: 'delete', collection: PENDING, id: keyOf(m) }));
export const putOp = (m: Waiting): StorageOp => ({ type: 'put', collection: PENDING, id: keyOf(m), value: m });

/** Oldest first: by time made, then by place in its tab's sequence. */
export const byAge = (a: Waiting, b: Waiting) => (a.queuedAt === b.queuedAt ? a.id - b.id : a.queuedAt.localeCompare(b.queuedAt));

/** Whether `m` was made by `who` (a mutation without a recorded author is anyone's). */
export function madeBy(m: { author?: Author }, who: Author | null): boolean {
  if (!who) return false;
  if (!m.author) return true;
  if (m.author.memberId !== who.memberId) return false;
  return !m.author.workspaceId || !who.workspaceId || m.author.workspaceId === who.workspaceId;
}

/** Splits a batch in two halves (a push the server found too large). */
export const halves = <T>(batch: readonly T[]): [T[], T[]] => {
  const middle = Math.ceil(batch.length / 2);
  return [batch.slice(0, middle), batch.slice(middle)];
};
