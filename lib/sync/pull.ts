// Pulling: what changed on the server since the version the cache holds (everything on a first
// visit, or when the cache holds changes of an earlier visit). The store rebases on it: the
// server's records, then the signed-in member's waiting mutations again on top.
import { META, SCHEMA_VERSION } from '../schema/migrations';
import type { StorageOp, StoredRecord } from '../storage/types';
import { mine, refresh, settle, type SyncCore } from './core';
import { PULL_PAGE_SIZE, SYNC_PATHS, writersOf, type PulledRecord, type PullResponse } from './protocol';
import { keyOf, PENDING, putOp, STAGED, stageOp, STALE_ID, SYNC, toCall, type Staged, type Waiting } from './queue';
import { SYNC_MESSAGES } from './transport';

const SCHEMA = { ...META, value: { version: SCHEMA_VERSION } };

/** A pull's query: everything since `since`; a first pull (since 0) in pages. */
const pullQuery = (core: SyncCore, since: number, cursor: string | undefined) =>
  new URLSearchParams({ since: String(since), clientID: core.clientID, ...(since === 0 ? { pageSize: String(PULL_PAGE_SIZE) } : {}), ...(cursor ? { cursor } : {}) });

async function pullPages(core: SyncCore, since: number): Promise<{ records: PulledRecord[]; last: PullResponse }> {
  let cursor: string | undefined;
  const records: PulledRecord[] = [];
  let page: PullResponse;
  do {
    const query = pullQuery(core, since, cursor);
    page = await core.request<PullResponse>(`${SYNC_PATHS.pull}?${query}`);
    records.push(...page.records);
    cursor = page.cursor;
  } while (cursor);
  core.who = { memberId: page.memberId, ...(page.workspaceId ? { workspaceId: page.workspaceId } : {}) };
  core.connection = 'ok';
  return { records, last: page };
}

/**
 * Mutations this tab pushed that the server has processed (an answer lost on the way), and
 * waiting mutations whose author is no longer on the team: out of the queue.
 */
async function settleProcessed(core: SyncCore, records: readonly PulledRecord[], last: PullResponse) {
  const processed = core.pending.filter((m) => m.clientID === core.clientID && m.id <= last.lastMutationID);
  const team = records.filter((r) => r.collection === 'team');
  const present = new Set(team.filter((r) => r.value !== null && r.value !== undefined).map((r) => r.id));
  const deleted = new Set(team.filter((r) => r.value === null || r.value === undefined).map((r) => r.id));
  const workspaceId = core.who?.workspaceId;
  const authorGone = (m: Waiting) =>
    !!m.author && !!workspaceId && m.author.workspaceId === workspaceId && (deleted.has(m.author.memberId) || (last.full && !present.has(m.author.memberId)));
  const orphaned = core.pending.filter((m) => !processed.includes(m) && authorGone(m));
  await settle(core, [
    // The server decided; its answer did not arrive. The records pulled show what it decided.
    ...processed.map((mutation) => ({ mutation, outcome: { state: 'confirmed' as const } })),
    ...orphaned.map((mutation) => ({ mutation, outcome: { state: 'refused' as const, code: 'authorRemoved', message: SYNC_MESSAGES.authorRemoved, status: 403 } })),
  ]);
}

/** One pull, rebased into the store. */
export async function pullOnce(core: SyncCore) {
  const { records, last } = await pullPages(core, core.needsFull ? 0 : core.version);
  // The answer was fetched while the cache loaded; merging it needs the whole workspace in.
  await core.host?.whenLoaded?.();
  // Stopped meanwhile (a logout, a removal): the cache is being cleared, nothing goes in.
  if (core.closed) return;
  core.needsFull = false;
  core.version = last.version;
  await settleProcessed(core, records, last);
  // The store's rebase writes the records it changed to the cache (through the client's storage).
  const session = { collection: 'singletons', id: 'session', value: { memberId: last.memberId } };
  core.cachedMember = last.memberId;
  // Who last wrote each record, where the server said: the store tells a member whose change was replaced.
  core.host?.rebase([...records, session], mine(core).map(toCall), last.full, writersOf(records));
  // The rebase undid every settled mutation's local changes and wrote the result (its write went
  // first): the cache holds the server's state again.
  await core.cache.write([
    { type: 'put', collection: SYNC, id: 'version', value: core.version },
    { type: 'delete', collection: SYNC, id: STALE_ID },
  ]);
  refresh(core);
}

/** The first visit: the whole workspace from the server, kept in the cache, handed to the store. */
export async function pullForLoad(core: SyncCore): Promise<StoredRecord[]> {
  const { records: pulled, last } = await pullPages(core, 0);
  core.version = last.version;
  core.cachedMember = last.memberId;
  await settleProcessed(core, pulled, last);
  const records: StoredRecord[] = pulled.filter((r) => r.value !== null && r.value !== undefined);
  records.push({ collection: 'singletons', id: 'session', value: { memberId: last.memberId } });
  if (core.closed) return [SCHEMA];
  await core.cache.write([
    { type: 'clear' },
    ...records.map((r): StorageOp => ({ type: 'put', collection: r.collection, id: r.id, value: r.value })),
    ...core.pending.map(putOp),
    ...core.stagedPages.map(stageOp),
    { type: 'put', collection: SYNC, id: 'version', value: core.version },
    { type: 'put', collection: META.collection, id: META.id, value: SCHEMA.value },
  ]);
  refresh(core);
  return [...records, SCHEMA];
}

/**
 * The first visit in parts: each page of the server's workspace goes to the cache and to the
 * store as it arrives, the first one (every collection's first records) painting at once. The
 * version is kept last: a tab closed before the last page leaves a cache that the next visit
 * reads as a first visit again.
 */
export async function* pullForLoadInParts(core: SyncCore): AsyncGenerator<{ records: StoredRecord[]; partial?: string[] }> {
  let first = true;
  let last: PullResponse | undefined;
  // settleProcessed reads the team members only.
  const team: PulledRecord[] = [];
  const ask = (after: string | undefined) => core.request<PullResponse>(`${SYNC_PATHS.pull}?${pullQuery(core, 0, after)}`);
  let next: Promise<PullResponse> | undefined = ask(undefined);
  do {
    const page: PullResponse = await next;
    if (core.closed) return;
    // The next page is asked for at once: the server reads it while this one goes to the cache
    // and the store. A failure is met when it is awaited (a stopped load never awaits it).
    next = page.cursor && !core.closed ? ask(page.cursor) : undefined;
    next?.catch(() => undefined);
    const records: StoredRecord[] = page.records.filter((r) => r.value !== null && r.value !== undefined).map((r) => ({ collection: r.collection, id: r.id, value: r.value }));
    team.push(...page.records.filter((r) => r.collection === 'team'));
    const ops: StorageOp[] = [];
    if (first) {
      core.who = { memberId: page.memberId, ...(page.workspaceId ? { workspaceId: page.workspaceId } : {}) };
      core.connection = 'ok';
      core.cachedMember = page.memberId;
      records.push({ collection: 'singletons', id: 'session', value: { memberId: page.memberId } });
      // The cache is emptied for the server's workspace: the queue and the import pages kept aside stay.
      ops.push({ type: 'clear' }, ...core.pending.map(putOp), ...core.stagedPages.map(stageOp), { type: 'put', collection: META.collection, id: META.id, value: SCHEMA.value });
    }
    ops.push(...records.map((r): StorageOp => ({ type: 'put', collection: r.collection, id: r.id, value: r.value })));
    await core.cache.write(ops);
    last = page;
    if (first) yield page.cursor ? { records: [...records, SCHEMA], partial: page.partial ?? [] } : { records: [...records, SCHEMA] };
    else yield { records };
    first = false;
  } while (next && !core.closed);
  core.version = last.version;
  await settleProcessed(core, team, last);
  await core.cache.write([{ type: 'put', collection: SYNC, id: 'version', value: core.version }]);
  refresh(core);
}

/**
 * Takes the sync client's own entries out of cached records (the queue, the version, the stale
 * mark, who was signed in) and returns the store's records. A waiting mutation read twice (the
 * cache read again whole) is queued once.
 */
export function takeCached(core: SyncCore, cached: readonly StoredRecord[], seen: { stale: boolean }): StoredRecord[] {
  const records: StoredRecord[] = [];
  const queued = new Set(core.pending.map(keyOf));
  const staged = new Set(core.stagedPages.map((page) => page.key));
  for (const record of cached) {
    if (record.collection === PENDING) {
      const waiting = record.value as Waiting;
      if (!queued.has(keyOf(waiting))) core.pending.push(waiting);
    } else if (record.collection === STAGED) {
      const page = record.value as Staged;
      if (!staged.has(page.key)) core.stagedPages.push(page);
    } else if (record.collection === SYNC && record.id === 'version') core.version = Number(record.value) || 0;
    else if (record.collection === SYNC && record.id === STALE_ID) seen.stale ||= record.value === true;
    else if (record.collection !== SYNC) records.push(record);
    if (record.collection === 'singletons' && record.id === 'session') {
      const memberId = (record.value as { memberId?: unknown } | null)?.memberId;
      core.cachedMember = typeof memberId === 'string' ? memberId : null;
    }
  }
  return records;
}

/**
 * After the cache's queue is read (whole): changes of this cache the server has not confirmed,
 * or settled ones not yet replaced by the server's state, mean only a full pull shows what the
 * server holds.
 */
export function settleCacheRead(core: SyncCore, seen: { stale: boolean }) {
  core.needsFull = core.pending.length > 0 || seen.stale;
  refresh(core);
}

/** The schema record the cache's records are at (the store migrates none of them). */
export const CACHE_SCHEMA: StoredRecord = SCHEMA;

/** Reads the cache: the records for the store, and the queue and version for the client. */
export async function readCache(core: SyncCore): Promise<{ records: StoredRecord[]; returning: boolean }> {
  let cached: StoredRecord[];
  try {
    cached = await core.cache.load();
  } catch {
    cached = [];
  }
  const seen = { stale: false };
  const records = takeCached(core, cached, seen);
  settleCacheRead(core, seen);
  return { records: [...records, SCHEMA], returning: core.version > 0 && records.length > 0 };
}
