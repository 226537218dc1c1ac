// What each role receives of a record: integration hints and webhook URLs are for Admins.
import { describe, expect, it } from 'vitest';
import { recordForRole } from '../../lib/schema/records';

const integration = { id: 'shopify', name: 'Shopify', status: 'connected', credentials: { apiKeyHint: '1234', webhookHost: 'hooks.example.com' } };
const entry = { id: 'a1', action: 'Webhook endpoint added', details: 'https://hooks.example.com/services/T0/B0/secret-token (order.created)' };
const developer = { endpointUrl: 'https://hooks.example.com/cf?token=abc', events: ['order.created'] };

describe('recordForRole', () => {
  it('gives an Admin everything as stored', () => {
    expect(recordForRole('integrations', 'shopify', integration, 'Admin')).toBe(integration);
    expect(recordForRole('activity', 'a1', entry, 'Admin')).toBe(entry);
    expect(recordForRole('singletons', 'developer', developer, 'Admin')).toBe(developer);
  });

  it.each(['Editor', 'Viewer'] as const)('gives an %s names and status, never credentials or full webhook URLs', (role) => {
    expect(recordForRole('integrations', 'shopify', integration, role)).toEqual({ id: 'shopify', name: 'Shopify', status: 'connected' });
    expect(recordForRole('activity', 'a1', entry, role)).toEqual({ ...entry, details: 'hooks.example.com (order.created)' });
    expect(recordForRole('singletons', 'developer', developer, role)).toEqual({ endpointUrl: '', events: ['order.created'] });
    // Records with nothing to withhold come back as they are.
    const plain = { id: 'a2', action: 'Order created', details: 'ORD-1001' };
    expect(recordForRole('activity', 'a2', plain, role)).toBe(plain);
    expect(recordForRole('funnels', 'f1', null, role)).toBeNull();
  });
});
