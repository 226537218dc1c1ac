// Argument validators shared by several mutators. The server runs these on every push; the
// browser runs them too, so a malformed call fails the same way everywhere.
import * as v from 'valibot';
import { EVENT_TYPES, ORDER_STATUSES } from '../domain/types';

export const id = v.pipe(v.string(), v.minLength(1), v.maxLength(200));
export const text = (max = 10_000) => v.pipe(v.string(), v.maxLength(max));
/** A number, or the text a form field holds (the domain rule parses and checks it). */
export const numberish = v.union([v.pipe(v.number(), v.finite()), text(50)]);
export const isoDate = v.pipe(v.string(), v.isoTimestamp());
export const orderStatus = v.picklist(ORDER_STATUSES);

export const address = v.object({
  line1: text(500),
  line2: v.optional(text(500)),
  city: text(200),
  state: text(200),
  postalCode: text(50),
  country: text(200),
});

export const newOrderDraft = v.object({
  source: text(100),
  customerName: text(500),
  customerEmail: text(500),
  customerPhone: v.optional(text(100)),
  shippingAddress: address,
  items: v.pipe(v.array(v.object({ sku: text(200), quantity: numberish, price: v.optional(numberish) })), v.maxLength(500)),
  notes: v.optional(text()),
  creatorId: v.optional(text(200)),
});

export const trackingDraft = v.object({ trackingNumber: text(200), carrierName: text(200) });

export const inventoryDraft = v.object({
  sku: text(200),
  name: text(500),
  quantity: v.optional(numberish),
  lowStockThreshold: v.optional(numberish),
  reorderPoint: v.optional(numberish),
  location: v.optional(text(500)),
});

export const eventDraft = v.object({
  title: text(500),
  start: text(100),
  end: text(100),
  type: v.union([v.picklist(EVENT_TYPES), v.literal('')]),
  description: text(),
  creatorName: text(500),
});

export const stepDraft = v.object({ name: text(500), description: text() });

export const creatorDraft = v.object({
  handle: text(200),
  name: text(500),
  email: v.optional(text(500)),
  platform: v.optional(text(200)),
  followers: v.optional(v.pipe(v.number(), v.finite())),
  engagementRate: v.optional(v.pipe(v.number(), v.finite())),
  category: v.optional(text(200)),
});

/**
 * Where a page of a paged bulk write (an import sent in pages) sits: the import it belongs to,
 * its place, how many pages and rows the whole import has. Pages are separate mutations; this
 * lets a reloaded tab count what the server has confirmed of the import.
 */
export const bulkPart = v.object({
  id: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,64}$/, 'part.id must be 1-64 letters, digits, - or _')),
  index: v.pipe(v.number(), v.safeInteger(), v.minValue(0)),
  count: v.pipe(v.number(), v.safeInteger(), v.minValue(1)),
  rows: v.pipe(v.number(), v.safeInteger(), v.minValue(0)),
});
