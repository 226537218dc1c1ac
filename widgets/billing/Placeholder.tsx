// Placeholder until this screen's issue lands: it says so rather than going blank.
import { Screen } from '../ui/Screen';

export type BillingProps = {};
export function Billing(_props: BillingProps) {
  return (
    <Screen name="Billing">
      <h1>Billing</h1>
      <p role="status">This screen is being built.</p>
    </Screen>
  );
}
