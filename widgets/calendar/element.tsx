/**
 * `<cf-calendar>`: the Calendar screen (month, week and day views; add, edit, drag, resize
 * and delete events; orders with tracking as read-only shipments). FullCalendar loads on
 * first render and puts its own CSS inside the element's shadow root.
 *
 * @event cf-navigate - cancelable; `detail.href` is the link followed when not canceled (Back, an order shipment)
 * @event cf-change - the workspace changed through a user action in this element; `detail` is `{ collection, id?, action }`, e.g. `{ collection: 'inventory', id, action: 'Inventory quantity updated' }` (bubbles, composed)
 * @event cf-error - a render error was caught and shown inside the element; `detail.message` says what failed (bubbles, composed)
 * @csspart root - the screen's root
 * @csspart calendar - the card holding the calendar
 */
import { Calendar } from './Calendar';
import { defineScreenElement } from '../elements/define';

export const CfCalendar = defineScreenElement('cf-calendar', Calendar);

// Brings the HTMLElementTagNameMap and JSX typings along with this entry.
export type { CreatorflowElementAttributes } from '../elements/types';
