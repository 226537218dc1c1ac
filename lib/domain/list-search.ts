// Typing in a list's search box on a large workspace: each record's search key is lower-cased
// once and kept beside the list, and a search reuses its earlier answers.

/** The answer to one query: positions in the list, and the records at them. */
interface Answer<T> {
  at: readonly number[] | null;
  items: readonly T[];
}

/**
 * A search over one list that reuses its earlier answers: typing one more character filters
 * the previous result instead of the whole list, and deleting one returns a result already
 * computed. `keyOf` gives what the search matches, lower-cased; `keep` turns the list's other
 * filters into a test of one record (null: every record passes), and a new `filters` value
 * starts the answers over. Create one per list (it is stale once the list changes).
 */
export function createListSearch<T, F>(items: readonly T[], keyOf: (item: T) => string, keep: (filters: F) => ((item: T) => boolean) | null) {
  // keys[i] is items[i]'s key, computed on first use (or ahead, by prepare).
  const keys: (string | undefined)[] = new Array<string | undefined>(items.length);
  const keyAt = (i: number) => (keys[i] ??= keyOf(items[i]));
  const answers = new Map<string, Answer<T>>();
  let answersFor: { filters: F } | null = null;

  function search(text: string, filters: F): readonly T[] {
    if (!answersFor || answersFor.filters !== filters) {
      answers.clear();
      answersFor = { filters };
    }
    const needle = text.trim().toLowerCase();
    const known = answers.get(needle);
    if (known) return known.items;
    let base: Answer<T> | undefined;
    for (let end = needle.length - 1; end >= 0 && !base; end--) base = answers.get(needle.slice(0, end));
    base ??= everything(filters);
    const answer = needle ? narrow(base, needle) : base;
    if (answers.size > 64) answers.clear();
    answers.set(needle, answer);
    return answer.items;
  }

  /** The records the other filters keep (all of them, when none is chosen). */
  function everything(filters: F): Answer<T> {
    const test = keep(filters);
    if (!test) return { at: null, items };
    const at: number[] = [];
    for (let i = 0; i < items.length; i++) if (test(items[i])) at.push(i);
    return { at, items: at.map((i) => items[i]) };
  }

  /** The records of `base` whose key holds `needle`. */
  function narrow(base: Answer<T>, needle: string): Answer<T> {
    const at: number[] = [];
    if (base.at) {
      for (const i of base.at) if (keyAt(i).includes(needle)) at.push(i);
    } else {
      for (let i = 0; i < items.length; i++) if (keyAt(i).includes(needle)) at.push(i);
    }
    const found = new Array<T>(at.length);
    for (let j = 0; j < at.length; j++) found[j] = items[at[j]];
    return { at, items: found };
  }

  /**
   * Computes the search keys of `count` records from `start` ahead of the first keystroke (a
   * slice at a time, while the page is idle); returns where the next slice starts, or null at
   * the end.
   */
  search.prepare = (start: number, count: number): number | null => {
    const end = Math.min(items.length, start + count);
    for (let i = start; i < end; i++) keyAt(i);
    return end < items.length ? end : null;
  };
  return search;
}
