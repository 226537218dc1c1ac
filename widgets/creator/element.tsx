/**
 * `<cf-creator-detail>`: a creator's page (stats, Funnel Progress, Quick Actions, agreement, outreach history).
 * `<cf-shipping-label>`: the Shipping Label Generator. `<cf-shipment-tracking>`: Shipment Tracking.
 * `<cf-creative-brief>`: the Creative Brief with Send Brief.
 * An unknown id shows 'Creator not found' with Back to Dashboard.
 *
 * @event cf-navigate - cancelable; `detail.href` is the link followed when not canceled
 * @event cf-change - the workspace changed through a user action in this element; `detail` is `{ collection, id?, action }`, e.g. `{ collection: 'inventory', id, action: 'Inventory quantity updated' }` (bubbles, composed)
 * @event cf-error - a render error was caught and shown inside the element; `detail.message` says what failed (bubbles, composed)
 * @csspart root - the screen's root
 * @csspart not-found - the 'Creator not found' message
 * @csspart label - the generated shipping label
 */
import { CreativeBrief, CreatorDetail, ShipmentTracking, ShippingLabel } from './index';
import { defineScreenElement } from '../elements/define';

export const CfCreatorDetail = defineScreenElement('cf-creator-detail', CreatorDetail);
export const CfShippingLabel = defineScreenElement('cf-shipping-label', ShippingLabel);
export const CfShipmentTracking = defineScreenElement('cf-shipment-tracking', ShipmentTracking);
export const CfCreativeBrief = defineScreenElement('cf-creative-brief', CreativeBrief);


// Brings the HTMLElementTagNameMap and JSX typings along with this entry.
export type { CreatorflowElementAttributes } from '../elements/types';
