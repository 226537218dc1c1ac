// The sync client's state, shared by its parts (client, push, pull): the queue, who is signed
// in as the server knows it, the connection, and the listeners of settled mutations.
import { batch, signal, type Signal } from '@preact/signals-core';
import type { StorageAdapter } from '../storage/types';
import { byAge, dropOps, keyOf, madeBy, staleOp, toWaitingMutation, type Author, type Staged, type Waiting } from './queue';
import { browserOnline, statusOf, type Connection } from './status';
import type { Request } from './transport';
import type { SettledMutation, StagedPage, SyncHost, SyncStatus, WaitingMutation } from './types';

export interface SyncCore {
  readonly request: Request;
  readonly cache: StorageAdapter;
  readonly clientID: string;
  readonly status: Signal<SyncStatus>;
  readonly waiting: Signal<readonly WaitingMutation[]>;
  /** The signed-in member's staged import pages (`stagedPages` of their author). */
  readonly staged: Signal<readonly StagedPage[]>;
  host: SyncHost | null;
  /** The workspace version the cache holds. */
  version: number;
  pending: Waiting[];
  /** Import pages kept in the cache until their turn in the queue, every author's. */
  stagedPages: Staged[];
  /** Who the server says is signed in (null until a pull of this page answered). */
  who: Author | null;
  /** Who the cache says was signed in last (a mutation made before the first pull is theirs). */
  cachedMember: string | null;
  connection: Connection;
  /** The event stream's heartbeat fell silent longer than SILENCE_MS (cleared when it is heard again, or the network returns). */
  silent: boolean;
  /** The store's first load is not whole yet. */
  loading: boolean;
  /** The cache holds changes the server has not confirmed: the next pull takes everything. */
  needsFull: boolean;
  closed: boolean;
  settledListeners: Set<(mutation: SettledMutation) => void>;
}

export function createCore(init: Pick<SyncCore, 'request' | 'cache' | 'clientID'>): SyncCore {
  return {
    ...init,
    status: signal<SyncStatus>({ state: 'saved', pending: 0 }),
    waiting: signal<readonly WaitingMutation[]>([]),
    staged: signal<readonly StagedPage[]>([]),
    host: null,
    version: 0,
    pending: [],
    stagedPages: [],
    who: null,
    cachedMember: null,
    connection: 'ok',
    silent: false,
    loading: false,
    needsFull: false,
    closed: false,
    settledListeners: new Set(),
  };
}

/** The member whose changes this page shows and pushes: the server's word, else the cache's. */
export const currentAuthor = (core: SyncCore): Author | null => core.who ?? (core.cachedMember ? { memberId: core.cachedMember } : null);

/** The signed-in member's waiting mutations, oldest first. */
export const mine = (core: SyncCore) => core.pending.filter((m) => madeBy(m, currentAuthor(core)));

/** Tells the top bar and `waiting` what is true now. */
export function refresh(core: SyncCore) {
  // One change for whoever reads both lists: a page moved from the staged pages to the queue is never seen in neither.
  batch(() => refreshLists(core));
}

function refreshLists(core: SyncCore) {
  const own = mine(core);
  core.status.value = statusOf({ connection: core.connection, online: browserOnline(), silent: core.silent, loading: core.loading, pending: own.length });
  const previous = core.waiting.peek();
  if (previous.length !== own.length || own.some((m, i) => previous[i]?.key !== keyOf(m))) core.waiting.value = own.map(toWaitingMutation);
  const author = currentAuthor(core);
  const staged = core.stagedPages.filter((page) => madeBy(page, author));
  const shown = core.staged.peek();
  if (shown.length !== staged.length || staged.some((page, i) => shown[i]?.key !== page.key)) core.staged.value = staged.map(({ key, name, args }) => ({ key, name, args }));
}

export function addWaiting(core: SyncCore, waiting: Waiting) {
  core.pending.push(waiting);
  core.pending.sort(byAge);
}

/**
 * Takes mutations out of the queue (and the cache), telling each one's outcome once. Their
 * local changes stay in the cache until the next pull's rebase replaces them: the cache is
 * marked stale in the same write, so a tab closed before that pull does not leave a refused
 * change behind for the next one to show.
 */
export async function settle(core: SyncCore, outcomes: readonly { mutation: Waiting; outcome: Omit<SettledMutation, 'key' | 'name' | 'args' | 'meta'> }[]) {
  if (!outcomes.length) return;
  const gone = new Set(outcomes.map((o) => o.mutation));
  core.pending = core.pending.filter((m) => !gone.has(m));
  await core.cache.write([...dropOps([...gone]), staleOp]);
  for (const { mutation, outcome } of outcomes) {
    const settled: SettledMutation = { ...toWaitingMutation(mutation), ...outcome };
    for (const listener of [...core.settledListeners]) {
      try {
        listener(settled);
      } catch (error) {
        console.error('creatorflow: a sync listener threw', error);
      }
    }
  }
  refresh(core);
}
