// Placeholder until this screen's issue lands: it says so rather than going blank.
import { Screen } from '../ui/Screen';

export type NotificationsProps = {};
export function Notifications(_props: NotificationsProps) {
  return (
    <Screen name="Notifications">
      <h1>Notifications</h1>
      <p role="status">This screen is being built.</p>
    </Screen>
  );
}
