// The overwrite-notice rule: a pull that replaces a field the member set a moment ago, or is
// editing, names who did it and to what, and offers the member's value back where it can.
import { describe, expect, it } from 'vitest';
import { overwriteNotices, ownChanges, restoreCall, writerOf, type OwnChange } from '../../lib/domain/overwrites';
import type { ActivityEntry, InventoryItem, Order } from '../../lib/domain/types';

const NOW = new Date('2026-03-10T12:00:00.000Z');
const ago = (ms: number) => new Date(NOW.getTime() - ms).toISOString();
const JAMIE = { id: 'tm_2', name: 'Jamie Smith' };
const ME = 'tm_1';

const order = (status: Order['status'], extra: Partial<Order> = {}) => ({ id: 'ord_1', orderNumber: 'ORD-1001', status, ...extra }) as Order;
const item = (quantity: number): InventoryItem => ({ id: 'inv_5', sku: 'SKU-005', name: 'Bluetooth Speaker', quantity, lowStockThreshold: 20, reorderPoint: 10, location: 'Warehouse C', lastRestocked: ago(0) });
const mine = (collection: OwnChange['collection'], id: string, field: string, value: unknown, at = ago(5_000)): OwnChange => ({ collection, id, field, value, at });
const writers = { 'orders/ord_1': JAMIE, 'inventory/inv_5': JAMIE };

describe('overwriteNotices', () => {
  it('tells the member whose status a teammate replaced who set it, and to what, with their own value to put back', () => {
    const notices = overwriteNotices({
      me: ME,
      now: NOW,
      changes: [{ collection: 'orders', id: 'ord_1', before: order('Delivered'), after: order('Shipped') }],
      recent: [mine('orders', 'ord_1', 'status', 'Delivered')],
      editing: [],
      writers,
    });
    expect(notices).toEqual([
      { key: 'orders/ord_1/status', kind: 'overwritten', collection: 'orders', id: 'ord_1', record: 'ORD-1001', field: 'status', by: JAMIE, theirs: 'Shipped', mine: 'Delivered' },
    ]);
  });

  it('says nothing when the member did not touch the field, or touched it more than a minute ago', () => {
    const changes = [{ collection: 'orders', id: 'ord_1', before: order('Delivered'), after: order('Shipped') }];
    expect(overwriteNotices({ me: ME, now: NOW, changes, recent: [], editing: [], writers })).toEqual([]);
    expect(overwriteNotices({ me: ME, now: NOW, changes, recent: [mine('orders', 'ord_1', 'notes', 'x')], editing: [], writers })).toEqual([]);
    expect(overwriteNotices({ me: ME, now: NOW, changes, recent: [mine('orders', 'ord_1', 'status', 'Delivered', ago(61_000))], editing: [], writers })).toEqual([]);
  });

  it('says nothing when the pull confirms the member’s value, or when the member wrote it (another tab of theirs)', () => {
    const recent = [mine('orders', 'ord_1', 'status', 'Shipped')];
    expect(overwriteNotices({ me: ME, now: NOW, changes: [{ collection: 'orders', id: 'ord_1', before: order('Shipped'), after: order('Shipped') }], recent, editing: [], writers })).toEqual([]);
    const mineAgain = [mine('orders', 'ord_1', 'status', 'Delivered')];
    const changes = [{ collection: 'orders', id: 'ord_1', before: order('Delivered'), after: order('Shipped') }];
    expect(overwriteNotices({ me: ME, now: NOW, changes, recent: mineAgain, editing: [], writers: { 'orders/ord_1': { id: ME, name: 'Alex Morgan' } } })).toEqual([]);
  });

  it('tells a member editing the record, without a value of theirs to offer', () => {
    const notices = overwriteNotices({
      me: ME,
      now: NOW,
      changes: [{ collection: 'inventory', id: 'inv_5', before: item(5), after: item(30) }],
      recent: [],
      editing: [{ collection: 'inventory', id: 'inv_5', field: 'quantity' }],
      writers,
    });
    expect(notices).toEqual([expect.objectContaining({ kind: 'overwritten', field: 'quantity', by: JAMIE, theirs: 30, record: 'Bluetooth Speaker' })]);
    expect(notices[0]).not.toHaveProperty('mine');
    // An editor of another field of the record is not told about this one.
    expect(
      overwriteNotices({ me: ME, now: NOW, changes: [{ collection: 'inventory', id: 'inv_5', before: item(5), after: item(30) }], recent: [], editing: [{ collection: 'inventory', id: 'inv_5', field: 'location' }], writers }),
    ).toEqual([]);
  });

  it('tells a member editing a record that a teammate deleted it, by its name', () => {
    const notices = overwriteNotices({ me: ME, now: NOW, changes: [{ collection: 'inventory', id: 'inv_5', before: item(5) }], recent: [], editing: [{ collection: 'inventory', id: 'inv_5' }], writers });
    expect(notices).toEqual([{ key: 'inventory/inv_5', kind: 'deleted', collection: 'inventory', id: 'inv_5', record: 'Bluetooth Speaker', by: JAMIE, wasEditing: true }]);
    // Nobody editing it and no change of the member's: a deletion like any other.
    expect(overwriteNotices({ me: ME, now: NOW, changes: [{ collection: 'inventory', id: 'inv_5', before: item(5) }], recent: [], editing: [], writers })).toEqual([]);
  });

  it('ignores records new to the screen and collections it does not watch', () => {
    expect(
      overwriteNotices({
        me: ME,
        now: NOW,
        changes: [
          { collection: 'orders', id: 'ord_1', after: order('Shipped') },
          { collection: 'funnels', id: 'CR1', before: { id: 'CR1', status: 'A' }, after: { id: 'CR1', status: 'B' } },
        ],
        recent: [mine('orders', 'ord_1', 'status', 'Delivered')],
        editing: [{ collection: 'orders', id: 'ord_1' }],
        writers,
      }),
    ).toEqual([]);
  });
});

describe('writerOf', () => {
  const entry = (userId: string, userName: string) => ({ id: `act_${userId}`, userId, userName }) as ActivityEntry;
  it('takes the server’s word first', () => {
    expect(writerOf('orders', 'ord_1', writers, [entry('tm_9', 'Sam Lee')], ME)).toEqual(JAMIE);
  });
  it('else the one other member the batch’s activity names; several, or none, is nobody known', () => {
    expect(writerOf('orders', 'ord_1', {}, [entry(ME, 'Alex Morgan'), entry('tm_9', 'Sam Lee')], ME)).toEqual({ id: 'tm_9', name: 'Sam Lee' });
    expect(writerOf('orders', 'ord_1', {}, [entry('tm_8', 'Kim Ro'), entry('tm_9', 'Sam Lee')], ME)).toBeNull();
    expect(writerOf('orders', 'ord_1', undefined, [entry('system', 'System')], ME)).toBeNull();
  });
});

describe('ownChanges', () => {
  it('records the fields the member’s own write was about, not what it moved elsewhere', () => {
    const changes = [
      { collection: 'orders', id: 'ord_1', before: order('New', { updatedAt: 'a' }), after: order('Processing', { updatedAt: 'b' }) },
      { collection: 'inventory', id: 'inv_1', before: item(150), after: item(148) },
    ];
    expect(ownChanges('orders.changeStatus', changes, ago(0))).toEqual([{ collection: 'orders', id: 'ord_1', field: 'status', value: 'Processing', at: ago(0) }]);
    expect(ownChanges('inventory.setQuantity', [{ collection: 'inventory', id: 'inv_5', before: item(5), after: item(25) }], ago(0))).toEqual([
      { collection: 'inventory', id: 'inv_5', field: 'quantity', value: 25, at: ago(0) },
    ]);
    expect(ownChanges('funnels.togglePriority', changes, ago(0))).toEqual([]);
    expect(ownChanges(undefined, changes, ago(0))).toEqual([]);
  });
});

describe('restoreCall', () => {
  const notice = (field: 'status' | 'quantity' | 'location' | 'trackingNumber', value: unknown, collection: 'orders' | 'inventory' = 'orders') =>
    ({ key: 'k', kind: 'overwritten', collection, id: collection === 'orders' ? 'ord_1' : 'inv_5', record: 'r', field, by: JAMIE, theirs: 'x', mine: value }) as const;
  it('puts the member’s value back as the normal change for that field', () => {
    expect(restoreCall(notice('status', 'Delivered'), order('Shipped'))).toEqual({ name: 'orders.changeStatus', args: { id: 'ord_1', status: 'Delivered' } });
    expect(restoreCall(notice('quantity', 25, 'inventory'), item(30))).toEqual({ name: 'inventory.setQuantity', args: { id: 'inv_5', quantity: 25 } });
    expect(restoreCall(notice('location', 'Shelf 2', 'inventory'), item(30))).toEqual({
      name: 'inventory.updateItem',
      args: { id: 'inv_5', edit: { name: 'Bluetooth Speaker', lowStockThreshold: 20, reorderPoint: 10, location: 'Shelf 2' } },
    });
  });
  it('offers nothing for tracking (it would ship again), without a value of the member’s, or when the record is gone', () => {
    expect(restoreCall(notice('trackingNumber', 'T1'), order('Shipped'))).toBeNull();
    const { mine: _mine, ...noValue } = notice('status', 'Delivered');
    expect(restoreCall(noValue, order('Shipped'))).toBeNull();
    expect(restoreCall(notice('status', 'Delivered'), undefined)).toBeNull();
  });
});
