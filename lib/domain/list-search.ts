// Typing in a list's search box on a large workspace: each record's search key is lower-cased
// once (records are immutable, so a key is kept as long as its record), and a search reuses its
// earlier answers.

/**
 * A search over one list that reuses its earlier answers: typing one more character filters
 * the previous result instead of the whole list, and deleting one returns a result already
 * computed. `keyOf` gives what the search matches, lower-cased; `prefilter` applies the list's
 * other filters (a new `filters` value starts the answers over). Create one per list (it is
 * stale once the list changes).
 */
export function createListSearch<T extends object, F>(
  items: readonly T[],
  keyOf: (item: T) => string,
  prefilter: (items: readonly T[], filters: F) => readonly T[],
) {
  const cache = new Map<string, readonly T[]>();
  let cachedFilters: F | undefined;
  let started = false;
  function search(text: string, filters: F): readonly T[] {
    if (!started || filters !== cachedFilters) {
      cache.clear();
      cachedFilters = filters;
      started = true;
    }
    const needle = text.trim().toLowerCase();
    const hit = cache.get(needle);
    if (hit) return hit;
    let base: readonly T[] | undefined;
    for (let end = needle.length - 1; end >= 0 && !base; end--) base = cache.get(needle.slice(0, end));
    base ??= prefilter(items, filters);
    const result = needle ? base.filter((item) => keyOf(item).includes(needle)) : base;
    if (cache.size > 64) cache.clear();
    cache.set(needle, result);
    return result;
  }
  /**
   * Computes the search keys of `count` records from `start` ahead of the first keystroke (a
   * slice at a time, while the page is idle); returns where the next slice starts, or null at
   * the end.
   */
  search.prepare = (start: number, count: number): number | null => {
    const end = Math.min(items.length, start + count);
    for (let i = start; i < end; i++) keyOf(items[i]);
    return end < items.length ? end : null;
  };
  return search;
}

/** `key` computed once per record object, kept while the record lives. */
export function memoizedKey<T extends object>(key: (item: T) => string): (item: T) => string {
  const keys = new WeakMap<T, string>();
  return (item) => {
    let value = keys.get(item);
    if (value === undefined) keys.set(item, (value = key(item)));
    return value;
  };
}
