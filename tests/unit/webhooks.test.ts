// Which change sends which webhook event, the endpoint URL rule, the retry schedule and the
// permissions of each key role.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FUNNEL_STATUSES, type Invoice } from '../../lib/domain/types';
import { apiKeyPermissions, MAX_ATTEMPTS, nextAttemptDelay, RETRY_DELAYS_MS, validateEndpointUrl, webhookEventsFor } from '../../lib/domain/webhooks';
import { sampleWorkspace } from '../../lib/sample';

const NOW = new Date('2026-03-10T12:00:00Z');
const funnel = sampleWorkspace(NOW).collections.funnels[0];
const invoice: Invoice = { id: 'inv_9', date: '2026-03-01', amount: 49, status: 'pending', downloadUrl: '#' };

describe('webhook events of a change', () => {
  it('sends one funnel.status.updated per status change and none when the status stays', () => {
    fc.assert(
      fc.property(fc.constantFrom(...FUNNEL_STATUSES), fc.constantFrom(...FUNNEL_STATUSES), (from, to) => {
        const events = webhookEventsFor([{ collection: 'funnels', before: { ...funnel, status: from }, after: { ...funnel, status: to } }]);
        if (from === to) expect(events).toEqual([]);
        else expect(events).toEqual([{ type: 'funnel.status.updated', data: expect.objectContaining({ funnel: { id: funnel.id, status: to, previousStatus: from } }) }]);
      }),
    );
  });

  it('sends creator.onboarded for a new funnel, and nothing for invoices (no payment is taken here)', () => {
    expect(webhookEventsFor([{ collection: 'funnels', before: undefined, after: funnel }]).map((e) => e.type)).toEqual(['creator.onboarded']);
    expect(webhookEventsFor([{ collection: 'invoices', before: invoice, after: { ...invoice, status: 'paid' } }])).toEqual([]);
  });

  it('sends order.created for a new order and order.status.updated for a status change only', () => {
    const order = { id: 'ord_1', orderNumber: 'ORD-1', status: 'New', source: 'Shopify', total: 10, items: [{ sku: 'A', quantity: 1 }] };
    expect(webhookEventsFor([{ collection: 'orders', before: undefined, after: order }])).toEqual([
      { type: 'order.created', data: { order: { id: 'ord_1', orderNumber: 'ORD-1', status: 'New', source: 'Shopify', total: 10, items: [{ sku: 'A', quantity: 1 }] } } },
    ]);
    expect(webhookEventsFor([{ collection: 'orders', before: order, after: { ...order, status: 'Processing' } }])).toEqual([
      { type: 'order.status.updated', data: { order: expect.objectContaining({ status: 'Processing', previousStatus: 'New' }) } },
    ]);
    expect(webhookEventsFor([{ collection: 'orders', before: order, after: { ...order, total: 12 } }])).toEqual([]);
  });

  it('sends inventory.low_stock once per crossing of the threshold', () => {
    const item = { id: 'inv_1', sku: 'A', name: 'Item', quantity: 12, lowStockThreshold: 10, reorderPoint: 20, lastRestocked: '', location: '' };
    const low = (before: typeof item | undefined, quantity: number) => webhookEventsFor([{ collection: 'inventory', before, after: { ...item, quantity } }]).map((e) => e.type);
    expect(low(item, 10)).toEqual(['inventory.low_stock']);
    expect(low({ ...item, quantity: 10 }, 4)).toEqual([]);
    expect(low({ ...item, quantity: 4 }, 11)).toEqual([]);
    expect(low({ ...item, quantity: 11 }, 0)).toEqual(['inventory.low_stock']);
    expect(low(undefined, 3)).toEqual([]);
  });
});

describe('webhook endpoints and retries', () => {
  it('takes https anywhere and http only to this machine', () => {
    expect(validateEndpointUrl(' https://hooks.example.com/cf ')).toEqual({ ok: true, value: 'https://hooks.example.com/cf' });
    expect(validateEndpointUrl('http://127.0.0.1:8080/h').ok).toBe(true);
    expect(validateEndpointUrl('http://localhost/h').ok).toBe(true);
    for (const bad of ['http://hooks.example.com/h', 'ftp://x.example/h', 'javascript:alert(1)', '', 'https://u:p@x.example/h'])
      expect(validateEndpointUrl(bad).ok).toBe(false);
  });

  it('retries for about a day, then gives up', () => {
    const total = RETRY_DELAYS_MS.reduce((sum, d) => sum + d, 0);
    expect(total).toBeGreaterThan(24 * 3600_000);
    expect(total).toBeLessThan(30 * 3600_000);
    expect(nextAttemptDelay(1)).toBe(5_000);
    expect(nextAttemptDelay(MAX_ATTEMPTS - 1)).toBe(RETRY_DELAYS_MS.at(-1));
    expect(nextAttemptDelay(MAX_ATTEMPTS)).toBeNull();
  });

  it('gives each key role the flags of that role', () => {
    expect(apiKeyPermissions('Admin')).toEqual({ editAutomations: true, sendOutreach: true, manageTeam: true, viewAnalytics: true });
    expect(apiKeyPermissions('Editor').manageTeam).toBe(false);
    expect(Object.values(apiKeyPermissions('Viewer')).some(Boolean)).toBe(false);
  });
});
