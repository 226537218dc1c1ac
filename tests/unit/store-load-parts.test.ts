import 'fake-indexeddb/auto';
import { effect } from '@preact/signals-core';
import { describe, expect, it, vi } from 'vitest';
import { sampleFunnels } from '../../lib/sample';
import { STILL_LOADING_MESSAGE } from '../../lib/store/core';
import { createStore, type Store } from '../../lib/store/createStore';
import { createIndexedDbStorage } from '../../lib/storage/indexeddb';
import { SCHEMA_VERSION } from '../../lib/schema/migrations';
import type { StorageAdapter, StorageOp } from '../../lib/storage/types';
import { heldAfterFirstPart } from '../helpers/held-storage';

const now = () => new Date('2026-03-10T12:00:00Z');

/** Resolves once the store's first records are in its signals. */
const readyOf = (store: Store) =>
  new Promise<void>((done) => {
    const stop = effect(() => {
      if (store.ready.value) {
        queueMicrotask(() => stop());
        done();
      }
    });
  });

/** A workspace of `count` funnels stored in IndexedDB (the sample, then copies of its first funnel). */
async function storedWorkspace(workspace: string, count: number) {
  const seeding = createStore({ storage: createIndexedDbStorage({ workspace }), now });
  await seeding.loaded;
  const [template] = sampleFunnels(now());
  const funnels = Array.from({ length: count }, (_, i) => ({ ...template, id: `CRP${String(i).padStart(5, '0')}`, creatorName: `Creator ${i}`, isPriority: false }));
  seeding.funnels.items.replaceAll(funnels);
  await seeding.flush();
  seeding.dispose();
}

/**
 * What a screen showing the funnels renders: how many there were each time it was told of a
 * change (a list that grows in place, telling no one, is not rendered again).
 */
function watchFunnels(store: Store) {
  const rendered: number[] = [];
  const stop = effect(() => {
    rendered.push(store.funnels.items.items.value.length);
  });
  return { rendered: () => rendered[rendered.length - 1], stop };
}

/** IndexedDB whose reading fails after the first part (and, with `whole`, whose whole read fails too). */
function failingAfterFirstPart(workspace: string, fails: { whole: boolean }): StorageAdapter {
  const inner = createIndexedDbStorage({ workspace });
  return {
    ...inner,
    async *loadInParts(options) {
      const parts = inner.loadInParts!(options);
      const head = await parts.next();
      if (!head.done) yield head.value;
      await parts.return(undefined);
      throw new Error('the disk went away');
    },
    load: fails.whole ? () => Promise.reject(new Error('the disk went away')) : inner.load,
  };
}

describe('loading a large workspace in parts (IndexedDB)', () => {
  it('shows the first funnels before the rest is read, refuses writes that need the rest, keeps edits made meanwhile', async () => {
    await storedWorkspace('parts-a', 4500);
    const store = createStore({ storage: createIndexedDbStorage({ workspace: 'parts-a' }), now });
    await readyOf(store);
    // The first part: 200 funnels in key order, the small collections whole.
    expect(store.complete.value).toBe(false);
    expect(store.funnels.items.items.value).toHaveLength(200);
    expect(store.funnels.items.items.value[0].id).toBe('CRP00000');
    expect(store.inventory.items.items.value).toHaveLength(5);
    // A funnel on screen can be edited now; one not read yet waits for the rest.
    expect(store.funnels.togglePriority('CRP00001')).toMatchObject({ ok: true });
    expect(store.funnels.togglePriority('CRP04000')).toMatchObject({ ok: false, error: STILL_LOADING_MESSAGE });
    expect(store.inventory.setQuantity('inv_1', '7')).toMatchObject({ ok: true });

    await store.loaded;
    expect(store.complete.value).toBe(true);
    const funnels = store.funnels.items.items.value;
    expect(funnels).toHaveLength(4500);
    expect(funnels.map((f) => f.id).slice(0, 3)).toEqual(['CRP00000', 'CRP00001', 'CRP00002']);
    // The edit made while the rest was read is not undone by it.
    expect(store.funnels.items.get('CRP00001')?.isPriority).toBe(true);
    expect(store.inventory.items.get('inv_1')?.quantity).toBe(7);
    expect(store.funnels.togglePriority('CRP04000')).toMatchObject({ ok: true });
    await store.flush();
    store.dispose();

    // Stored as well: the next load reads the edits back.
    const again = createStore({ storage: createIndexedDbStorage({ workspace: 'parts-a' }), now });
    await again.loaded;
    expect(again.funnels.items.get('CRP00001')?.isPriority).toBe(true);
    expect(again.funnels.items.get('CRP04000')?.isPriority).toBe(true);
    again.dispose();
  });

  it('reads a small workspace in one part: complete as soon as it is ready', async () => {
    await storedWorkspace('parts-b', 50);
    const store = createStore({ storage: createIndexedDbStorage({ workspace: 'parts-b' }), now });
    await readyOf(store);
    expect(store.complete.value).toBe(true);
    expect(store.funnels.items.items.value).toHaveLength(50);
    store.dispose();
  });

  it('gives a screen showing the first funnels all of them once the rest is read, with no edit meanwhile', async () => {
    await storedWorkspace('parts-c', 4500);
    const store = createStore({ storage: createIndexedDbStorage({ workspace: 'parts-c' }), now });
    const screen = watchFunnels(store);
    await readyOf(store);
    expect(screen.rendered()).toBe(200);
    const first = store.funnels.items.items.value;
    await store.loaded;
    expect(store.complete.value).toBe(true);
    expect(screen.rendered()).toBe(4500);
    // The list the screen was first given is not grown under it as the later parts are read.
    expect(first).toHaveLength(200);
    screen.stop();
    store.dispose();
  });

  it('reads the workspace again whole when reading the rest fails', async () => {
    await storedWorkspace('parts-d', 4500);
    const store = createStore({ storage: failingAfterFirstPart('parts-d', { whole: false }), now });
    const screen = watchFunnels(store);
    await store.loaded;
    expect(store.complete.value).toBe(true);
    expect(screen.rendered()).toBe(4500);
    expect(store.persistence.value.warning).toBeNull();
    expect(store.funnels.togglePriority('CRP04000')).toMatchObject({ ok: true });
    screen.stop();
    store.dispose();
  });

  it('says so, and keeps refusing writes that need the rest, when the rest cannot be read at all', async () => {
    await storedWorkspace('parts-e', 4500);
    const store = createStore({ storage: failingAfterFirstPart('parts-e', { whole: true }), now });
    const screen = watchFunnels(store);
    await store.loaded;
    expect(store.ready.value).toBe(true);
    expect(store.complete.value).toBe(false);
    expect(store.persistence.value.warning).toBe(
      'Part of your workspace could not be read (the disk went away). Reload the page to see all of it; until then, changes that need the rest are refused.',
    );
    // The first funnels stay as they were read: not passed off as all of them, not replaced by the sample.
    expect(screen.rendered()).toBe(200);
    expect(store.funnels.items.items.value[0].id).toBe('CRP00000');
    expect(store.funnels.togglePriority('CRP04000')).toMatchObject({ ok: false, error: STILL_LOADING_MESSAGE });
    expect(store.funnels.togglePriority('CRP00001')).toMatchObject({ ok: true });
    screen.stop();
    store.dispose();
  });

  it('leaves its older parts unused when another tab replaces the workspace while the rest is read', async () => {
    await storedWorkspace('parts-f', 4500);
    let tell: Parameters<NonNullable<StorageAdapter['subscribe']>>[0] = () => {};
    const inner = createIndexedDbStorage({ workspace: 'parts-f' });
    const held = heldAfterFirstPart(inner);
    const release = held.release;
    const storage: StorageAdapter = { ...held.storage, subscribe: (listener) => ((tell = listener), () => {}) };
    const store = createStore({ storage, now });
    await readyOf(store);
    expect(store.funnels.items.items.value).toHaveLength(200);
    // Another tab replaces the workspace with ten funnels, and says so.
    const [template] = sampleFunnels(now());
    const replacement = Array.from({ length: 10 }, (_, i) => ({ ...template, id: `CRN${i}`, creatorName: `New ${i}` }));
    const ops: StorageOp[] = [
      { type: 'clear' },
      { type: 'put', collection: 'meta', id: 'schema', value: { version: SCHEMA_VERSION } },
      ...replacement.map((funnel): StorageOp => ({ type: 'put', collection: 'funnels', id: funnel.id, value: funnel })),
    ];
    await inner.write(ops);
    tell(ops);
    const ids = replacement.map((funnel) => funnel.id);
    await vi.waitFor(() => expect(store.funnels.items.items.value.map((funnel) => funnel.id)).toEqual(ids), { timeout: 20_000 });
    // The rest of the older read arrives after: it must not bring the replaced workspace back.
    release();
    await store.loaded;
    expect(store.funnels.items.items.value.map((funnel) => funnel.id)).toEqual(ids);
    store.dispose();
  });
});
