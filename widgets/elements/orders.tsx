/**
 * `<cf-orders>`: the Orders screen. Attributes: `order-id`.
 *
 * @event cf-navigate - cancelable; `detail.href` is the link followed when not canceled
 * @csspart root - the screen's root
 */
import { Orders } from '../orders';
import { defineScreenElement } from './define';

export const CfOrders = defineScreenElement('cf-orders', Orders, { orderId: 'string' });
