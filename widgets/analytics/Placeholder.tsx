// Placeholder until this screen's issue lands: it says so rather than going blank.
import { Screen } from '../ui/Screen';

export type AnalyticsProps = { metric?: string; period?: string; filter?: string; contentType?: string; value?: string };
export function Analytics(_props: AnalyticsProps) {
  return (
    <Screen name="Analytics">
      <h1>Analytics</h1>
      <p role="status">This screen is being built.</p>
    </Screen>
  );
}
