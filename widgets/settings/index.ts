export { Settings, type SettingsProps } from './Settings';
export { ProfileSettings, ProfileView, type ProfileSettingsProps } from './ProfileSettings';
export { GeneralSettingsPanel } from './GeneralSettings';
export { useGeneralSettingsController } from './useGeneralSettingsController';
export { useProfileController } from './useProfileController';
