/**
 * `<cf-settings>`: the Settings screen. Attributes: `tab`.
 * `<cf-profile>`: the ProfileSettings screen.
 *
 * @event cf-navigate - cancelable; `detail.href` is the link followed when not canceled
 * @csspart root - the screen's root
 */
import { ProfileSettings, Settings } from '../settings';
import { defineScreenElement } from './define';

export const CfSettings = defineScreenElement('cf-settings', Settings, { tab: 'string' });
export const CfProfile = defineScreenElement('cf-profile', ProfileSettings);
