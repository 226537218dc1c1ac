// Pulling: what changed on the server since the version the cache holds (everything on a first
// visit, or when the cache holds changes of an earlier visit). The store rebases on it: the
// server's records, then the signed-in member's waiting mutations again on top.
import { META, SCHEMA_VERSION } from '../schema/migrations';
import type { StorageOp, StoredRecord } from '../storage/types';
import { mine, refresh, settle, type SyncCore } from './core';
import { SYNC_PATHS, writersOf, type PulledRecord, type PullResponse } from './protocol';
import { PENDING, putOp, STAGED, stageOp, STALE_ID, SYNC, toCall, type Staged, type Waiting } from './queue';
import { SYNC_MESSAGES } from './transport';

const SCHEMA = { ...META, value: { version: SCHEMA_VERSION } };

async function pullPages(core: SyncCore, since: number): Promise<{ records: PulledRecord[]; last: PullResponse }> {
  let cursor: string | undefined;
  const records: PulledRecord[] = [];
  let page: PullResponse;
  do {
    const query = new URLSearchParams({ since: String(since), clientID: core.clientID, ...(cursor ? { cursor } : {}) });
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

/** Reads the cache: the records for the store, and the queue and version for the client. */
export async function readCache(core: SyncCore): Promise<{ records: StoredRecord[]; returning: boolean }> {
  let cached: StoredRecord[];
  try {
    cached = await core.cache.load();
  } catch {
    cached = [];
  }
  const records: StoredRecord[] = [];
  let stale = false;
  for (const record of cached) {
    if (record.collection === PENDING) core.pending.push(record.value as Waiting);
    else if (record.collection === STAGED) core.stagedPages.push(record.value as Staged);
    else if (record.collection === SYNC && record.id === 'version') core.version = Number(record.value) || 0;
    else if (record.collection === SYNC && record.id === STALE_ID) stale = record.value === true;
    else if (record.collection !== SYNC) records.push(record);
    if (record.collection === 'singletons' && record.id === 'session') {
      const memberId = (record.value as { memberId?: unknown } | null)?.memberId;
      core.cachedMember = typeof memberId === 'string' ? memberId : null;
    }
  }
  // Changes of this cache the server has not confirmed, or settled ones not yet replaced by the
  // server's state: only a full pull shows what the server holds.
  core.needsFull = core.pending.length > 0 || stale;
  refresh(core);
  return { records: [...records, SCHEMA], returning: core.version > 0 && records.length > 0 };
}
