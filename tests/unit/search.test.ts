import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildSearchIndex, dashboardSearchHref, MAX_SUGGESTIONS, PAGE_SUGGESTIONS, topSearchSuggestions, wantsSuggestions } from '../../lib/domain/search';
import { sampleFunnels } from '../../lib/sample/workspace';

const funnels = sampleFunnels(new Date('2026-03-10T12:00:00Z'));
const index = buildSearchIndex(funnels);

describe('top search suggestions (spec §2 "Shell")', () => {
  it('suggests nothing at 2 characters or fewer, and something after more than 2', () => {
    expect(wantsSuggestions('sa')).toBe(false);
    expect(wantsSuggestions('  sa  ')).toBe(false);
    expect(topSearchSuggestions(index, 'Sa')).toEqual([]);
    expect(wantsSuggestions('sar')).toBe(true);
    expect(topSearchSuggestions(index, 'sar').length).toBeGreaterThan(0);
  });

  it('links a creator (by name or handle, any case) to /creator/{id}', () => {
    expect(topSearchSuggestions(index, 'SARAH')).toEqual([
      { id: 'creator:CR12345', kind: 'creator', label: 'Sarah Johnson', detail: '@sarahjstyle', href: '/creator/CR12345' },
    ]);
    expect(topSearchSuggestions(index, '@mikechen').map((s) => s.href)).toEqual(['/creator/CR12346']);
  });

  it('links a funnel id to /funnel/{id}', () => {
    const result = topSearchSuggestions(index, 'cr12347');
    expect(result).toEqual([{ id: 'funnel:CR12347', kind: 'funnel', label: 'CR12347', detail: 'Emma Davis', href: '/funnel/CR12347' }]);
  });

  it('links page entries to /analytics', () => {
    const result = topSearchSuggestions(index, 'analytics');
    expect(result.length).toBeGreaterThan(0);
    expect(result.every((s) => s.kind === 'page' && s.href === '/analytics')).toBe(true);
  });

  it('uses the workspace data: a renamed creator is found by the new name only', () => {
    const renamed = buildSearchIndex(funnels.map((f) => (f.id === 'CR12345' ? { ...f, creatorName: 'Zoe Quill' } : f)));
    expect(topSearchSuggestions(renamed, 'zoe q').map((s) => s.href)).toEqual(['/creator/CR12345']);
    expect(topSearchSuggestions(renamed, 'johnson')).toEqual([]);
  });

  it('is capped, even over 100,000 funnels', () => {
    const many = Array.from({ length: 100_000 }, (_, i) => ({ id: `CR${100000 + i}`, creatorName: `Creator ${i}`, creatorHandle: `@creator${i}` }));
    const result = topSearchSuggestions(buildSearchIndex(many), 'creator');
    expect(result).toHaveLength(MAX_SUGGESTIONS);
    expect(topSearchSuggestions(buildSearchIndex(many), 'cr1', 3)).toHaveLength(3);
  });

  it('property: never more than the limit, unique ids, and every suggestion matches the query', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 0, maxLength: 6 }), fc.integer({ min: 0, max: 12 }), (query, limit) => {
        const result = topSearchSuggestions(index, query, limit);
        expect(result.length).toBeLessThanOrEqual(limit);
        expect(new Set(result.map((s) => s.id)).size).toBe(result.length);
        const q = query.trim().toLowerCase();
        for (const s of result) {
          const haystack = s.kind === 'page' ? s.label : s.kind === 'creator' ? `${s.label}\n${s.detail}` : s.label;
          expect(haystack.toLowerCase()).toContain(q);
        }
      }),
    );
  });

  it('Enter without a suggestion searches the dashboard with ?search=', () => {
    expect(dashboardSearchHref('  mike chen ')).toBe('/?search=mike%20chen');
    expect(dashboardSearchHref('   ')).toBe('/');
    expect(PAGE_SUGGESTIONS.every((p) => p.href === '/analytics')).toBe(true);
  });
});
