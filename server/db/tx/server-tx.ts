// The server side of the mutator contract (lib/mutators/types.ts): a WriteTx over one
// database transaction. Its snapshot is staged.ts and reads.ts, its writes are staged by
// lib/mutators/staged-tx.ts (the browser's layer) and written by commit.ts.
import type { Entity } from '../../../lib/domain/types';
import { createStagedTx } from '../../../lib/mutators/staged-tx';
import type { Actor, ReadSpec } from '../../../lib/mutators/types';
import type { CollectionName, RecordOf, SingletonName, SingletonOf } from '../../../lib/schema/names';
import type { DbTx } from '../client';
import { commit } from './commit';
import { TxRejected } from './errors';
import { preload, snapshotBase } from './reads';
import { SINGLETONS, checkCollection, createStaged, type ServerTx, type ServerTxOptions } from './staged';

export function createServerTx(tx: DbTx, workspaceId: string, actor: Actor | null, options: ServerTxOptions): ServerTx {
  const s = createStaged(tx, workspaceId, actor, options);
  // The browser's staged-write layer over this transaction's snapshot: the same reads of one's
  // own writes, the same activity entries (who did it comes from the database, never from the
  // mutation's arguments), one family of write transactions.
  const staging = createStagedTx(snapshotBase(s), actor, options.meta);
  s.staging = staging;
  const writes = staging.tx;

  function put<C extends CollectionName>(collection: C, record: RecordOf<C>, opts?: { prepend?: boolean }) {
    checkCollection(collection);
    const id = (record as Entity | undefined)?.id;
    if (typeof id !== 'string' || !id) throw new TxRejected(`A ${collection} record needs a text id`);
    writes.put(collection, record, opts);
  }

  function remove(collection: CollectionName, id: string) {
    checkCollection(collection);
    writes.delete(collection, id);
  }

  function setSingleton<S extends SingletonName>(name: S, value: SingletonOf<S>) {
    if (!SINGLETONS.has(name)) throw new TxRejected(`Unknown singleton "${name}"`);
    if (value === undefined) throw new TxRejected(`The ${name} singleton cannot be undefined`);
    writes.setSingleton(name, value);
  }

  return {
    actor,
    get: writes.get,
    scan: writes.scan,
    lookup: writes.lookup,
    withCode: writes.withCode,
    numberedOrders: writes.numberedOrders,
    singleton: writes.singleton,
    put,
    delete: remove,
    setSingleton,
    log: writes.log,
    preload: (specs: readonly ReadSpec[]) => preload(s, specs),
    commit: (also) => commit(s, also),
    get baseVersion() {
      if (s.version === null) throw new Error('preload() has not run');
      return s.version;
    },
  };
}
