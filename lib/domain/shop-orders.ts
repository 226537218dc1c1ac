// Orders that arrive from a sales channel's webhook (Shopify's order JSON, WooCommerce's
// order.created): read into one shape, then made into an order of ours. Items are matched to
// inventory by SKU; a line whose SKU the workspace does not stock is kept on the order and
// flagged, never invented as an inventory item. Pure: the server verifies the signature and
// runs these inside the outbox's transaction.
import { message } from './messages';
import { nextOrderNumber, orderTotals, withNote } from './orders';
import { fail, ok, type Address, type InventoryItem, type Order, type OrderItem, type Result } from './types';

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

/** Reads Shopify's order JSON (the body of orders/create, orders/updated and orders/cancelled). */
export function readShopifyOrder(body: unknown): Result<ShopOrder> {
  if (!isObject(body)) return fail('The body is not a Shopify order');
  // Shopify's ids can pass 2^53 (JSON numbers lose digits there); its GraphQL id keeps them as text.
  const gid = /^gid:\/\/shopify\/Order\/(\d{1,30})$/.exec(textOf(body.admin_graphql_api_id));
  const externalId = gid?.[1] ?? textOf(body.id);
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
    ...(textOf(body.landing_site) ? { landingSite: textOf(body.landing_site).slice(0, 2000) } : {}),
    ...(subtotal !== undefined && tax !== undefined && total !== undefined
      ? { totals: { subtotal, tax, shipping: Math.round(shippingCharge * 100) / 100, total } }
      : {}),
  });
}

/** Reads WooCommerce's order JSON (the body of an order.created webhook). */
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
