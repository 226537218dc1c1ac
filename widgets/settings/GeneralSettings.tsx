import { useState } from 'react';
import { LANGUAGES, TIME_ZONES } from '../../lib/domain/types';
import { LANGUAGE_NAMES, LANGUAGE_TAGS, TIME_ZONE_NAMES } from '../../lib/i18n';
import { Button } from '../ui/Button';
import { Select } from '../ui/Select';
import { showResult } from '../ui/toast';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { useUnsavedChanges } from '../ui/unsavedChanges';
import { BlockedNote } from '../ui/AdminScreen';
import { useGeneralSettingsController } from './useGeneralSettingsController';
import { useT } from '../ui/i18n';
import { serverErrorIn } from '../../lib/i18n/server-errors';

/** General Settings tab (spec §2 "Settings"): company name, time zone, language; workspace reset. */
export function GeneralSettingsPanel() {
  const general = useGeneralSettingsController();
  const [confirmReset, setConfirmReset] = useState(false);
  const disabled = Boolean(general.blocked);
  const languageDisabled = Boolean(general.languageBlocked);
  const unsavedPrompt = useUnsavedChanges(general.dirty);
  const i18n = useT();
  const { t } = i18n;
  const zones = TIME_ZONES.map((zone) => ({ value: zone.value, label: t(TIME_ZONE_NAMES[zone.value]) }));
  const languages = LANGUAGES.map((language) => ({ value: language.value, label: LANGUAGE_NAMES[language.value], lang: LANGUAGE_TAGS[language.value] }));
  return (
    <div className="cf-stack" part="general">
      <h2>{t('settings.tab.general')}</h2>
      <BlockedNote reason={general.blocked} />
      <form
        className="cf-card cf-stack cf-admin-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          showResult(general.save());
        }}
      >
        <div className="cf-field">
          <label htmlFor="cf-settings-company">{t('settings.general.companyName')}</label>
          <input
            id="cf-settings-company"
            className="cf-input"
            placeholder={t('settings.general.companyPlaceholder')}
            value={general.draft.companyName}
            disabled={disabled}
            aria-invalid={general.error ? true : undefined}
            aria-describedby={general.error ? 'cf-settings-error' : undefined}
            onChange={(event) => general.update({ companyName: event.target.value })}
          />
        </div>
        <div className="cf-field">
          <label htmlFor="cf-settings-timezone">{t('settings.general.timeZone')}</label>
          <Select
            id="cf-settings-timezone"
            options={zones}
            value={general.draft.timeZone}
            disabled={disabled}
            onValueChange={(timeZone) => general.update({ timeZone })}
          />
        </div>
        <div className="cf-field">
          <label htmlFor="cf-settings-language">{t('settings.general.language')}</label>
          <Select
            id="cf-settings-language"
            options={languages}
            value={general.draft.language}
            disabled={languageDisabled}
            onValueChange={(language) => general.update({ language })}
          />
        </div>
        {general.error && (
          <p id="cf-settings-error" role="alert" className="cf-error">
            {serverErrorIn(i18n, general.refusal)}
          </p>
        )}
        <div className="cf-row">
          <Button type="submit" variant="primary" disabledReason={general.saveBlocked}>
            {t('settings.general.save')}
          </Button>
          {general.dirty && <span className="cf-muted">{t('settings.general.unsaved')}</span>}
        </div>
      </form>
      {general.mail && (
        <p role="status" className={general.mail.lastFailure ? 'cf-card cf-error' : 'cf-card cf-muted'}>
          {general.mail.lastFailure
            ? t('settings.mail.failed', { reason: general.mail.lastFailure.reason })
            : t(general.mail.transport === 'smtp' ? 'settings.mail.smtp' : general.mail.transport === 'files' ? 'settings.mail.files' : 'settings.mail.off')}
        </p>
      )}
      <section className="cf-card cf-stack" aria-labelledby="cf-settings-reset-title">
        <h3 id="cf-settings-reset-title">{t('settings.general.sampleTitle')}</h3>
        <p className="cf-muted">{t('settings.general.sampleBody')}</p>
        <div>
          <Button variant="danger" disabledReason={general.blocked} onClick={() => setConfirmReset(true)}>
            {t('settings.general.reset')}
          </Button>
        </div>
      </section>
      <ConfirmDialog
        open={confirmReset}
        onOpenChange={setConfirmReset}
        title={t('settings.general.resetTitle')}
        confirmLabel={t('settings.general.resetConfirm')}
        onConfirm={() => {
          showResult(general.resetWorkspace());
          setConfirmReset(false);
        }}
      >
        <p>{t('settings.general.resetBody')}</p>
      </ConfirmDialog>
      {unsavedPrompt}
    </div>
  );
}
