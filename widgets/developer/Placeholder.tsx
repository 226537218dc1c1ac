// Placeholder until this screen's issue lands: it says so rather than going blank.
import { Screen } from '../ui/Screen';

export type DeveloperProps = {};
export function Developer(_props: DeveloperProps) {
  return (
    <Screen name="Developer">
      <h1>Developer</h1>
      <p role="status">This screen is being built.</p>
    </Screen>
  );
}
