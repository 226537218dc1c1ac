import type { ReactNode } from 'react';
import { Button } from './Button';
import { useT } from './i18n';
import { Dialog } from './Dialog';

export interface ConfirmDialogProps {
  /** Whether the dialog is open (controlled). */
  open: boolean;
  onOpenChange(open: boolean): void;
  title: string;
  children: ReactNode;
  /** Label of the confirming button. */
  confirmLabel: string;
  onConfirm(): void;
  /** Label of the button that changes nothing. Default 'Cancel'. */
  cancelLabel?: string;
  /** Default 'danger'. */
  variant?: 'danger' | 'primary';
}

/** A yes/no confirmation on the shared Dialog; Cancel and Escape change nothing. */
export function ConfirmDialog({ open, onOpenChange, title, children, confirmLabel, onConfirm, cancelLabel, variant = 'danger' }: ConfirmDialogProps) {
  const { t } = useT();
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      footer={
        <>
          <Button onClick={() => onOpenChange(false)}>{cancelLabel ?? t('common.cancel')}</Button>
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
