// cf-change for custom elements. Every write logs an activity entry inside its transaction,
// so one watcher per store sees each change as "new activity entries + the collections that
// changed in the same batch". The change is dispatched from the element the user last
// interacted with (clicks, keys, typing, leaving a field, drops), so a listener learns which
// element caused it. Changes nobody on this page caused (another tab, the partner's own store
// calls) raise no cf-change: subscribe to the store for those.
import { effect } from '@preact/signals-core';
import type { ActivityEntry } from '../../lib/domain/types';
import type { Store } from '../../lib/store/createStore';

/** `detail` of a `cf-change` event. */
export interface ChangeDetail {
  /** The collection (or settings record) that changed, e.g. 'inventory', 'orders', 'settings'. */
  collection: string;
  /** The changed record's id, when one record changed. */
  id?: string;
  /** The activity log's action, e.g. 'Inventory quantity updated'. */
  action: string;
  /** The activity log's details, e.g. 'Wireless Earbuds: 45 → 30'. */
  details: string;
  /** Every collection that changed with it (a quantity change may add a notification too). */
  collections: string[];
}

/** Interactions that mark an element as the one the user is acting in (all composed events). */
const INTERACTIONS = ['pointerdown', 'pointerup', 'click', 'keydown', 'input', 'focusout', 'drop', 'dragend'] as const;
/** A change this long after the last interaction is not attributed to it (another tab's, say). */
const ATTRIBUTION_WINDOW_MS = 15_000;

const hosts = new Set<HTMLElement>();
let last: { host: HTMLElement; at: number } | null = null;
const watched = new WeakSet<object>();

interface Source {
  name: string;
  read(): unknown;
}

interface CollectionLike {
  name: string;
  items: { value: readonly { id: string }[] };
  put: unknown;
}
interface SingletonLike {
  name: string;
  value: { value: unknown };
  set: unknown;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const isCollection = (value: unknown): value is CollectionLike =>
  isObject(value) && typeof value.name === 'string' && typeof value.put === 'function' && isObject(value.items);
const isSingleton = (value: unknown): value is SingletonLike =>
  isObject(value) && typeof value.name === 'string' && typeof value.set === 'function' && isObject(value.value);

/** Every collection and singleton the store's slices expose (activity aside). */
export function storeSources(store: Store): Source[] {
  const sources = new Map<string, Source>();
  for (const slice of Object.values(store)) {
    if (!isObject(slice)) continue;
    for (const member of Object.values(slice)) {
      if (isCollection(member) && member.name !== 'activity' && !sources.has(member.name))
        sources.set(member.name, { name: member.name, read: () => member.items.value });
      else if (isSingleton(member) && !sources.has(member.name))
        sources.set(member.name, { name: member.name, read: () => member.value.value });
    }
  }
  return [...sources.values()];
}

/** The id of the first record added, replaced or removed between two versions of a collection. */
export function changedId(before: unknown, after: unknown): string | undefined {
  if (!Array.isArray(before) || !Array.isArray(after)) return undefined;
  const old = new Map((before as { id: string }[]).map((record) => [record.id, record]));
  for (const record of after as { id: string }[]) if (old.get(record.id) !== record) return record.id;
  const kept = new Set((after as { id: string }[]).map((record) => record.id));
  return (before as { id: string }[]).find((record) => !kept.has(record.id))?.id;
}

/** Picks the collection a log entry is about among those that changed with it. */
export function mainCollection(entry: Pick<ActivityEntry, 'actionType'>, changed: string[]): string {
  if (entry.actionType === 'notification' && changed.includes('notifications')) return 'notifications';
  return changed.find((name) => name !== 'notifications') ?? changed[0] ?? 'activity';
}

function watch(store: Store) {
  if (watched.has(store)) return;
  watched.add(store);
  const sources = storeSources(store);
  // The store's clock (a partner may configure one), so timestamps compare with the log's.
  const startedAt = store.now().getTime();
  let seen: Set<string> | null = null;
  let previous = new Map<string, unknown>();
  effect(() => {
    const ready = store.ready.value;
    const activity = store.admin.activity.items.value;
    const current = new Map(sources.map((source) => [source.name, source.read()]));
    if (!ready) return;
    if (!seen) {
      seen = new Set(activity.map((entry) => entry.id));
      previous = current;
      return;
    }
    const fresh = activity.filter((entry) => !seen!.has(entry.id));
    for (const entry of fresh) seen.add(entry.id);
    const changed = sources.map((s) => s.name).filter((name) => current.get(name) !== previous.get(name));
    const before = previous;
    previous = current;
    // Entries written now, oldest first (a reset brings back older sample entries: not changes).
    const written = fresh.filter((entry) => Date.parse(entry.timestamp) >= startedAt - 60_000).reverse();
    if (!written.length) return;
    const target = last && hosts.has(last.host) && last.host.isConnected && Date.now() - last.at <= ATTRIBUTION_WINDOW_MS ? last.host : null;
    if (!target) return;
    for (const entry of written) {
      const collection = mainCollection(entry, changed);
      const id = changedId(before.get(collection), current.get(collection));
      const detail: ChangeDetail = { collection, ...(id ? { id } : {}), action: entry.action, details: entry.details, collections: changed };
      target.dispatchEvent(new CustomEvent('cf-change', { detail, bubbles: true, composed: true }));
    }
  });
}

/**
 * Makes `host` a source of cf-change events for changes the user makes in it.
 * Returns the cleanup to run when the element unmounts.
 */
export function trackChanges(host: HTMLElement, store: Store): () => void {
  hosts.add(host);
  const mark = () => {
    last = { host, at: Date.now() };
  };
  for (const type of INTERACTIONS) host.addEventListener(type, mark, true);
  watch(store);
  return () => {
    hosts.delete(host);
    for (const type of INTERACTIONS) host.removeEventListener(type, mark, true);
    if (last?.host === host) last = null;
  };
}
