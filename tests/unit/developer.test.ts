import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { apiKeyFromBytes, filterEndpoints, maskApiKey, validateHttpsUrl, validateIntegrationConfig } from '../../lib/domain/developer';
import { API_ENDPOINTS } from '../../lib/sample/developer';

describe('developer rules', () => {
  it('makes sk_test_ keys of 48 hex characters from random bytes (property)', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 24, maxLength: 24 }), (bytes) => {
        expect(apiKeyFromBytes(bytes)).toMatch(/^sk_test_[0-9a-f]{48}$/);
      }),
    );
    expect(maskApiKey(`sk_test_${'a'.repeat(44)}beef`)).toBe('sk_test_••••••••••••beef');
  });
  it('documents the two public endpoints of spec §7', () => {
    const [list, create] = API_ENDPOINTS;
    expect(`${list.method} ${list.path}`).toBe('GET /api/v1/creators');
    expect(list.parameters.map((p) => [p.name, p.type, p.required])).toEqual([
      ['limit', 'number', false],
      ['status', 'string', false],
    ]);
    expect(JSON.parse(list.response)).toHaveProperty('total');
    expect(`${create.method} ${create.path}`).toBe('POST /api/v1/funnels');
    expect(create.statusCode).toBe(201);
    expect(create.parameters.filter((p) => p.required).map((p) => p.name)).toEqual(['creatorId', 'type']);
    expect(Object.keys(JSON.parse(create.response))).toEqual(['id', 'status']);
  });
  it('searches endpoints by method, path, description or parameter', () => {
    expect(filterEndpoints(API_ENDPOINTS, 'post')).toHaveLength(1);
    expect(filterEndpoints(API_ENDPOINTS, 'limit')[0].path).toBe('/api/v1/creators');
    expect(filterEndpoints(API_ENDPOINTS, 'zzz')).toEqual([]);
    expect(filterEndpoints(API_ENDPOINTS, '')).toHaveLength(2);
  });
  it('accepts https URLs only', () => {
    expect(validateHttpsUrl('https://hooks.example/x').ok).toBe(true);
    expect(validateHttpsUrl('http://hooks.example/x')).toMatchObject({ ok: false, error: 'Webhook URL must start with https://' });
    expect(validateHttpsUrl('javascript:alert(1)').ok).toBe(false);
    expect(validateHttpsUrl('not a url').ok).toBe(false);
    expect(validateIntegrationConfig({ apiKey: 'abc', webhookUrl: '' })).toEqual({ ok: true, value: { apiKey: 'abc' } });
  });
});
