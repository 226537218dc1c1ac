// A WooCommerce order as its order.created and order.updated webhooks send it (REST API v3's
// order shape), for tests: `patch` changes what a test is about (id, status, coupons, refunds).
export function wooCommerceOrder(patch: { id?: number } & Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: 727,
    number: String(patch.id ?? 727),
    status: 'processing',
    total: '64.95',
    total_tax: '4.95',
    shipping_total: '10.00',
    billing: { first_name: 'Ana', last_name: 'Ruiz', email: 'ana@example.com', phone: '', address_1: '9 Elm St', city: 'Portland', state: 'OR', postcode: '97201', country: 'US' },
    shipping: { first_name: 'Ana', last_name: 'Ruiz', address_1: '9 Elm St', address_2: '', city: 'Portland', state: 'OR', postcode: '97201', country: 'US' },
    line_items: [{ id: 315, name: 'iPod Nano Pink', sku: 'IPOD2008PINK', quantity: 1, price: 50 }],
    coupon_lines: [],
    refunds: [],
    ...patch,
  };
}
