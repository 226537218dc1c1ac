// A shop's delivery reads what it names, never the whole workspace: its order by id, the stock
// its lines name, the funnels its codes name and the highest order number.
import { describe, expect, it } from 'vitest';
import { MUTATORS } from '../../lib/mutators';
import type { ReadSpec } from '../../lib/mutators/types';

const order = {
  shop: 'Shopify' as const,
  externalId: '820982911946154508',
  name: '#9999',
  customerName: 'Jon Snow',
  customerEmail: 'jon@example.com',
  shippingAddress: { line1: '1 Main St', city: 'Ottawa', state: 'ON', postalCode: 'K2P 1L4', country: 'Canada' },
  lines: [{ sku: ' IPOD-342-N ', title: 'IPod Nano', quantity: 1, price: 199 }],
  cancelled: false,
  fulfilled: false,
  codes: ['Sarah10'],
  landingSite: '/products/nano?ref=other&utm_campaign=third',
};

describe('what a shop delivery reads', () => {
  it('orders.receiveFromShop names its order, SKUs, codes and the highest order number, and loads no collection whole', () => {
    const reads = MUTATORS['orders.receiveFromShop'].reads({ order }) as ReadSpec[];
    expect(reads.some((spec) => 'all' in spec)).toBe(false);
    expect(reads).toContainEqual({ collection: 'orders', id: 'ord_shopify_820982911946154508' });
    expect(reads).toContainEqual({ highestOrderNumber: true });
    expect(reads).toContainEqual({ collection: 'inventory', keys: ['ipod-342-n'] });
    expect(reads).toContainEqual({ collection: 'funnels', codes: ['sarah10', 'other', 'third'] });
  });

  it('orders.receiveRefundFromShop reads only its order', () => {
    const reads = MUTATORS['orders.receiveRefundFromShop'].reads({ shop: 'Shopify', externalId: '1', refund: { id: 'r1', amount: 5 } });
    expect(reads).toEqual([{ collection: 'orders', id: 'ord_shopify_1' }]);
  });
});
