import { useRef, useState } from 'react';
import type { Funnel } from '../../lib/domain/types';
import { Button } from '../ui/Button';
import { Dialog } from '../ui/Dialog';
import { useT } from '../ui/i18n';

export interface OutreachDialogProps {
  /** The creator written to; the dialog is open while set. */
  funnel: Funnel | null;
  /** Called with false on Cancel, Escape or the close button. */
  onOpenChange(open: boolean): void;
  /** Sends the message (empty allowed, spec §5); return true to close the dialog. */
  onSend(message: string): boolean;
}

/** Send Outreach modal (spec §2): 'To:' handle, message, Cancel and Send Message. */
export function OutreachDialog({ funnel, onOpenChange, onSend }: OutreachDialogProps) {
  const [message, setMessage] = useState('');
  // The dialog exists to write a message: it opens with the cursor in the message box.
  const messageRef = useRef<HTMLTextAreaElement>(null);
  const { t } = useT();
  const close = (open: boolean) => {
    if (!open) setMessage('');
    onOpenChange(open);
  };
  return (
    <Dialog
      open={funnel !== null}
      onOpenChange={close}
      title={t('funnelBoard.outreach.title')}
      initialFocusRef={messageRef}
      onSubmit={() => {
        if (onSend(message)) setMessage('');
      }}
      footer={
        <>
          <Button onClick={() => close(false)}>{t('common.cancel')}</Button>
          <Button type="submit" variant="primary">
            {t('funnelBoard.outreach.send')}
          </Button>
        </>
      }
    >
      <p className="cf-outreach-to">
        <span className="cf-muted">{t('funnelBoard.outreach.to')}</span> <strong>{funnel?.creatorHandle}</strong>
      </p>
      <div className="cf-field">
        <label htmlFor="cf-outreach-message">{t('funnelBoard.outreach.message')}</label>
        <textarea
          ref={messageRef}
          id="cf-outreach-message"
          className="cf-textarea"
          placeholder={t('funnelBoard.outreach.placeholder')}
          value={message}
          onChange={(event) => setMessage(event.target.value)}
        />
      </div>
    </Dialog>
  );
}
