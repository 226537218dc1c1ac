/**
 * `<cf-calendar>`: the Calendar screen.
 *
 * @event cf-navigate - cancelable; `detail.href` is the link followed when not canceled
 * @csspart root - the screen's root
 */
import { Calendar } from '../calendar';
import { defineScreenElement } from './define';

export const CfCalendar = defineScreenElement('cf-calendar', Calendar);
