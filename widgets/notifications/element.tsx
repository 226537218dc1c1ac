/**
 * `<cf-notifications>`: the Notifications screen (type filter, unread only, mark all as
 * read; per item snooze 1/4/8/24 hours, mark read, dismiss). A snoozed notification comes
 * back by itself when its time passes.
 *
 * @event cf-navigate - cancelable; `detail.href` is the link followed when not canceled (Back)
 * @event cf-change - the workspace changed through a user action in this element; `detail` is `{ collection, id?, action }`, e.g. `{ collection: 'inventory', id, action: 'Inventory quantity updated' }` (bubbles, composed)
 * @event cf-error - a render error was caught and shown inside the element; `detail.message` says what failed (bubbles, composed)
 * @csspart root - the screen's root
 * @csspart list - the list of notifications
 */
import { Notifications } from './Notifications';
import { defineScreenElement } from '../elements/define';

export const CfNotifications = defineScreenElement('cf-notifications', Notifications);

// Brings the HTMLElementTagNameMap and JSX typings along with this entry.
export type { CreatorflowElementAttributes } from '../elements/types';
