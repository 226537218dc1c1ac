// Nothing lost: storage faults injected in Chromium never blank the screen.
import { describe, expect, it } from 'vitest';
import { useBrowser } from './browser';
import { SCHEMA_VERSION } from '../../lib/schema/migrations';

const b = useBrowser();

/** Writes raw records into the workspace database before the app opens it. */
async function seedRaw(page: import('playwright-core').Page, records: { collection: string; id: string; value: unknown }[]) {
  await page.evaluate(async (rows) => {
    await new Promise<void>((resolve, reject) => {
      const open = indexedDB.open('creatorflow:default', 1);
      open.onupgradeneeded = () => open.result.createObjectStore('records', { keyPath: ['collection', 'id'] });
      open.onerror = () => reject(open.error ?? new Error('IndexedDB could not be opened'));
      open.onsuccess = () => {
        const tx = open.result.transaction('records', 'readwrite');
        for (const row of rows) tx.objectStore('records').put(row);
        tx.oncomplete = () => {
          open.result.close();
          resolve();
        };
        tx.onerror = () => reject(tx.error ?? new Error('The seeding transaction failed'));
      };
    });
  }, records);
}

describe('storage faults', () => {
  it('IndexedDB unavailable: works in memory and says changes are not being saved', async () => {
    const context = await b.newContext();
    await context.addInitScript(() => {
      Object.defineProperty(window, 'indexedDB', { get: () => undefined, configurable: true });
    });
    const { page } = await b.open('/inventory', context);
    await page.getByRole('cell', { name: 'Phone Case', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Add Item' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Item' });
    await dialog.getByLabel('SKU').fill('MEM-1');
    await dialog.getByLabel('Product Name').fill('Memory only');
    await dialog.getByRole('button', { name: 'Add Item' }).click();
    await page.getByRole('cell', { name: 'Memory only', exact: true }).waitFor();
    expect(await page.getByRole('alert').filter({ hasText: 'Changes are not being saved' }).count()).toBeGreaterThan(0);
  });

  it('IndexedDB that refuses to open: same, never a blank screen', async () => {
    const context = await b.newContext();
    await context.addInitScript(() => {
      IDBFactory.prototype.open = function open() {
        throw new DOMException('blocked by policy', 'SecurityError');
      };
    });
    const { page } = await b.open('/inventory', context);
    await page.getByRole('heading', { name: 'Inventory' }).waitFor();
    await page.getByRole('alert').filter({ hasText: 'Changes are not being saved' }).waitFor();
  });

  it('quota exceeded mid-session: keeps the change on screen and warns', async () => {
    const { page } = await b.open('/inventory');
    await page.getByRole('cell', { name: 'Phone Case', exact: true }).waitFor();
    await page.evaluate(() => {
      IDBObjectStore.prototype.put = function put() {
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      };
    });
    await page.getByRole('button', { name: 'Edit quantity of Phone Case' }).click();
    await page.getByRole('spinbutton', { name: 'Quantity of Phone Case' }).fill('9');
    await page.getByRole('button', { name: 'Save quantity of Phone Case' }).click();
    await page.getByRole('alert').filter({ hasText: 'storage is full' }).waitFor();
    const row = page.getByRole('row').filter({ hasText: 'Phone Case' });
    expect(await row.getByText('Low Stock').count()).toBe(1);
  });

  it('a corrupted record is set aside, the rest loads, and the raw data can be downloaded', async () => {
    const { page } = await b.open('/inventory');
    await page.getByRole('cell', { name: 'Phone Case', exact: true }).waitFor();
    await seedRaw(page, [{ collection: 'inventory', id: 'broken', value: 42 }]);
    await page.reload();
    await page.getByRole('cell', { name: 'Phone Case', exact: true }).waitFor();
    await page.getByRole('alert').filter({ hasText: 'could not be read' }).waitFor();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download unreadable data' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('creatorflow-unreadable-records.json');
  });

  it('data written by an older schema version is migrated, not dropped', async () => {
    // A blank page of the origin (a missing text file), so the app has not seeded anything yet.
    const { page } = await b.open('/blank.txt');
    // A version-1 workspace: no schema record, an order without the stock flag, one inventory item.
    await seedRaw(page, [
      { collection: 'team', id: 'tm_1', value: { id: 'tm_1', name: 'Alex Morgan', email: 'alex.morgan@creatorflow.example', role: 'Admin', status: 'Active', permissions: { editAutomations: true, sendOutreach: true, manageTeam: true, viewAnalytics: true } } },
      {
        collection: 'orders',
        id: 'o-old',
        value: {
          id: 'o-old',
          source: 'Shopify',
          orderNumber: 'ORD-0001',
          status: 'Shipped',
          customerEmail: 'jo@example.com',
          customerName: 'Jo Park',
          shippingAddress: { line1: '1 Main St', city: 'Austin', state: 'TX', postalCode: '78701', country: 'US' },
          items: [],
          subtotal: 0,
          tax: 0,
          shipping: 0,
          total: 0,
          createdAt: '2024-01-01T00:00:00.000Z',
          updatedAt: '2024-01-01T00:00:00.000Z',
          history: [],
          tags: [],
        },
      },
      { collection: 'inventory', id: 'old-1', value: { id: 'old-1', sku: 'OLD-1', name: 'Legacy Lamp', quantity: 3, lowStockThreshold: 10, reorderPoint: 20, lastRestocked: '2024-01-01T00:00:00.000Z', location: '' } },
    ]);
    await page.goto('/inventory');
    await page.getByRole('cell', { name: 'Legacy Lamp', exact: true }).waitFor();
    const version = await page.evaluate(
      () =>
        new Promise((resolve) => {
          const open = indexedDB.open('creatorflow:default', 1);
          open.onsuccess = () => {
            const get = open.result.transaction('records').objectStore('records').get(['meta', 'schema']);
            get.onsuccess = () => resolve((get.result as { value?: { version?: number } } | undefined)?.value?.version);
          };
        }),
    );
    expect(version).toBe(SCHEMA_VERSION);
    const order = await page.evaluate(
      () =>
        new Promise((resolve) => {
          const open = indexedDB.open('creatorflow:default', 1);
          open.onsuccess = () => {
            const get = open.result.transaction('records').objectStore('records').get(['orders', 'o-old']);
            get.onsuccess = () => resolve((get.result as { value?: unknown } | undefined)?.value);
          };
        }),
    );
    expect(order).toMatchObject({ orderNumber: 'ORD-0001', stockDeducted: true });
  });
});
