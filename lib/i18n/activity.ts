// Activity entries are stored in English (the server, the CSV export and old entries keep them so).
// Their details are said in the reader's language from a template chosen by the entry's action: a
// template made only of data and symbols ("{order}: {from} → {to}") is safe to read back once the
// action says which sentence it is. Values that name a status, role, type or language are words
// of the product and are translated; the rest is data. A details text no template reads shows as
// it was written, so entries from before a template existed still display.
import { EVENT_TYPE_LABEL } from '../domain/calendar';
import { EVENT_TYPES, FUNNEL_STATUSES, LANGUAGES, NOTIFICATION_TYPES, ORDER_STATUSES, ROLES, TIME_ZONES } from '../domain/types';
import type { ActivityEntry, EventType, FunnelStatus, NotificationType, OrderStatus, Role } from '../domain/types';
import { NOTIFICATION_TYPE_LABEL } from '../domain/notifications';
import { en, type MessageKey } from './catalogs/en-US';
import type { MessageValues, Translator } from './index';
import { TIME_ZONE_NAMES } from './zone';

/** How an argument read out of the English details is said in another language. */
type Kind = 'count' | 'notificationTitle' | 'orderStatus' | 'funnelStatus' | 'role' | 'eventType' | 'notificationType' | 'date' | 'orderNote' | 'sentence';

interface DetailsTemplate {
  key: MessageKey;
  kinds?: Record<string, Kind>;
}

const includes = <T extends string>(list: readonly T[], value: string): value is T => (list as readonly string[]).includes(value);

function say(i18n: Translator, kind: Kind, value: string, timeZone?: string): string | number {
  const { t } = i18n;
  switch (kind) {
    case 'count':
      return /^\d+$/.test(value) ? Number(value) : value;
    case 'orderStatus':
      return includes<OrderStatus>(ORDER_STATUSES, value) ? t(`orders.status.${value}`) : value;
    case 'funnelStatus':
      return includes<FunnelStatus>(FUNNEL_STATUSES, value) ? t(`creator.status.${value}`) : value;
    case 'role':
      return includes<Role>(ROLES, value) ? t(`team.role.${value}`) : value;
    case 'eventType': {
      const type = EVENT_TYPES.find((candidate: EventType) => EVENT_TYPE_LABEL[candidate] === value);
      return type ? t(`calendar.type.${type}`) : value;
    }
    case 'notificationType': {
      const type = NOTIFICATION_TYPES.find((candidate) => NOTIFICATION_TYPE_LABEL[candidate] === value);
      return type ? notificationTypeIn(i18n, type) : value;
    }
    case 'date':
      return Number.isNaN(Date.parse(value)) ? value : i18n.formatDateTime(value, timeZone);
    case 'notificationTitle':
      return notificationTitleIn(i18n, value);
    case 'orderNote':
      return orderNoteIn(i18n, value);
    case 'sentence':
      return storedTextIn(i18n, value);
  }
}

/**
 * A notification's title: a status notification is stored as "{creator}: {status}" in English and
 * its status is said in the reader's language; any other title is the workspace's text.
 */
export function notificationTitleIn(i18n: Translator, title: string): string {
  const status = /^(.*): ([A-Za-z]+)$/.exec(title);
  return status && includes<FunnelStatus>(FUNNEL_STATUSES, status[2])
    ? i18n.t('notifications.statusTitle', { name: status[1], status: i18n.t(`creator.status.${status[2]}`) })
    : title;
}

/** A notification channel's name: Email is a word of each language, SMS and Slack are names. */
export function notificationTypeIn(i18n: Translator, type: NotificationType): string {
  return type === 'email' ? i18n.t('notifications.type.email') : NOTIFICATION_TYPE_LABEL[type];
}

const DATES: Record<string, Kind> = { start: 'date', end: 'date' };

/** The templates an action's details were written with, the most specific first. */
const DETAILS_BY_ACTION: Record<string, readonly DetailsTemplate[]> = {
  'Order status updated': [
    { key: 'activity.byAction.orderStatusNote', kinds: { from: 'orderStatus', to: 'orderStatus', note: 'orderNote' } },
    { key: 'activity.byAction.orderStatus', kinds: { from: 'orderStatus', to: 'orderStatus' } },
  ],
  'Order created': [{ key: 'activity.byAction.orderCreated' }],
  'Plan changed': [{ key: 'activity.byAction.planChanged' }],
  'Calendar event added': [
    { key: 'activity.byAction.eventWithCreator', kinds: { type: 'eventType', ...DATES } },
    { key: 'activity.byAction.event', kinds: { type: 'eventType', ...DATES } },
  ],
  'Notification snoozed': [{ key: 'activity.byAction.notificationSnoozed', kinds: { type: 'notificationType', title: 'notificationTitle', hours: 'count' } }],
  'Notification marked as read': [{ key: 'activity.byAction.notification', kinds: { type: 'notificationType', title: 'notificationTitle' } }],
  'Notification dismissed': [{ key: 'activity.byAction.notification', kinds: { type: 'notificationType', title: 'notificationTitle' } }],
  'Notification restored': [{ key: 'activity.byAction.notification', kinds: { type: 'notificationType', title: 'notificationTitle' } }],
  'Notification sent': [{ key: 'activity.byAction.notificationSent', kinds: { channel: 'notificationType', message: 'sentence' } }],
  'Profile updated': [{ key: 'activity.byAction.profilePassword' }],
  'Interest tags updated': [{ key: 'activity.byAction.noTags' }],
  'API key created': [
    { key: 'activity.byAction.apiKeyNamed', kinds: { role: 'role' } },
    { key: 'activity.byAction.apiKeyRole', kinds: { role: 'role' } },
  ],
  'API key revoked': [{ key: 'activity.byAction.apiKey' }],
  'Webhook endpoint disabled': [{ key: 'activity.byAction.endpointDisabled' }],
  'Email delivery failed': [{ key: 'activity.byAction.mail' }],
  'Email not delivered': [{ key: 'activity.byAction.mail' }],
  'Password reset': [{ key: 'activity.byAction.passwordReset' }],
  'Invitation sent again': [{ key: 'activity.byAction.invitationResent', kinds: { role: 'role' } }],
};
for (const action of ['Calendar event updated', 'Calendar event moved', 'Calendar event deleted'])
  DETAILS_BY_ACTION[action] = DETAILS_BY_ACTION['Calendar event added'];

const patterns = new Map<MessageKey, { pattern: RegExp; names: string[] }>();
function patternOf(key: MessageKey) {
  let found = patterns.get(key);
  if (!found) {
    const names: string[] = [];
    const source = en[key]
      .split(/(\{\w+\})/)
      .map((part) => {
        const arg = /^\{(\w+)\}$/.exec(part);
        if (!arg) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        names.push(arg[1]);
        return '(.+?)';
      })
      .join('');
    patterns.set(key, (found = { pattern: new RegExp(`^${source}$`, 's'), names }));
  }
  return found;
}

/** The values a template's English text was filled with, or null when `text` is not that sentence. */
export function readTemplate(key: MessageKey, text: string): Record<string, string> | null {
  const { pattern, names } = patternOf(key);
  const match = pattern.exec(text);
  return match ? Object.fromEntries(names.map((name, i) => [name, match[i + 1]])) : null;
}

/** "Changed company name "Acme", time zone Eastern Time (ET), language Spanish": each change said in the language. */
const SETTINGS_CHANGE = /^Changed (?:company name "(?<company>.*)"(?=$|, time zone |, language ))?(?:(?:, )?time zone (?<zone>.+?)(?=$|, language ))?(?:(?:, )?language (?<language>.+))?$/s;
function settingsChangeIn(i18n: Translator, details: string): string | null {
  const match = SETTINGS_CHANGE.exec(details);
  const { company, zone, language } = match?.groups ?? {};
  if (!match || (company === undefined && zone === undefined && language === undefined)) return null;
  const { t } = i18n;
  const changes: string[] = [];
  if (company !== undefined) changes.push(t('activity.byAction.settings.company', { name: company }));
  if (zone !== undefined) {
    const known = TIME_ZONES.find((candidate) => candidate.label === zone);
    changes.push(t('activity.byAction.settings.zone', { zone: known ? t(TIME_ZONE_NAMES[known.value]) : zone }));
  }
  if (language !== undefined) {
    const known = LANGUAGES.find((candidate) => candidate.label === language);
    changes.push(t('activity.byAction.settings.language', { language: known ? t(`language.${known.value}`) : language }));
  }
  return t('activity.byAction.settings.changed', { changes: changes.join(', ') });
}

/** An activity entry's details in the reader's language (dates in `timeZone`); as written when no template reads it. */
export function activityDetailsIn(i18n: Translator, entry: Pick<ActivityEntry, 'action' | 'details'>, timeZone?: string): string {
  if (i18n.lang === 'en-US') return entry.details;
  if (entry.action === 'Settings updated') {
    const said = settingsChangeIn(i18n, entry.details);
    if (said) return said;
  }
  for (const template of DETAILS_BY_ACTION[entry.action] ?? []) {
    const values = readTemplate(template.key, entry.details);
    if (!values) continue;
    const said: MessageValues = {};
    for (const [name, value] of Object.entries(values)) {
      const kind = template.kinds?.[name];
      said[name] = kind ? say(i18n, kind, value, timeZone) : value;
    }
    return i18n.t(template.key, said);
  }
  return storedTextIn(i18n, entry.details);
}

/** An activity entry's action in the reader's language. */
export const activityActionIn = (i18n: Translator, entry: Pick<ActivityEntry, 'action'>): string => storedTextIn(i18n, entry.action);

/**
 * An order history note ("Stock deducted: 2 × WE-001. Tracking 1Z via UPS") in the reader's
 * language: each sentence the domain writes is a catalog template.
 */
export function orderNoteIn(i18n: Translator, note: string): string {
  if (i18n.lang === 'en-US') return note;
  return note
    .split('. ')
    .map((sentence) => storedTextIn(i18n, sentence))
    .join('. ');
}

// ---------------------------------------------------------------------------
// Records stored in English before they carried a message
// ---------------------------------------------------------------------------

const literalLength = (template: string) => template.replace(/\{\w+\}/g, '').length;

/** English catalog sentences by text, and the templates among them (`{name}` arguments) as patterns. */
let stored: { exact: Map<string, MessageKey>; templates: { key: MessageKey; pattern: RegExp; names: string[] }[] } | null = null;
function storedIndex() {
  if (stored) return stored;
  const exact = new Map<string, MessageKey>();
  const templates: { key: MessageKey; pattern: RegExp; names: string[] }[] = [];
  for (const [key, text] of Object.entries(en) as [MessageKey, string][]) {
    // Read only for the activity entry whose action names them (above): mostly data and symbols.
    if (key.startsWith('activity.byAction.') || key === 'domain.refused') continue;
    if (!text.includes('{')) {
      if (!exact.has(text)) exact.set(text, key);
      continue;
    }
    // Only simple arguments ({name}) can be read back out of a finished English sentence.
    if (/\{[^}]*,/.test(text) || text.includes("'")) continue;
    // A template with almost no words of its own ('{group}: {value}') would match nearly any sentence.
    if ((text.replace(/\{\w+\}/g, '').match(/\p{L}/gu)?.length ?? 0) < 3) continue;
    const { pattern, names } = patternOf(key);
    templates.push({ key, pattern, names });
  }
  // The most specific template wins: "Order {orderNumber} created" before "Order {number}".
  templates.sort((a, b) => literalLength(en[b.key]) - literalLength(en[a.key]));
  stored = { exact, templates };
  return stored;
}

/** Arguments that name a field, a group or an ability: words of the product, said in the language; any other is data. */
const WORDS = new Set(['label', 'field', 'group', 'ability']);

/**
 * A sentence stored in English by an older version, with no message beside it (an activity entry's
 * action or details, an order note, a notification's title or text): said in the reader's language
 * when it is a catalog sentence, else shown as written. Only for stored records: anything a rule, a
 * mutator or a screen says now goes by key (`Translator.say`).
 */
export function storedTextIn(i18n: Translator, english: string): string {
  if (i18n.lang === 'en-US') return english;
  const index = storedIndex();
  const key = index.exact.get(english);
  if (key) return i18n.t(key);
  for (const template of index.templates) {
    const match = template.pattern.exec(english);
    if (!match) continue;
    return i18n.t(
      template.key,
      Object.fromEntries(
        template.names.map((name, i) => {
          const value = match[i + 1];
          if (name === 'max') return [name, i18n.formatSize(value)];
          const word = WORDS.has(name) ? index.exact.get(value) : undefined;
          return [name, word ? i18n.t(word) : value];
        }),
      ),
    );
  }
  return english;
}
