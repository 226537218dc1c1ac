import { useCallback, useState } from 'react';
import type { Result } from '../../lib/domain/types';
import { showResult } from './toast';

/**
 * The outcome of a form inside a dialog. `finish(result)`: a refusal stays in the form as
 * `error`, said inline next to the fields (a toast would say it twice inside the dialog); a
 * success clears it, shows the result's messages as toasts and returns true, so the caller
 * closes the dialog or goes on. `setError(null)` when the dialog closes.
 */
export function useFormResult() {
  const [error, setError] = useState<string | null>(null);
  const finish = useCallback(<T>(result: Result<T>): result is Extract<Result<T>, { ok: true }> => {
    if (!result.ok) {
      setError(result.error);
      return false;
    }
    setError(null);
    showResult(result);
    return true;
  }, []);
  return { error, setError, finish };
}
