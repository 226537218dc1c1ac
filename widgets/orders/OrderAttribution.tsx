import { useId } from 'react';
import type { Funnel, OrderAttribution as Attribution } from '../../lib/domain/types';
import { Button } from '../ui/Button';
import { Select } from '../ui/Select';
import { useT } from '../ui/i18n';

export interface OrderAttributionProps {
  /** The sale's attribution; undefined when it names no creator. */
  value: Attribution | undefined;
  /** The creators it may be attributed to (funnels with a discount code). */
  creators: readonly Pick<Funnel, 'id' | 'creatorName' | 'creatorHandle' | 'discountCode'>[];
  /** Called with the chosen creator's funnel id. */
  onAttribute(funnelId: string): void;
  /** Called by Remove attribution. */
  onRemove(): void;
  /** Why the member cannot change it (a Viewer, signed out); undefined when they can. */
  writeBlocked?: string;
}

/** Who a sale is attributed to, and (for members who may write) the creator chosen by hand or the attribution removed. */
export function OrderAttribution({ value, creators, onAttribute, onRemove, writeBlocked }: OrderAttributionProps) {
  const { t } = useT();
  const id = useId();
  // A creator whose funnel is gone (or has no code now) still shows as the one chosen.
  const listed = value !== undefined && creators.some((c) => c.id === value.funnelId);
  const options = [
    ...(value ? [] : [{ value: '', label: t('orders.attributeChoose') }]),
    ...(value && !listed ? [{ value: value.funnelId, label: t('orders.attributedTo', { handle: value.handle, code: value.code }) }] : []),
    ...creators.map((c) => ({ value: c.id, label: t('orders.attributeOption', { handle: c.creatorHandle, code: c.discountCode ?? '', name: c.creatorName }) })),
  ];
  return (
    <div className="cf-stack">
      <span>{value ? t('orders.attributedTo', { handle: value.handle, code: value.code }) : t('orders.notAttributed')}</span>
      <div className="cf-field">
        <label htmlFor={id}>{t('orders.attributeTo')}</label>
        <Select
          id={id}
          options={options}
          value={value?.funnelId ?? ''}
          disabled={Boolean(writeBlocked)}
          title={writeBlocked}
          onValueChange={(funnelId) => {
            if (funnelId && funnelId !== value?.funnelId) onAttribute(funnelId);
          }}
        />
      </div>
      {value && (
        <div className="cf-row">
          <Button onClick={onRemove} disabled={Boolean(writeBlocked)} title={writeBlocked}>
            {t('orders.removeAttribution')}
          </Button>
        </div>
      )}
    </div>
  );
}
