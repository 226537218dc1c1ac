import { useEffect, useId, useRef, type FormEvent, type ReactNode, type RefObject } from 'react';
import { Button } from './Button';
import { dialogClosed, dialogOpened } from './openDialogs';
import { useT } from './i18n';

export interface DialogProps {
  /** Whether the dialog is open (controlled). */
  open: boolean;
  /** Called with false when the user closes it (Escape, Cancel, close button). */
  onOpenChange(open: boolean): void;
  title: string;
  children: ReactNode;
  /** Buttons at the bottom. A form's submit button goes here when `onSubmit` is set. */
  footer?: ReactNode;
  /** Makes the body a form; Enter submits. */
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void;
  /** Extra class for width tweaks. */
  className?: string;
  /** The field to focus when the dialog opens, e.g. the one input it exists for. Default: the first focusable element. */
  initialFocusRef?: RefObject<HTMLElement | null>;
}

/** A modal on the native <dialog>: focus is trapped while open and returns to the opener on close. */
export function Dialog({ open, onOpenChange, title, children, footer, onSubmit, className, initialFocusRef }: DialogProps) {
  const { t } = useT();
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  // The control that opened it: focus goes back there on close, also when the dialog leaves the
  // page while open (the browser then restores nothing, and focus would fall to <body>).
  const opener = useRef<HTMLElement | null>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      opener.current = deepActiveElement();
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
      dialogOpened(dialog);
      initialFocusRef?.current?.focus();
    } else if (!open && dialog.open) {
      if (typeof dialog.close === 'function') dialog.close();
      else dialog.removeAttribute('open');
      dialogClosed(dialog);
      returnFocus(opener.current);
    }
  }, [open]); // eslint-disable-line react-hooks/exhaustive-deps -- the ref is read once, when the dialog opens
  // Unmounted while open: it is no longer on the page.
  useEffect(() => {
    const dialog = ref.current;
    return () => {
      if (!dialog) return;
      dialogClosed(dialog);
      if (dialog.open) returnFocus(opener.current);
    };
  }, []);
  const body = (
    <>
      <div className="cf-dialog-body">{children}</div>
      {footer && <div className="cf-dialog-footer">{footer}</div>}
    </>
  );
  return (
    <dialog
      ref={ref}
      className={['cf-dialog', className].filter(Boolean).join(' ')}
      aria-labelledby={titleId}
      onClose={(event) => {
        dialogClosed(event.currentTarget);
        onOpenChange(false);
      }}
      onCancel={(event) => {
        event.preventDefault();
        onOpenChange(false);
      }}
    >
      {open && (
        <>
          <div className="cf-dialog-header">
            <h2 id={titleId}>{title}</h2>
            <Button variant="ghost" className="cf-icon-button" aria-label={t('common.close')} onClick={() => onOpenChange(false)}>
              ×
            </Button>
          </div>
          {onSubmit ? (
            <form
              noValidate
              onSubmit={(event) => {
                event.preventDefault();
                onSubmit(event);
              }}
            >
              {body}
            </form>
          ) : (
            body
          )}
        </>
      )}
    </dialog>
  );
}

/** The focused element, through open shadow roots. */
function deepActiveElement(): HTMLElement | null {
  let element = typeof document === 'undefined' ? null : document.activeElement;
  while (element?.shadowRoot?.activeElement) element = element.shadowRoot.activeElement;
  return element instanceof HTMLElement && element !== document.body ? element : null;
}

/** Once the dialog has gone, focus back on its opener when focus fell to the page (not when the member moved it on). */
function returnFocus(target: HTMLElement | null) {
  if (!target) return;
  queueMicrotask(() => {
    const now = document.activeElement;
    if (target.isConnected && (!now || now === document.body)) target.focus();
  });
}
