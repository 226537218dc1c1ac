/**
 * `<cf-team>`: the Team screen.
 *
 * @event cf-navigate - cancelable; `detail.href` is the link followed when not canceled
 * @csspart root - the screen's root
 */
import { Team } from '../team';
import { defineScreenElement } from './define';

export const CfTeam = defineScreenElement('cf-team', Team);
