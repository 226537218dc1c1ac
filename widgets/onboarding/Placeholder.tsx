// Placeholder until this screen's issue lands: it says so rather than going blank.
import { Screen } from '../ui/Screen';

export type OnboardingProps = {};
export function Onboarding(_props: OnboardingProps) {
  return (
    <Screen name="Onboarding">
      <h1>Onboarding</h1>
      <p role="status">This screen is being built.</p>
    </Screen>
  );
}
