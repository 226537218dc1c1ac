// Overwrites are told: when the server's records replace a field the member changed a moment ago
// (or is editing now), the member learns who changed it and to what, and may put their own value
// back as a normal change. A record deleted under an open editor is told the same way. Pure:
// the store feeds it its own recent changes, what is being edited and the pulled records.
import type { MutationName } from './permissions';
import type { ActivityEntry, InventoryItem, Order } from './types';

/** Who last wrote a record, as the server says with a pull. */
export interface RecordWriter {
  id: string;
  name: string;
}

/** The key of a record in a pull's `writers`. */
export const writerKey = (collection: string, id: string) => `${collection}/${id}`;

/** How long a member's own change counts as theirs to be told about. */
export const RECENT_CHANGE_MS = 60_000;

/** The collections and fields whose overwrites are told, and the record's name for the notice. */
export const WATCHED = {
  orders: { fields: ['status', 'notes', 'trackingNumber', 'carrierName'], name: (order: Order) => order.orderNumber },
  inventory: { fields: ['quantity', 'name', 'lowStockThreshold', 'reorderPoint', 'location'], name: (item: InventoryItem) => item.name },
} as const;

export type WatchedCollection = keyof typeof WATCHED;
export type WatchedField<C extends WatchedCollection = WatchedCollection> = (typeof WATCHED)[C]['fields'][number];

/** The member's own writes whose fields count as "changed by me": the collection they are about, and its fields. */
export const OWN_CHANGES: Partial<Record<MutationName, { collection: WatchedCollection; fields: readonly string[] }>> = {
  'orders.changeStatus': { collection: 'orders', fields: ['status'] },
  'orders.shipWithTracking': { collection: 'orders', fields: ['status', 'trackingNumber', 'carrierName'] },
  'orders.saveNotes': { collection: 'orders', fields: ['notes'] },
  'inventory.setQuantity': { collection: 'inventory', fields: ['quantity'] },
  'inventory.updateItem': { collection: 'inventory', fields: ['name', 'lowStockThreshold', 'reorderPoint', 'location'] },
};

export const isWatchedCollection = (name: string): name is WatchedCollection => Object.hasOwn(WATCHED, name);

/** A field the member set here, and when. */
export interface OwnChange {
  collection: WatchedCollection;
  id: string;
  field: string;
  value: unknown;
  /** ISO time. */
  at: string;
}

/** A record open in an editor (a detail page, a dialog, an inline input); `field` when the editor is about one. */
export interface EditingTarget {
  collection: WatchedCollection;
  id: string;
  field?: string;
}

/** One record as a pull changed it on this screen: what showed before, what shows now. */
export interface PulledChange {
  collection: string;
  id: string;
  before?: unknown;
  after?: unknown;
}

export interface OverwriteNotice {
  /** One notice per record and field (a newer one replaces it). */
  key: string;
  kind: 'overwritten' | 'deleted';
  collection: WatchedCollection;
  id: string;
  /** The record's name (an order's number, an item's name). */
  record: string;
  /** The field that was replaced (absent for a deletion). */
  field?: WatchedField;
  /** Who did it; null when the server did not say and the batch does not tell. */
  by: RecordWriter | null;
  /** The value it has now. */
  theirs?: unknown;
  /** The member's own value, when they set it here: offered back. */
  mine?: unknown;
  /** Whether the member was editing the record when it was deleted (the editor closes). */
  wasEditing?: boolean;
}

const same = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b);
const field = (record: unknown, name: string): unknown => (record && typeof record === 'object' ? (record as Record<string, unknown>)[name] : undefined);

/** The fields a local change set wrote, by the table of own changes: what "I changed" means. */
export function ownChanges(
  mutation: string | undefined,
  changes: readonly PulledChange[],
  at: string,
): OwnChange[] {
  const own = mutation ? OWN_CHANGES[mutation as MutationName] : undefined;
  if (!own) return [];
  const result: OwnChange[] = [];
  for (const change of changes) {
    if (change.collection !== own.collection || !change.after) continue;
    for (const name of own.fields)
      if (!same(field(change.before, name), field(change.after, name)))
        result.push({ collection: own.collection, id: change.id, field: name, value: field(change.after, name), at });
  }
  return result;
}

/**
 * Who wrote a pulled record: the server's word, else the one other member the batch's activity
 * entries name (a batch by several cannot tell which), else nobody known.
 */
export function writerOf(
  collection: string,
  id: string,
  writers: Readonly<Record<string, RecordWriter>> | undefined,
  activity: readonly ActivityEntry[],
  me: string | null,
): RecordWriter | null {
  const said = writers?.[writerKey(collection, id)];
  if (said) return said;
  const others = new Map<string, RecordWriter>();
  for (const entry of activity) if (entry.userId !== me && entry.userId !== 'system') others.set(entry.userId, { id: entry.userId, name: entry.userName });
  return others.size === 1 ? [...others.values()][0] : null;
}

/**
 * The notices a pull owes the member: a watched field that the pull replaced, which the member
 * set within `RECENT_CHANGE_MS` (offering their value back) or is editing now; a watched record
 * the pull deleted that the member was editing or had just changed. A change the member made
 * themselves (another tab, the server's own outcome of theirs) is not an overwrite.
 */
export function overwriteNotices(input: {
  me: string | null;
  now: Date;
  changes: readonly PulledChange[];
  recent: readonly OwnChange[];
  editing: readonly EditingTarget[];
  writers?: Readonly<Record<string, RecordWriter>>;
  activity?: readonly ActivityEntry[];
}): OverwriteNotice[] {
  const since = input.now.getTime() - RECENT_CHANGE_MS;
  const notices: OverwriteNotice[] = [];
  for (const change of input.changes) {
    const { collection, id } = change;
    if (!isWatchedCollection(collection) || change.before === undefined) continue;
    const watched = WATCHED[collection];
    const mineOf = (name: string) => {
      let latest: OwnChange | undefined;
      for (const own of input.recent)
        if (own.collection === collection && own.id === id && own.field === name && Date.parse(own.at) >= since && (!latest || own.at >= latest.at)) latest = own;
      return latest;
    };
    const editors = input.editing.filter((target) => target.collection === collection && target.id === id);
    const by = () => writerOf(collection, id, input.writers, input.activity ?? [], input.me);
    const nameOf = (record: unknown) => (watched.name as (r: unknown) => string)(record);
    if (change.after === undefined) {
      const changedByMe = watched.fields.some((name) => mineOf(name));
      if (!editors.length && !changedByMe) continue;
      const writer = by();
      if (writer && writer.id === input.me) continue;
      notices.push({ key: writerKey(collection, id), kind: 'deleted', collection, id, record: nameOf(change.before), by: writer, wasEditing: editors.length > 0 });
      continue;
    }
    for (const name of watched.fields) {
      const theirs = field(change.after, name);
      if (same(field(change.before, name), theirs)) continue;
      const mine = mineOf(name);
      const editingIt = editors.some((target) => target.field === undefined || target.field === name);
      if (!editingIt && (!mine || same(mine.value, theirs))) continue;
      const writer = by();
      if (writer && writer.id === input.me) continue;
      notices.push({
        key: `${writerKey(collection, id)}/${name}`,
        kind: 'overwritten',
        collection,
        id,
        record: nameOf(change.after),
        field: name,
        by: writer,
        theirs,
        ...(mine && !same(mine.value, theirs) ? { mine: mine.value } : {}),
      });
    }
  }
  return notices;
}

/** Fields whose own value can be put back with one normal change (tracking cannot: it would ship again). */
const RESTORABLE: Partial<Record<WatchedCollection, readonly string[]>> = {
  orders: ['status', 'notes'],
  inventory: ['quantity', 'name', 'lowStockThreshold', 'reorderPoint', 'location'],
};

/**
 * The change that puts the member's value back over the current record, or null when it cannot
 * be offered (no value of theirs, a field that cannot be restored alone, the record is gone).
 */
export function restoreCall(notice: OverwriteNotice, current: unknown): { name: MutationName; args: Record<string, unknown> } | null {
  if (notice.kind !== 'overwritten' || notice.field === undefined || !('mine' in notice) || !current) return null;
  if (!RESTORABLE[notice.collection]?.includes(notice.field)) return null;
  const { id } = notice;
  if (notice.collection === 'orders') {
    return notice.field === 'status'
      ? { name: 'orders.changeStatus', args: { id, status: notice.mine } }
      : { name: 'orders.saveNotes', args: { id, notes: notice.mine ?? '' } };
  }
  if (notice.field === 'quantity') return { name: 'inventory.setQuantity', args: { id, quantity: notice.mine } };
  const item = current as InventoryItem;
  const edit = { name: item.name, lowStockThreshold: item.lowStockThreshold, reorderPoint: item.reorderPoint, location: item.location };
  return { name: 'inventory.updateItem', args: { id, edit: { ...edit, [notice.field]: notice.mine } } };
}
