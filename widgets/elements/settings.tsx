/**
 * `<cf-settings>`: the Settings screen with its ten tabs (vertical ARIA tabs).
 * `<cf-profile>`: the Profile settings screen.
 *
 * @attr tab - (cf-settings) the active tab: general (default), profile, team, notifications, billing,
 *   integrations, developer, activity, import, export; changing it switches the tab, and the user's choice is written back to it
 * @event cf-tab-change - (cf-settings) the user chose a tab; `detail.tab` is its id (bubbles, composed)
 * @event cf-navigate - cancelable; `detail.href` is the link followed when not canceled
 * @event cf-change - the workspace changed through a user action in this element; `detail` is `{ collection, id?, action }`, e.g. `{ collection: 'inventory', id, action: 'Inventory quantity updated' }` (bubbles, composed)
 * @event cf-error - a render error was caught and shown inside the element; `detail.message` says what failed (bubbles, composed)
 * @csspart root - the screen's root
 * @csspart general - the General Settings form
 * @csspart profile - the profile form
 * @csspart team - the team tab's body
 * @csspart billing - the billing tab's body
 * @csspart integrations - the integrations tab's body
 * @csspart developer - the developer tab's body
 * @csspart activity - the activity tab's body
 * @csspart import - the import tab's body
 * @csspart export - the export tab's body
 */
import { ProfileSettings, Settings } from '../settings';
import { defineScreenElement } from './define';

// `tab` is bound: the user's choice is written back to the attribute, then announced.
export const CfSettings = defineScreenElement('cf-settings', Settings, { tab: 'string' }, { tab: { onChange: 'onTabChange', event: 'cf-tab-change' } });
export const CfProfile = defineScreenElement('cf-profile', ProfileSettings);

// Brings the HTMLElementTagNameMap and JSX typings along with this entry.
export type { CreatorflowElementAttributes } from './types';
