import { useId, useState } from 'react';
import { problemOf, type Message } from '../../lib/domain/messages';
import { INVENTORY } from '../../lib/domain/constants';
import { ORDER_SOURCES, orderTotals, type NewOrderDraft, type NewOrderLineDraft } from '../../lib/domain/orders';
import type { Funnel, InventoryItem, Order, Result } from '../../lib/domain/types';
import { Button } from '../ui/Button';
import { Dialog } from '../ui/Dialog';
import { useT } from '../ui/i18n';

export interface NewOrderDialogProps {
  /** Whether the dialog is open (controlled). */
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The products to pick from, by SKU. */
  inventory: readonly InventoryItem[];
  /** The creators an order may ship to as a gift (no tax or shipping charged). */
  creators: readonly Pick<Funnel, 'id' | 'creatorName' | 'creatorHandle' | 'email'>[];
  /** Creates the order; an error keeps the dialog open and shows it. */
  onCreate(draft: NewOrderDraft): Result<Order>;
}

const emptyLine = (): NewOrderLineDraft => ({ sku: '', quantity: '1', price: String(INVENTORY.flatUnitValue) });
const emptyDraft = (): NewOrderDraft => ({
  source: 'Direct',
  customerName: '',
  customerEmail: '',
  customerPhone: '',
  shippingAddress: { line1: '', line2: '', city: '', state: '', postalCode: '', country: 'US' },
  items: [emptyLine()],
  notes: '',
});

/** New Order: customer, shipping address and items picked from inventory by SKU. */
export function NewOrderDialog({ open, onOpenChange, inventory, creators, onCreate }: NewOrderDialogProps) {
  const [draft, setDraft] = useState(emptyDraft);
  const [error, setError] = useState<Message | null>(null);
  const id = useId();
  const { t, say, formatMoney } = useT();

  const close = (next: boolean) => {
    if (!next) {
      setDraft(emptyDraft());
      setError(null);
    }
    onOpenChange(next);
  };
  const setLine = (index: number, patch: Partial<NewOrderLineDraft>) =>
    setDraft({ ...draft, items: draft.items.map((line, i) => (i === index ? { ...line, ...patch } : line)) });
  const setAddress = (key: keyof NewOrderDraft['shippingAddress'], value: string) =>
    setDraft({ ...draft, shippingAddress: { ...draft.shippingAddress, [key]: value } });

  const preview = orderTotals(
    draft.items
      .map((line) => ({ quantity: Number(line.quantity), price: Number(line.price) }))
      .filter((line) => line.quantity > 0 && line.price > 0),
    draft.creatorId ? 'gift' : 'sale',
  );
  // Shipping to a creator makes the order a gift: their name and email fill in, nothing is charged.
  const shipTo = (creatorId: string) => {
    const creator = creators.find((c) => c.id === creatorId);
    if (!creator) return setDraft({ ...draft, creatorId: undefined });
    setDraft({ ...draft, creatorId, customerName: creator.creatorName, customerEmail: creator.email ?? draft.customerEmail });
  };

  const text = (key: string, label: string, value: string, onChange: (value: string) => void, options: { type?: string; optional?: boolean; autoComplete?: string } = {}) => (
    <div className="cf-field">
      <label htmlFor={`${id}-${key}`}>
        {label}
        {options.optional && <span className="cf-muted"> {t('orders.optional')}</span>}
      </label>
      <input
        id={`${id}-${key}`}
        className="cf-input"
        type={options.type ?? 'text'}
        autoComplete={options.autoComplete ?? 'off'}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title={t('orders.new')}
      className="cf-new-order"
      onSubmit={() => {
        const result = onCreate(draft);
        if (!result.ok) {
          // Said inline, next to the form; a toast would say it twice inside the dialog.
          setError(problemOf(result));
          return;
        }
        close(false);
      }}
      footer={
        <>
          <Button onClick={() => close(false)}>{t('common.cancel')}</Button>
          <Button type="submit" variant="primary">
            {t('orders.create')}
          </Button>
        </>
      }
    >
      <div className="cf-field">
        <label htmlFor={`${id}-ship-to`}>{t('orders.shipTo')}</label>
        <select id={`${id}-ship-to`} className="cf-select" value={draft.creatorId ?? ''} aria-describedby={`${id}-ship-to-help`} onChange={(event) => shipTo(event.target.value)}>
          <option value="">{t('orders.shipTo.customer')}</option>
          {creators.map((creator) => (
            <option key={creator.id} value={creator.id}>
              {t('orders.shipTo.creator', { name: creator.creatorName, handle: creator.creatorHandle })}
            </option>
          ))}
        </select>
        <p id={`${id}-ship-to-help`} className="cf-muted">
          {draft.creatorId ? t('orders.shipTo.giftHelp') : t('orders.shipTo.saleHelp')}
        </p>
      </div>
      <fieldset>
        <legend>{t('orders.customer')}</legend>
        {text('name', t('orders.customerName'), draft.customerName, (v) => setDraft({ ...draft, customerName: v }))}
        {text('email', t('orders.customerEmail'), draft.customerEmail, (v) => setDraft({ ...draft, customerEmail: v }), { type: 'email' })}
        {text('phone', t('orders.phone'), draft.customerPhone ?? '', (v) => setDraft({ ...draft, customerPhone: v }), { type: 'tel', optional: true })}
        <div className="cf-field">
          <label htmlFor={`${id}-source`}>{t('orders.salesChannel')}</label>
          <select id={`${id}-source`} className="cf-select" value={draft.source} onChange={(event) => setDraft({ ...draft, source: event.target.value })}>
            {ORDER_SOURCES.map((source) => (
              <option key={source} value={source}>
                {source === 'Direct' ? t('orders.source.direct') : source}
              </option>
            ))}
          </select>
        </div>
      </fieldset>
      <fieldset>
        <legend>{t('orders.addressLegend')}</legend>
        {text('line1', t('orders.street'), draft.shippingAddress.line1, (v) => setAddress('line1', v))}
        {text('line2', t('orders.apartment'), draft.shippingAddress.line2 ?? '', (v) => setAddress('line2', v), { optional: true })}
        {text('city', t('orders.city'), draft.shippingAddress.city, (v) => setAddress('city', v))}
        {text('state', t('orders.state'), draft.shippingAddress.state, (v) => setAddress('state', v))}
        {text('postal', t('orders.postalCode'), draft.shippingAddress.postalCode, (v) => setAddress('postalCode', v))}
        {text('country', t('orders.country'), draft.shippingAddress.country, (v) => setAddress('country', v))}
      </fieldset>
      <fieldset aria-describedby={`${id}-totals`}>
        <legend>{t('orders.items')}</legend>
        <div className="cf-order-lines">
          {draft.items.map((line, index) => {
            const n = index + 1;
            return (
              <div key={index} className="cf-order-line">
                <div className="cf-field">
                  <label htmlFor={`${id}-sku-${n}`}>{t('orders.productN', { n })}</label>
                  <select id={`${id}-sku-${n}`} className="cf-select" value={line.sku} onChange={(event) => setLine(index, { sku: event.target.value })}>
                    <option value="">{t('orders.chooseProduct')}</option>
                    {inventory.map((item) => (
                      <option key={item.id} value={item.sku}>
                        {t('orders.productOption', { sku: item.sku, name: item.name, count: item.quantity })}
                      </option>
                    ))}
                  </select>
                </div>
                <div className="cf-field">
                  <label htmlFor={`${id}-qty-${n}`}>{t('orders.quantityN', { n })}</label>
                  <input
                    id={`${id}-qty-${n}`}
                    className="cf-input"
                    type="number"
                    min={1}
                    step={1}
                    inputMode="numeric"
                    value={line.quantity}
                    onChange={(event) => setLine(index, { quantity: event.target.value })}
                  />
                </div>
                <div className="cf-field">
                  <label htmlFor={`${id}-price-${n}`}>{t('orders.unitPriceN', { n })}</label>
                  <input
                    id={`${id}-price-${n}`}
                    className="cf-input"
                    type="number"
                    min={0.01}
                    step={0.01}
                    inputMode="decimal"
                    value={line.price}
                    onChange={(event) => setLine(index, { price: event.target.value })}
                  />
                </div>
                <Button
                  variant="ghost"
                  aria-label={t('orders.removeItem', { n })}
                  disabled={draft.items.length === 1}
                  onClick={() => setDraft({ ...draft, items: draft.items.filter((_, i) => i !== index) })}
                >
                  ✕
                </Button>
              </div>
            );
          })}
        </div>
        <div className="cf-row">
          <Button size="small" onClick={() => setDraft({ ...draft, items: [...draft.items, emptyLine()] })}>
            {t('orders.addItem')}
          </Button>
        </div>
      </fieldset>
      <p id={`${id}-totals`} className="cf-muted">
        {t('orders.preview', {
          subtotal: formatMoney(preview.subtotal),
          tax: formatMoney(preview.tax),
          shipping: formatMoney(preview.shipping),
          total: formatMoney(preview.total),
        })}
      </p>
      {error && (
        <p role="alert" className="cf-error">
          {say(error)}
        </p>
      )}
    </Dialog>
  );
}
