// Small pieces shared by the administration screens (settings and its tabs).
import type { ReactNode } from 'react';
import { Button } from '../ui/Button';
import { Dialog } from '../ui/Dialog';
import { useNavigation } from '../ui/navigation';

/** A screen's title: the one h1 on its own route, an h2 inside the Settings tabs. */
export function ScreenTitle({ embedded = false, children, id }: { embedded?: boolean; children: ReactNode; id?: string }) {
  return embedded ? <h2 id={id} className="cf-admin-title">{children}</h2> : <h1 id={id}>{children}</h1>;
}

/** Back: to the previous page when there is one, else to the dashboard. */
export function BackButton() {
  const navigation = useNavigation();
  return (
    <Button
      variant="ghost"
      className="cf-back"
      onClick={() => {
        if (typeof window !== 'undefined' && window.history.length > 1) window.history.back();
        else navigation.navigate('/');
      }}
    >
      ← Back
    </Button>
  );
}

export interface ConfirmDialogProps {
  /** Whether the dialog is open (controlled). */
  open: boolean;
  onOpenChange(open: boolean): void;
  title: string;
  children: ReactNode;
  /** Label of the confirming button. */
  confirmLabel: string;
  onConfirm(): void;
  /** Default 'danger'. */
  variant?: 'danger' | 'primary';
}

/** A yes/no confirmation on the shared Dialog; Cancel and Escape change nothing. */
export function ConfirmDialog({ open, onOpenChange, title, children, confirmLabel, onConfirm, variant = 'danger' }: ConfirmDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      footer={
        <>
          <Button onClick={() => onOpenChange(false)}>Cancel</Button>
          <Button variant={variant} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      {children}
    </Dialog>
  );
}

/** The reason a form is read-only, said in words next to it rather than only by disabled fields. */
export function BlockedNote({ reason }: { reason: string | null }) {
  if (!reason) return null;
  return (
    <p className="cf-muted cf-blocked-note" role="note">
      {reason}
    </p>
  );
}
