export { Onboarding, type OnboardingProps } from './Onboarding';
export { useOnboardingController, type OnboardingControllerOptions } from './useOnboardingController';
