// Languages: one message catalog per language (ICU MessageFormat sources in lib/i18n/catalogs),
// dates through date-fns locales, numbers, plurals and currency through Intl. English (US) is
// bundled and holds the spec's texts; Spanish and French are separate chunks, loaded only when
// chosen. The catalogs are compiled ahead of time (scripts/messages.ts → lib/i18n/compiled/):
// each message is its text or a small function of its values, so no ICU parser or formatter
// ships.
import { signal, type ReadonlySignal } from '@preact/signals-core';
import type { Locale } from 'date-fns';
import { format as formatDate } from 'date-fns/format';
import { enUS } from 'date-fns/locale/en-US';
import { DATE_FORMATS } from '../domain/constants';
import type { Message, MessageValue } from '../domain/messages';
import { en, type MessageKey } from './catalogs/en-US';
import { formatted as englishFormatted } from './compiled/en-US';
import type { CompiledCatalog, Formatters, MessageParams } from './compiled/types';
import { TIME_ZONE_NAMES, toZonedWallTime } from './zone';

export type { MessageKey };
export { TIME_ZONE_NAMES, toZonedWallTime };

import { type LanguageCode } from './codes';
export { LANGUAGE_CODES, LANGUAGE_NAMES, LANGUAGE_TAGS, DEFAULT_LANGUAGE, isLanguageCode, type LanguageCode } from './codes';

export type Catalog = Record<MessageKey, string>;
export type DatePatterns = Record<keyof typeof DATE_FORMATS, string>;

/** A language's source (lib/i18n/catalogs): its messages as written, and its dates. */
export interface CatalogSource {
  messages: Catalog;
  dateLocale: Locale;
  datePatterns: DatePatterns;
}

/** What a language's compiled chunk exports (lib/i18n/compiled). */
export interface LanguagePack {
  messages: CompiledCatalog;
  dateLocale: Locale;
  datePatterns: DatePatterns;
}

export type MessageValues = Record<string, string | number | Date | null | undefined>;

/** Everything a screen needs to speak one language. */
export interface Translator {
  lang: LanguageCode;
  t<K extends MessageKey>(key: K, ...values: K extends keyof MessageParams ? [values: MessageParams[K]] : [values?: MessageValues]): string;
  /**
   * A rule's or a mutator's message (a catalog key and its values, some of them messages too,
   * dates said in `timeZone`, lists joined).
   */
  say(said: Message, timeZone?: string): string;
  formatDay(iso: string | Date, timeZone?: string): string;
  formatTime(iso: string | Date, timeZone?: string): string;
  formatHistory(iso: string | Date, timeZone?: string): string;
  formatDateTime(iso: string | Date, timeZone?: string): string;
  /** A date-fns pattern in this language (month and day names translated). */
  formatPattern(iso: string | Date, pattern: string, timeZone?: string): string;
  formatNumber(value: number, options?: Intl.NumberFormatOptions): string;
  formatMoney(amount: number, currency?: string): string;
  formatPercent(value: number, digits?: number): string;
  formatCompact(value: number): string;
  formatRelative(iso: string, now: Date): string;
  /** A size the product states in English ("10MB", "2 MB") in this language's unit (French says "10 Mo"). */
  formatSize(english: string): string;
}

const loaders: Record<Exclude<LanguageCode, 'en-US'>, () => Promise<LanguagePack>> = {
  es: () => import('./compiled/es').then((m) => m.pack),
  fr: () => import('./compiled/fr').then((m) => m.pack),
};

const english: LanguagePack = { messages: { ...en, ...englishFormatted }, dateLocale: enUS, datePatterns: DATE_FORMATS };
const packs = signal<Partial<Record<LanguageCode, LanguagePack>>>({ 'en-US': english });
const pending = new Map<LanguageCode, Promise<void>>();

/** Loads a language's catalog once (English is always there). Resolves when it can be used. */
export function loadLanguage(lang: LanguageCode): Promise<void> {
  if (lang === 'en-US' || packs.peek()[lang]) return Promise.resolve();
  let loading = pending.get(lang);
  if (!loading) {
    loading = loaders[lang]().then(
      (pack) => {
        packs.value = { ...packs.peek(), [lang]: pack };
      },
      (error: unknown) => {
        // A chunk that fails to load (offline) leaves the screens in English; a later choice retries.
        pending.delete(lang);
        console.warn(`Creatorflow: the ${lang} catalog could not be loaded`, error);
      },
    );
    pending.set(lang, loading);
  }
  return loading;
}

/** The loaded catalogs: reading it in a computed or a component re-renders when one arrives. */
export const loadedLanguages: ReadonlySignal<Partial<Record<LanguageCode, LanguagePack>>> = packs;

const translators = new Map<LanguagePack, Translator>();

/** What a compiled message formats its values with, in `lang` (as ICU MessageFormat says them). */
function formattersFor(lang: LanguageCode): Formatters {
  const numbers = new Intl.NumberFormat(lang);
  const plurals = new Intl.PluralRules(lang);
  return {
    // As ICU MessageFormat says an argument: a string or number as its text, nothing for a missing one.
    text: (value) => (typeof value === 'string' ? value : typeof value === 'number' || value === true ? String(value) : ''),
    number: (value) => numbers.format(Number(value)),
    plural(value, offset, exact) {
      const n = Number(value);
      return exact.includes(n) ? `=${n}` : plurals.select(n - offset);
    },
  };
}

function makeTranslator(lang: LanguageCode, pack: LanguagePack): Translator {
  const formatters = formattersFor(lang);
  const t = (key: MessageKey, values?: MessageValues) => {
    const message = pack.messages[key] ?? english.messages[key];
    // A message that is only text is itself; the others are functions of their values.
    if (message === undefined) return key;
    return typeof message === 'string' ? message : message(values ?? {}, formatters);
  };
  const formatIn = (iso: string | Date, pattern: string, timeZone?: string) => {
    const date = typeof iso === 'string' ? new Date(iso) : iso;
    if (Number.isNaN(date.getTime())) return '—';
    return formatDate(timeZone ? toZonedWallTime(date, timeZone) : date, pattern, { locale: pack.dateLocale });
  };
  const money = new Map<string, Intl.NumberFormat>();
  const compact = new Intl.NumberFormat(lang, { notation: 'compact', maximumFractionDigits: 1 });
  const relative = new Intl.RelativeTimeFormat(lang, { numeric: 'always' });
  const formatSize = (english: string) => {
    const megabytes = /^(\d+(?:\.\d+)?) ?MB$/.exec(english);
    if (!megabytes || lang === 'en-US') return english;
    return new Intl.NumberFormat(lang, { style: 'unit', unit: 'megabyte', maximumFractionDigits: 1 }).format(Number(megabytes[1]));
  };
  // A size the product states in English ("2 MB", a `max` value) is said in this language's unit.
  const value = (name: string, said: MessageValue, timeZone: string | undefined): string | number => {
    if (typeof said !== 'object') return name === 'max' && typeof said === 'string' ? formatSize(said) : said;
    if ('date' in said) return formatIn(said.date, pack.datePatterns.dateTime, timeZone);
    if ('list' in said) return said.list.map((item) => value(name, item, timeZone)).join(said.joiner);
    return say(said, timeZone);
  };
  const say = (said: Message, timeZone?: string): string =>
    said.values ? t(said.key, Object.fromEntries(Object.entries(said.values).map(([name, said]) => [name, value(name, said, timeZone)]))) : t(said.key);
  return {
    lang,
    t,
    say,
    formatDay: (iso, tz) => formatIn(iso, pack.datePatterns.date, tz),
    formatTime: (iso, tz) => formatIn(iso, pack.datePatterns.time, tz),
    formatHistory: (iso, tz) => formatIn(iso, pack.datePatterns.history, tz),
    formatDateTime: (iso, tz) => formatIn(iso, pack.datePatterns.dateTime, tz),
    formatPattern: formatIn,
    formatNumber: (value, options) => new Intl.NumberFormat(lang, options).format(value),
    formatMoney(amount, currency = 'USD') {
      let formatter = money.get(currency);
      if (!formatter) money.set(currency, (formatter = new Intl.NumberFormat(lang, { style: 'currency', currency })));
      return formatter.format(amount);
    },
    formatPercent: (value, digits = 1) =>
      new Intl.NumberFormat(lang, { style: 'percent', minimumFractionDigits: digits, maximumFractionDigits: digits }).format(value / 100),
    formatCompact: (value) => compact.format(value),
    formatSize,
    formatRelative(iso, now) {
      const seconds = Math.round((now.getTime() - new Date(iso).getTime()) / 1000);
      if (!Number.isFinite(seconds)) return '—';
      if (seconds < 60) return t('time.justNow');
      const units: [number, Intl.RelativeTimeFormatUnit][] = [
        [60 * 60 * 24 * 365, 'year'],
        [60 * 60 * 24 * 30, 'month'],
        [60 * 60 * 24, 'day'],
        [60 * 60, 'hour'],
        [60, 'minute'],
      ];
      for (const [size, unit] of units) {
        const count = Math.floor(seconds / size);
        if (count >= 1) return relative.format(-count, unit);
      }
      return t('time.justNow');
    },
  };
}

/**
 * The translator for a language. Until its catalog has loaded it is English's (and the load
 * starts); inside a computed or a component reading signals, the loaded catalog re-renders it.
 */
export function translatorFor(lang: LanguageCode): Translator {
  const pack = packs.value[lang];
  if (!pack) {
    void loadLanguage(lang);
    return translatorFor('en-US');
  }
  let translator = translators.get(pack);
  if (!translator) translators.set(pack, (translator = makeTranslator(lang, pack)));
  return translator;
}

/** English (US): the spec's texts. For code outside any screen (logs, files). */
export const englishTranslator = (): Translator => translatorFor('en-US');
