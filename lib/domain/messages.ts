// What a rule or a mutator says, as a catalog key and its values, never as finished English: a
// screen says it in its language (`Translator.say`), the server and the logs in English
// (`englishOf`). A value may itself be a message (a field's or a status's name), said the same way.
import { en, type MessageKey } from '../i18n/catalogs/en-US';

export type { MessageKey };

export type MessageValue = string | number | Message;

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
  return en[said.key].replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = values[name];
    if (value === undefined) return whole;
    return typeof value === 'object' ? englishOf(value) : String(value);
  });
}

/**
 * What a screen says for a refusal: its message, or, for one that came without any (an older
 * server's words), its English as it is for an English reader and a plain sentence in another language.
 */
export const problemOf = (refusal: { error: string; problem?: Message }): Message => refusal.problem ?? message('domain.refused', { error: refusal.error });
