export { Settings, ProfileSettings, type SettingsProps, type ProfileSettingsProps } from './Placeholder';
