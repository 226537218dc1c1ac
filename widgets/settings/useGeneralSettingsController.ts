import { useSignals } from '@preact/signals-react/runtime';
import { useState } from 'react';
import type { GeneralSettings } from '../../lib/domain/types';
import { matchLanguage } from '../ui/i18n';
import { useStore } from '../ui/store-context';

/** General Settings: the saved settings, a draft, Save Changes and the workspace reset. */
export function useGeneralSettingsController() {
  useSignals();
  const store = useStore();
  const workspace = store.admin.settings.value.value;
  // With a team server the Language is the member's own choice; the other fields are the workspace's.
  const memberLanguage = store.memberLanguage?.value.value ?? null;
  const saved: GeneralSettings = memberLanguage ? { ...workspace, language: memberLanguage } : workspace;
  const [draft, setDraft] = useState<GeneralSettings>(saved);
  const [error, setError] = useState<string | null>(null);
  const blocked = store.session.whyNot('manageTeam');
  const dirty = draft.companyName !== saved.companyName || draft.timeZone !== saved.timeZone || draft.language !== saved.language;

  function save() {
    const own = store.memberLanguage;
    const chosen = matchLanguage(draft.language);
    if (own && chosen && draft.language !== saved.language) {
      // The member's language goes to the server for this member only; a refusal shows as the error.
      void own.choose(chosen).then((answer) => setError(answer.ok ? null : answer.error));
    }
    const result = store.admin.saveSettings(own ? { ...draft, language: workspace.language } : draft);
    setError(result.ok ? null : result.error);
    if (result.ok) setDraft(own && chosen ? { ...result.value, language: chosen } : result.value);
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
