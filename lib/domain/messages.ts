// What a rule or a mutator says, as a catalog key and its values, never as finished English: a
// screen says it in its language (`Translator.say`), the server and the logs in English
// (`englishOf`). A value may itself be a message (a field's or a status's name), said the same way.
import { en, type MessageKey } from '../i18n/catalogs/en-US';
import { isServerErrorCode } from './server-errors';

export type { MessageKey };

/** An instant, said as a date and time in the reader's language (and the workspace's time zone); in English as stored (ISO). */
export interface DateValue {
  readonly date: string;
}

/** Values said one after another: items of a list (`', '`) or sentences (`'. '`). */
export interface ListValue {
  readonly list: readonly MessageValue[];
  readonly joiner: ', ' | '. ';
}

export type MessageValue = string | number | Message | DateValue | ListValue;

export const dateValue = (iso: string): DateValue => ({ date: iso });
export const listValue = (list: readonly MessageValue[], joiner: ListValue['joiner'] = ', '): ListValue => ({ list, joiner });

export interface Message {
  key: MessageKey;
  values?: Readonly<Record<string, MessageValue>>;
}

export const message = (key: MessageKey, values?: Message['values']): Message => (values ? { key, values } : { key });

export const isMessage = (value: unknown): value is Message =>
  typeof value === 'object' && value !== null && typeof (value as Message).key === 'string' && (value as Message).key in en;

/**
 * A message in English, the spec's words: `{name}` arguments filled in. Rules' messages use only
 * simple arguments; anything else (plurals, selects) is said through a translator.
 */
export function englishOf(said: Message): string {
  const values = said.values ?? {};
  // English plurals ({n, plural, one {# item} other {# items}}: one is exactly 1), then plain values.
  const counted = en[said.key].replace(/\{(\w+), plural, one \{([^{}]*)\} other \{([^{}]*)\}\}/g, (whole, name: string, one: string, other: string) => {
    const value = values[name];
    return typeof value === 'number' ? (value === 1 ? one : other).replaceAll('#', String(value)) : whole;
  });
  return counted.replace(/\{(\w+)(?:, number)?\}/g, (whole, name: string) => {
    const value = values[name];
    return value === undefined ? whole : englishValue(value);
  });
}

/** A value of a message in English: a message said, a date as stored, a list joined. */
export function englishValue(value: MessageValue): string {
  if (typeof value !== 'object') return String(value);
  if ('date' in value) return value.date;
  if ('list' in value) return value.list.map(englishValue).join(value.joiner);
  return englishOf(value);
}

/** A refusal as a rule, a mutator or the team server gives it. */
export interface Refusal {
  error: string;
  code?: string;
  params?: Readonly<Record<string, string | number>>;
  problem?: Message;
}

/**
 * What a screen says for a refusal: a team server's known code from the catalog with the values it
 * sent, else the refusal's message; one that came with neither (words of a server the catalog does
 * not know) shows as it is to an English reader and as a plain sentence in another language.
 */
export function problemOf(refusal: Refusal): Message {
  if (isServerErrorCode(refusal.code)) return message(`server.error.${refusal.code}`, refusal.params);
  if (isMessage(refusal.problem)) return refusal.problem;
  return message('domain.refused', { error: refusal.error });
}
