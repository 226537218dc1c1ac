/**
 * `<cf-notifications>`: the Notifications screen (type filter, unread only, mark all as
 * read; per item snooze 1/4/8/24 hours, mark read, dismiss). A snoozed notification comes
 * back by itself when its time passes.
 *
 * @event cf-navigate - cancelable; `detail.href` is the link followed when not canceled (Back)
 * @csspart root - the screen's root
 * @csspart list - the list of notifications
 */
import { Notifications } from '../notifications/Notifications';
import { defineScreenElement } from './define';

export const CfNotifications = defineScreenElement('cf-notifications', Notifications);

// Brings the HTMLElementTagNameMap and JSX typings along with this entry.
export type { CreatorflowElementAttributes } from './types';
