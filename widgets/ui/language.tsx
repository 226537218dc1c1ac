// The language of screens and pages that need no workspace: an element's own `lang` attribute
// (a context), the browser's before sign-in. Kept apart from the store, so the sign-in pages
// load the catalogs without the workspace.
import type { ReadonlySignal } from '@preact/signals-core';
import { createContext, useContext, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { DEFAULT_LANGUAGE, loadedLanguages, translatorFor, type LanguageCode, type Translator } from '../../lib/i18n';
import { matchLanguage } from './pageLanguage';

export { matchLanguage, pageLanguage, pageMemberLanguage } from './pageLanguage';

/** An element's own language, given to the screens below it. */
export const LanguageOverride = createContext<LanguageCode | null>(null);

/** Gives the screens below a language of their own (an element's `lang` attribute); null or an unknown code passes the workspace's through. */
export function LanguageProvider({ lang, children }: { lang: string | null | undefined; children: ReactNode }) {
  const outer = useContext(LanguageOverride);
  return <LanguageOverride.Provider value={matchLanguage(lang) ?? outer}>{children}</LanguageOverride.Provider>;
}

/** A signal's value, re-rendering when it changes (without the signals runtime in this hook). */
export function useSignalValue<T>(source: ReadonlySignal<T>): T {
  return useSyncExternalStore(
    (onChange) => source.subscribe(() => onChange()),
    () => source.value,
    () => source.value,
  );
}

/**
 * For the pages before sign-in (no workspace, no member yet): an element's own language, else the
 * browser's, else English (US).
 */
export function useBrowserT(): Translator {
  const override = useContext(LanguageOverride);
  return useTranslator(override ?? (typeof navigator !== 'undefined' ? matchLanguage(navigator.language) : null) ?? DEFAULT_LANGUAGE);
}

/** The translator of `lang`, renewed when its catalog arrives. */
export function useTranslator(lang: LanguageCode): Translator {
  const packs = useSignalValue(loadedLanguages);
  return useMemo(() => {
    void packs;
    return translatorFor(lang);
  }, [lang, packs]);
}
