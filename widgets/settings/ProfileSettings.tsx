import { MESSAGES } from '../../lib/domain/constants';
import { CHANNELS, type ProfileForm } from '../../lib/domain/types';
import { Button } from '../ui/Button';
import { Screen } from '../ui/Screen';
import { useUnsavedChanges } from '../ui/unsavedChanges';
import { showResult } from '../ui/toast';
import { BackButton } from '../ui/BackButton';
import { BlockedNote, ScreenTitle } from '../ui/AdminScreen';
import { settingsStyles } from './styles';
import { useT } from '../ui/i18n';
import { serverErrorIn } from '../../lib/i18n/server-errors';
import { useProfileController } from './useProfileController';
import { SecuritySettings } from './SecuritySettings';

export interface ProfileSettingsProps {}

/** Profile settings at /profile (spec §2 "Profile settings"). */
export function ProfileSettings(_props: ProfileSettingsProps) {
  return (
    <Screen name="Profile" styles={settingsStyles} part="root">
      <div className="cf-stack">
        <div>
          <BackButton />
        </div>
        <ProfileView />
        <SecuritySettings />
      </div>
    </Screen>
  );
}

type TextField = 'name' | 'email' | 'currentPassword' | 'newPassword' | 'confirmPassword';

/** The profile form; inside Settings (`embedded`) its title is an h2. */
export function ProfileView({ embedded = false }: { embedded?: boolean }) {
  const profile = useProfileController();
  const disabled = Boolean(profile.blocked);
  const unsavedPrompt = useUnsavedChanges(profile.dirty);
  const i18n = useT();
  const { t } = i18n;
  // The field the error is about, so it is described by (and marked with) the message.
  const errorField: TextField | null = !profile.error
    ? null
    : (profile.errorField ??
      (profile.error === MESSAGES.passwordsMismatch ? 'confirmPassword' : /name/i.test(profile.error) ? 'name' : 'email'));
  const field = (key: TextField, label: string, type: string, autoComplete: string) => (
    <div className="cf-field">
      <label htmlFor={`cf-profile-${key}`}>{label}</label>
      <input
        id={`cf-profile-${key}`}
        className="cf-input"
        type={type}
        autoComplete={autoComplete}
        value={profile.form[key as keyof ProfileForm] as string}
        disabled={disabled}
        aria-invalid={errorField === key ? true : undefined}
        aria-describedby={errorField === key ? 'cf-profile-error' : undefined}
        onChange={(event) => profile.update({ [key]: event.target.value })}
      />
    </div>
  );
  return (
    <form
      className="cf-stack cf-admin-form"
      part="profile"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!profile.saving) void profile.save().then((result) => showResult(result));
      }}
    >
      <ScreenTitle embedded={embedded}>{embedded ? t('settings.tab.profile') : t('profile.title')}</ScreenTitle>
      <BlockedNote reason={profile.blocked} />
      <fieldset className="cf-card cf-stack">
        <legend>{t('profile.personal')}</legend>
        {field('name', t('profile.fullName'), 'text', 'name')}
        {field('email', t('profile.email'), 'email', 'email')}
      </fieldset>
      <fieldset className="cf-card cf-stack">
        <legend>{t('profile.changePassword')}</legend>
        {field('currentPassword', t('profile.currentPassword'), 'password', 'current-password')}
        {field('newPassword', t('profile.newPassword'), 'password', 'new-password')}
        {field('confirmPassword', t('profile.confirmPassword'), 'password', 'new-password')}
      </fieldset>
      <fieldset className="cf-card cf-stack">
        <legend>{t('profile.notifications')}</legend>
        {CHANNELS.map((channel) => (
          <div key={channel} className="cf-switch-row">
            <span id={`cf-profile-switch-${channel}`}>{t(`profile.channel.${channel}`)}</span>
            <button
              type="button"
              role="switch"
              className="cf-switch"
              title={t(`profile.channel.${channel}`)}
              aria-labelledby={`cf-profile-switch-${channel}`}
              aria-checked={profile.form.notifications[channel]}
              data-state={profile.form.notifications[channel] ? 'checked' : 'unchecked'}
              disabled={disabled}
              onClick={() => profile.toggle(channel)}
            >
              <span className="cf-switch-thumb" aria-hidden="true" />
            </button>
          </div>
        ))}
      </fieldset>
      {profile.error && (
        <p id="cf-profile-error" role="alert" className="cf-error">
          {serverErrorIn(i18n, profile.refusal)}
        </p>
      )}
      <div>
        <Button type="submit" variant="primary" disabledReason={profile.blocked}>
          {t('settings.general.save')}
        </Button>
      </div>
      {unsavedPrompt}
    </form>
  );
}
