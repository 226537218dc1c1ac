import { describe, expect, it } from 'vitest';
import { sampleFunnels, sampleOrders } from '../../lib/sample';
import { createStore } from '../../lib/store/createStore';
import { SCHEMA_VERSION } from '../../lib/schema/migrations';
import { createMemoryStorage } from '../../lib/storage/memory';
import type { StorageAdapter, StorageOp } from '../../lib/storage/types';

const now = () => new Date('2026-03-10T12:00:00Z');

function recordingStorage() {
  const inner = createMemoryStorage();
  const writes: StorageOp[][] = [];
  const storage: StorageAdapter = { ...inner, write: async (ops) => { writes.push(ops); await inner.write(ops); } };
  return { storage, writes, inner };
}

describe('store', () => {
  it('seeds an empty workspace once with the sample data, and reads it back on the next load', async () => {
    const { storage } = recordingStorage();
    const first = createStore({ storage, now });
    await first.loaded;
    expect(first.inventory.items.items.value).toHaveLength(5);
    first.inventory.addItem({ sku: 'NEW-1', name: 'Tripod' });
    await first.flush();
    const second = createStore({ storage, now });
    await second.loaded;
    expect(second.inventory.items.items.value.map((i) => i.sku)).toContain('NEW-1');
    expect(second.inventory.items.items.value).toHaveLength(6);
  });

  it('persists record by record: a quantity edit writes that item and its activity entry only', async () => {
    const { storage, writes } = recordingStorage();
    const store = createStore({ storage, now });
    await store.loaded;
    await store.flush();
    writes.length = 0;
    const id = store.inventory.items.items.value[0].id;
    expect(store.inventory.setQuantity(id, '42').ok).toBe(true);
    await store.flush();
    expect(writes).toHaveLength(1);
    expect(writes[0].map((op) => (op.type === 'clear' ? 'clear' : op.collection)).sort()).toEqual(['activity', 'inventory']);
  });

  it('records every write in the activity log', async () => {
    const store = createStore({ storage: createMemoryStorage(), now });
    await store.loaded;
    store.inventory.addItem({ sku: 'LOG-1', name: 'Logged' });
    expect(store.admin.activity.items.value[0]).toMatchObject({ action: 'Inventory item added', userName: 'Alex Morgan' });
  });

  it('refuses writes from a Viewer and changes nothing', async () => {
    const store = createStore({ storage: createMemoryStorage(), now });
    await store.loaded;
    store.session.signIn('tm_3');
    const before = store.inventory.items.items.value;
    const result = store.inventory.addItem({ sku: 'V-1', name: 'Viewer item' });
    expect(result).toMatchObject({ ok: false, error: 'Your role cannot make changes in this workspace' });
    expect(store.inventory.items.items.value).toBe(before);
  });

  it('keeps working in memory, and says so, when storage cannot be read', async () => {
    const broken: StorageAdapter = { kind: 'indexeddb', load: () => Promise.reject(new Error('blocked')), write: () => Promise.reject(new Error('blocked')) };
    const store = createStore({ storage: broken, now });
    await store.loaded;
    expect(store.persistence.value.warning).toMatch(/Changes are not being saved/);
    expect(store.inventory.items.items.value).toHaveLength(5);
    expect(store.inventory.addItem({ sku: 'M-1', name: 'Memory' }).ok).toBe(true);
  });

  it('switches to memory with a warning when a write fails mid-session', async () => {
    const { storage } = recordingStorage();
    const store = createStore({ storage, now });
    await store.loaded;
    await store.flush();
    storage.write = () => Promise.reject(Object.assign(new Error('full'), { name: 'QuotaExceededError' }));
    store.inventory.addItem({ sku: 'Q-1', name: 'Quota' });
    await store.flush();
    expect(store.persistence.value.warning).toMatch(/storage is full/);
    expect(store.inventory.items.items.value.map((i) => i.sku)).toContain('Q-1');
  });

  it('migrates data of an older schema version instead of dropping it', async () => {
    // Version 1 records: complete, but without the fields version 2 added.
    const { stockDeducted: _deducted, ...oldOrder } = { ...sampleOrders(now())[0], id: 'o1', status: 'Shipped' as const };
    const { activity: _activity, ...oldFunnel } = { ...sampleFunnels(now())[0], id: 'CR1' };
    const storage = createMemoryStorage([
      { collection: 'orders', id: 'o1', value: oldOrder },
      { collection: 'funnels', id: 'CR1', value: oldFunnel },
    ]);
    const store = createStore({ storage, now });
    await store.loaded;
    expect(store.orders.items.get('o1')).toMatchObject({ stockDeducted: true });
    expect(store.funnels.items.get('CR1')).toMatchObject({ activity: 'Active' });
    await store.flush();
    const stored = await storage.load();
    expect(stored.find((r) => r.collection === 'meta')?.value).toEqual({ version: SCHEMA_VERSION });
  });

  it('moves a version 2 workspace off stored credentials: no sample API key, integration hints only', async () => {
    const storage = createMemoryStorage([
      { collection: 'meta', id: 'schema', value: { version: 2 } },
      { collection: 'singletons', id: 'developer', value: { apiKey: 'sk_test_4f9a2c7e1b8d3f6a0c5e9b2d7f4a1c8e', endpointUrl: 'https://hooks.example/cf', events: ['creator.onboarded'] } },
      {
        collection: 'integrations',
        id: 'shopify',
        value: { id: 'shopify', name: 'Shopify', description: 'Sync orders and inventory.', category: 'ecommerce', status: 'connected', lastSync: null, apiKey: 'shpat_live_0123456789abcd', webhookUrl: 'https://shop.example/hook?t=1' },
      },
    ]);
    const store = createStore({ storage, now });
    await store.loaded;
    expect(store.admin.developer.value.value).toEqual({ endpointUrl: 'https://hooks.example/cf', events: ['creator.onboarded'] });
    expect(store.admin.integrations.get('shopify')).toMatchObject({ status: 'connected', credentials: { apiKeyHint: 'abcd', webhookHost: 'shop.example' } });
    await store.flush();
    expect(JSON.stringify(await storage.load())).not.toMatch(/sk_test_4f9a|shpat_live|hook\?t=1/);
  });

  it('sets aside a corrupted record, keeps the rest, and offers it for download', async () => {
    const storage = createMemoryStorage([
      { collection: 'meta', id: 'schema', value: { version: SCHEMA_VERSION } },
      { collection: 'inventory', id: 'good', value: { id: 'good', sku: 'G', name: 'Good', quantity: 1, lowStockThreshold: 1, reorderPoint: 1, lastRestocked: '', location: '' } },
      { collection: 'inventory', id: 'bad', value: 'not a record' },
    ]);
    const store = createStore({ storage, now });
    await store.loaded;
    expect(store.inventory.items.items.value.map((i) => i.id)).toEqual(['good']);
    expect(store.persistence.value.unreadable).toHaveLength(1);
    expect(store.persistence.value.warning).toMatch(/could not be read/);
  });

  it('brings a pull into the lists: new records first, changed ones in place, deleted ones gone; a waiting mutation is replayed on the result', async () => {
    const store = createStore({ storage: createMemoryStorage(), now });
    await store.loaded;
    const [first, second, third, ...rest] = store.inventory.items.items.value;
    const added = { ...first, id: 'inv_server', sku: 'SRV-1', name: 'From the server' };
    const changed = { ...second, name: 'Renamed on the server' };
    const waiting = { name: 'inventory.addItem', args: { draft: { sku: 'SRV-1', name: 'Same SKU, made offline' } }, meta: { now: now().toISOString(), idSeed: 'offline' } };
    store.rebase(
      [
        { collection: 'inventory', id: added.id, value: added },
        { collection: 'inventory', id: changed.id, value: changed },
        { collection: 'inventory', id: third.id, value: null },
      ],
      [waiting],
    );
    expect(store.inventory.items.items.value.map((i) => i.name)).toEqual(['From the server', first.name, 'Renamed on the server', ...rest.map((i) => i.name)]);
    // The replayed mutation saw the server's item: its SKU is taken, so it changed nothing.
    expect(store.inventory.items.items.value.filter((i) => i.sku === 'SRV-1')).toHaveLength(1);
  });
});
