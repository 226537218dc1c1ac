// Shop orders read from Shopify's and WooCommerce's JSON and made into orders of ours: ids
// that survive JSON's number precision, lines matched by SKU in any case, an unknown SKU kept
// and flagged, the shop's totals kept, and nothing thrown for any input.
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { orderFromShop, readShopifyOrder, readWooCommerceOrder, shopOrderId, unknownSkuLines } from '../../lib/domain/shop-orders';
import { checkCreatorFields } from '../../lib/domain/csv-import';
import { sampleInventory } from '../../lib/sample/workspace';

const NOW = new Date('2026-03-02T10:00:00Z');
const SAMPLE = JSON.parse(readFileSync(new URL('../server/fixtures/shopify-orders-create.json', import.meta.url), 'utf8')) as Record<string, unknown>;
const inventory = sampleInventory(NOW);
let n = 0;
const newId = (prefix: string) => `${prefix}_${n++}`;

describe('Shopify orders', () => {
  it('reads the documented sample, keeping the id JSON numbers cannot hold', () => {
    const read = readShopifyOrder(SAMPLE);
    expect(read.ok && read.value).toMatchObject({
      externalId: '820982911946154508',
      name: '#9999',
      customerName: 'John Smith',
      customerEmail: 'jon@example.com',
      shippingAddress: { line1: '123 Shipping Street', city: 'Shippington', state: 'KY', postalCode: '40003', country: 'US' },
      lines: [
        { sku: 'IPOD2008PINK', quantity: 1, price: 199 },
        { sku: 'IPOD2008PINK', quantity: 1, price: 199 },
      ],
      cancelled: false,
      totals: { subtotal: 388, tax: 0, shipping: 10, total: 403 },
    });
    expect(shopOrderId('Shopify', '820982911946154508')).toBe('ord_shopify_820982911946154508');
  });

  it('matches lines to inventory by SKU in any case and flags the rest without inventing items', () => {
    const read = readShopifyOrder({ ...SAMPLE, line_items: [{ sku: 'sku-001', name: 'Earbuds', quantity: 2, price: '59.99' }, { sku: '', name: 'Gift wrap', quantity: 1, price: '2.00' }] });
    if (!read.ok) throw new Error(read.error);
    const order = orderFromShop(read.value, inventory, [], NOW, newId);
    expect(order.items.map((i) => [i.sku, i.name, Boolean(i.productId)])).toEqual([
      ['SKU-001', 'Wireless Earbuds', true],
      ['', 'Gift wrap', false],
    ]);
    expect(unknownSkuLines(order).map((i) => i.name)).toEqual(['Gift wrap']);
    expect(order.tags).toEqual(['Shopify #9999', 'Unknown SKU']);
    expect(order).toMatchObject({ status: 'New', source: 'Shopify', stockDeducted: false, orderNumber: 'ORD-1001' });
  });

  it('never throws, whatever the body', () => {
    fc.assert(
      fc.property(fc.anything(), (body) => {
        expect(typeof readShopifyOrder(body).ok).toBe('boolean');
        expect(typeof readWooCommerceOrder(body).ok).toBe('boolean');
      }),
    );
  });
});

describe('a creator’s fields by the CSV import’s rules', () => {
  it('names every field with a problem', () => {
    const checked = checkCreatorFields({ creator_handle: 'a b', creator_name: '', email: 'x', followers: '1.5', engagement_rate: '200' });
    expect(checked.problems.map((p) => p.field)).toEqual(['creator_handle', 'creator_name', 'email', 'followers', 'engagement_rate']);
    expect(checkCreatorFields({ creator_handle: 'maya', creator_name: 'Maya', followers: '12,500' })).toMatchObject({ ok: true, value: { handle: '@maya', followers: 12500 }, problems: [] });
  });
});
