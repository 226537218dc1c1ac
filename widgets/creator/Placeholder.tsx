// Placeholder until this screen's issue lands: it says so rather than going blank.
import { Screen } from '../ui/Screen';

export type CreatorDetailProps = { creatorId: string; step?: string };
export function CreatorDetail(_props: CreatorDetailProps) {
  return (
    <Screen name="Creator">
      <h1>Creator</h1>
      <p role="status">This screen is being built.</p>
    </Screen>
  );
}

export type ShippingLabelProps = { creatorId: string };
export function ShippingLabel(_props: ShippingLabelProps) {
  return (
    <Screen name="Shipping Label Generator">
      <h1>Shipping Label Generator</h1>
      <p role="status">This screen is being built.</p>
    </Screen>
  );
}

export type ShipmentTrackingProps = { creatorId: string };
export function ShipmentTracking(_props: ShipmentTrackingProps) {
  return (
    <Screen name="Shipment Tracking">
      <h1>Shipment Tracking</h1>
      <p role="status">This screen is being built.</p>
    </Screen>
  );
}

export type CreativeBriefProps = { creatorId: string };
export function CreativeBrief(_props: CreativeBriefProps) {
  return (
    <Screen name="Creative Brief">
      <h1>Creative Brief</h1>
      <p role="status">This screen is being built.</p>
    </Screen>
  );
}
