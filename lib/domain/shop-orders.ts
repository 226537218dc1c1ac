// Orders that arrive from a sales channel's webhook (Shopify's order JSON, WooCommerce's
// order.created): read into one shape, then made into an order of ours. Items are matched to
// inventory by SKU; a line whose SKU the workspace does not stock is kept on the order and
// flagged, never invented as an inventory item. Pure: the server verifies the signature and
// runs these inside the outbox's transaction.
import { message } from './messages';
import { nextOrderNumber, orderTotals, withNote } from './orders';
import { toCents, toDollars } from './sales';
import { fail, ok, type Address, type InventoryItem, type Order, type OrderItem, type OrderRefund, type Result } from './types';

/** The tag an order gets when a line's SKU is not in inventory (the Orders screen shows the line as Missing). */
export const UNKNOWN_SKU_TAG = 'Unknown SKU';

export type ShopName = 'Shopify' | 'WooCommerce';

/** A shop's order, as the shop sent it. */
export interface ShopOrder {
  shop: ShopName;
  /** The shop's own order id (stable across orders/create, orders/updated, orders/cancelled). */
  externalId: string;
  /** The shop's order name, e.g. "#1001". */
  name: string;
  customerName: string;
  customerEmail: string;
  customerPhone?: string;
  shippingAddress: Address;
  lines: { sku: string; title: string; quantity: number; price: number }[];
  cancelled: boolean;
  fulfilled: boolean;
  /** The shop's own amounts, when it sent them (they win over ours: the customer paid those). */
  totals?: { subtotal: number; tax: number; shipping: number; total: number };
  /** Discount or coupon codes the order used, in the shop's order. */
  codes?: string[];
  /** Where the buyer first landed (Shopify's landing_site), with its query. */
  landingSite?: string;
  /** The order's refunds as the shop lists them, each by its own id: the goods' amount each takes back. */
  refunds?: OrderRefund[];
  /** Wholly refunded (Shopify's financial_status "refunded", WooCommerce's status "refunded"). */
  refunded?: boolean;
}

/** A refund the shop sent on its own (Shopify's refunds/create), for an order of that shop. */
export interface ShopRefund {
  shop: ShopName;
  /** The shop's id of the refunded order. */
  externalId: string;
  refund: OrderRefund;
}

/** The codes of a list of discount or coupon objects (`[{ code }]`), at most 20, each trimmed. */
const codesOf = (list: unknown): string[] =>
  (Array.isArray(list) ? list : [])
    .map((entry) => (isObject(entry) ? textOf(entry.code).slice(0, 100) : ''))
    .filter(Boolean)
    .slice(0, 20);

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const textOf = (value: unknown) => (typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '');
const amountOf = (value: unknown): number | undefined => {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : Number.NaN;
  return Number.isFinite(n) && n >= 0 ? Math.round(n * 100) / 100 : undefined;
};
const joinName = (...parts: unknown[]) => parts.map(textOf).filter(Boolean).join(' ');

/** The order id of ours that a shop's order maps to: the same shop order is always the same record. */
export const shopOrderId = (shop: ShopName, externalId: string) => `ord_${shop.toLowerCase()}_${externalId.replace(/[^A-Za-z0-9_-]/g, '')}`;

/** An id of Shopify's, digits only: from its GraphQL id when it sent one (JSON numbers lose digits past 2^53), else its id. */
function shopifyId(body: Json, kind: string): string {
  const gid = new RegExp(`^gid://shopify/${kind}/(\\d{1,30})$`).exec(textOf(body.admin_graphql_api_id));
  return gid?.[1] ?? textOf(body.id);
}

/** A money set's amount in the shop's currency (`{ shop_money: { amount } }`), or undefined. */
const shopMoneyOf = (set: unknown) => (isObject(set) && isObject(set.shop_money) ? amountOf(set.shop_money.amount) : undefined);

/**
 * One of Shopify's refunds (an entry of an order's `refunds`, or the body of refunds/create): its
 * id and the goods it takes back, the sum of its refund_line_items' subtotals (after discounts,
 * before tax) in the shop's currency. Shipping and other adjustments are not goods: they take
 * nothing back from revenue. Null when it has no id.
 */
export function readShopifyRefund(raw: unknown): OrderRefund | null {
  if (!isObject(raw)) return null;
  const id = shopifyId(raw, 'Refund');
  if (!/^\d{1,30}$/.test(id)) return null;
  const lines = Array.isArray(raw.refund_line_items) ? raw.refund_line_items : [];
  const cents = lines.reduce<number>((sum, line) => sum + (isObject(line) ? toCents(shopMoneyOf(line.subtotal_set) ?? amountOf(line.subtotal) ?? 0) : 0), 0);
  return { id, amount: toDollars(cents) };
}

/** The refunds an order lists, at most 100, each once. */
function refundsOf(list: unknown, read: (raw: unknown) => OrderRefund | null): OrderRefund[] {
  const out: OrderRefund[] = [];
  for (const raw of Array.isArray(list) ? list.slice(0, 100) : []) {
    const refund = read(raw);
    if (refund && !out.some((r) => r.id === refund.id)) out.push(refund);
  }
  return out;
}

/**
 * Reads Shopify's refunds/create body: the refund and the order it belongs to. The order's id is
 * read from the body's text (`raw`): it is a JSON number that can pass 2^53, and the refund
 * carries no GraphQL id of its order. Every order_id in a refund names the same order.
 */
export function readShopifyRefundDelivery(body: unknown, raw: string): Result<ShopRefund> {
  if (!isObject(body)) return fail('The body is not a Shopify refund');
  const refund = readShopifyRefund(body);
  if (!refund) return fail('The refund has no id');
  const externalId = /"order_id"\s*:\s*"?(\d{1,30})\b/.exec(raw)?.[1] ?? '';
  if (!/^\d{1,30}$/.test(externalId)) return fail('The refund has no order_id');
  return ok({ shop: 'Shopify', externalId, refund });
}

/** Reads Shopify's order JSON (the body of orders/create, orders/updated and orders/cancelled). */
export function readShopifyOrder(body: unknown): Result<ShopOrder> {
  if (!isObject(body)) return fail('The body is not a Shopify order');
  const externalId = shopifyId(body, 'Order');
  if (!/^\d{1,30}$/.test(externalId)) return fail('The order has no id');
  const customer = isObject(body.customer) ? body.customer : {};
  const shipping = isObject(body.shipping_address) ? body.shipping_address : isObject(body.billing_address) ? body.billing_address : {};
  const items = Array.isArray(body.line_items) ? body.line_items : [];
  const lines: ShopOrder['lines'] = [];
  for (const raw of items) {
    if (!isObject(raw)) continue;
    const quantity = typeof raw.quantity === 'number' && Number.isInteger(raw.quantity) && raw.quantity > 0 ? raw.quantity : 0;
    if (!quantity) continue;
    lines.push({ sku: textOf(raw.sku), title: textOf(raw.name) || textOf(raw.title) || 'Item', quantity, price: amountOf(raw.price) ?? 0 });
  }
  const shippingLines = Array.isArray(body.shipping_lines) ? body.shipping_lines : [];
  const shippingCharge = shippingLines.reduce<number>((sum, line) => sum + (isObject(line) ? (amountOf(line.price) ?? 0) : 0), 0);
  const subtotal = amountOf(body.subtotal_price);
  const tax = amountOf(body.total_tax);
  const total = amountOf(body.total_price);
  const email = textOf(body.email) || textOf(body.contact_email) || textOf(customer.email);
  return ok({
    shop: 'Shopify',
    externalId,
    name: textOf(body.name) || `#${textOf(body.order_number) || externalId}`,
    customerName: joinName(customer.first_name, customer.last_name) || textOf(shipping.name) || joinName(shipping.first_name, shipping.last_name) || email || 'Shopify customer',
    customerEmail: email,
    ...(textOf(customer.phone) || textOf(body.phone) ? { customerPhone: textOf(customer.phone) || textOf(body.phone) } : {}),
    shippingAddress: {
      line1: textOf(shipping.address1),
      ...(textOf(shipping.address2) ? { line2: textOf(shipping.address2) } : {}),
      city: textOf(shipping.city),
      state: textOf(shipping.province_code) || textOf(shipping.province),
      postalCode: textOf(shipping.zip),
      country: textOf(shipping.country_code) || textOf(shipping.country),
    },
    lines,
    cancelled: Boolean(textOf(body.cancelled_at)),
    fulfilled: textOf(body.fulfillment_status) === 'fulfilled',
    codes: codesOf(body.discount_codes),
    refunds: refundsOf(body.refunds, readShopifyRefund),
    refunded: textOf(body.financial_status) === 'refunded',
    ...(textOf(body.landing_site) ? { landingSite: textOf(body.landing_site).slice(0, 2000) } : {}),
    ...(subtotal !== undefined && tax !== undefined && total !== undefined
      ? { totals: { subtotal, tax, shipping: Math.round(shippingCharge * 100) / 100, total } }
      : {}),
  });
}

/**
 * One of WooCommerce's refunds as its order lists them (`{ id, reason, total: "-10.00" }`): the
 * order gives only each refund's total (negative), taken back whole.
 */
function readWooCommerceRefund(raw: unknown): OrderRefund | null {
  if (!isObject(raw)) return null;
  const id = textOf(raw.id);
  if (!/^\d{1,30}$/.test(id)) return null;
  const total = textOf(raw.total).replace(/^-/, '');
  return { id, amount: amountOf(total) ?? 0 };
}

/** Reads WooCommerce's order JSON (the body of an order.created or order.updated webhook). */
export function readWooCommerceOrder(body: unknown): Result<ShopOrder> {
  if (!isObject(body)) return fail('The body is not a WooCommerce order');
  const externalId = textOf(body.id);
  if (!/^\d{1,30}$/.test(externalId)) return fail('The order has no id');
  const billing = isObject(body.billing) ? body.billing : {};
  const shipping = isObject(body.shipping) && textOf(body.shipping.address_1) ? body.shipping : billing;
  const items = Array.isArray(body.line_items) ? body.line_items : [];
  const lines: ShopOrder['lines'] = [];
  for (const raw of items) {
    if (!isObject(raw)) continue;
    const quantity = typeof raw.quantity === 'number' && Number.isInteger(raw.quantity) && raw.quantity > 0 ? raw.quantity : 0;
    if (!quantity) continue;
    lines.push({ sku: textOf(raw.sku), title: textOf(raw.name) || 'Item', quantity, price: amountOf(raw.price) ?? 0 });
  }
  const total = amountOf(body.total);
  const tax = amountOf(body.total_tax);
  const shippingCharge = amountOf(body.shipping_total);
  const status = textOf(body.status);
  return ok({
    shop: 'WooCommerce',
    externalId,
    name: `#${textOf(body.number) || externalId}`,
    customerName: joinName(billing.first_name, billing.last_name) || textOf(billing.email) || 'WooCommerce customer',
    customerEmail: textOf(billing.email),
    ...(textOf(billing.phone) ? { customerPhone: textOf(billing.phone) } : {}),
    shippingAddress: {
      line1: textOf(shipping.address_1),
      ...(textOf(shipping.address_2) ? { line2: textOf(shipping.address_2) } : {}),
      city: textOf(shipping.city),
      state: textOf(shipping.state),
      postalCode: textOf(shipping.postcode),
      country: textOf(shipping.country),
    },
    lines,
    cancelled: status === 'cancelled',
    fulfilled: status === 'completed',
    codes: codesOf(body.coupon_lines),
    refunds: refundsOf(body.refunds, readWooCommerceRefund),
    refunded: status === 'refunded',
    ...(total !== undefined && tax !== undefined && shippingCharge !== undefined
      ? { totals: { subtotal: Math.round((total - tax - shippingCharge) * 100) / 100, tax, shipping: shippingCharge, total } }
      : {}),
  });
}

/**
 * A new order of ours for a shop's order: status New (stock moves at Processing, as on the
 * screen), lines matched to inventory by SKU in any letter case. A line whose SKU is empty or
 * unknown keeps the shop's title and SKU, gets no product, and the order is tagged.
 */
export function orderFromShop(shop: ShopOrder, inventory: readonly InventoryItem[], existing: readonly Pick<Order, 'orderNumber'>[], now: Date, newId: (prefix: string) => string): Order {
  const bySku = new Map(inventory.map((item) => [item.sku.trim().toLowerCase(), item]));
  let unknown = false;
  const items: OrderItem[] = shop.lines.map((line) => {
    const stock = line.sku ? bySku.get(line.sku.toLowerCase()) : undefined;
    if (!stock) unknown = true;
    return { id: newId('oi'), productId: stock?.id ?? '', name: stock?.name ?? line.title, sku: stock?.sku ?? line.sku, quantity: line.quantity, price: line.price };
  });
  const timestamp = now.toISOString();
  const tags = [`${shop.shop} ${shop.name}`];
  if (unknown) tags.push(UNKNOWN_SKU_TAG);
  const order: Order = {
    id: shopOrderId(shop.shop, shop.externalId),
    kind: 'sale',
    source: shop.shop,
    orderNumber: nextOrderNumber(existing),
    status: 'New',
    customerName: shop.customerName,
    customerEmail: shop.customerEmail,
    shippingAddress: shop.shippingAddress,
    items,
    ...(shop.totals ?? orderTotals(items)),
    createdAt: timestamp,
    updatedAt: timestamp,
    history: [withNote({ id: newId('oh'), timestamp, status: 'New' }, message('orders.note.fromShop', { shop: shop.shop, name: shop.name }))],
    tags,
    stockDeducted: false,
  };
  if (shop.customerPhone) order.customerPhone = shop.customerPhone;
  return order;
}

/** The lines of an order whose SKU the workspace does not stock. */
export const unknownSkuLines = (order: Pick<Order, 'items'>) => order.items.filter((item) => !item.productId);
