import { useId, useState } from 'react';
import { problemOf, type Message } from '../../lib/domain/messages';
import type { TrackingDraft } from '../../lib/domain/orders';
import type { Order, Result } from '../../lib/domain/types';
import { Button } from '../ui/Button';
import { showResult } from '../ui/toast';
import { useT } from '../ui/i18n';

export interface ShippingFormProps {
  /** Save & Ship: the store action. */
  onShip(draft: TrackingDraft): Result<Order>;
  /** Why the member may not ship, or null. */
  writeBlocked: string | null;
  /** Whether the form starts open. Default false (an Add Tracking button opens it). */
  defaultOpen?: boolean;
}

/** Add Tracking: tracking number and carrier, both required, then Save & Ship (spec §4, §5). */
export function ShippingForm({ onShip, writeBlocked, defaultOpen = false }: ShippingFormProps) {
  const [open, setOpen] = useState(defaultOpen);
  const [draft, setDraft] = useState<TrackingDraft>({ trackingNumber: '', carrierName: '' });
  const [error, setError] = useState<Message | null>(null);
  const id = useId();
  const formId = `${id}-form`;
  const { t, say } = useT();

  if (!open) {
    return (
      <Button aria-expanded={false} aria-controls={formId} disabledReason={writeBlocked} onClick={() => setOpen(true)}>
        {t('orders.addTracking')}
      </Button>
    );
  }
  const close = () => {
    setOpen(false);
    setError(null);
    setDraft({ trackingNumber: '', carrierName: '' });
  };
  return (
    <form
      id={formId}
      className="cf-stack"
      aria-label={t('orders.addTracking')}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const result = onShip(draft);
        showResult(result);
        if (result.ok) close();
        else setError(problemOf(result));
      }}
    >
      <div className="cf-field">
        <label htmlFor={`${id}-tracking`}>{t('orders.trackingNumberField')}</label>
        <input
          id={`${id}-tracking`}
          className="cf-input"
          autoFocus
          required
          aria-invalid={error !== null && !draft.trackingNumber.trim()}
          value={draft.trackingNumber}
          onChange={(event) => setDraft({ ...draft, trackingNumber: event.target.value })}
        />
      </div>
      <div className="cf-field">
        <label htmlFor={`${id}-carrier`}>{t('orders.carrier')}</label>
        <input
          id={`${id}-carrier`}
          className="cf-input"
          required
          placeholder={t('orders.carrierPlaceholder')}
          aria-invalid={error !== null && !draft.carrierName.trim()}
          value={draft.carrierName}
          onChange={(event) => setDraft({ ...draft, carrierName: event.target.value })}
        />
      </div>
      {error && (
        <p role="alert" className="cf-error">
          {say(error)}
        </p>
      )}
      <div className="cf-row">
        <Button type="submit" variant="primary" disabledReason={writeBlocked}>
          {t('orders.saveAndShip')}
        </Button>
        <Button onClick={close}>{t('common.cancel')}</Button>
      </div>
    </form>
  );
}
