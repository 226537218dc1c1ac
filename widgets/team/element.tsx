/**
 * `<cf-team>`: Team members: table, Invite Member dialog, roles, permissions, removal (needs manageTeam). Reads and writes the page-wide store, so it stays in step with every other element.
 *
 * @event cf-navigate - cancelable; `detail.href` is the link followed when not canceled
 * @event cf-change - the workspace changed through a user action in this element; `detail` is `{ collection, id?, action }`, e.g. `{ collection: 'inventory', id, action: 'Inventory quantity updated' }` (bubbles, composed)
 * @event cf-error - a render error was caught and shown inside the element; `detail.message` says what failed (bubbles, composed)
 * @csspart root - the screen's root
 * @csspart team - the screen body
 * @csspart table - the members table
 */
import { Team } from './index';
import { defineScreenElement } from '../elements/define';

export const CfTeam = defineScreenElement('cf-team', Team);

// Brings the HTMLElementTagNameMap and JSX typings along with this entry.
export type { CreatorflowElementAttributes } from '../elements/types';
