/**
 * `<cf-billing>`: the Billing screen.
 *
 * @event cf-navigate - cancelable; `detail.href` is the link followed when not canceled
 * @csspart root - the screen's root
 */
import { Billing } from '../billing';
import { defineScreenElement } from './define';

export const CfBilling = defineScreenElement('cf-billing', Billing);
