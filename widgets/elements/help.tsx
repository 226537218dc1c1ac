/**
 * `<cf-help-center>`: the HelpCenter screen.
 *
 * @event cf-navigate - cancelable; `detail.href` is the link followed when not canceled
 * @csspart root - the screen's root
 */
import { HelpCenter } from '../help';
import { defineScreenElement } from './define';

export const CfHelpCenter = defineScreenElement('cf-help-center', HelpCenter);
