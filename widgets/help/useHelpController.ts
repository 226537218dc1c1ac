import { useMemo, useState } from 'react';
import { filterFaqs, toggleFaq } from '../../lib/domain/help';
import type { Faq, FaqCategory, VideoTutorial } from '../../lib/domain/types';
import { SAMPLE_FAQS, SAMPLE_TUTORIALS } from '../../lib/sample/help';

export interface HelpControllerOptions {
  /** Initial search text. Default ''. */
  defaultSearch?: string;
  /** Category to filter FAQs by (spec §5: no control sets it; embedders may). Default none. */
  category?: FaqCategory | null;
  /** FAQs to show. Default the three built-in ones. */
  faqs?: readonly Faq[];
  /** Tutorials to show. Default the two built-in ones. */
  tutorials?: readonly VideoTutorial[];
}

/** State of the Help center: search text, the one open FAQ, and the filtered list. */
export function useHelpController({ defaultSearch = '', category = null, faqs = SAMPLE_FAQS, tutorials = SAMPLE_TUTORIALS }: HelpControllerOptions = {}) {
  const [search, setSearch] = useState(defaultSearch);
  const [openId, setOpenId] = useState<string | null>(null);
  const visible = useMemo(() => filterFaqs(faqs, search, category), [faqs, search, category]);
  return {
    search,
    setSearch,
    faqs: visible,
    tutorials,
    openId,
    toggle: (id: string) => setOpenId((current) => toggleFaq(current, id)),
  };
}
