// Help center rules of spec §4 "FAQ accordion" and §5 "FAQ search".
import type { Faq, FaqCategory } from './types';

/**
 * FAQs matching a search: case-insensitive over question, answer or any tag; also filtered
 * by an active category when one is given (spec §5). An empty search matches everything.
 */
export function filterFaqs(faqs: readonly Faq[], search: string, category: FaqCategory | null = null): Faq[] {
  const q = search.trim().toLowerCase();
  return faqs.filter((faq) => {
    if (category && faq.category !== category) return false;
    if (!q) return true;
    return (
      faq.question.toLowerCase().includes(q) ||
      faq.answer.toLowerCase().includes(q) ||
      faq.tags.some((tag) => tag.toLowerCase().includes(q))
    );
  });
}

/** The accordion after a click: clicking the open item closes it, another opens only that one (spec §4). */
export function toggleFaq(openId: string | null, clickedId: string): string | null {
  return openId === clickedId ? null : clickedId;
}
