// What stored records say, in the reader's language: an activity entry, a notification and an
// order history note each carry their words as messages (catalog keys and values) beside their
// English. An English reader sees the English as stored (as the CSV export and the API give
// it); any other reader sees the message said in their language, dates in the workspace's time
// zone. A record with no message (written by a version too old for the lift of
// lib/schema/stored-english.ts to read) shows as written.
import type { Message } from '../domain/messages';
import { isMessage } from '../domain/messages';
import type { ActivityEntry, AppNotification, OrderHistoryEntry } from '../domain/types';
import type { Translator } from './index';

/** A stored message in the reader's language, or `english` when there is none (or its key is not in the catalog). */
function said(i18n: Translator, message: Message | undefined, english: string, timeZone?: string): string {
  if (i18n.lang === 'en-US' || !isMessage(message)) return english;
  return i18n.say(message, timeZone);
}

/** An activity entry's action in the reader's language. */
export const activityActionIn = (i18n: Translator, entry: Pick<ActivityEntry, 'action' | 'message'>): string => said(i18n, entry.message?.action, entry.action);

/** An activity entry's details in the reader's language (dates in `timeZone`). */
export const activityDetailsIn = (i18n: Translator, entry: Pick<ActivityEntry, 'details' | 'message'>, timeZone?: string): string =>
  said(i18n, entry.message?.details, entry.details, timeZone);

/** A notification's title in the reader's language. */
export const notificationTitleIn = (i18n: Translator, notification: Pick<AppNotification, 'title' | 'said'>): string => said(i18n, notification.said?.title, notification.title);

/** A notification's text in the reader's language. */
export const notificationTextIn = (i18n: Translator, notification: Pick<AppNotification, 'message' | 'said'>): string => said(i18n, notification.said?.message, notification.message);

/** An order history note ("Stock deducted: 2 × WE-001. Tracking 1Z via UPS") in the reader's language. */
export const orderNoteIn = (i18n: Translator, entry: Pick<OrderHistoryEntry, 'note' | 'said'>): string => said(i18n, entry.said, entry.note ?? '');
