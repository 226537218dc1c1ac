// Placeholder until this screen's issue lands: it says so rather than going blank.
import { Screen } from '../ui/Screen';

export type SettingsProps = { tab?: string; onTabChange?: (tab: string) => void };
export function Settings(_props: SettingsProps) {
  return (
    <Screen name="Settings">
      <h1>Settings</h1>
      <p role="status">This screen is being built.</p>
    </Screen>
  );
}

export type ProfileSettingsProps = {};
export function ProfileSettings(_props: ProfileSettingsProps) {
  return (
    <Screen name="Profile">
      <h1>Profile</h1>
      <p role="status">This screen is being built.</p>
    </Screen>
  );
}
