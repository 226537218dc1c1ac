// Small mutators written the way lib/mutators declares them, to test the server's side of
// the contract (the real ones are plugged in where they are written).
import * as v from 'valibot';
import { message } from '../../lib/domain/messages';
import { fail, ok, type InventoryItem } from '../../lib/domain/types';
import type { Mutator, MutationMeta, WriteTx } from '../../lib/mutators/types';

type Meta = { meta: MutationMeta };

export const setQuantity = {
  name: 'test.setQuantity',
  permission: { kind: 'member' },
  args: v.object({ id: v.string(), quantity: v.number('quantity must be a number') }),
  reads: (args) => [{ collection: 'inventory', id: args.id }],
  run(tx: WriteTx, args: { id: string; quantity: number } & Meta) {
    const item = tx.get('inventory', args.id);
    if (!item) return fail('No such inventory item');
    if (!Number.isInteger(args.quantity)) return fail('Quantity must be a whole number');
    tx.put('inventory', { ...item, quantity: args.quantity });
    tx.log({ action: message('activity.action.quantityUpdated'), actionType: 'system', details: message('activity.details.data', { value: `${item.name} set to ${args.quantity}` }) });
    return ok({ quantity: args.quantity });
  },
} satisfies Mutator<'test.setQuantity', v.GenericSchema<unknown, { id: string; quantity: number }>>;

/** Takes one from stock: concurrent runs must never lose an update. */
export const decrement = {
  name: 'test.decrement',
  permission: { kind: 'member' },
  args: v.object({ id: v.string() }),
  reads: (args) => [{ collection: 'inventory', id: args.id }],
  run(tx: WriteTx, args: { id: string } & Meta) {
    const item = tx.get('inventory', args.id);
    if (!item) return fail('No such inventory item');
    if (item.quantity < 1) return fail('Out of stock');
    tx.put('inventory', { ...item, quantity: item.quantity - 1 });
    return ok(item.quantity - 1);
  },
} satisfies Mutator<'test.decrement', v.GenericSchema<unknown, { id: string }>>;

/** Adds an item without checking the SKU itself: the database's unique index must catch duplicates. */
export const addItem = {
  name: 'test.addItem',
  permission: { kind: 'member' },
  args: v.object({ sku: v.string(), name: v.string(), quantity: v.number(), prepend: v.optional(v.boolean()) }),
  reads: () => [],
  run(tx: WriteTx, args: { sku: string; name: string; quantity: number; prepend?: boolean } & Meta) {
    const item: InventoryItem = {
      id: `inv_${args.meta.idSeed}`,
      sku: args.sku,
      name: args.name,
      quantity: args.quantity,
      lowStockThreshold: 10,
      reorderPoint: 20,
      lastRestocked: args.meta.now,
      location: '',
    };
    tx.put('inventory', item, { prepend: args.prepend });
    tx.log({ action: message('activity.action.itemAdded'), actionType: 'system', details: message('activity.details.nameSku', { name: args.name, sku: args.sku }) });
    return ok(item.id);
  },
} satisfies Mutator<'test.addItem', v.GenericSchema<unknown, { sku: string; name: string; quantity: number; prepend?: boolean }>>;

export const listInventory = {
  name: 'test.listInventory',
  permission: { kind: 'member' },
  args: v.object({}),
  reads: () => [{ collection: 'inventory', all: true }],
  run(tx: WriteTx) {
    return ok(tx.scan('inventory').map((item) => item.id));
  },
} satisfies Mutator<'test.listInventory', v.GenericSchema<unknown, object>>;

export const sendOutreach = {
  name: 'test.sendOutreach',
  permission: { kind: 'member', flag: 'sendOutreach' },
  args: v.object({ funnelId: v.string(), message: v.pipe(v.string(), v.nonEmpty('message is required')) }),
  reads: (args) => [{ collection: 'funnels', id: args.funnelId }],
  run(tx: WriteTx, args: { funnelId: string; message: string } & Meta) {
    const funnel = tx.get('funnels', args.funnelId);
    if (!funnel) return fail('No such funnel');
    const sentBy = tx.actor?.name ?? 'System';
    tx.put('funnels', {
      ...funnel,
      outreach: [...(funnel.outreach ?? []), { id: `msg_${args.meta.idSeed}`, timestamp: args.meta.now, message: args.message, sentBy }],
    });
    tx.log({ action: message('activity.action.outreachSent'), actionType: 'creator', details: message('activity.details.data', { value: `Message sent to ${funnel.creatorHandle}` }) });
    return ok(undefined);
  },
} satisfies Mutator<'test.sendOutreach', v.GenericSchema<unknown, { funnelId: string; message: string }>>;

export const setRole = {
  name: 'test.setRole',
  permission: { kind: 'member', flag: 'manageTeam' },
  args: v.object({ memberId: v.string(), role: v.picklist(['Admin', 'Editor', 'Viewer']) }),
  reads: (args) => [{ collection: 'team', id: args.memberId }],
  run(tx: WriteTx, args: { memberId: string; role: 'Admin' | 'Editor' | 'Viewer' } & Meta) {
    const member = tx.get('team', args.memberId);
    if (!member) return fail('No such member');
    tx.put('team', { ...member, role: args.role, permissions: { ...member.permissions, manageTeam: args.role === 'Admin' } });
    return ok(undefined);
  },
} satisfies Mutator<'test.setRole', v.GenericSchema<unknown, { memberId: string; role: 'Admin' | 'Editor' | 'Viewer' }>>;

/** A personal preference: Viewers may run it. */
export const saveLayout = {
  name: 'test.saveLayout',
  permission: { kind: 'signedIn' },
  args: v.object({ columns: v.number() }),
  reads: () => [{ singleton: 'dashboardLayout' }],
  run(tx: WriteTx, args: { columns: number } & Meta) {
    const layouts = tx.singleton('dashboardLayout');
    tx.setSingleton('dashboardLayout', { ...layouts, [tx.actor!.id]: { lg: [{ i: 'a', x: 0, y: 0, w: args.columns, h: 1 }] } });
    return ok(undefined);
  },
} satisfies Mutator<'test.saveLayout', v.GenericSchema<unknown, { columns: number }>>;

/** Reads a record its reads() did not name: a bug, reported as an error, writing nothing. */
export const undeclaredRead = {
  name: 'test.undeclaredRead',
  permission: { kind: 'member' },
  args: v.object({}),
  reads: () => [],
  run(tx: WriteTx) {
    tx.put('notifications', { id: 'nt_x', type: 'email', title: 'x', message: 'x', timestamp: '2026-01-01T00:00:00.000Z', read: false, snoozedUntil: null });
    tx.get('inventory', 'inv_1');
    return ok(undefined);
  },
} satisfies Mutator<'test.undeclaredRead', v.GenericSchema<unknown, object>>;

/** Tries to make a member Active (only an accepted invitation may). */
export const activateMember = {
  name: 'test.activateMember',
  permission: { kind: 'member', flag: 'manageTeam' },
  args: v.object({ memberId: v.string() }),
  reads: (args) => [{ collection: 'team', id: args.memberId }],
  run(tx: WriteTx, args: { memberId: string } & Meta) {
    const member = tx.get('team', args.memberId);
    if (!member) return fail('No such member');
    tx.put('team', { ...member, status: 'Active' });
    return ok(undefined);
  },
} satisfies Mutator<'test.activateMember', v.GenericSchema<unknown, { memberId: string }>>;

/** Deletes a calendar event, or puts one back. */
export const toggleEvent = {
  name: 'test.toggleEvent',
  permission: { kind: 'member' },
  args: v.object({ id: v.string(), restore: v.optional(v.unknown()) }),
  reads: (args) => [{ collection: 'events', id: args.id }],
  run(tx: WriteTx, args: { id: string; restore?: unknown } & Meta) {
    if (args.restore) tx.put('events', args.restore as never);
    else if (tx.get('events', args.id)) tx.delete('events', args.id);
    else return fail('No such event');
    return ok(undefined);
  },
} satisfies Mutator<'test.toggleEvent', v.GenericSchema<unknown, { id: string; restore?: unknown }>>;

export const FAKE_MUTATORS = [toggleEvent, setQuantity, decrement, addItem, listInventory, sendOutreach, setRole, saveLayout, undeclaredRead, activateMember] as unknown as Mutator[];
