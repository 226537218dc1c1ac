/**
 * `<cf-integrations>`: the Integrations screen.
 *
 * @event cf-navigate - cancelable; `detail.href` is the link followed when not canceled
 * @csspart root - the screen's root
 */
import { Integrations } from '../integrations';
import { defineScreenElement } from './define';

export const CfIntegrations = defineScreenElement('cf-integrations', Integrations);
