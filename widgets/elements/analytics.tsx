/**
 * `<cf-analytics>`: the Analytics screen. Attributes: `metric`, `period`.
 *
 * @event cf-navigate - cancelable; `detail.href` is the link followed when not canceled
 * @csspart root - the screen's root
 */
import { Analytics } from '../analytics';
import { defineScreenElement } from './define';

export const CfAnalytics = defineScreenElement('cf-analytics', Analytics, { metric: 'string', period: 'string' });
