import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { filterFaqs, toggleFaq } from '../../lib/domain/help';
import { SAMPLE_FAQS, SAMPLE_TUTORIALS } from '../../lib/sample/help';

describe('built-in help content (spec §3)', () => {
  it('has three FAQs in the spec categories and two tutorials', () => {
    expect(SAMPLE_FAQS).toHaveLength(3);
    expect(new Set(SAMPLE_FAQS.map((f) => f.category))).toEqual(new Set(['Getting Started', 'Basics', 'Analytics']));
    expect(SAMPLE_TUTORIALS).toHaveLength(2);
    expect(SAMPLE_TUTORIALS.map((t) => t.category)).toEqual(['getting-started', 'advanced']);
    for (const t of SAMPLE_TUTORIALS) {
      expect(t.duration).toMatch(/^\d+:\d\d$/);
      expect(t.url.startsWith('/')).toBe(true); // our own pages: no third-party request
    }
  });
});

describe('filterFaqs (spec §5)', () => {
  it('matches question, answer or a tag, case-insensitively', () => {
    expect(filterFaqs(SAMPLE_FAQS, 'FUNNEL STAGES').map((f) => f.id)).toEqual(['faq-2']);
    expect(filterFaqs(SAMPLE_FAQS, 'paperwork').map((f) => f.id)).toEqual(['faq-2']);
    expect(filterFaqs(SAMPLE_FAQS, 'Roi').map((f) => f.id)).toEqual(['faq-3']);
    expect(filterFaqs(SAMPLE_FAQS, 'setup').map((f) => f.id)).toEqual(['faq-1']);
  });
  it('an empty search matches all; nonsense matches none', () => {
    expect(filterFaqs(SAMPLE_FAQS, '  ')).toHaveLength(3);
    expect(filterFaqs(SAMPLE_FAQS, 'zzqx')).toEqual([]);
  });
  it('filters by an active category when one is set', () => {
    expect(filterFaqs(SAMPLE_FAQS, '', 'Analytics').map((f) => f.id)).toEqual(['faq-3']);
    expect(filterFaqs(SAMPLE_FAQS, 'stages', 'Analytics')).toEqual([]);
  });
});

describe('toggleFaq (spec §4 "FAQ accordion")', () => {
  it('opens the clicked item, and clicking the open one closes it', () => {
    expect(toggleFaq(null, 'a')).toBe('a');
    expect(toggleFaq('a', 'b')).toBe('b');
    expect(toggleFaq('b', 'b')).toBeNull();
  });
  it('property: after any clicks at most one item is open, and it is the last clicked unless closed', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom('a', 'b', 'c')), (clicks) => {
        let open: string | null = null;
        for (const id of clicks) {
          const next = toggleFaq(open, id);
          expect(next === null || next === id).toBe(true);
          open = next;
        }
      }),
    );
  });
});
