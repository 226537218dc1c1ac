// The languages the screens speak, on their own so the server can validate a choice without the catalogs.
export const LANGUAGE_CODES = ['en-US', 'es', 'fr'] as const;
export type LanguageCode = (typeof LANGUAGE_CODES)[number];
export const DEFAULT_LANGUAGE: LanguageCode = 'en-US';
export const isLanguageCode = (value: unknown): value is LanguageCode => LANGUAGE_CODES.includes(value as LanguageCode);

/** Each language in its own words, the same on every screen: a reader finds their language whatever the screen speaks. */
export const LANGUAGE_NAMES: Readonly<Record<LanguageCode, string>> = { 'en-US': 'English', es: 'Español', fr: 'Français' };
/** The `lang` attribute of a text written in that language. */
export const LANGUAGE_TAGS: Readonly<Record<LanguageCode, string>> = { 'en-US': 'en', es: 'es', fr: 'fr' };
