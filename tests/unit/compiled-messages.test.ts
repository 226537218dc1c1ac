// The compiled catalogs (lib/i18n/compiled, written by scripts/messages.ts) say exactly what the
// catalogs' sources say: every message of every language, said by the product's translator from
// its compiled form, equals the source text formatted by formatjs's ICU MessageFormat.
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { IntlMessageFormat } from 'intl-messageformat';
import { beforeAll, describe, expect, it } from 'vitest';
import { en, type MessageKey } from '../../lib/i18n/catalogs/en-US';
import { pack as esSource } from '../../lib/i18n/catalogs/es';
import { pack as frSource } from '../../lib/i18n/catalogs/fr';
import { pack as esCompiled } from '../../lib/i18n/compiled/es';
import { loadLanguage, translatorFor, type LanguageCode } from '../../lib/i18n';
import { argumentsOf, type Kind } from '../../scripts/message-arguments';

const NUMBERS = [0, 1, 3, 1234.5];
/** Each select's options in a message, by argument name. */
function selectOptions(elements: readonly MessageFormatElement[], into = new Map<string, string[]>()) {
  for (const element of elements) {
    if (element.type === TYPE.select) into.set(element.value, Object.keys(element.options));
    if (element.type === TYPE.select || element.type === TYPE.plural) for (const option of Object.values(element.options)) selectOptions(option.value, into);
  }
  return into;
}
const SAMPLE: Record<Kind, (name: string, variant: number, options: string[]) => string | number | Date> = {
  text: (name) => `‹${name}›`,
  number: (_, variant) => NUMBERS[variant],
  date: () => new Date(Date.UTC(2026, 10, 27, 15, 4)),
  select: (_, variant, options) => options[variant % options.length],
};
const keys = Object.keys(en) as MessageKey[];
/** Four sets of values for a message: numbers 0, 1, 3 and 1234.5, and each select's options in turn. */
function variantsOf(key: MessageKey) {
  const parsed = parse(en[key]);
  const args = [...argumentsOf(parsed)];
  const selects = selectOptions(parsed);
  const count = args.length === 0 ? 1 : NUMBERS.length;
  return Array.from({ length: count }, (_, variant) => Object.fromEntries(args.map(([name, kind]) => [name, SAMPLE[kind](name, variant, selects.get(name) ?? ['other'])])));
}
const sources: Record<LanguageCode, Record<string, string>> = { 'en-US': en, es: esSource.messages, fr: frSource.messages };

beforeAll(async () => {
  await Promise.all([loadLanguage('es'), loadLanguage('fr')]);
});

describe.each(['en-US', 'es', 'fr'] as const)('the compiled %s catalog', (lang) => {
  it(`formats each of the ${keys.length} messages as its source does`, () => {
    const translator = translatorFor(lang);
    expect(translator.lang).toBe(lang);
    const differ: string[] = [];
    for (const key of keys)
      for (const values of variantsOf(key)) {
        const expected = String(new IntlMessageFormat(sources[lang][key], lang).format(values));
        const said = translator.t(key, values);
        if (said !== expected) differ.push(`${key} ${JSON.stringify(values)}: ${JSON.stringify(said)} ≠ ${JSON.stringify(expected)}`);
      }
    expect(differ).toEqual([]);
  });
});

it('keeps a message that is only text as text, and makes the others functions of their values', () => {
  expect(esCompiled.messages['frame.tryAgain']).toBe('Reintentar');
  expect(typeof esCompiled.messages['frame.failed']).toBe('function');
});

it('says plurals by each language’s rules, an exact =0 first, and numbers in its digits', () => {
  const counts = [0, 1, 2, 1234.5];
  const say = (lang: LanguageCode) => counts.map((count) => translatorFor(lang).t('shell.sync.saving', { count }));
  expect(say('en-US')).toEqual(counts.map((count) => String(new IntlMessageFormat(en['shell.sync.saving'], 'en-US').format({ count }))));
  expect(say('fr')).toEqual(counts.map((count) => String(new IntlMessageFormat(frSource.messages['shell.sync.saving'], 'fr').format({ count }))));
  expect(say('fr')[2]).toContain('2 modifications');
  expect(say('fr')[3]).toContain('1\u202f234,5');
});

it('types each message’s arguments: a missing or misnamed one fails the type check', () => {
  const english = translatorFor('en-US');
  expect(english.t('frame.failed', { name: 'Orders', message: 'offline' })).toBe('Orders could not be shown: offline');
  // @ts-expect-error: 'frame.failed' takes {name} and {message}
  expect(english.t('frame.failed')).toBe(' could not be shown: ');
  // @ts-expect-error: {screen} is not an argument of 'frame.failed'
  expect(english.t('frame.failed', { screen: 'Orders', message: 'offline' })).toBe(' could not be shown: offline');
  expect(english.t('frame.tryAgain')).toBe('Try again');
});
