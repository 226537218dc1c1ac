import { useRef, useState } from 'react';
import type { Funnel } from '../../lib/domain/types';
import { Button } from '../ui/Button';
import { Dialog } from '../ui/Dialog';

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
  const close = (open: boolean) => {
    if (!open) setMessage('');
    onOpenChange(open);
  };
  return (
    <Dialog
      open={funnel !== null}
      onOpenChange={close}
      title="Send Outreach"
      initialFocusRef={messageRef}
      onSubmit={() => {
        if (onSend(message)) setMessage('');
      }}
      footer={
        <>
          <Button onClick={() => close(false)}>Cancel</Button>
          <Button type="submit" variant="primary">
            Send Message
          </Button>
        </>
      }
    >
      <p className="cf-outreach-to">
        <span className="cf-muted">To:</span> <strong>{funnel?.creatorHandle}</strong>
      </p>
      <div className="cf-field">
        <label htmlFor="cf-outreach-message">Message</label>
        <textarea
          ref={messageRef}
          id="cf-outreach-message"
          className="cf-textarea"
          placeholder="Write your message here..."
          value={message}
          onChange={(event) => setMessage(event.target.value)}
        />
      </div>
    </Dialog>
  );
}

/** `/dashboard?creator={handle}`, keeping the @ readable. */
export const dashboardHrefFor = (handle: string) => `/dashboard?creator=${encodeURIComponent(handle).replace(/%40/g, '@')}`;
