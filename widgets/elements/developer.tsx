/**
 * `<cf-developer>`: the Developer screen.
 *
 * @event cf-navigate - cancelable; `detail.href` is the link followed when not canceled
 * @csspart root - the screen's root
 */
import { Developer } from '../developer';
import { defineScreenElement } from './define';

export const CfDeveloper = defineScreenElement('cf-developer', Developer);
