// The server side of the mutator contract (lib/mutators/types.ts): a WriteTx over one
// database transaction. Its state is staged.ts, its reads reads.ts, its writes commit.ts.
import type { Entity } from '../../../lib/domain/types';
import { activityEntry } from '../../../lib/mutators/define';
import type { Actor, LogEntry, ReadSpec } from '../../../lib/mutators/types';
import type { LookupCollection } from '../../../lib/schema/lookups';
import type { CollectionName, RecordOf, SingletonName, SingletonOf } from '../../../lib/schema/names';
import type { Database, DbTx } from '../client';
import { commit } from './commit';
import { TxRejected } from './errors';
import { get, lookup, preload, scan, singleton } from './reads';
import { SINGLETONS, checkCollection, createStaged, type ServerTx, type ServerTxOptions } from './staged';

export function createServerTx(tx: DbTx, workspaceId: string, actor: Actor | null, options: ServerTxOptions): ServerTx {
  const s = createStaged(tx, workspaceId, actor, options);
  const { meta, writesOf, singletonWrites } = s;
  let logged = 0;

  function put<C extends CollectionName>(collection: C, record: RecordOf<C>, opts?: { prepend?: boolean }) {
    checkCollection(collection);
    const id = (record as Entity | undefined)?.id;
    if (typeof id !== 'string' || !id) throw new TxRejected(`A ${collection} record needs a text id`);
    writesOf(collection).set(id, { kind: 'put', record, prepend: Boolean(opts?.prepend) });
  }

  function remove(collection: CollectionName, id: string) {
    checkCollection(collection);
    writesOf(collection).set(id, { kind: 'delete' });
  }

  function setSingleton<S extends SingletonName>(name: S, value: SingletonOf<S>) {
    if (!SINGLETONS.has(name)) throw new TxRejected(`Unknown singleton "${name}"`);
    if (value === undefined) throw new TxRejected(`The ${name} singleton cannot be undefined`);
    singletonWrites.set(name, value);
  }

  function log(entry: LogEntry) {
    logged += 1;
    // Same builder as the browser's, so the optimistic entry and this one are one record.
    // Who did it comes from the database, never from the mutation's arguments.
    const record = activityEntry(meta, actor, logged, entry);
    put('activity', record, { prepend: true });
  }

  return {
    actor,
    get: <C extends CollectionName>(collection: C, id: string) => get(s, collection, id),
    scan: <C extends CollectionName>(collection: C) => scan(s, collection),
    lookup: <C extends LookupCollection>(collection: C, key: string) => lookup(s, collection, key),
    singleton: <S extends SingletonName>(name: S) => singleton(s, name),
    put,
    delete: remove,
    setSingleton,
    log,
    preload: (specs: readonly ReadSpec[]) => preload(s, specs),
    commit: (also) => commit(s, also),
    get baseVersion() {
      if (s.version === null) throw new Error('preload() has not run');
      return s.version;
    },
  };
}

/** Runs server-side writes (team routes) through the same transaction machinery as mutators. */
export async function withServerTx<T>(
  db: Database,
  workspaceId: string,
  actor: Actor | null,
  options: ServerTxOptions & { reads?: readonly ReadSpec[] },
  fn: (tx: ServerTx, dbTx: DbTx) => Promise<T>,
): Promise<{ value: T; version: number }> {
  return db.transaction(async (dbTx) => {
    const serverTx = createServerTx(dbTx, workspaceId, actor, options);
    await serverTx.preload(options.reads ?? []);
    const value = await fn(serverTx, dbTx);
    const { version } = await serverTx.commit();
    return { value, version };
  });
}
