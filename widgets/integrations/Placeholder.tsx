// Placeholder until this screen's issue lands: it says so rather than going blank.
import { Screen } from '../ui/Screen';

export type IntegrationsProps = {};
export function Integrations(_props: IntegrationsProps) {
  return (
    <Screen name="Integrations">
      <h1>Integrations</h1>
      <p role="status">This screen is being built.</p>
    </Screen>
  );
}
