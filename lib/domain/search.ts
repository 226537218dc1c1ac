// Top-bar search of spec §2 "Shell": suggestions after more than 2 typed characters, of kinds
// creator (/creator/{id}), funnel (/funnel/{id}) and page (/analytics), drawn from the
// workspace's funnels. Pure: the caller builds the index once per funnel list and queries it.
import { TOP_SEARCH_MIN_CHARS } from './constants';
import type { Funnel } from './types';

export type SuggestionKind = 'creator' | 'funnel' | 'page';

export interface Suggestion {
  /** Unique within one result list. */
  id: string;
  kind: SuggestionKind;
  label: string;
  /** Secondary text (handle, creator of a funnel, page description). */
  detail: string;
  href: string;
}

/** The fixed page entries; every page suggestion links to /analytics (spec §2 "Shell"). */
export const PAGE_SUGGESTIONS: readonly Suggestion[] = [
  { id: 'page:analytics', kind: 'page', label: 'Analytics', detail: 'Performance, revenue and engagement', href: '/analytics' },
  { id: 'page:performance', kind: 'page', label: 'Performance Analytics', detail: 'Conversion and ROI by creator', href: '/analytics' },
  { id: 'page:engagement', kind: 'page', label: 'Engagement Metrics', detail: 'Engagement rate by platform', href: '/analytics' },
];

/** Default cap on the number of suggestions shown. */
export const MAX_SUGGESTIONS = 8;

/** Whether a query is long enough for suggestions: more than 2 characters (spec §9). */
export const wantsSuggestions = (query: string) => query.trim().length >= TOP_SEARCH_MIN_CHARS;

interface IndexEntry {
  funnel: Pick<Funnel, 'id' | 'creatorName' | 'creatorHandle'>;
  /** Lower-cased creator name and handle, and the funnel id. */
  creatorKey: string;
  idKey: string;
}

/** A search index: the lower-cased keys of each funnel, built once per funnel list (O(n)). */
export interface SearchIndex {
  readonly entries: readonly IndexEntry[];
}

export function buildSearchIndex(funnels: readonly Pick<Funnel, 'id' | 'creatorName' | 'creatorHandle'>[]): SearchIndex {
  return {
    entries: funnels.map((funnel) => ({
      funnel,
      creatorKey: `${funnel.creatorName}\n${funnel.creatorHandle}`.toLowerCase(),
      idKey: funnel.id.toLowerCase(),
    })),
  };
}

/**
 * Suggestions for a query: none at 2 characters or fewer; otherwise matching creators
 * (name or handle), funnels (id) and pages (label), case-insensitively, at most `limit`.
 * One pass that stops as soon as the list is full, so it stays cheap for very large workspaces.
 */
export function topSearchSuggestions(index: SearchIndex, query: string, limit = MAX_SUGGESTIONS): Suggestion[] {
  if (!wantsSuggestions(query) || limit <= 0) return [];
  const q = query.trim().toLowerCase();
  const pages = PAGE_SUGGESTIONS.filter((page) => page.label.toLowerCase().includes(q));
  // Pages are few and fixed: keep room for them, fill the rest with creators then funnels.
  const room = Math.max(0, limit - pages.length);
  const creators: Suggestion[] = [];
  const funnels: Suggestion[] = [];
  for (const entry of index.entries) {
    if (creators.length + funnels.length >= room) break;
    const { funnel } = entry;
    if (entry.creatorKey.includes(q)) {
      creators.push({ id: `creator:${funnel.id}`, kind: 'creator', label: funnel.creatorName, detail: funnel.creatorHandle, href: `/creator/${encodeURIComponent(funnel.id)}` });
    } else if (entry.idKey.includes(q)) {
      funnels.push({ id: `funnel:${funnel.id}`, kind: 'funnel', label: funnel.id, detail: funnel.creatorName, href: `/funnel/${encodeURIComponent(funnel.id)}` });
    }
  }
  return [...creators, ...funnels, ...pages].slice(0, limit);
}

/** Where Enter goes when no suggestion is chosen: the dashboard search (`/?search=`). */
export const dashboardSearchHref = (query: string) => {
  const q = query.trim();
  return q ? `/?search=${encodeURIComponent(q)}` : '/';
};
