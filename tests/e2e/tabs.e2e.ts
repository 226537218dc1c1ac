// Nothing lost: two tabs of one browser share the workspace without losing
// each other's edits, and a burst of writes cut short by closing the page leaves the stored
// workspace consistent (read straight from IndexedDB).
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Store } from '../../lib/store/createStore';
import { useBrowser } from './browser';

const b = useBrowser();

async function setStock(page: Page, product: string, quantity: number) {
  await page.getByRole('button', { name: `Edit quantity of ${product}` }).click();
  await page.getByRole('spinbutton', { name: `Quantity of ${product}` }).fill(String(quantity));
  await page.getByRole('button', { name: `Save quantity of ${product}` }).click();
  await page.getByText('Quantity updated successfully').first().waitFor();
}


/** Waits until the product's quantity cell (the number, then the edit pencil) shows `quantity`. */
const showsStock = (page: Page | ReturnType<Page['locator']>, product: string, quantity: number, timeout?: number) =>
  page
    .getByRole('row')
    .filter({ hasText: product })
    .getByRole('cell')
    .nth(2)
    .filter({ hasText: new RegExp(`^\\s*${quantity}(?!\\d)`) })
    .waitFor({ timeout });

async function openInventory(context: BrowserContext) {
  const { page, problems } = await b.open('/inventory', context);
  await page.getByRole('cell', { name: 'Phone Case', exact: true }).waitFor();
  return { page, problems };
}

interface StoredRecord {
  collection: string;
  id: string;
  value: Record<string, unknown>;
}

/** Every stored record of one collection, read from IndexedDB without the app. */
async function readCollection(page: Page, collection: string): Promise<StoredRecord[]> {
  return page.evaluate(
    (name) =>
      new Promise<StoredRecord[]>((resolve, reject) => {
        const open = indexedDB.open('creatorflow:default');
        open.onerror = () => reject(open.error ?? new Error('IndexedDB could not be opened'));
        open.onsuccess = () => {
          const db = open.result;
          const request = db.transaction('records', 'readonly').objectStore('records').getAll(IDBKeyRange.bound([name, ''], [name, '\uffff']));
          request.onsuccess = () => {
            db.close();
            resolve(request.result as StoredRecord[]);
          };
          request.onerror = () => reject(request.error ?? new Error('The records could not be read'));
        };
      }),
    collection,
  );
}

describe('two tabs', () => {
  it('editing different records: both edits are kept, in both tabs, after a reload', async () => {
    const context = await b.newContext();
    const one = await openInventory(context);
    const two = await openInventory(context);
    await setStock(one.page, 'Wireless Earbuds', 321);
    await setStock(two.page, 'Smart Watch', 654);
    for (const { page } of [one, two]) {
      await page.reload();
      await showsStock(page, 'Wireless Earbuds', 321);
      await showsStock(page, 'Smart Watch', 654);
    }
    expect(one.problems.errors).toEqual([]);
    expect(two.problems.errors).toEqual([]);
  });

  it('editing the same record: the later edit shows in both tabs within a second, and after a reload', async () => {
    const context = await b.newContext();
    const one = await openInventory(context);
    const two = await openInventory(context);
    await setStock(one.page, 'Wireless Earbuds', 111);
    // The other tab catches up without a reload.
    await showsStock(two.page, 'Wireless Earbuds', 111, 1000);
    await setStock(two.page, 'Wireless Earbuds', 222);
    await showsStock(one.page, 'Wireless Earbuds', 222, 1000);
    await showsStock(two.page, 'Wireless Earbuds', 222);
    for (const { page } of [one, two]) {
      await page.reload();
      await showsStock(page, 'Wireless Earbuds', 222);
    }
    expect(one.problems.errors).toEqual([]);
    expect(two.problems.errors).toEqual([]);
  });
});

describe('a burst of writes interrupted by closing the page', () => {
  it('leaves a consistent workspace: a whole prefix of the writes, every confirmed write included', async () => {
    const context = await b.newContext();
    const { page } = await b.open('/examples/embed-plain-html/', context);
    await page.locator('cf-inventory').getByRole('cell', { name: 'Smart Watch', exact: true }).waitFor();

    // 200 quantity writes alternating between two items. Each is one transaction: the item
    // and its activity entry. After write 100 the page waits for flush(): writes 1-100 are
    // confirmed saved. Writes 101-200 are issued and the page is closed straight away.
    const burst = await page.evaluate(async () => {
      const store = (window as unknown as { creatorflow: { getStore(): Store } }).creatorflow.getStore();
      await store.loaded;
      await store.flush();
      const [a, b2] = store.inventory.items.items.peek();
      const results: { n: number; id: string; quantity: number; ok: boolean }[] = [];
      let confirmed = 0;
      for (let n = 1; n <= 200; n++) {
        const id = n % 2 ? a.id : b2.id;
        const quantity = 5000 + n;
        results.push({ n, id, quantity, ok: store.inventory.setQuantity(id, String(quantity)).ok });
        if (n === 100) {
          await store.flush();
          confirmed = n;
        }
      }
      return { ids: [a.id, b2.id] as [string, string], results, confirmed, fields: Object.keys(a).sort() };
    });
    await page.close({ runBeforeUnload: false });

    expect(burst.results.every((r) => r.ok)).toBe(true);
    expect(burst.confirmed).toBe(100);

    const fresh = await context.newPage();
    await fresh.goto('/examples/embed-plain-html/');
    // Loading writes nothing (same schema version, no seeding), so this is what the burst left.
    const inventory = await readCollection(fresh, 'inventory');
    const activity = await readCollection(fresh, 'activity');

    const written = new Map(burst.results.map((r) => [r.quantity, r]));
    const stored = burst.ids.map((id) => inventory.find((r) => r.id === id)!.value);
    for (const value of stored) {
      // A complete record: every field of the item, with the right types.
      expect(Object.keys(value).sort()).toEqual(burst.fields);
      expect(typeof value.sku).toBe('string');
      expect(typeof value.name).toBe('string');
      expect(Number.isInteger(value.quantity)).toBe(true);
      // One of the written values.
      expect(written.has(value.quantity as number)).toBe(true);
    }

    // The burst's activity entries that reached storage: "… → 5123".
    const logged = new Set(
      activity
        .map((r) => /→ (\d+)$/.exec(typeof r.value.details === 'string' ? r.value.details : '')?.[1])
        .filter((q): q is string => q !== undefined)
        .map(Number)
        .filter((q) => written.has(q)),
    );
    // Stored = a prefix 1..k of the writes, k ≥ the confirmed 100: each item holds its last
    // write up to k, and exactly the entries of writes 1..k are logged (none half-applied).
    const k = Math.max(...logged);
    expect(k).toBeGreaterThanOrEqual(burst.confirmed);
    expect([...logged].sort((x, y) => x - y)).toEqual(burst.results.slice(0, k - 5000).map((r) => r.quantity));
    const lastFor = (id: string) => burst.results.filter((r) => r.id === id && r.quantity <= k).at(-1)!.quantity;
    expect(stored.map((v) => v.quantity)).toEqual(burst.ids.map(lastFor));

    // And the app reads it back: both items show their stored quantities.
    const table = fresh.locator('cf-inventory');
    await table.getByRole('cell', { name: 'Smart Watch', exact: true }).waitFor();
    for (const value of stored)
      await showsStock(table, String(value.name), value.quantity as number);
  });
});
