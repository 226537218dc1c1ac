import { useSignals } from '@preact/signals-react/runtime';
import { useState } from 'react';
import type { GeneralSettings } from '../../lib/domain/types';
import { useStore } from '../ui/store-context';

/** General Settings: the saved settings, a draft, Save Changes and the workspace reset. */
export function useGeneralSettingsController() {
  useSignals();
  const store = useStore();
  const saved = store.admin.settings.value.value;
  const [draft, setDraft] = useState<GeneralSettings>(saved);
  const [error, setError] = useState<string | null>(null);
  const blocked = store.session.whyNot('manageTeam');
  const dirty = draft.companyName !== saved.companyName || draft.timeZone !== saved.timeZone || draft.language !== saved.language;

  function save() {
    const result = store.admin.saveSettings(draft);
    setError(result.ok ? null : result.error);
    if (result.ok) setDraft(result.value);
    return result;
  }

  function resetWorkspace() {
    const result = store.resetWorkspace();
    if (result.ok) {
      setDraft(store.admin.settings.value.peek());
      setError(null);
      return { ...result, message: 'Workspace reset to sample data' };
    }
    return result;
  }

  return {
    draft,
    update: (change: Partial<GeneralSettings>) => setDraft((current) => ({ ...current, ...change })),
    error,
    dirty,
    blocked,
    save,
    resetWorkspace,
  };
}
