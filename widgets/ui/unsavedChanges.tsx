// Leaving a form with unsaved edits asks first. A form that has them registers a guard; every
// way of leaving the page the app controls (its navigation, Back buttons, a Settings tab switch,
// the host's links) goes through leavePage, and closing or reloading the tab gets the browser's
// own prompt.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useT } from './i18n';
import { ConfirmDialog } from './ConfirmDialog';

interface Guard {
  /** Asks the user; calls `proceed` if they choose to leave. */
  confirm(proceed: () => void): void;
}

const guards: Guard[] = [];

/** Whether some form on the page has unsaved changes. */
export const hasUnsavedChanges = () => guards.length > 0;

/** Runs `proceed` at once, or once the user has agreed to discard the unsaved changes. */
export function leavePage(proceed: () => void) {
  const guard = guards[guards.length - 1];
  if (guard) guard.confirm(proceed);
  else proceed();
}

function onBeforeUnload(event: BeforeUnloadEvent) {
  event.preventDefault();
  // Older engines show their prompt only when a return value is set.
  event.returnValue = '';
}

/**
 * While `dirty`, leaving asks first: "Discard unsaved changes?" with Keep editing and Discard
 * changes. Render the returned dialog next to the form.
 */
export function useUnsavedChanges(dirty: boolean): ReactNode {
  const { t } = useT();
  const [pending, setPending] = useState<(() => void) | null>(null);
  const guardRef = useRef<Guard | null>(null);
  useEffect(() => {
    if (!dirty) return;
    const guard: Guard = { confirm: (proceed) => setPending(() => proceed) };
    guardRef.current = guard;
    guards.push(guard);
    if (guards.length === 1) window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      release(guard);
      guardRef.current = null;
    };
  }, [dirty]);
  return (
    <ConfirmDialog
      open={pending !== null}
      onOpenChange={(open) => !open && setPending(null)}
      title={t('unsaved.title')}
      cancelLabel={t('unsaved.keep')}
      confirmLabel={t('unsaved.discard')}
      onConfirm={() => {
        const proceed = pending;
        setPending(null);
        // The changes are given up: leaving must not ask again.
        if (guardRef.current) release(guardRef.current);
        proceed?.();
      }}
    >
      <p>{t('unsaved.body')}</p>
    </ConfirmDialog>
  );
}

function release(guard: Guard) {
  const index = guards.indexOf(guard);
  if (index < 0) return;
  guards.splice(index, 1);
  if (guards.length === 0) window.removeEventListener('beforeunload', onBeforeUnload);
}
