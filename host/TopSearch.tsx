import { useSignals } from '@preact/signals-react/runtime';
import { useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import {
  buildSearchIndex,
  dashboardSearchHref,
  topSearchSuggestions,
  wantsSuggestions,
  type SearchIndex,
  type Suggestion,
  type SuggestionKind,
} from '../lib/domain/search';
import type { Funnel } from '../lib/domain/types';
import type { MessageKey } from '../lib/i18n';
import { useNavigation } from '../widgets/ui/navigation';
import { useT } from '../widgets/ui/i18n';
import { useStore } from '../widgets/ui/store-context';

/** What each fixed page suggestion says, by its id (the domain's English is what the search matches). */
const PAGE_TEXT: Record<string, { label: MessageKey; detail: MessageKey }> = {
  'page:analytics': { label: 'nav.analytics', detail: 'search.page.analytics' },
  'page:performance': { label: 'search.page.performance', detail: 'search.page.performanceDetail' },
  'page:engagement': { label: 'search.page.engagement', detail: 'search.page.engagementDetail' },
};

const KIND_LABEL = { creator: 'shell.search.kind.creator', funnel: 'shell.search.kind.funnel', page: 'shell.search.kind.page' } as const satisfies Record<SuggestionKind, string>;

/**
 * The top-bar search (spec §2 "Shell"): an ARIA 1.2 combobox with a listbox popup.
 * Suggestions appear after more than 2 characters; arrows move, Enter opens the active
 * suggestion (or searches the dashboard), Escape closes the list, then clears.
 */
export function TopSearch() {
  useSignals();
  const store = useStore();
  const navigation = useNavigation();
  const { t } = useT();
  const funnels = store.funnels.items.items.value;
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const inputRef = useRef<HTMLInputElement>(null);
  const listboxId = useId();
  const optionId = (index: number) => `${listboxId}-option-${index}`;

  // The index is built on the first real search and rebuilt only when the funnels change.
  const searching = wantsSuggestions(query);
  const [index, setIndex] = useState<{ source: readonly Funnel[]; index: SearchIndex } | null>(null);
  if (searching && index?.source !== funnels) setIndex({ source: funnels, index: buildSearchIndex(funnels) });
  const suggestions = useMemo<Suggestion[]>(() => (searching && index ? topSearchSuggestions(index.index, query) : []), [searching, index, query]);

  const expanded = open && wantsSuggestions(query);
  const activeIndex = expanded && active < suggestions.length ? active : -1;

  function reset() {
    setQuery('');
    setOpen(false);
    setActive(-1);
  }

  function go(href: string) {
    reset();
    inputRef.current?.blur();
    navigation.navigate(href);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!expanded) {
          setOpen(true);
          setActive(event.altKey ? -1 : 0);
        } else if (suggestions.length) setActive((a) => (a + 1) % suggestions.length);
        break;
      case 'ArrowUp':
        event.preventDefault();
        if (event.altKey) {
          setOpen(false);
          setActive(-1);
        } else if (!expanded) {
          setOpen(true);
          setActive(suggestions.length - 1);
        } else if (suggestions.length) setActive((a) => (a <= 0 ? suggestions.length - 1 : a - 1));
        break;
      case 'Enter':
        event.preventDefault();
        if (activeIndex >= 0) go(suggestions[activeIndex].href);
        else if (query.trim()) go(dashboardSearchHref(query));
        break;
      case 'Escape':
        event.preventDefault();
        if (expanded) {
          setOpen(false);
          setActive(-1);
        } else reset();
        break;
    }
  }

  const statusText = !wantsSuggestions(query)
    ? ''
    : suggestions.length === 0
      ? t('shell.search.none')
      : t('shell.search.available', { count: suggestions.length });

  return (
    <div className="cf-top-search" role="search">
      <label htmlFor={`${listboxId}-input`} className="cf-visually-hidden">
        {t('shell.search.label')}
      </label>
      <input
        ref={inputRef}
        id={`${listboxId}-input`}
        className="cf-input"
        type="text"
        role="combobox"
        autoComplete="off"
        spellCheck={false}
        placeholder={t('shell.search.placeholder')}
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listboxId}
        aria-activedescendant={activeIndex >= 0 ? optionId(activeIndex) : undefined}
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => {
          setOpen(false);
          setActive(-1);
        }}
        onFocus={() => setOpen(true)}
      />
      {query && (
        <button
          type="button"
          className="cf-top-search-clear"
          aria-label={t('shell.search.clear')}
          onClick={() => {
            reset();
            inputRef.current?.focus();
          }}
        >
          ✕
        </button>
      )}
      <ul id={listboxId} role="listbox" aria-label={t('shell.search.suggestions')} className="cf-top-search-list" hidden={!expanded}>
        {suggestions.map((suggestion, index) => (
          <li
            key={suggestion.id}
            id={optionId(index)}
            role="option"
            aria-selected={index === activeIndex}
            data-kind={suggestion.kind}
            // Keep focus in the input while choosing with the pointer.
            onMouseDown={(event) => event.preventDefault()}
            onMouseMove={() => index !== activeIndex && setActive(index)}
            onClick={() => go(suggestion.href)}
          >
            <span className="cf-top-search-label">{suggestion.kind === 'page' && PAGE_TEXT[suggestion.id] ? t(PAGE_TEXT[suggestion.id].label) : suggestion.label}</span>
            <span className="cf-top-search-detail">{suggestion.kind === 'page' && PAGE_TEXT[suggestion.id] ? t(PAGE_TEXT[suggestion.id].detail) : suggestion.detail}</span>
            <span className="cf-top-search-kind">{t(KIND_LABEL[suggestion.kind])}</span>
          </li>
        ))}
      </ul>
      {expanded && suggestions.length === 0 && (
        <p className="cf-top-search-list cf-top-search-empty">{t('shell.search.noMatches')}</p>
      )}
      <span className="cf-visually-hidden" role="status">
        {expanded ? statusText : ''}
      </span>
    </div>
  );
}
