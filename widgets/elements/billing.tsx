/**
 * `<cf-billing>`: Billing: current plan, usage, payment method, invoice history, Upgrade Plan dialog. Reads and writes the page-wide store, so it stays in step with every other element.
 *
 * @event cf-navigate - cancelable; `detail.href` is the link followed when not canceled
 * @csspart root - the screen's root
 * @csspart billing - the screen body
 */
import { Billing } from '../billing';
import { defineScreenElement } from './define';

export const CfBilling = defineScreenElement('cf-billing', Billing);

// Brings the HTMLElementTagNameMap and JSX typings along with this entry.
export type { CreatorflowElementAttributes } from './types';
