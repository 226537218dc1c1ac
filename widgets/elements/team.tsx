/**
 * `<cf-team>`: Team members: table, Invite Member dialog, roles, permissions, removal (needs manageTeam). Reads and writes the page-wide store, so it stays in step with every other element.
 *
 * @event cf-navigate - cancelable; `detail.href` is the link followed when not canceled
 * @csspart root - the screen's root
 * @csspart team - the screen body
 * @csspart table - the members table
 */
import { Team } from '../team';
import { defineScreenElement } from './define';

export const CfTeam = defineScreenElement('cf-team', Team);

// Brings the HTMLElementTagNameMap and JSX typings along with this entry.
export type { CreatorflowElementAttributes } from './types';
