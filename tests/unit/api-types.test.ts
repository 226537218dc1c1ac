// The typed client's types (lib/client/api.gen.ts) are what openapi-typescript makes of the
// OpenAPI document the server publishes today: a route changed without `npm run api:types`
// fails here, before a consumer meets stale types.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { API_TYPES_FILE, apiTypesSource } from '../../scripts/api-types';
import { retryAfterMs } from '../../lib/client';

describe('creatorflow/client types', () => {
  it('are generated from the current OpenAPI document', async () => {
    expect(readFileSync(API_TYPES_FILE, 'utf8')).toBe(await apiTypesSource());
  });

  it('reads Retry-After as seconds or as a date, and nothing else', () => {
    expect(retryAfterMs('3')).toBe(3000);
    expect(retryAfterMs('0.5')).toBe(500);
    expect(retryAfterMs('Wed, 25 Nov 2026 10:00:30 GMT', Date.parse('2026-11-25T10:00:00Z'))).toBe(30_000);
    expect(retryAfterMs('Wed, 25 Nov 2026 09:00:00 GMT', Date.parse('2026-11-25T10:00:00Z'))).toBe(0);
    expect(retryAfterMs('soon')).toBeNull();
    expect(retryAfterMs(null)).toBeNull();
  });
});
