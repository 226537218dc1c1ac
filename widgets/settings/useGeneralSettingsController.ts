import { useSignals } from '@preact/signals-react/runtime';
import { useEffect, useState } from 'react';
import type { MailStatus } from '../../lib/domain/mail';
import type { ServerRefusal } from '../../lib/domain/server-errors';
import type { Message } from '../../lib/domain/messages';
import { accept, ok, type GeneralSettings, type Result } from '../../lib/domain/types';
import { matchLanguage, useWhyNot } from '../ui/i18n';
import { useStore } from '../ui/store-context';

/** General Settings: the saved settings, a draft, Save Changes and the workspace reset. */
export function useGeneralSettingsController() {
  useSignals();
  const store = useStore();
  const whyNot = useWhyNot();
  const workspace = store.admin.settings.value.value;
  // With a team server the Language is the member's own choice; the other fields are the workspace's.
  const memberLanguage = store.memberLanguage?.value.value ?? null;
  const saved: GeneralSettings = memberLanguage ? { ...workspace, language: memberLanguage } : workspace;
  const [draft, setDraft] = useState<GeneralSettings>(saved);
  // The refusal as it came: a team server's code and values (said in the screen's language) with its English words.
  const [refusal, setRefusal] = useState<(Omit<ServerRefusal, 'ok'> & { problem?: Message }) | null>(null);
  // The workspace's fields need Manage Team; a member's own language (team server) is theirs to choose.
  const blocked = whyNot('manageTeam');
  const languageBlocked = store.memberLanguage ? null : blocked;
  // The mail line: for Admins on a team server, who can fix what it reports.
  const admin = store.session.currentMember.value?.role === 'Admin';
  const [mail, setMail] = useState<MailStatus | null>(null);
  useEffect(() => {
    if (!admin) return;
    let live = true;
    void store.admin.mailStatus().then((status) => live && setMail(status));
    return () => {
      live = false;
    };
  }, [admin, store]);
  const dirty = draft.companyName !== saved.companyName || draft.timeZone !== saved.timeZone || draft.language !== saved.language;

  function save(): Result<GeneralSettings> {
    const own = store.memberLanguage;
    const chosen = matchLanguage(draft.language);
    const languageChanged = Boolean(own && chosen && draft.language !== saved.language);
    if (own && chosen && languageChanged) {
      // The member's language goes to the server for this member only; a refusal shows as the error.
      void own.choose(chosen).then((answer) => setRefusal(answer.ok ? null : answer));
    }
    if (own && blocked) {
      // Without Manage Team only the member's own language is saved; the workspace's fields stay as they are.
      setRefusal(null);
      setDraft({ ...workspace, language: draft.language });
      return languageChanged ? accept({ ...workspace, language: draft.language }, 'domain.settings.saved') : ok(saved);
    }
    const result = store.admin.saveSettings(own ? { ...draft, language: workspace.language } : draft);
    setRefusal(result.ok ? null : result);
    if (result.ok) setDraft(own && chosen ? { ...result.value, language: chosen } : result.value);
    return result;
  }

  function resetWorkspace() {
    const result = store.resetWorkspace();
    if (result.ok) {
      setDraft(store.admin.settings.value.peek());
      setRefusal(null);
      return { ...result, message: 'Workspace reset to sample data' };
    }
    return result;
  }

  return {
    draft,
    update: (change: Partial<GeneralSettings>) => setDraft((current) => ({ ...current, ...change })),
    error: refusal?.error ?? null,
    refusal,
    dirty,
    blocked,
    /** Why the Language may not be changed, or null (always null on a team server: it is the member's own). */
    languageBlocked,
    /** Why nothing here may be saved, or null. */
    saveBlocked: languageBlocked,
    save,
    resetWorkspace,
    /** Where the server's mail goes and its latest failure (Admins with a team server), else null. */
    mail: admin ? mail : null,
  };
}
