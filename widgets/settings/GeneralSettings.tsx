import { useState } from 'react';
import { LANGUAGES, TIME_ZONES } from '../../lib/domain/types';
import { Button } from '../ui/Button';
import { Select } from '../ui/Select';
import { showResult } from '../ui/toast';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { useUnsavedChanges } from '../ui/unsavedChanges';
import { BlockedNote } from './shared';
import { useGeneralSettingsController } from './useGeneralSettingsController';

/** General Settings tab (spec §2 "Settings"): company name, time zone, language; workspace reset. */
export function GeneralSettingsPanel() {
  const general = useGeneralSettingsController();
  const [confirmReset, setConfirmReset] = useState(false);
  const disabled = Boolean(general.blocked);
  const unsavedPrompt = useUnsavedChanges(general.dirty);
  return (
    <div className="cf-stack" part="general">
      <h2>General Settings</h2>
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
          <label htmlFor="cf-settings-company">Company Name</label>
          <input
            id="cf-settings-company"
            className="cf-input"
            placeholder="Your Company Name"
            value={general.draft.companyName}
            disabled={disabled}
            aria-invalid={general.error ? true : undefined}
            aria-describedby={general.error ? 'cf-settings-error' : undefined}
            onChange={(event) => general.update({ companyName: event.target.value })}
          />
        </div>
        <div className="cf-field">
          <label htmlFor="cf-settings-timezone">Time Zone</label>
          <Select
            id="cf-settings-timezone"
            options={TIME_ZONES}
            value={general.draft.timeZone}
            disabled={disabled}
            onValueChange={(timeZone) => general.update({ timeZone })}
          />
        </div>
        <div className="cf-field">
          <label htmlFor="cf-settings-language">Language</label>
          <Select
            id="cf-settings-language"
            options={LANGUAGES}
            value={general.draft.language}
            disabled={disabled}
            onValueChange={(language) => general.update({ language })}
          />
        </div>
        {general.error && (
          <p id="cf-settings-error" role="alert" className="cf-error">
            {general.error}
          </p>
        )}
        <div className="cf-row">
          <Button type="submit" variant="primary" disabledReason={general.blocked}>
            Save Changes
          </Button>
          {general.dirty && <span className="cf-muted">Unsaved changes</span>}
        </div>
      </form>
      <section className="cf-card cf-stack" aria-labelledby="cf-settings-reset-title">
        <h3 id="cf-settings-reset-title">Sample data</h3>
        <p className="cf-muted">Replace everything in this workspace with the original sample data. Your changes are lost.</p>
        <div>
          <Button variant="danger" disabledReason={general.blocked} onClick={() => setConfirmReset(true)}>
            Reset workspace to sample data
          </Button>
        </div>
      </section>
      <ConfirmDialog
        open={confirmReset}
        onOpenChange={setConfirmReset}
        title="Reset workspace?"
        confirmLabel="Reset workspace"
        onConfirm={() => {
          showResult(general.resetWorkspace());
          setConfirmReset(false);
        }}
      >
        <p>Every funnel, order, inventory item, event, team change and setting in this workspace is replaced by the sample data. This cannot be undone.</p>
      </ConfirmDialog>
      {unsavedPrompt}
    </div>
  );
}
