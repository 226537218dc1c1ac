/**
 * `<cf-settings>`: the Settings screen with its ten tabs (vertical ARIA tabs).
 * `<cf-profile>`: the Profile settings screen.
 *
 * @event cf-tab-change - (cf-settings) the user chose a tab; `detail.tab` is its id (bubbles, composed)
 * @event cf-navigate - cancelable; `detail.href` is the link followed when not canceled
 * @event cf-change - the workspace changed through a user action in this element; `detail` is `{ collection, id?, action }`, e.g. `{ collection: 'inventory', id, action: 'Inventory quantity updated' }` (bubbles, composed)
 * @event cf-error - a render error was caught and shown inside the element; `detail.message` says what failed (bubbles, composed)
 * @csspart root - the screen's root
 * @csspart general - (cf-settings) the General Settings form
 * @csspart profile - the profile form
 * @csspart team - (cf-settings) the team tab's body
 * @csspart billing - (cf-settings) the billing tab's body
 * @csspart integrations - (cf-settings) the integrations tab's body
 * @csspart developer - (cf-settings) the developer tab's body
 * @csspart activity - (cf-settings) the activity tab's body
 * @csspart import - (cf-settings) the import tab's body
 * @csspart export - (cf-settings) the export tab's body
 */
import { ProfileSettings, Settings } from './index';
import { defineScreenElement } from '../elements/define';

// `tab` is bound both ways (screens.ts): the user's choice is written back, then announced.
export const CfSettings = defineScreenElement('cf-settings', Settings);
export const CfProfile = defineScreenElement('cf-profile', ProfileSettings);

// Brings the HTMLElementTagNameMap and JSX typings along with this entry.
export type { CreatorflowElementAttributes } from '../elements/types';
