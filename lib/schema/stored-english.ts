// Records written before they carried messages kept only their English: activity entries
// (action and details), notifications (title and text) and order history notes. This module
// reads that English back into messages, once: the schema's migration step lifts a browser's
// stored records (lib/schema/records.ts) and the team server lifts its rows the same way at
// start (server/db/lift.ts). Nothing else reads English back; screens say each record's message.
//
// A sentence is read back only when a catalog template gives exactly the same English again
// (`englishOf`), so a lift never changes what an English reader sees. What no template reads
// stays as written (a plain-data message, `activity.details.data`).
import { EVENT_TYPE_LABEL } from '../domain/calendar';
import { dateValue, englishOf, englishValue, listValue, message, type Message, type MessageKey, type MessageValue } from '../domain/messages';
import { EVENT_TYPES, FUNNEL_STATUSES, LANGUAGES, NOTIFICATION_TYPES, ORDER_STATUSES, ROLES, TIME_ZONES } from '../domain/types';
import type { ActivityMessage, FunnelStatus, NotificationMessage, OrderStatus, Role } from '../domain/types';
import { NOTIFICATION_TYPE_LABEL } from '../domain/notifications';
import { en } from '../i18n/catalogs/en-US';
import { TIME_ZONE_NAMES } from '../i18n/zone';

/** How an argument read out of the English details becomes a value of the message. */
type Kind = 'count' | 'notificationTitle' | 'orderStatus' | 'funnelStatus' | 'role' | 'eventType' | 'notificationType' | 'date' | 'orderNote' | 'sentence';

interface DetailsTemplate {
  key: MessageKey;
  kinds?: Record<string, Kind>;
}

const includes = <T extends string>(list: readonly T[], value: string): value is T => (list as readonly string[]).includes(value);

function valueOf(kind: Kind, value: string): MessageValue {
  switch (kind) {
    case 'count':
      return /^\d+$/.test(value) ? Number(value) : value;
    case 'orderStatus':
      return includes<OrderStatus>(ORDER_STATUSES, value) ? message(`orders.status.${value}`) : value;
    case 'funnelStatus':
      return includes<FunnelStatus>(FUNNEL_STATUSES, value) ? message(`creator.status.${value}`) : value;
    case 'role':
      return includes<Role>(ROLES, value) ? message(`team.role.${value}`) : value;
    case 'eventType': {
      const type = EVENT_TYPES.find((candidate) => EVENT_TYPE_LABEL[candidate] === value);
      return type ? message(`calendar.type.${type}`) : value;
    }
    case 'notificationType':
      return NOTIFICATION_TYPES.some((type) => type === 'email' && NOTIFICATION_TYPE_LABEL[type] === value) ? message('notifications.type.email') : value;
    case 'date':
      return Number.isNaN(Date.parse(value)) ? value : dateValue(value);
    case 'notificationTitle':
      return notificationTitleMessage(value);
    case 'orderNote':
      return noteMessage(value);
    case 'sentence':
      return sentenceMessage(value) ?? value;
  }
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
function readTemplate(key: MessageKey, text: string): Record<string, string> | null {
  const { pattern, names } = patternOf(key);
  const match = pattern.exec(text);
  return match ? Object.fromEntries(names.map((name, i) => [name, match[i + 1]])) : null;
}

/** The message when it says `english` word for word, else null. */
const exactly = (said: Message, english: string): Message | null => (englishOf(said) === english ? said : null);

/** "Changed company name "Acme", time zone Eastern Time (ET), language Spanish". */
const SETTINGS_CHANGE = /^Changed (?:company name "(?<company>.*)"(?=$|, time zone |, language ))?(?:(?:, )?time zone (?<zone>.+?)(?=$|, language ))?(?:(?:, )?language (?<language>.+))?$/s;
function settingsChangeMessage(details: string): Message | null {
  const match = SETTINGS_CHANGE.exec(details);
  const { company, zone, language } = match?.groups ?? {};
  if (!match || (company === undefined && zone === undefined && language === undefined)) return null;
  const changes: Message[] = [];
  if (company !== undefined) changes.push(message('activity.byAction.settings.company', { name: company }));
  if (zone !== undefined) {
    const known = TIME_ZONES.find((candidate) => candidate.label === zone);
    changes.push(message('activity.byAction.settings.zone', { zone: known ? message(TIME_ZONE_NAMES[known.value]) : zone }));
  }
  if (language !== undefined) {
    const known = LANGUAGES.find((candidate) => candidate.label === language);
    changes.push(message('activity.byAction.settings.language', { language: known ? message(`language.${known.value}`) : language }));
  }
  return exactly(message('activity.byAction.settings.changed', { changes: listValue(changes) }), details);
}

function detailsMessage(action: string, details: string): Message | null {
  if (action === 'Settings updated') {
    const said = settingsChangeMessage(details);
    if (said) return said;
  }
  for (const template of DETAILS_BY_ACTION[action] ?? []) {
    const values = readTemplate(template.key, details);
    if (!values) continue;
    const said = exactly(
      message(template.key, Object.fromEntries(Object.entries(values).map(([name, value]) => [name, template.kinds?.[name] ? valueOf(template.kinds[name], value) : value]))),
      details,
    );
    if (said) return said;
  }
  return sentenceMessage(details);
}

const literalLength = (template: string) => template.replace(/\{\w+\}/g, '').length;

/** English catalog sentences by text, and the templates among them (`{name}` arguments) as patterns. */
let stored: { exact: Map<string, MessageKey>; templates: { key: MessageKey; pattern: RegExp; names: string[] }[] } | null = null;
function storedIndex() {
  if (stored) return stored;
  const exact = new Map<string, MessageKey>();
  const templates: { key: MessageKey; pattern: RegExp; names: string[] }[] = [];
  for (const [key, text] of Object.entries(en) as [MessageKey, string][]) {
    // Read only for the activity entry whose action names them (above): mostly data and symbols.
    if (key.startsWith('activity.byAction.') || key === 'domain.refused' || key === 'activity.details.data') continue;
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

/** Arguments that name a field, a group or an ability: words of the product, kept as their messages; any other is data. */
const WORDS = new Set(['label', 'field', 'group', 'ability']);

/** A catalog sentence read back from its English (with its values), or null when none says it. */
export function sentenceMessage(english: string): Message | null {
  const index = storedIndex();
  const key = index.exact.get(english);
  if (key) return message(key);
  for (const template of index.templates) {
    const match = template.pattern.exec(english);
    if (!match) continue;
    const said = message(
      template.key,
      Object.fromEntries(
        template.names.map((name, i) => {
          const value = match[i + 1];
          const word = WORDS.has(name) ? index.exact.get(value) : undefined;
          return [name, word ? message(word) : value];
        }),
      ),
    );
    if (exactly(said, english)) return said;
  }
  return null;
}

/** A status notification's title ("Sarah Johnson: Shipped"); any other title is the workspace's text. */
function notificationTitleMessage(title: string): MessageValue {
  const status = /^(.*): ([A-Za-z]+)$/.exec(title);
  return status && includes<FunnelStatus>(FUNNEL_STATUSES, status[2])
    ? message('notifications.statusTitle', { name: status[1], status: message(`creator.status.${status[2]}`) })
    : title;
}

const data = (value: string): Message => message('activity.details.data', { value });
const asMessage = (value: MessageValue): Message => (typeof value === 'object' && 'key' in value ? value : data(englishValue(value)));

/** An order history note ("Stock deducted: 2 × WE-001. Tracking 1Z via UPS"): each sentence read back. */
export function noteMessage(note: string): Message {
  const sentences = note.split('. ').map((sentence) => sentenceMessage(sentence) ?? sentence);
  const said = sentences.length === 1 ? asMessage(sentences[0]) : message('activity.details.data', { value: listValue(sentences, '. ') });
  return exactly(said, note) ?? data(note);
}

/** An activity entry's action and details as messages, read from its English. */
export function activityMessageOf(entry: { action: string; details: string }): ActivityMessage {
  return { action: sentenceMessage(entry.action) ?? data(entry.action), details: detailsMessage(entry.action, entry.details) ?? data(entry.details) };
}

/** A notification's title and text as messages, read from their English. */
export function notificationMessageOf(notification: { title: string; message: string }): NotificationMessage {
  return { title: asMessage(notificationTitleMessage(notification.title)), message: sentenceMessage(notification.message) ?? data(notification.message) };
}
