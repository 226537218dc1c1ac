export { Onboarding, type OnboardingProps } from './Placeholder';
