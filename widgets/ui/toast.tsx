// Toasts: react-hot-toast's headless core (timers, limit, pause on hover, removal delay)
// with our own view. The view is styled by a constructable stylesheet, so toasts need no
// inline <style> and work under a strict CSP without a nonce.
import { useEffect, useLayoutEffect, useRef, type ReactElement } from 'react';
import { createPortal } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { resolveValue, toast, useToaster, type Toast, type ToastPosition } from 'react-hot-toast/headless';
import { TOAST } from '../../lib/domain/constants';
import { message, problemOf, type Message } from '../../lib/domain/messages';
import type { Result } from '../../lib/domain/types';
import { tokens } from './styles';
import { useTopDialog } from './openDialogs';
import { adoptStyles } from './useAdoptStyles';
import { useT } from './i18n';
import type { MutationMeta } from '../../lib/mutators/types';
import { confirmationOf, type Confirmation, type Settlement } from '../../lib/store/settlement';
import { serverErrorIn } from '../../lib/i18n/server-errors';
import { REMOVED_CODE } from '../../lib/sync/protocol';

export { toast };

const toasterStyles = `
${tokens}
.cf-toaster { position: fixed; z-index: 9999; display: flex; flex-direction: column; gap: 8px; pointer-events: none; max-width: min(420px, calc(100vw - 32px)); font-family: var(--cf-font); font-size: 14px; }
.cf-toaster[data-position="top-right"] { top: var(--cf-toast-offset-top, 16px); right: 16px; }
.cf-toaster[data-position="bottom-right"] { bottom: 16px; right: 16px; flex-direction: column-reverse; }
.cf-toaster[data-position="top-center"] { top: 16px; left: 50%; transform: translateX(-50%); }
.cf-toast { pointer-events: auto; display: flex; align-items: flex-start; gap: 10px; padding: 10px 12px; border-radius: var(--cf-radius); background: var(--cf-color-surface); color: var(--cf-color-text); box-shadow: 0 4px 14px rgb(15 23 42 / 18%); border-left: 4px solid var(--cf-color-primary); transition: opacity 0.2s ease, transform 0.2s ease; }
.cf-toast[data-type="success"] { border-left-color: #16a34a; }
.cf-toast[data-type="error"] { border-left-color: var(--cf-color-danger); }
.cf-toast[data-type="loading"] { border-left-color: var(--cf-color-muted); }
.cf-toast[data-visible="false"] { opacity: 0; transform: translateY(-4px); }
.cf-toast-message { flex: 1; margin: 0; line-height: 1.4; }
.cf-toast-close { border: 0; background: transparent; cursor: pointer; font: inherit; color: var(--cf-color-muted); padding: 0 4px; border-radius: 4px; }
.cf-toast-close:focus-visible { outline: 3px solid var(--cf-color-focus); }
.cf-toast-action { border: 0; background: transparent; color: var(--cf-color-primary); font: inherit; font-weight: 650; cursor: pointer; padding: 0 4px; margin-left: 4px; border-radius: 4px; text-decoration: underline; }
.cf-toast-action:focus-visible { outline: 3px solid var(--cf-color-focus); }
`;

/** The page-owned toaster's host: no box of its own, and nothing inherited from the page. */
const toasterHostStyles = `:host { all: initial !important; display: contents !important; }`;

let mountedToasters = 0;
const POSITIONS: ToastPosition[] = ['top-right', 'bottom-right', 'top-center'];

/**
 * The one toaster of the page (spec §4 "Toasts": success 2 s, blank/error/custom 4 s,
 * loading until dismissed, at most 20, removed 1 s after dismissal, hover pauses).
 */
export function AppToaster({ styleRoot }: { /** Where the toasts render: the document (default) or a shadow root. */ styleRoot?: ShadowRoot } = {}) {
  const { toasts, handlers } = useToaster({
    duration: TOAST.durationMs.blank,
    success: { duration: TOAST.durationMs.success },
    error: { duration: TOAST.durationMs.error },
  });
  const { t: tr } = useT();
  useLayoutEffect(() => adoptStyles(styleRoot ?? document, toasterStyles), [styleRoot]);
  // Under an open modal dialog the page is inert and dimmed: the toasts move into the dialog
  // (the top layer), where they stay readable and can be closed.
  const dialog = useTopDialog();
  useLayoutEffect(() => {
    if (dialog) adoptStyles(dialog.getRootNode() as Document | ShadowRoot, toasterStyles);
  }, [dialog]);
  useEffect(() => {
    mountedToasters++;
    return () => {
      mountedToasters--;
    };
  }, []);
  const stacks = (
    <>
      {POSITIONS.map((position) => {
        const here = toasts.filter((t) => (t.position ?? 'top-right') === position);
        return (
          <section
            key={position}
            className="cf-toaster"
            data-position={position}
            aria-label={tr('toast.region', { position })}
            onMouseEnter={handlers.startPause}
            onMouseLeave={handlers.endPause}
            // Keyboard users reaching a toast (its Undo, its close button) pause it too.
            onFocus={handlers.startPause}
            onBlur={handlers.endPause}
          >
            {here.map((t) => (
              <ToastView key={t.id} toast={t} />
            ))}
          </section>
        );
      })}
    </>
  );
  return dialog ? createPortal(stacks, dialog) : stacks;
}

function ToastView({ toast: t }: { toast: Toast }) {
  const ref = useRef<HTMLDivElement>(null);
  const { t: tr } = useT();
  // A toast's text is already in the page's language (`t()`), or a rule's message said by `Said`.
  const message = resolveValue(t.message, t);
  return (
    <div
      ref={ref}
      {...t.ariaProps}
      className="cf-toast"
      data-type={t.type}
      data-visible={String(t.visible)}
      role={t.type === 'error' ? 'alert' : 'status'}
      aria-live={t.type === 'error' ? 'assertive' : 'polite'}
      aria-atomic="true"
    >
      <p className="cf-toast-message">{message}</p>
      <button type="button" className="cf-toast-close" aria-label={tr('toast.dismiss')} onClick={() => toast.dismiss(t.id)}>
        ×
      </button>
    </div>
  );
}

let autoMounted = false;
/** Screens rendered without the host app (elements, npm) get a toaster of their own, once per page. */
export function ensureToaster() {
  if (autoMounted || typeof document === 'undefined') return;
  setTimeout(() => {
    if (autoMounted || mountedToasters > 0) return;
    autoMounted = true;
    // In a shadow root of its own: the page's rules (a "button { border: ... !important }")
    // cannot reach the toasts, and inherited text properties start afresh at its host.
    const container = document.createElement('div');
    container.setAttribute('data-creatorflow-toaster', '');
    const shadow = container.attachShadow({ mode: 'open' });
    adoptStyles(shadow, toasterHostStyles);
    document.body.appendChild(container);
    createRoot(shadow).render(<AppToaster styleRoot={shadow} />);
  }, 0);
}

/**
 * A toast that offers Undo, for a removal made without asking first. It lasts as long as
 * other plain toasts (4 s) and pauses while hovered or focused.
 */
export function toastWithUndo(message: string | Message, onUndo: () => void, options: { position?: ToastPosition } = {}) {
  toast(
    (t) => (
      <UndoToast
        message={message}
        onUndo={() => {
          toast.dismiss(t.id);
          onUndo();
        }}
      />
    ),
    options,
  );
}

function UndoToast({ message, onUndo }: { message: string | Message; onUndo: () => void }) {
  const { t, say } = useT();
  return (
    <>
      {typeof message === 'string' ? message : say(message)}
      <button type="button" className="cf-toast-action" onClick={onUndo}>
        {t('toast.undo')}
      </button>
    </>
  );
}

/**
 * Shows a store action's outcome: its success message(s), or its error. Returns whether it was
 * accepted here. With a team server the server decides (stock, uniqueness, permissions as they
 * are now): the success message waits for its confirmation, after "Saved on this device,
 * syncing…" when that takes a moment, and a refusal replaces it with the server's reason. So
 * no toast calls a change successful that the server then refuses.
 */
export function showResult<T>(
  result: Result<T>,
  {
    success,
    id,
    ...options
  }: {
    position?: ToastPosition;
    /** The success message when the result carries none of its own (a screen's wording, in its language). */
    success?: string;
    /** The toast the outcome replaces (a "Connecting…" shown before). */
    id?: string;
  } = {},
): result is Extract<Result<T>, { ok: true }> {
  if (!result.ok) {
    toast.error(<Said message={problemOf(result)} />, { ...options, ...(id ? { id } : {}) });
    return false;
  }
  const own: ToastText[] = [
    ...(result.notice ? [<Said message={result.notice} />] : result.message ? [result.message] : []),
    ...(result.notices ? result.notices.map((notice) => <Said message={notice} />) : (result.messages ?? [])),
  ];
  const messages: ToastText[] = own.length ? own : success ? [success] : [];
  const confirmation = confirmationOf(result);
  if (!confirmation || messages.length === 0) {
    messages.forEach((message, i) => toast.success(message, { ...options, ...(i === 0 && id ? { id } : {}) }));
    if (!messages.length && id) toast.dismiss(id);
    return true;
  }
  announceWhenSettled(confirmation, messages, options, id);
  return true;
}

/** A toast's text: a sentence already in the page's language, or a message said in it. */
type ToastText = string | ReactElement;

/** A rule's message in the page's language. */
function Said({ message }: { message: Message }) {
  return <>{useT().say(message)}</>;
}

/** The toast shown while the server has not answered yet. */
const SYNCING = message('toast.syncing');

/**
 * The one toast a queued write's outcome takes: its success, "syncing…" before it, and its
 * refusal (which the top bar's sync line also tells, in the same toast, never twice).
 */
export const settleToastId = (meta: MutationMeta) => `cf-settle-${meta.idSeed}`;

/** Success messages once the server confirms; its reason if it refuses; "syncing" while it takes a moment. */
function announceWhenSettled(confirmation: Confirmation, messages: readonly ToastText[], options: { position?: ToastPosition }, shownId?: string) {
  const id = shownId ?? settleToastId(confirmation.meta);
  let settled = false;
  const waiting = setTimeout(() => {
    if (!settled) toast.loading(<Said message={SYNCING} />, { ...options, id, duration: TOAST_SYNC.syncingMs });
  }, TOAST_SYNC.graceMs);
  void confirmation.settled.then((settlement) => {
    settled = true;
    clearTimeout(waiting);
    if (settlement.state === 'confirmed') messages.forEach((message, i) => toast.success(message, { ...options, ...(i === 0 ? { id } : {}) }));
    // Discarded on purpose (a cancelled import), or not kept for a removed member (the removal
    // screen lists those): nothing was refused, nothing succeeded, and no "syncing…" stays.
    else if (settlement.code === 'discarded' || settlement.code === REMOVED_CODE) toast.dismiss(id);
    else toast.error(<RefusalText settlement={settlement} />, { ...options, id });
  });
}

/** A refusal's reason in the page's language ("Couldn't save: …"): a known code from the catalog, else the server's words. */
function RefusalText({ settlement }: { settlement: Settlement }) {
  const i18n = useT();
  const reason = serverErrorIn(i18n, { error: settlement.message ?? '', code: settlement.code, params: settlement.params as never, problem: settlement.problem });
  return <>{i18n.t('shell.sync.error', { message: reason || i18n.t('shell.sync.refused') })}</>;
}

/**
 * How long a write's success waits silently for the server before "syncing…" shows (most
 * confirmations arrive well within it), and how long that note stays if no answer comes.
 */
const TOAST_SYNC = { graceMs: 700, syncingMs: 10_000 } as const;
