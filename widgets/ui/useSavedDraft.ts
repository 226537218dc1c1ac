import { useState } from 'react';

export interface SavedDraft<T> {
  /** What the field shows: the member's draft once they typed, else the saved value as it is now. */
  value: T;
  /** True once the member typed something other than the saved value. */
  dirty: boolean;
  set(value: T): void;
  /** Back to the saved value, followed again (after a save, or Cancel). */
  reset(): void;
}

/**
 * A field's draft over a saved value (the store's: the server's value and this member's own
 * waiting changes). Until the member types, the field follows the saved value as it changes
 * (the server's word after a first paint from the cache, a teammate's edit, a refusal rolled
 * back), so it never shows a value it kept from an earlier moment.
 */
export function useSavedDraft<T>(saved: T): SavedDraft<T> {
  const [draft, setDraft] = useState<{ value: T } | null>(null);
  const value = draft ? draft.value : saved;
  return { value, dirty: draft !== null && !Object.is(draft.value, saved), set: (next) => setDraft({ value: next }), reset: () => setDraft(null) };
}
