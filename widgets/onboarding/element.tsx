/**
 * `<cf-onboarding>`: the onboarding wizard (connect stores, automation defaults, invite team).
 *
 * @event cf-navigate - cancelable; `detail.href` is the link followed when not canceled (Finish)
 * @event cf-change - the workspace changed through a user action in this element; `detail` is `{ collection, id?, action }`, e.g. `{ collection: 'inventory', id, action: 'Inventory quantity updated' }` (bubbles, composed)
 * @event cf-error - a render error was caught and shown inside the element; `detail.message` says what failed (bubbles, composed)
 * @csspart root - the screen's root
 * @csspart progress - the progress bar
 * @csspart step - the current step's panel
 */
import { Onboarding } from './index';
import { defineScreenElement } from '../elements/define';

interface OnboardingElementProps {
  finishHref?: string;
}

function OnboardingElement({ finishHref }: OnboardingElementProps) {
  return <Onboarding finishHref={finishHref || undefined} />;
}

export const CfOnboarding = defineScreenElement('cf-onboarding', OnboardingElement);

// Brings the HTMLElementTagNameMap and JSX typings along with this entry.
export type { CreatorflowElementAttributes } from '../elements/types';
