// @vitest-environment jsdom
// The element API: the manifest generated from the element sources, cf-change attribution,
// cf-error from the Screen frame, and the loader's workspace attribute.
import { createElement, useState } from 'react';
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
// @ts-expect-error plain ESM script without types
import { buildManifest } from '../../scripts/manifest.mjs';
import { configure, createStore } from '../../lib/store/createStore';
import { SCREENS } from '../../screens';
import { createMemoryStorage } from '../../lib/storage/memory';
import { mainCollection, trackChanges, type ChangeDetail } from '../../widgets/elements/changes';
import { attributedTo } from '../../lib/store/origin';
import type { StorageOp } from '../../lib/storage/types';
import { defineScreenElement, parseAttribute } from '../../widgets/elements/define';
import { ELEMENT_MODULES } from '../../widgets/elements/registry';
import type { CreatorflowTag } from '../../widgets/elements/types';

interface Declaration {
  tagName: string;
  attributes: { name: string; fieldName: string }[];
  events: { name: string; description: string }[];
  cssParts: { name: string }[];
  cssProperties: { name: string }[];
}

const FIXED_NOW = new Date('2026-03-10T12:00:00.000Z');
const manifest = buildManifest as () => { modules: { declarations: Declaration[] }[] };
const declarations = (): Declaration[] => manifest().modules.flatMap((m) => m.declarations);
const byTag = (tag: string) => declarations().find((d) => d.tagName === tag)!;

describe('custom elements manifest', () => {
  it('lists every tag of the screen list once, the same ones the loader registers', () => {
    const tags = declarations().map((d) => d.tagName);
    const listed = SCREENS.flatMap((screen) => screen.elements.map((element) => element.tag));
    expect(listed.length).toBeGreaterThanOrEqual(24);
    expect(new Set(tags).size).toBe(tags.length);
    expect([...tags].sort()).toEqual([...listed].sort());
    expect([...tags].sort()).toEqual(Object.keys(ELEMENT_MODULES).sort());
  });

  it('every element documents cf-navigate, cf-change and cf-error, a root part and the theme properties', () => {
    for (const d of declarations()) {
      const events = d.events.map((e) => e.name);
      expect(events, d.tagName).toEqual(expect.arrayContaining(['cf-navigate', 'cf-change', 'cf-error']));
      expect(d.events.find((e) => e.name === 'cf-change')!.description).toContain('detail');
      expect(d.cssParts.length, d.tagName).toBeGreaterThan(0);
      expect(d.cssProperties.map((p) => p.name)).toEqual(expect.arrayContaining(['--cf-color-primary', '--cf-radius', '--cf-font']));
    }
  });

  it('lists each element’s attributes in kebab-case', () => {
    const attrs = (tag: string) => byTag(tag).attributes.map((a) => a.name).sort();
    expect(attrs('cf-inventory')).toEqual(['hide-summary', 'low-stock-only', 'search']);
    expect(attrs('cf-analytics')).toEqual(['metric', 'period']);
    expect(attrs('cf-settings')).toEqual(['tab']);
    expect(attrs('cf-orders')).toEqual(['order-id']);
    expect(attrs('cf-creator-detail')).toEqual(['creator-id', 'step']);
    expect(attrs('cf-onboarding')).toEqual(['finish-href']);
    expect(attrs('cf-calendar')).toEqual([]);
    expect(byTag('cf-orders').attributes[0].fieldName).toBe('orderId');
  });
});

describe('cf-change', () => {
  const hosts: HTMLElement[] = [];
  afterEach(() => {
    for (const host of hosts.splice(0)) host.remove();
  });

  async function setup() {
    const store = createStore({ storage: createMemoryStorage(), now: () => FIXED_NOW });
    await store.loaded;
    const make = (tag: string) => {
      const host = document.createElement(tag);
      document.body.append(host);
      hosts.push(host);
      const events: ChangeDetail[] = [];
      host.addEventListener('cf-change', (event) => events.push((event as CustomEvent<ChangeDetail>).detail));
      return { host, events, stop: trackChanges(host, store) };
    };
    return { store, make };
  }

  it('is dispatched from the element whose store view made the change, with the collection, id and action', async () => {
    const { store, make } = await setup();
    const table = make('cf-inventory');
    const summary = make('cf-inventory-summary');
    const bubbled: Event[] = [];
    document.addEventListener('cf-change', (e) => bubbled.push(e), { once: true });
    const item = store.inventory.items.items.value.find((i) => i.name === 'Phone Case')!;
    // A click in the summary does not make it the author of the table's change.
    summary.host.dispatchEvent(new MouseEvent('click', { bubbles: true, composed: true }));
    expect(attributedTo(store, table.host).inventory.setQuantity(item.id, 50).ok).toBe(true);
    expect(table.events).toEqual([
      expect.objectContaining({ collection: 'inventory', id: item.id, action: 'Inventory quantity updated' }),
    ]);
    expect(summary.events).toEqual([]);
    expect(bubbled).toHaveLength(1);
    expect((bubbled[0] as CustomEvent).bubbles && (bubbled[0] as CustomEvent).composed).toBe(true);
  });

  it('is not dispatched for changes made outside the element, refused ones, or after it stops', async () => {
    const { store, make } = await setup();
    const table = make('cf-inventory');
    const item = store.inventory.items.items.value[0];
    table.host.dispatchEvent(new MouseEvent('click', { bubbles: true, composed: true }));
    store.inventory.setQuantity(item.id, 12); // the partner's own store call, right after a click in the element
    expect(table.events).toEqual([]);
    expect(attributedTo(store, table.host).inventory.setQuantity(item.id, -3).ok).toBe(false);
    expect(table.events).toEqual([]);
    table.stop();
    attributedTo(store, table.host).inventory.setQuantity(item.id, 13);
    expect(table.events).toEqual([]);
  });

  it('is not dispatched for a change that arrives from another tab', async () => {
    const listeners: ((ops: StorageOp[], info?: { mutation?: string }) => void)[] = [];
    const inner = createMemoryStorage();
    const store = createStore({ storage: { ...inner, subscribe: (l) => (listeners.push(l), () => {}) }, now: () => FIXED_NOW });
    await store.loaded;
    const host = document.createElement('cf-inventory');
    document.body.append(host);
    hosts.push(host);
    const events: unknown[] = [];
    host.addEventListener('cf-change', (e) => events.push(e));
    trackChanges(host, store);
    host.dispatchEvent(new MouseEvent('click', { bubbles: true, composed: true }));
    const item = store.inventory.items.items.value[0];
    for (const listener of listeners) listener([{ type: 'put', collection: 'inventory', id: item.id, value: { ...item, quantity: 77 } }], { mutation: 'inventory.setQuantity' });
    expect(store.inventory.items.get(item.id)?.quantity).toBe(77);
    expect(events).toEqual([]);
  });

  it('prefers the collection the entry is about', () => {
    expect(mainCollection({ actionType: 'system' }, ['notifications', 'inventory'])).toBe('inventory');
    expect(mainCollection({ actionType: 'notification' }, ['notifications', 'funnels'])).toBe('notifications');
    expect(mainCollection({ actionType: 'system' }, [])).toBe('activity');
  });
});

describe('loader workspace attribute', () => {
  it('reads data-workspace from the elements.js script, or data-creatorflow-workspace', async () => {
    // Importing the loader would start it; read the function from a fresh document instead.
    const { workspaceFromPage } = await import('../../widgets/elements/workspace');
    const doc = document.implementation.createHTMLDocument('x');
    doc.head.innerHTML = '<script type="module" src="https://partner.example/cf/elements.js" data-workspace=" acme "></script>';
    expect(workspaceFromPage(doc, 'https://partner.example/cf/elements.js')).toBe('acme');
    expect(workspaceFromPage(doc, 'https://other.example/x.js')).toBe('acme');
    doc.head.innerHTML = '<script type="module" src="/app.js" data-creatorflow-workspace="beta"></script>';
    expect(workspaceFromPage(doc, 'https://partner.example/cf/elements.js')).toBe('beta');
    doc.head.innerHTML = '<script type="module" src="/app.js" data-workspace="not-ours"></script>';
    expect(workspaceFromPage(doc, 'https://partner.example/cf/elements.js')).toBeUndefined();
  });
});

describe('element attributes', () => {
  it('parse like HTML attributes: a present boolean is true, a missing one undefined', () => {
    expect(parseAttribute('boolean', '')).toBe(true);
    expect(parseAttribute('boolean', 'hide-summary')).toBe(true);
    expect(parseAttribute('boolean', 'false')).toBe(false);
    expect(parseAttribute('boolean', null)).toBeUndefined();
    expect(parseAttribute('string', '')).toBe('');
    expect(parseAttribute('string', null)).toBeUndefined();
    expect(parseAttribute('number', '12')).toBe(12);
    expect(parseAttribute('number', 'x')).toBeUndefined();
    expect(parseAttribute('json', '{"a":1}')).toEqual({ a: 1 });
  });

  it('update the element live: set, empty, remove, and properties that reflect', async () => {
    configure({ storage: createMemoryStorage(), now: () => FIXED_NOW });
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    function Probe({ search, flag, count }: { search?: string; flag?: boolean; count?: number }) {
      return createElement('p', null, `${JSON.stringify(search)} ${String(flag)} ${String(count)}`);
    }
    defineScreenElement('cf-test-probe' as CreatorflowTag, Probe, { search: 'string', flag: 'boolean', count: 'number' });
    const el = document.createElement('cf-test-probe') as HTMLElement & { search?: string; flag?: boolean };
    el.setAttribute('flag', '');
    el.setAttribute('search', 'phone');
    await act(async () => document.body.append(el));
    const text = () => el.shadowRoot!.querySelector('p')!.textContent;
    expect(text()).toBe('"phone" true undefined');
    await act(async () => el.setAttribute('search', ''));
    expect(text()).toBe('"" true undefined');
    await act(async () => {
      el.removeAttribute('search');
      el.removeAttribute('flag');
      el.setAttribute('count', '3');
    });
    expect(text()).toBe('undefined undefined 3');
    await act(async () => {
      el.search = 'case';
      el.flag = true;
    });
    expect(text()).toBe('"case" true 3');
    expect(el.getAttribute('search')).toBe('case');
    expect(el.hasAttribute('flag')).toBe(true);
    await act(async () => el.remove());
  });

  it('a bound attribute follows the screen and announces it; a seeding attribute re-creates the screen', async () => {
    // The page-wide store was configured by the test above.
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    let mounts = 0;
    function Chooser({ tab, onTabChange, seed }: { tab?: string; onTabChange?: (tab: string) => void; seed?: string }) {
      const [mount] = useState(() => ++mounts);
      return createElement('button', { type: 'button', onClick: () => onTabChange?.('team') }, `${tab ?? 'none'} ${seed ?? ''} #${mount}`);
    }
    defineScreenElement('cf-test-bound' as CreatorflowTag, Chooser, { tab: 'string', seed: 'string' }, { tab: { onChange: 'onTabChange', event: 'cf-test-change' } });
    const el = document.createElement('cf-test-bound');
    el.setAttribute('seed', 'a');
    const announced: unknown[] = [];
    document.addEventListener('cf-test-change', (event) => announced.push((event as CustomEvent).detail));
    await act(async () => document.body.append(el));
    const button = () => el.shadowRoot!.querySelector('button')!;
    expect(button().textContent).toBe('none a #1');
    await act(async () => button().click());
    expect(el.getAttribute('tab')).toBe('team');
    expect(button().textContent).toBe('team a #1');
    expect(announced).toEqual([{ tab: 'team' }]);
    await act(async () => el.setAttribute('seed', 'b'));
    expect(button().textContent).toBe('team b #2');
    await act(async () => el.remove());
  });
});
