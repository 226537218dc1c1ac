export { CreatorDetail, CreatorNotFound, type CreatorDetailProps } from './CreatorDetail';
export { ShippingLabel, ShipmentTracking, CreativeBrief, type CreatorPageProps } from './CreatorPages';
export type { CreatorPageProps as ShippingLabelProps, CreatorPageProps as ShipmentTrackingProps, CreatorPageProps as CreativeBriefProps } from './CreatorPages';
export { useCreator } from './useCreator';
