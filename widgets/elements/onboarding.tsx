/**
 * `<cf-onboarding>`: the onboarding wizard (connect stores, automation defaults, invite team).
 *
 * @attr finish-href - where Finish goes; default '/dashboard'
 * @event cf-navigate - cancelable; `detail.href` is the link followed when not canceled (Finish)
 * @csspart root - the screen's root
 * @csspart progress - the progress bar
 * @csspart step - the current step's panel
 */
import { Onboarding } from '../onboarding';
import { defineScreenElement } from './define';

interface OnboardingElementProps {
  finishHref?: string;
}

function OnboardingElement({ finishHref }: OnboardingElementProps) {
  return <Onboarding finishHref={finishHref || undefined} />;
}

export const CfOnboarding = defineScreenElement('cf-onboarding', OnboardingElement, { finishHref: 'string' });

// Brings the HTMLElementTagNameMap and JSX typings along with this entry.
export type { CreatorflowElementAttributes } from './types';
