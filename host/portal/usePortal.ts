// The portal's controller: loads the creator's funnel by the link's token, sends each answer,
// and shows only what the server holds (the view it answers with), or the refusal's reason.
import { useCallback, useEffect, useState } from 'react';
import { problemOf } from '../../lib/domain/messages';
import type { PortalView } from '../../lib/domain/portal';
import { DEFAULT_LANGUAGE, type LanguageCode } from '../../lib/i18n';
import { campaignNameIn } from '../../lib/i18n/engagement';
import { useTranslator } from '../../widgets/ui/language';
import { loadView, sendAnswer } from './api';

export type PortalStatus = 'loading' | 'ready' | 'gone' | 'failed';

export function usePortal(token: string | null) {
  const [status, setStatus] = useState<PortalStatus>(token ? 'loading' : 'gone');
  const [view, setView] = useState<PortalView | null>(null);
  const [chosenLanguage, setChosenLanguage] = useState<LanguageCode | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  /** The last refusal: the answer refused, its reason, and the field it names (when it names one). */
  const [error, setError] = useState<{ answer: string; message: string; field?: string } | null>(null);
  const lang: LanguageCode = chosenLanguage ?? view?.answers.language ?? view?.defaultLanguage ?? DEFAULT_LANGUAGE;
  const tr = useTranslator(lang);

  useEffect(() => {
    if (!token) return;
    let live = true;
    loadView(token).then(
      (answer) => {
        if (!live) return;
        setView(answer.view);
        setStatus(answer.view ? 'ready' : answer.status === 404 ? 'gone' : 'failed');
      },
      () => live && setStatus('failed'),
    );
    return () => {
      live = false;
    };
  }, [token]);

  const campaign = view ? campaignNameIn(tr, { objective: view.brief.objective, engagementType: view.engagementType }) : '';
  const title = view ? `${campaign} · ${view.brand}` : status === 'gone' ? tr.t('portal.ended.title') : 'Creatorflow';
  useEffect(() => {
    document.documentElement.lang = lang === 'en-US' ? 'en' : lang;
    document.title = title;
  }, [lang, title]);

  /** Sends one answer; the page then shows the server's view, or the reason it refused. */
  const answer = useCallback(
    async (name: string, args: Record<string, unknown> = {}) => {
      if (!token) return false;
      setBusy(name);
      setError(null);
      const result = await sendAnswer(token, name, args);
      setBusy(null);
      if (result.ok) {
        if (result.view) setView(result.view);
        return true;
      }
      if (result.status === 404) setStatus('gone');
      const message =
        result.status === 429 ? tr.t('domain.portal.tooManyRequests') : result.error ? tr.say(problemOf(result)) : tr.t('portal.loadFailed');
      setError({ answer: name, message, ...(result.ok === false && result.field ? { field: result.field } : {}) });
      return false;
    },
    [token, tr],
  );

  const chooseLanguage = useCallback(
    (next: LanguageCode) => {
      // Shown at once (it is how the page reads); saved so the creator's emails follow it.
      setChosenLanguage(next);
      void answer('portal.setLanguage', { language: next });
    },
    [answer],
  );

  return { status, view, campaign, lang, tr, busy, error, answer, chooseLanguage };
}

export type PortalController = ReturnType<typeof usePortal>;
