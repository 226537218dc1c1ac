/**
 * `<cf-onboarding>`: the Onboarding screen.
 *
 * @event cf-navigate - cancelable; `detail.href` is the link followed when not canceled
 * @csspart root - the screen's root
 */
import { Onboarding } from '../onboarding';
import { defineScreenElement } from './define';

export const CfOnboarding = defineScreenElement('cf-onboarding', Onboarding);
