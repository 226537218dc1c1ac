import { useCallback, useState } from 'react';
import { problemOf, type Refusal } from '../../lib/domain/messages';
import type { Result } from '../../lib/domain/types';
import { useT } from './i18n';
import { showResult } from './toast';

/**
 * The outcome of a form inside a dialog. `finish(result)`: a refusal stays in the form as
 * `error`, said inline next to the fields (a toast would say it twice inside the dialog); a
 * success clears it, shows the result's messages as toasts and returns true, so the caller
 * closes the dialog or goes on. `setError(null)` when the dialog closes. `errorText` is the
 * refusal in the screen's language: its message, or a team server's known code from the catalog.
 */
export function useFormResult() {
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const i18n = useT();
  const setError = useCallback((error: Refusal | null) => setRefusal(error), []);
  const finish = useCallback(<T>(result: Result<T>): result is Extract<Result<T>, { ok: true }> => {
    if (!result.ok) {
      setRefusal(result);
      return false;
    }
    setRefusal(null);
    showResult(result);
    return true;
  }, []);
  return { error: refusal?.error ?? null, errorText: refusal ? i18n.say(problemOf(refusal)) : null, setError, finish };
}
