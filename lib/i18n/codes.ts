// The languages the screens speak, on their own so the server can validate a choice without the catalogs.
export const LANGUAGE_CODES = ['en-US', 'es', 'fr'] as const;
export type LanguageCode = (typeof LANGUAGE_CODES)[number];
export const DEFAULT_LANGUAGE: LanguageCode = 'en-US';
export const isLanguageCode = (value: unknown): value is LanguageCode => LANGUAGE_CODES.includes(value as LanguageCode);
