// The store's side of overwrite notices, on the engine with the sync's bookkeeping on: only the
// records a pull brings can owe a notice; a change of the member's own that the server refused
// (undone by the pull) is not a teammate's overwrite, whoever else wrote in the same batch.
import { describe, expect, it } from 'vitest';
import type { ActivityEntry } from '../../lib/domain/types';
import { sampleWorkspace } from '../../lib/sample';
import { COLLECTION_NAMES } from '../../lib/schema/names';
import { createMemoryStorage } from '../../lib/storage/memory';
import { createEngine } from '../../lib/store/core';
import { createOverwritesSlice } from '../../lib/store/overwrites';

const NOW = new Date('2026-03-10T12:00:00.000Z');

function setUp() {
  const engine = createEngine({ storage: createMemoryStorage(), now: () => NOW, session: { memberId: 'tm_1' }, trackUnconfirmed: true });
  const data = sampleWorkspace(NOW);
  engine.writeDirect((tx) => {
    for (const name of COLLECTION_NAMES) for (const record of data.collections[name] ?? []) tx.put(name, record as never);
  });
  const overwrites = createOverwritesSlice(engine);
  const teammateEntry: ActivityEntry = {
    id: 'act_jamie',
    timestamp: NOW.toISOString(),
    userId: 'tm_2',
    userName: 'Jamie Smith',
    userAvatar: '',
    action: 'Inventory quantity updated',
    actionType: 'system',
    details: 'Smart Watch (SKU-002): 8 → 9',
    status: 'success',
  };
  return { engine, overwrites, teammateEntry };
}

describe('overwrite notices in the store', () => {
  it('a refused change of the member’s, undone by a pull that brings a teammate’s unrelated entry, is not an overwrite', () => {
    const { engine, overwrites, teammateEntry } = setUp();
    expect(engine.mutate('orders.changeStatus', { id: 'ord_1', status: 'Processing' }).ok).toBe(true);
    // The server refused it (it is not in the pull), and Jamie changed something else.
    engine.rebase([{ collection: 'activity', id: teammateEntry.id, value: teammateEntry }], [], false, {});
    expect(engine.collection('orders').get('ord_1')!.status).toBe('New');
    expect(overwrites.notices.peek()).toEqual([]);
  });

  it('the same batch naming the order: the one other member of its activity is named', () => {
    const { engine, overwrites, teammateEntry } = setUp();
    expect(engine.mutate('orders.changeStatus', { id: 'ord_1', status: 'Processing' }).ok).toBe(true);
    const shipped = { ...engine.collection('orders').get('ord_1')!, status: 'Shipped' };
    engine.rebase(
      [
        { collection: 'orders', id: 'ord_1', value: shipped },
        { collection: 'activity', id: teammateEntry.id, value: teammateEntry },
      ],
      [],
      false,
      {},
    );
    expect(overwrites.notices.peek()).toEqual([
      expect.objectContaining({ kind: 'overwritten', field: 'status', by: { id: 'tm_2', name: 'Jamie Smith' }, theirs: 'Shipped', mine: 'Processing' }),
    ]);
    // Putting it back is a normal change, and the notice goes.
    expect(overwrites.restore(overwrites.notices.peek()[0].key).ok).toBe(true);
    expect(engine.collection('orders').get('ord_1')!.status).toBe('Processing');
    expect(overwrites.notices.peek()).toEqual([]);
  });

  it('an editor’s release stops the telling', () => {
    const { engine, overwrites } = setUp();
    const release = overwrites.editing({ collection: 'inventory', id: 'inv_2' });
    release();
    engine.rebase([{ collection: 'inventory', id: 'inv_2', value: null }], [], false, { 'inventory/inv_2': { id: 'tm_2', name: 'Jamie Smith' } });
    expect(overwrites.notices.peek()).toEqual([]);
    overwrites.editing({ collection: 'inventory', id: 'inv_1' });
    engine.rebase([{ collection: 'inventory', id: 'inv_1', value: null }], [], false, { 'inventory/inv_1': { id: 'tm_2', name: 'Jamie Smith' } });
    expect(overwrites.notices.peek()).toEqual([expect.objectContaining({ kind: 'deleted', record: 'Wireless Earbuds', wasEditing: true })]);
  });
});
