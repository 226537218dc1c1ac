// A shop sale carrying a creator's code, as the API or a shop delivers it, applied to a test store.
import { act } from '@testing-library/react';
import { expect } from 'vitest';
import type { Store } from '../../lib/store';
import { FIXED_NOW } from './render';

/** One item at `price`, attributed by `code` (any letter case); placed at the store's fixed now. */
export function sellWithCode(store: Store, code: string, price: number, idSeed: string) {
  act(() => {
    const result = store.apply({
      name: 'orders.create',
      args: {
        draft: {
          source: 'Shopify',
          customerName: 'Pat Lee',
          customerEmail: 'pat@example.com',
          shippingAddress: { line1: '1 Main St', city: 'Austin', state: 'TX', postalCode: '78701', country: 'US' },
          items: [{ sku: 'SKU-001', quantity: 1, price }],
        },
        attribution: { code },
      },
      meta: { now: FIXED_NOW.toISOString(), idSeed },
    });
    expect(result.ok).toBe(true);
  });
}
