import { useCallback, useState } from 'react';
import type { ServerErrorParams } from '../../lib/domain/server-errors';
import type { Result } from '../../lib/domain/types';
import { serverErrorIn } from '../../lib/i18n/server-errors';
import { useT } from './i18n';
import { showResult } from './toast';

interface Refusal {
  error: string;
  code?: string;
  params?: ServerErrorParams;
}

/**
 * The outcome of a form inside a dialog. `finish(result)`: a refusal stays in the form as
 * `error`, said inline next to the fields (a toast would say it twice inside the dialog); a
 * success clears it, shows the result's messages as toasts and returns true, so the caller
 * closes the dialog or goes on. `setError(null)` when the dialog closes. `errorText` is the
 * refusal in the screen's language: a team server's known code from the catalog, else its words.
 */
export function useFormResult() {
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const i18n = useT();
  const setError = useCallback((error: string | null) => setRefusal(error === null ? null : { error }), []);
  const finish = useCallback(<T>(result: Result<T>): result is Extract<Result<T>, { ok: true }> => {
    if (!result.ok) {
      setRefusal({ error: result.error, ...(result.code ? { code: result.code } : {}), ...(result.params ? { params: result.params } : {}) });
      return false;
    }
    setRefusal(null);
    showResult(result);
    return true;
  }, []);
  return { error: refusal?.error ?? null, errorText: serverErrorIn(i18n, refusal), setError, finish };
}
