// Which language a page speaks before anything else is loaded: light enough for the host's entry
// (no catalog, no formatter), which loads that language's catalog beside the first screen.
import { isLanguageCode, type LanguageCode } from '../../lib/i18n/codes';

/** 'es', 'es-MX' and 'ES' are Spanish; 'en', 'en-GB' are English (US); anything else is no choice. */
export function matchLanguage(lang: string | null | undefined): LanguageCode | null {
  if (!lang) return null;
  if (isLanguageCode(lang)) return lang;
  const base = lang.toLowerCase().split('-')[0];
  if (base === 'en') return 'en-US';
  return isLanguageCode(base) ? base : null;
}

/** The language hint the team server writes into its host page for a signed-in member (server/http/static.ts). */
const hint = () => (typeof document === 'undefined' ? null : document.querySelector<HTMLMetaElement>('meta[name="cf-language"]'));

/**
 * The language the team server says this page speaks (the member's choice, else the workspace's),
 * null without one (no team server, or signed out). Screens speak it until the workspace is read,
 * so the first paint is already in the member's language.
 */
export function pageLanguage(): LanguageCode | null {
  return matchLanguage(hint()?.content);
}

/** The member's own choice as the page was served (null: none, the workspace's language applies). */
export function pageMemberLanguage(): LanguageCode | null {
  return matchLanguage(hint()?.dataset.member);
}
