/**
 * `<cf-creator-detail>`: the CreatorDetail screen. Attributes: `creator-id`, `step`.
 * `<cf-shipping-label>`: the ShippingLabel screen. Attributes: `creator-id`.
 * `<cf-shipment-tracking>`: the ShipmentTracking screen. Attributes: `creator-id`.
 * `<cf-creative-brief>`: the CreativeBrief screen. Attributes: `creator-id`.
 *
 * @event cf-navigate - cancelable; `detail.href` is the link followed when not canceled
 * @csspart root - the screen's root
 */
import { CreativeBrief, CreatorDetail, ShipmentTracking, ShippingLabel } from '../creator';
import { defineScreenElement } from './define';

export const CfCreatorDetail = defineScreenElement('cf-creator-detail', CreatorDetail, { creatorId: 'string', step: 'string' });
export const CfShippingLabel = defineScreenElement('cf-shipping-label', ShippingLabel, { creatorId: 'string' });
export const CfShipmentTracking = defineScreenElement('cf-shipment-tracking', ShipmentTracking, { creatorId: 'string' });
export const CfCreativeBrief = defineScreenElement('cf-creative-brief', CreativeBrief, { creatorId: 'string' });
