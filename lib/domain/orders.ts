// Order rules: spec §2 "Orders", §4 order status and per-item stock check, §5 order search
// and shipping form, §9 fulfilment fees; and the stock rules of docs/decisions/stock-is-deducted-once-per-order.md (deduct once per order, return
// stock on Canceled/Refunded, never negative; tracking stored), so stock always adds up.
import { FULFILMENT_FEES, INVENTORY, MAX_AMOUNT } from './constants';
import { parseWholeNumber } from './inventory';
import { createListSearch } from './list-search';
import { englishOf, listValue, message, type Message } from './messages';
import {
  accept,
  fail,
  refuse,
  refuseInput,
  ok,
  ORDER_STATUSES,
  type Address,
  type InventoryItem,
  type Order,
  type OrderFilters,
  type OrderHistoryEntry,
  type OrderItem,
  type OrderKind,
  type OrderStatus,
  type Result,
} from './types';

/** Statuses that take stock out of inventory (spec §4). */
export const STOCK_CONSUMING_STATUSES: readonly OrderStatus[] = ['Processing', 'Shipped'];
/** Statuses that put a deducted order's stock back, exactly what was deducted. */
export const STOCK_RETURNING_STATUSES: readonly OrderStatus[] = ['Canceled', 'Refunded'];
/** The Shipping section shows only while the order is in one of these (spec §2). */
export const SHIPPING_SECTION_STATUSES: readonly OrderStatus[] = ['Processing', 'Shipped'];

/** Sales tax of the sample orders (e.g. 9.90 on 119.98), used for orders created here. */
export const ORDER_TAX_RATE = 0.0825;
/** Flat customer shipping charge of the sample orders. */
export const ORDER_SHIPPING_CHARGE = 8.95;
/** What shipping a gift costs the brand: the spec's flat shipping fee (§9), paid by the brand, never charged. */
export const GIFT_SHIPPING_COST = FULFILMENT_FEES.shippingFlat;
/** Sales channels offered when creating an order: the sample's two marketplaces, its social shop, and direct sales. */
export const ORDER_SOURCES = ['Amazon', 'eBay', 'Instagram Shop', 'Direct'] as const;
/** Every channel an order may come from: the New Order form's, and the shops whose webhooks bring orders in. */
export const SALES_CHANNELS = [...ORDER_SOURCES, 'Shopify', 'WooCommerce'] as const;

const round2 = (value: number) => Math.round(value * 100) / 100;
const skuKey = (sku: string) => sku.trim().toLowerCase();

// ---------- List: search, status filter, sort ----------

/**
 * Search matches order number, customer name or customer email, case-insensitively; an order
 * matches the status filter if its status is chosen or nothing is chosen. dateRange is not
 * used (spec §5).
 */
export function filterOrders(orders: readonly Order[], filters: Partial<OrderFilters>): Order[] {
  const needle = (filters.search ?? '').trim().toLowerCase();
  const test = orderStatusTest(filters.status ?? []);
  if (!needle && !test) return [...orders];
  return orders.filter((order) => (!test || test(order)) && (!needle || orderSearchKey(order).includes(needle)));
}

/** The status filter panel's choices as a test of one order; null when nothing is chosen (all). */
function orderStatusTest(statuses: readonly OrderStatus[]): ((order: Order) => boolean) | null {
  if (!statuses.length) return null;
  const chosen = new Set(statuses);
  return (order) => chosen.has(order.status);
}

/** What the order search matches: number, customer name and email, lower-cased. */
export const orderSearchKey = (order: Pick<Order, 'orderNumber' | 'customerName' | 'customerEmail'>) =>
  `${order.orderNumber}\u0000${order.customerName}\u0000${order.customerEmail}`.toLowerCase();

const ALL_STATUSES: readonly OrderStatus[] = [];

/**
 * Search and status filter over one list of orders (already sorted: filtering keeps the order),
 * reusing earlier answers while the user types. Create one per list.
 */
export function createOrderSearch(orders: readonly Order[]) {
  const search = createListSearch(orders, orderSearchKey, orderStatusTest);
  return Object.assign((text: string, status: readonly OrderStatus[] = ALL_STATUSES) => search(text, status) as Order[], { prepare: search.prepare });
}

/** Units in an order (the Items column; pick and pack is charged per unit). */
export const orderUnits = (order: Pick<Order, 'items'>) => order.items.reduce((sum, item) => sum + item.quantity, 0);

export const ORDER_SORT_KEYS = ['orderNumber', 'customerName', 'status', 'items', 'createdAt', 'total'] as const;
export type OrderSortKey = (typeof ORDER_SORT_KEYS)[number];
export interface OrderSort {
  key: OrderSortKey;
  direction: 'ascending' | 'descending';
}
/** Newest first, the list's order when no column is chosen. */
export const DEFAULT_ORDER_SORT: OrderSort = { key: 'createdAt', direction: 'descending' };

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/** Sorts by one column; ties keep their order (stable). Decorates first so 50,000 rows sort quickly. */
export function sortOrders(orders: readonly Order[], sort: OrderSort = DEFAULT_ORDER_SORT): Order[] {
  const sign = sort.direction === 'ascending' ? 1 : -1;
  const keyOf = (order: Order): string | number => {
    switch (sort.key) {
      case 'orderNumber':
        return order.orderNumber;
      case 'customerName':
        return order.customerName;
      case 'status':
        return ORDER_STATUSES.indexOf(order.status);
      case 'items':
        return orderUnits(order);
      case 'total':
        return order.total;
      case 'createdAt':
        return order.createdAt;
    }
  };
  // ISO timestamps order correctly as plain strings; names and numbers need the collator.
  const compareText = sort.key === 'createdAt' ? (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0) : collator.compare;
  const decorated = orders.map((order, index) => ({ order, index, key: keyOf(order) }));
  decorated.sort((a, b) => {
    const diff =
      typeof a.key === 'number' && typeof b.key === 'number'
        ? a.key - b.key
        : compareText(String(a.key), String(b.key));
    return diff !== 0 ? sign * diff : a.index - b.index;
  });
  return decorated.map((entry) => entry.order);
}

// ---------- Stock ----------

export type StockAvailability = 'available' | 'insufficient' | 'missing';
export interface ItemStock {
  item: OrderItem;
  availability: StockAvailability;
  /** Units in inventory for this SKU (0 when missing). */
  inStock: number;
}

export const STOCK_AVAILABILITY_LABEL: Record<StockAvailability, string> = {
  available: 'Available',
  insufficient: 'Insufficient',
  missing: 'Missing',
};

function inventoryBySku(inventory: readonly InventoryItem[]) {
  const map = new Map<string, InventoryItem>();
  for (const item of inventory) map.set(skuKey(item.sku), item);
  return map;
}

/**
 * Per-item stock check (spec §4): available when stock covers the quantity, insufficient when
 * it is less, missing when the SKU is not in inventory. Lines of the same SKU draw on the same
 * stock in turn, so two lines cannot both count the same units.
 */
export function checkStock(order: Pick<Order, 'items'>, inventory: readonly InventoryItem[]): ItemStock[] {
  const bySku = inventoryBySku(inventory);
  const used = new Map<string, number>();
  return order.items.map((item) => {
    const key = skuKey(item.sku);
    const stock = bySku.get(key);
    if (!stock) return { item, availability: 'missing', inStock: 0 };
    const remaining = stock.quantity - (used.get(key) ?? 0);
    if (remaining < item.quantity) return { item, availability: 'insufficient', inStock: stock.quantity };
    used.set(key, (used.get(key) ?? 0) + item.quantity);
    return { item, availability: 'available', inStock: stock.quantity };
  });
}

/** True when every item of the order is covered by stock. */
export const hasStockFor = (order: Pick<Order, 'items'>, inventory: readonly InventoryItem[]) =>
  checkStock(order, inventory).every((line) => line.availability === 'available');

/** Adds `sign` x each item's quantity to inventory by SKU; returns the changed items (never below 0). */
function moveStock(order: Order, inventory: readonly InventoryItem[], sign: 1 | -1) {
  const bySku = inventoryBySku(inventory);
  const changed = new Map<string, InventoryItem>();
  const moved: string[] = [];
  const notFound: string[] = [];
  for (const item of order.items) {
    const key = skuKey(item.sku);
    const current = changed.get(key) ?? bySku.get(key);
    if (!current) {
      notFound.push(item.sku);
      continue;
    }
    changed.set(key, { ...current, quantity: Math.max(0, current.quantity + sign * item.quantity) });
    moved.push(`${item.quantity} × ${item.sku}`);
  }
  return { changed: [...changed.values()], moved, notFound };
}

/**
 * Takes a New order's stock out of inventory now (a creator's gift order): the same stock check
 * as Processing, and the order is marked deducted so no later status deducts it again.
 */
export function reserveOrderStock(order: Order, inventory: readonly InventoryItem[]): Result<OrderChange> {
  if (order.stockDeducted) return ok({ order, inventory: [] });
  if (!hasStockFor(order, inventory)) return refuse('domain.orders.insufficient');
  const deduction = moveStock(order, inventory, -1);
  const last = order.history.at(-1);
  const history = last ? [...order.history.slice(0, -1), withNote(last, message('orders.note.stockReserved', { items: listValue(deduction.moved) }))] : order.history;
  return ok({ order: { ...order, stockDeducted: true, history }, inventory: deduction.changed });
}

// ---------- Status changes ----------

/** A history entry with one more sentence in its note: stored in English and as a message. */
export function withNote(entry: OrderHistoryEntry, said: Message): OrderHistoryEntry {
  const before = entry.said ?? entry.note;
  const note = before ? message('activity.details.data', { value: listValue([before, said], '. ') }) : said;
  return { ...entry, note: englishOf(note), said: note };
}

export interface OrderChange {
  order: Order;
  /** Inventory items whose quantity changed, to be written with the order. */
  inventory: InventoryItem[];
}

/** A history entry id from the clock when the caller has none (tests, pure use). */
const defaultHistoryId = (order: Order, now: Date) => `oh_${now.getTime().toString(36)}_${order.history.length + 1}`;

/**
 * Changes an order's status (spec §4, with the stock rules of docs/decisions/stock-is-deducted-once-per-order.md):
 * - any status may follow any other; each change sets updatedAt and appends a history entry;
 * - Processing or Shipped on an order whose stock is not deducted checks stock first and is
 *   blocked with 'Insufficient inventory for this order', else deducts every item once;
 * - an order already deducted moves between statuses without touching stock again;
 * - Canceled or Refunded returns exactly what was deducted, with a history note;
 * - stock never goes negative.
 */
export function changeOrderStatus(
  order: Order,
  status: OrderStatus,
  inventory: readonly InventoryItem[],
  now: Date,
  historyId: string = defaultHistoryId(order, now),
): Result<OrderChange> {
  if (!ORDER_STATUSES.includes(status)) return fail(`Unknown order status: ${String(status)}`);
  if (status === order.status) return refuse('domain.orders.already', { status });
  const timestamp = now.toISOString();
  let stockDeducted = Boolean(order.stockDeducted);
  let changedInventory: InventoryItem[] = [];
  const notes: Message[] = [];

  if (STOCK_CONSUMING_STATUSES.includes(status) && !stockDeducted) {
    if (!hasStockFor(order, inventory)) return refuse('domain.orders.insufficient');
    const deduction = moveStock(order, inventory, -1);
    changedInventory = deduction.changed;
    stockDeducted = true;
    notes.push(message('orders.note.stockDeducted', { items: listValue(deduction.moved) }));
  } else if (STOCK_RETURNING_STATUSES.includes(status) && stockDeducted) {
    const restore = moveStock(order, inventory, 1);
    changedInventory = restore.changed;
    stockDeducted = false;
    if (restore.moved.length) notes.push(message('orders.note.stockReturned', { items: listValue(restore.moved) }));
    if (restore.notFound.length) notes.push(message('orders.note.notReturned', { skus: listValue(restore.notFound) }));
  }

  const entry = notes.reduce<OrderHistoryEntry>(withNote, { id: historyId, timestamp, status });
  return accept(
    { order: { ...order, status, updatedAt: timestamp, history: [...order.history, entry], stockDeducted }, inventory: changedInventory },
    'domain.orders.statusUpdated',
    { status: message(`orders.status.${status}`) },
  );
}

export interface TrackingDraft {
  trackingNumber: string;
  carrierName: string;
}

/** Which of a tracking number and carrier is missing (shipping needs both), or null when both are there. */
export function missingTrackingField(draft: Partial<TrackingDraft>): keyof TrackingDraft | null {
  if (!draft.trackingNumber?.trim()) return 'trackingNumber';
  if (!draft.carrierName?.trim()) return 'carrierName';
  return null;
}

/**
 * Save & Ship (spec §4, §5): both fields required, then the order becomes
 * Shipped through the same stock check, and the tracking number and carrier are stored.
 * An order already Shipped keeps its status and gets the new tracking, with a history note.
 */
export function shipWithTracking(
  order: Order,
  draft: TrackingDraft,
  inventory: readonly InventoryItem[],
  now: Date,
  historyId: string = defaultHistoryId(order, now),
): Result<OrderChange> {
  if (missingTrackingField(draft)) return refuse('domain.orders.trackingAndCarrier');
  const trackingNumber = draft.trackingNumber.trim();
  const carrierName = draft.carrierName.trim();
  const trackingNote = message('orders.note.tracking', { tracking: trackingNumber, carrier: carrierName });
  let base: OrderChange;
  if (order.status === 'Shipped') {
    const timestamp = now.toISOString();
    base = {
      order: { ...order, updatedAt: timestamp, history: [...order.history, withNote({ id: historyId, timestamp, status: 'Shipped' }, trackingNote)] },
      inventory: [],
    };
  } else {
    const shipped = changeOrderStatus(order, 'Shipped', inventory, now, historyId);
    if (!shipped.ok) return shipped;
    const history = [...shipped.value.order.history];
    const last = history[history.length - 1];
    history[history.length - 1] = withNote(last, trackingNote);
    base = { order: { ...shipped.value.order, history }, inventory: shipped.value.inventory };
  }
  return accept({ order: { ...base.order, trackingNumber, carrierName }, inventory: base.inventory }, 'domain.orders.shipped');
}

/** Saves the Notes editor's text (blank clears it) and sets updatedAt. */
export function saveOrderNotes(order: Order, notes: string, now: Date): Result<Order> {
  const text = notes.trim();
  const next: Order = { ...order, updatedAt: now.toISOString() };
  if (text) next.notes = notes;
  else delete next.notes;
  return accept(next, 'domain.orders.notesSaved');
}

// ---------- Fees and totals ----------

export interface FulfilmentFees {
  pickAndPack: number;
  shipping: number;
  handling: number;
  total: number;
}

/** Pick and pack 2.5 per unit, shipping 8.95 flat, handling 1.5 flat, and their sum (spec §9). */
export function fulfilmentFees(order: Pick<Order, 'items'>): FulfilmentFees {
  const pickAndPack = round2(orderUnits(order) * FULFILMENT_FEES.pickAndPackPerUnit);
  const shipping = FULFILMENT_FEES.shippingFlat;
  const handling = FULFILMENT_FEES.handlingFlat;
  return { pickAndPack, shipping, handling, total: round2(pickAndPack + shipping + handling) };
}

export interface OrderTotals {
  subtotal: number;
  tax: number;
  shipping: number;
  total: number;
}

/**
 * Subtotal of the lines, tax at the sample's rate, flat shipping, and the total, to the cent.
 * A gift is charged neither tax nor shipping: its total is its items' value.
 */
export function orderTotals(items: readonly Pick<OrderItem, 'quantity' | 'price'>[], kind: OrderKind = 'sale'): OrderTotals {
  const subtotal = round2(items.reduce((sum, item) => sum + item.quantity * item.price, 0));
  if (kind === 'gift') return { subtotal, tax: 0, shipping: 0, total: subtotal };
  const tax = round2(subtotal * ORDER_TAX_RATE);
  const shipping = items.length ? ORDER_SHIPPING_CHARGE : 0;
  return { subtotal, tax, shipping, total: round2(subtotal + tax + shipping) };
}

// ---------- New Order ----------

export interface NewOrderLineDraft {
  sku: string;
  quantity: string | number;
  /** Unit price in dollars; empty uses the inventory's flat unit value. */
  price?: string | number;
}
export interface NewOrderDraft {
  source: string;
  customerName: string;
  customerEmail: string;
  customerPhone?: string;
  shippingAddress: Address;
  items: NewOrderLineDraft[];
  notes?: string;
  /** The funnel (creator) this order ships to: it is then a gift, charged nothing. */
  creatorId?: string;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The next free order number after the highest ORD-n in use (ORD-1004 after the sample). */
export function nextOrderNumber(orders: readonly Pick<Order, 'orderNumber'>[]): string {
  let max = 1000;
  for (const order of orders) {
    const match = /^ORD-(\d+)$/.exec(order.orderNumber);
    if (match) max = Math.max(max, Number(match[1]));
  }
  return `ORD-${max + 1}`;
}

/**
 * Builds a New order from the New Order form: customer, shipping address, and items picked
 * from inventory by SKU (name and product id come from the inventory item). Creating an order
 * takes no stock; moving it to Processing or Shipped does.
 */
export function createOrder(
  draft: NewOrderDraft,
  inventory: readonly InventoryItem[],
  existing: readonly Pick<Order, 'orderNumber'>[],
  now: Date,
  newId: (prefix: string) => string,
  defaultPrice: number = INVENTORY.flatUnitValue,
): Result<Order> {
  const customerName = draft.customerName.trim();
  const customerEmail = draft.customerEmail.trim();
  if (!customerName) return refuseInput('customerName', 'domain.orders.customerName');
  if (!EMAIL.test(customerEmail)) return refuseInput('customerEmail', 'domain.orders.customerEmail');
  const a = draft.shippingAddress;
  const address: Address = {
    line1: a.line1.trim(),
    city: a.city.trim(),
    state: a.state.trim(),
    postalCode: a.postalCode.trim(),
    country: a.country.trim(),
  };
  if (a.line2?.trim()) address.line2 = a.line2.trim();
  const blank = (['line1', 'city', 'state', 'postalCode', 'country'] as const).find((part) => !address[part]);
  if (blank) return refuseInput(`shippingAddress.${blank}`, 'domain.orders.address');
  if (draft.items.length === 0) return refuseInput('items', 'domain.orders.noItems');

  const bySku = inventoryBySku(inventory);
  const items: OrderItem[] = [];
  for (const [index, line] of draft.items.entries()) {
    if (!line.sku.trim()) return refuseInput(`items.${index}.sku`, 'domain.orders.chooseSku', { line: index + 1 });
    const stock = bySku.get(skuKey(line.sku));
    if (!stock) return refuseInput(`items.${index}.sku`, 'domain.orders.unknownSku', { sku: line.sku.trim() });
    const quantity = parseWholeNumber(line.quantity, Number.NaN, 'orders.quantity');
    if (!quantity.ok || !(quantity.value >= 1)) return refuseInput(`items.${index}.quantity`, 'domain.orders.quantity', { sku: stock.sku });
    const rawPrice = line.price === undefined || String(line.price).trim() === '' ? defaultPrice : Number(String(line.price).trim());
    if (!Number.isFinite(rawPrice) || rawPrice <= 0 || round2(rawPrice) !== rawPrice) return refuseInput(`items.${index}.price`, 'domain.orders.price', { sku: stock.sku });
    if (rawPrice > MAX_AMOUNT) return refuseInput(`items.${index}.price`, 'domain.orders.priceTooHigh', { sku: stock.sku, max: MAX_AMOUNT });
    items.push({ id: newId('oi'), productId: stock.id, name: stock.name, sku: stock.sku, quantity: quantity.value, price: rawPrice });
  }
  if (orderTotals(items).subtotal > MAX_AMOUNT) return refuseInput('items', 'domain.orders.subtotalTooHigh', { max: MAX_AMOUNT });

  const timestamp = now.toISOString();
  const orderNumber = nextOrderNumber(existing);
  const creatorId = draft.creatorId?.trim();
  const kind: OrderKind = creatorId ? 'gift' : 'sale';
  const order: Order = {
    id: newId('ord'),
    kind,
    source: draft.source.trim() || 'Direct',
    orderNumber,
    status: 'New',
    customerName,
    customerEmail,
    shippingAddress: address,
    items,
    ...orderTotals(items, kind),
    createdAt: timestamp,
    updatedAt: timestamp,
    history: [withNote({ id: newId('oh'), timestamp, status: 'New' }, message('activity.action.orderCreated'))],
    tags: kind === 'gift' ? ['gift'] : [],
    stockDeducted: false,
    ...(creatorId ? { creatorId, shippingCost: GIFT_SHIPPING_COST } : {}),
  };
  if (draft.customerPhone?.trim()) order.customerPhone = draft.customerPhone.trim();
  if (draft.notes?.trim()) order.notes = draft.notes;
  return accept(order, 'domain.orders.created', { orderNumber });
}

/** One-line address for lists and labels. */
export function formatAddressLines(address: Address): string[] {
  return [
    address.line1,
    address.line2,
    `${address.city}, ${address.state} ${address.postalCode}`,
    address.country,
  ].filter((line): line is string => Boolean(line && line.trim()));
}
