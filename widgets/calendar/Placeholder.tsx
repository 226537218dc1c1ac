// Placeholder until this screen's issue lands: it says so rather than going blank.
import { Screen } from '../ui/Screen';

export type CalendarProps = {};
export function Calendar(_props: CalendarProps) {
  return (
    <Screen name="Calendar">
      <h1>Calendar</h1>
      <p role="status">This screen is being built.</p>
    </Screen>
  );
}
