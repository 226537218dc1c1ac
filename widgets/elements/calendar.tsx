/**
 * `<cf-calendar>`: the Calendar screen (month, week and day views; add, edit, drag, resize
 * and delete events; orders with tracking as read-only shipments). FullCalendar loads on
 * first render and puts its own CSS inside the element's shadow root.
 *
 * @event cf-navigate - cancelable; `detail.href` is the link followed when not canceled (Back, an order shipment)
 * @csspart root - the screen's root
 * @csspart calendar - the card holding the calendar
 */
import { Calendar } from '../calendar/Calendar';
import { defineScreenElement } from './define';

export const CfCalendar = defineScreenElement('cf-calendar', Calendar);

// Brings the HTMLElementTagNameMap and JSX typings along with this entry.
export type { CreatorflowElementAttributes } from './types';
