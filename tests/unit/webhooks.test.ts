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

  it('sends creator.onboarded for a new funnel, and payment.succeeded when an invoice becomes paid', () => {
    expect(webhookEventsFor([{ collection: 'funnels', before: undefined, after: funnel }]).map((e) => e.type)).toEqual(['creator.onboarded']);
    expect(webhookEventsFor([{ collection: 'invoices', before: invoice, after: { ...invoice, status: 'paid' } }])).toEqual([
      { type: 'payment.succeeded', data: { invoice: { id: 'inv_9', amount: 49, date: '2026-03-01', description: null } } },
    ]);
    expect(webhookEventsFor([{ collection: 'invoices', before: undefined, after: { ...invoice, status: 'paid' } }]).map((e) => e.type)).toEqual(['payment.succeeded']);
    expect(webhookEventsFor([{ collection: 'invoices', before: { ...invoice, status: 'paid' }, after: { ...invoice, status: 'paid', amount: 50 } }])).toEqual([]);
    expect(webhookEventsFor([{ collection: 'orders', before: undefined, after: { id: 'o' } }])).toEqual([]);
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
