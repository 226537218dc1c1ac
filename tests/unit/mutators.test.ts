// The store engine: one permission table for every mutator, the validator on load, the change
// feed, and replay — the same mutations on the same start give the same records, in a store
// or on any other transaction (the property server sync relies on).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../lib/domain/constants';
import { authorize, MUTATION_PERMISSIONS, SIGNED_OUT_MESSAGE, type MutationName } from '../../lib/domain/permissions';
import { ORDER_STATUSES, ROLES, type TeamMember } from '../../lib/domain/types';
import { MUTATORS, replay, type Mutation, type WriteTx } from '../../lib/mutators';
import { sampleWorkspace, SUGGESTED_CREATORS } from '../../lib/sample';
import { SCHEMA_VERSION } from '../../lib/schema/migrations';
import { COLLECTION_NAMES } from '../../lib/schema/names';
import { createStore, type Store } from '../../lib/store/createStore';
import type { ChangeSet } from '../../lib/store/core';
import { createMemoryStorage } from '../../lib/storage/memory';
import type { StorageOp } from '../../lib/storage/types';
import { mapState, mapTx } from '../helpers/map-tx';

const NOW = new Date('2026-03-10T12:00:00Z');
const now = () => NOW;

async function freshStore(storage = createMemoryStorage()) {
  const store = createStore({ storage, now });
  await store.loaded;
  await store.flush();
  return store;
}

/** Every record of a store, by collection, sorted by id (order aside). */
function records(store: Store) {
  const lists: Record<string, readonly { id: string }[]> = {
    funnels: store.funnels.items.items.peek(),
    orders: store.orders.items.items.peek(),
    inventory: store.inventory.items.items.peek(),
    events: store.calendar.events.items.peek(),
    notifications: store.notifications.items.items.peek(),
    team: store.team.members.items.peek(),
    activity: store.admin.activity.items.peek(),
    invoices: store.admin.invoices.items.peek(),
    integrations: store.admin.integrations.items.peek(),
    webhookEvents: store.admin.webhookEvents.items.peek(),
    payments: store.funnels.payments.items.peek(),
  };
  return Object.fromEntries(Object.entries(lists).map(([name, list]) => [name, [...list].sort((a, b) => a.id.localeCompare(b.id))]));
}
function singletonValues(store: Store) {
  return {
    settings: store.admin.settings.value.peek(),
    profile: store.admin.profile.value.peek(),
    plan: store.admin.plan.value.peek(),
    automationDefaults: store.admin.automationDefaults.value.peek(),
    developer: store.admin.developer.value.peek(),
    dashboardLayout: store.funnels.dashboardLayout.value.peek(),
    matchingCriteria: store.funnels.matchingCriteria.value.peek(),
  };
}

describe('the permission table', () => {
  it('names exactly the mutators there are, and each mutator takes its rule from it', () => {
    expect(Object.keys(MUTATORS).sort()).toEqual(Object.keys(MUTATION_PERMISSIONS).sort());
    for (const [name, mutator] of Object.entries(MUTATORS)) expect(mutator.permission, name).toEqual(MUTATION_PERMISSIONS[name as MutationName]);
  });

  it('is what the controls read: a Viewer is told why for a write, an Editor without the flag for a flagged one', async () => {
    const store = await freshStore();
    expect(store.session.whyNot('orders.changeStatus')).toBeNull();
    store.session.signIn('tm_3');
    expect(store.session.whyNot('orders.changeStatus')).toBe('Your role cannot make changes in this workspace');
    expect(store.session.whyNot('funnels.saveDashboardLayout')).toBeNull();
    store.session.signIn('tm_2');
    expect(store.session.whyNot('team.invite')).toBe(MESSAGES.missingPermission('manageTeam'));
    expect(store.session.can('funnels.sendOutreach')).toBe(true);
  });

  it('is the one check the server runs too: only an active member acts at all, a Viewer for their own preferences', () => {
    const flags = { sendOutreach: true, editAutomations: false, manageTeam: false, viewAnalytics: true };
    const viewer = { role: 'Viewer' as const, status: 'Active' as const, permissions: flags };
    expect(authorize(viewer, MUTATION_PERMISSIONS['funnels.saveDashboardLayout'])).toEqual({ ok: true, value: viewer });
    expect(authorize(viewer, MUTATION_PERMISSIONS['orders.changeStatus'])).toEqual({ ok: false, error: MESSAGES.readOnly, problem: { key: 'domain.readOnly' } });
    const pending = { ...viewer, role: 'Editor' as const, status: 'Pending' as const };
    const signedOut = { ok: false, error: SIGNED_OUT_MESSAGE, problem: { key: 'domain.funnels.signedOut' } };
    expect(authorize(pending, MUTATION_PERMISSIONS['funnels.saveDashboardLayout'])).toEqual(signedOut);
    expect(authorize(null, MUTATION_PERMISSIONS['funnels.saveDashboardLayout'])).toEqual(signedOut);
    expect(authorize({ ...pending, status: 'Active' as const }, MUTATION_PERMISSIONS['team.invite'])).toMatchObject({ ok: false, error: MESSAGES.missingPermission('manageTeam'), problem: { key: 'domain.permission.missing' } });
  });

  it('refuses a malformed call by naming the field, and writes nothing', async () => {
    const store = await freshStore();
    const before = records(store);
    const result = store.mutate('inventory.setQuantity', { id: 'inv_1', quantity: { nope: true } } as never);
    expect(result).toMatchObject({ ok: false, error: expect.stringMatching(/^Invalid input for quantity/) });
    expect(store.mutate('nope.nothing' as MutationName, {})).toMatchObject({ ok: false, error: 'Unknown change: nope.nothing' });
    expect(records(store)).toEqual(before);
  });
});

describe('loading validates every record', () => {
  it('sets aside records of the wrong shape (wrong type, negative stock, unknown status) and keeps the rest', async () => {
    const data = sampleWorkspace(NOW);
    const good = data.collections.inventory[0];
    const order = data.collections.orders[0];
    const storage = createMemoryStorage([
      { collection: 'meta', id: 'schema', value: { version: SCHEMA_VERSION } },
      { collection: 'inventory', id: good.id, value: good },
      { collection: 'inventory', id: 'neg', value: { ...good, id: 'neg', quantity: -4 } },
      { collection: 'inventory', id: 'str', value: { ...good, id: 'str', quantity: '12' } },
      { collection: 'orders', id: 'bad-status', value: { ...order, id: 'bad-status', status: 'Lost' } },
      { collection: 'orders', id: 'mismatch', value: { ...order, id: 'other' } },
      { collection: 'singletons', id: 'settings', value: { companyName: 7 } },
    ]);
    const store = await freshStore(storage);
    expect(store.inventory.items.items.value.map((i) => i.id)).toEqual([good.id]);
    expect(store.orders.items.items.value).toEqual([]);
    expect(store.persistence.value.unreadable.map((r) => r.id).sort()).toEqual(['bad-status', 'mismatch', 'neg', 'settings', 'str']);
    expect(store.admin.settings.value.value.companyName).toBe('Creatorflow Demo Co.');
  });
});

describe('the change feed', () => {
  it('announces a local mutation once, with its name, origin and the records it changed (before and after)', async () => {
    const store = await freshStore();
    const heard: ChangeSet[] = [];
    store.listen((change) => heard.push(change));
    const item = store.inventory.items.items.value[0];
    store.withOrigin('my-widget', () => store.inventory.setQuantity(item.id, item.quantity + 3));
    expect(heard).toHaveLength(1);
    const [change] = heard;
    expect(change).toMatchObject({ source: 'local', mutation: 'inventory.setQuantity', origin: 'my-widget' });
    const inventoryChange = change.changes.find((c) => c.collection === 'inventory');
    expect(inventoryChange).toMatchObject({ id: item.id, before: { quantity: item.quantity }, after: { quantity: item.quantity + 3 } });
    expect(change.changes.filter((c) => c.collection === 'activity')).toHaveLength(1);
    expect(change.logged).toEqual([expect.objectContaining({ action: 'Inventory quantity updated', userName: 'Alex Morgan' })]);
  });

  it('announces nothing for a refused mutation, or one that changes nothing', async () => {
    const store = await freshStore();
    const heard: ChangeSet[] = [];
    store.listen((change) => heard.push(change));
    const item = store.inventory.items.items.value[0];
    expect(store.inventory.setQuantity(item.id, -1).ok).toBe(false);
    store.session.signIn('tm_3');
    heard.length = 0;
    expect(store.inventory.setQuantity(item.id, 5).ok).toBe(false);
    expect(store.funnels.saveDashboardLayout(null).ok).toBe(true); // nothing saved yet: nothing to reset
    expect(heard).toEqual([]);
  });

  it('announces writes from another tab as remote, and a source filter keeps them apart', async () => {
    const listeners: ((ops: StorageOp[], info?: { mutation?: string }) => void)[] = [];
    const inner = createMemoryStorage();
    const store = createStore({ storage: { ...inner, subscribe: (l) => (listeners.push(l), () => {}) }, now });
    await store.loaded;
    const all: ChangeSet[] = [];
    const remote: ChangeSet[] = [];
    const local: ChangeSet[] = [];
    store.listen((c) => all.push(c));
    store.listen((c) => remote.push(c), { source: 'remote' });
    store.listen((c) => local.push(c), { source: 'local' });
    const event = store.calendar.events.items.value[0];
    for (const l of listeners) l([{ type: 'delete', collection: 'events', id: event.id }], { mutation: 'calendar.deleteEvent' });
    expect(store.calendar.events.get(event.id)).toBeUndefined();
    expect(remote).toEqual([{ source: 'remote', mutation: 'calendar.deleteEvent', changes: [{ collection: 'events', id: event.id, before: event }], logged: [] }]);
    expect(local).toEqual([]);
    store.notifications.markAllRead();
    expect(local).toHaveLength(1);
    expect(all).toHaveLength(2);
  });

  it('stops its effects and listeners on dispose', async () => {
    const store = await freshStore();
    const heard: ChangeSet[] = [];
    store.listen((c) => heard.push(c));
    store.dispose();
    store.notifications.markAllRead();
    expect(heard).toEqual([]);
  });
});

// ---------- replay ----------

const sample = sampleWorkspace(NOW);
const ids = (name: string) => sample.collections[name].map((r) => r.id);
const [funnelIds, orderIds, itemIds, eventIds, noteIds] = ['funnels', 'orders', 'inventory', 'events', 'notifications'].map(ids);
const skus = (sample.collections.inventory as unknown as { sku: string }[]).map((i) => i.sku);

type Call = { name: MutationName; args: unknown };
const call = <N extends MutationName>(name: N, args: unknown): Call => ({ name, args });

const callArb: fc.Arbitrary<Call> = fc.oneof(
  fc.record({ id: fc.constantFrom(...orderIds), status: fc.constantFrom(...ORDER_STATUSES) }).map((a) => call('orders.changeStatus', a)),
  fc.record({ id: fc.constantFrom(...orderIds), notes: fc.string({ maxLength: 20 }) }).map((a) => call('orders.saveNotes', a)),
  fc
    .record({ sku: fc.constantFrom(...skus, 'NOPE'), quantity: fc.integer({ min: -1, max: 30 }) })
    .map(({ sku, quantity }) =>
      call('orders.create', {
        draft: {
          source: 'Manual',
          customerName: 'Pat Lee',
          customerEmail: 'pat@example.com',
          shippingAddress: { line1: '1 Main St', city: 'Austin', state: 'TX', postalCode: '78701', country: 'US' },
          items: [{ sku, quantity }],
        },
      }),
    ),
  fc.record({ id: fc.constantFrom(...itemIds), quantity: fc.integer({ min: -2, max: 60 }) }).map((a) => call('inventory.setQuantity', a)),
  fc.record({ sku: fc.stringMatching(/^[A-C]{1,3}$/), name: fc.constantFrom('Tripod', '') }).map((draft) => call('inventory.addItem', { draft })),
  fc
    .record({ funnelId: fc.constantFrom(...funnelIds), stepIndex: fc.integer({ min: -1, max: 7 }), name: fc.constantFrom('Kickoff', '') })
    .map(({ funnelId, stepIndex, name }) => call('funnels.saveStep', { funnelId, stepIndex, draft: { name, description: 'd' } })),
  fc.record({ funnelId: fc.constantFrom(...funnelIds), message: fc.string({ maxLength: 10 }) }).map((a) => call('funnels.sendOutreach', a)),
  fc.record({ funnelId: fc.constantFrom(...funnelIds) }).map((a) => call('funnels.togglePriority', a)),
  fc.record({ suggestedId: fc.constantFrom(...SUGGESTED_CREATORS.map((c) => c.id)) }).map((a) => call('funnels.inviteSuggested', a)),
  fc
    .record({ funnelId: fc.constantFrom(...funnelIds), commissionPercent: fc.constantFrom(null, 0, 12.5, 101), flatFee: fc.constantFrom(null, 250, -1) })
    .map((a) => call('funnels.setCommissionTerms', a)),
  fc
    .record({ funnelId: fc.constantFrom(...funnelIds, 'CR0'), paidOn: fc.constantFrom('2026-03-01', '2099-01-01'), amount: fc.constantFrom(0, 49.99), reference: fc.constantFrom('WIRE-1', '') })
    .map((a) => call('payments.record', a)),
  fc.record({ day: fc.integer({ min: 1, max: 28 }), length: fc.integer({ min: -1, max: 3 }) }).map(({ day, length }) =>
    call('calendar.addEvent', {
      draft: {
        title: 'Review',
        start: `2026-03-${String(day).padStart(2, '0')}T10:00`,
        end: `2026-03-${String(day).padStart(2, '0')}T1${length + 1}:00`,
        type: 'review',
        description: '',
        creatorName: '',
      },
    }),
  ),
  fc.record({ id: fc.constantFrom(...eventIds) }).map((a) => call('calendar.deleteEvent', a)),
  fc.record({ id: fc.constantFrom(...noteIds) }).map((a) => call('notifications.dismiss', a)),
  fc.record({ id: fc.constantFrom(...noteIds), hours: fc.constantFrom(1, 4, 8, 24, 3) }).map((a) => call('notifications.snooze', a)),
  // The signed-in Admin keeps the role: the plain replay below runs every mutation as that Admin.
  fc.record({ id: fc.constantFrom('tm_2', 'tm_3'), role: fc.constantFrom(...ROLES) }).map((a) => call('team.setRole', a)),
  fc.record({ n: fc.integer({ min: 1, max: 3 }) }).map(({ n }) =>
    call('creators.import', { rows: Array.from({ length: n }, (_, i) => ({ row: i + 1, draft: { handle: `@new${i % 2}`, name: `New ${i}` } })) }),
  ),
  fc.constantFrom('Pro', 'Business', 'Enterprise').map((name) => call('billing.changePlan', { name })),
);

const mutationsArb = fc.array(callArb, { maxLength: 15 }).map((calls) =>
  calls.map((c, i): Mutation => ({ ...c, meta: { now: new Date(NOW.getTime() + i * 60_000).toISOString(), idSeed: `s${i}` } })),
);

describe('replay', () => {
  it('the same mutations on two fresh stores give identical records (500 runs)', async () => {
    await fc.assert(
      fc.asyncProperty(mutationsArb, async (mutations) => {
        const [a, b] = await Promise.all([freshStore(), freshStore()]);
        const resultsA = mutations.map((m) => a.apply(m));
        const resultsB = mutations.map((m) => b.apply(m));
        expect(resultsB).toEqual(resultsA);
        expect(records(b)).toEqual(records(a));
        expect(singletonValues(b)).toEqual(singletonValues(a));
        a.dispose();
        b.dispose();
      }),
      { numRuns: 500 },
    );
  });

  it('replaying on a plain transaction (no store, no signals) gives the same records as the store', async () => {
    await fc.assert(
      fc.asyncProperty(mutationsArb, async (mutations) => {
        const store = await freshStore();
        for (const m of mutations) store.apply(m);
        const fresh = mapState(sampleWorkspace(NOW), NOW);
        const admin = sample.collections.team.find((m) => m.id === 'tm_1') as TeamMember;
        const actor = { id: admin.id, name: admin.name, role: admin.role, permissions: admin.permissions };
        const open = new Map<WriteTx, ReturnType<typeof mapTx>>();
        replay(
          mutations,
          admin,
          (mutation) => {
            const t = mapTx(fresh, actor, mutation.meta);
            open.set(t.tx, t);
            return t.tx;
          },
          (tx, result) => result.ok && open.get(tx)!.commit(),
        );
        const expected = records(store);
        for (const name of COLLECTION_NAMES) {
          const got = [...fresh.records.get(name)!.values()].sort((x, y) => x.id.localeCompare(y.id));
          expect(got, name).toEqual(expected[name]);
        }
        store.dispose();
      }),
      { numRuns: 100 },
    );
  });
});
