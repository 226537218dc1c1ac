// Placeholder until this screen's issue lands: it says so rather than going blank.
import { Screen } from '../ui/Screen';

export type ActivityLogProps = {};
export function ActivityLog(_props: ActivityLogProps) {
  return (
    <Screen name="Activity Log">
      <h1>Activity Log</h1>
      <p role="status">This screen is being built.</p>
    </Screen>
  );
}
