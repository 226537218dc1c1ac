/**
 * `<cf-notifications>`: the Notifications screen.
 *
 * @event cf-navigate - cancelable; `detail.href` is the link followed when not canceled
 * @csspart root - the screen's root
 */
import { Notifications } from '../notifications';
import { defineScreenElement } from './define';

export const CfNotifications = defineScreenElement('cf-notifications', Notifications);
