export { CreatorDetail, ShippingLabel, ShipmentTracking, CreativeBrief, type CreatorDetailProps, type ShippingLabelProps, type ShipmentTrackingProps, type CreativeBriefProps } from './Placeholder';
