// The screens' language: an element's own `lang` attribute, else the workspace's (the member's
// preference), read from the store's signal so that every screen and element on the page
// re-renders together when it changes. Catalogs other than English load on first use.
import { signal } from '@preact/signals-core';
import { useContext } from 'react';
import { DEFAULT_LANGUAGE, type LanguageCode, type Translator } from '../../lib/i18n';
import type { MutationName } from '../../lib/domain/permissions';
import type { Permission } from '../../lib/domain/types';
import type { Store } from '../../lib/store/createStore';
import { LanguageOverride, matchLanguage, pageLanguage, pageMemberLanguage, useSignalValue, useTranslator } from './language';
import { useStore } from './store-context';

export { LanguageProvider, matchLanguage, useBrowserT, useSignalValue } from './language';

/** The workspace's language as stored (the Settings' Language). */
export function storedLanguage(store: Store): LanguageCode {
  return store.memberLanguage?.value.peek() ?? matchLanguage(store.admin.settings.value.peek().language) ?? DEFAULT_LANGUAGE;
}

const NO_MEMBER_LANGUAGE = signal<LanguageCode | null>(null);

/** The language the screens here speak: an element's own, else the member's (team server), else the workspace's. */
export function useLanguage(): LanguageCode {
  const override = useContext(LanguageOverride);
  const store = useStore();
  const settings = useSignalValue(store.admin.settings.value);
  const member = useSignalValue(store.memberLanguage?.value ?? NO_MEMBER_LANGUAGE);
  const ready = useSignalValue(store.ready);
  // Until the server says the member's choice, the page's does; until the workspace is read, its
  // Settings are the defaults, and the page's language stands in.
  return override ?? member ?? pageMemberLanguage() ?? (ready ? null : pageLanguage()) ?? matchLanguage(settings.language) ?? DEFAULT_LANGUAGE;
}

/** `t(key, values)`, `say(message)` and the formatters in the screens' language. */
export function useT(): Translator {
  return useTranslator(useLanguage());
}

/**
 * Why the signed-in member may not make a change (a mutation by name, or a flag), said in the
 * screens' language; null when it is allowed. The store's reason is the permission table's message.
 */
export function useWhyNot(): (what?: MutationName | Permission) => string | null {
  const store = useStore();
  const { say } = useT();
  return (what) => {
    const reason = store.session.refusal(what);
    return reason === null ? null : say(reason);
  };
}
