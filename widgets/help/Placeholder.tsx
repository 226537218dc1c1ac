// Placeholder until this screen's issue lands: it says so rather than going blank.
import { Screen } from '../ui/Screen';

export type HelpCenterProps = {};
export function HelpCenter(_props: HelpCenterProps) {
  return (
    <Screen name="Help Center">
      <h1>Help Center</h1>
      <p role="status">This screen is being built.</p>
    </Screen>
  );
}
