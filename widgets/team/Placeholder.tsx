// Placeholder until this screen's issue lands: it says so rather than going blank.
import { Screen } from '../ui/Screen';

export type TeamProps = {};
export function Team(_props: TeamProps) {
  return (
    <Screen name="Team Members">
      <h1>Team Members</h1>
      <p role="status">This screen is being built.</p>
    </Screen>
  );
}
