// The nonce must be in place before react-hot-toast's styling library creates its <style>.
import './csp';
import { useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { Toaster, toast, type ToastPosition } from 'react-hot-toast';
import { TOAST } from '../../lib/domain/constants';
import type { Result } from '../../lib/domain/types';


export { toast };

let mountedToasters = 0;

/**
 * The one toaster of the page (spec §4 "Toasts": success 2 s, others 4 s, at most 20,
 * removed 1 s after dismissal, hover pauses). It lives in the light DOM because
 * react-hot-toast styles itself in the document head.
 */
export function AppToaster() {
  useEffect(() => {
    mountedToasters++;
    return () => {
      mountedToasters--;
    };
  }, []);
  return (
    <Toaster
      position="top-right"
      toastOptions={{
        duration: TOAST.durationMs.blank,
        success: { duration: TOAST.durationMs.success },
        error: { duration: TOAST.durationMs.error },
        style: { fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif' },
      }}
    />
  );
}

let autoMounted = false;
/** Screens rendered without the host app (elements, npm) get a toaster of their own, once per page. */
export function ensureToaster() {
  if (autoMounted || typeof document === 'undefined') return;
  setTimeout(() => {
    if (autoMounted || mountedToasters > 0) return;
    autoMounted = true;
    const container = document.createElement('div');
    container.setAttribute('data-creatorflow-toaster', '');
    document.body.appendChild(container);
    createRoot(container).render(<AppToaster />);
  }, 0);
}

/** Shows a store action's outcome: its success message(s), or its error. Returns whether it succeeded. */
export function showResult<T>(
  result: Result<T>,
  options: { position?: ToastPosition } = {},
): result is Extract<Result<T>, { ok: true }> {
  if (!result.ok) {
    toast.error(result.error, options);
    return false;
  }
  if (result.message) toast.success(result.message, options);
  for (const message of result.messages ?? []) toast.success(message, options);
  return true;
}
