import { useEffect, useEffectEvent, useId, useRef, useState, type ReactNode, type RefObject } from 'react';
import { formatAddressLines, SHIPPING_SECTION_STATUSES, type StockAvailability } from '../../lib/domain/orders';
import { ORDER_STATUSES } from '../../lib/domain/types';
import { saleFiguresOf } from '../../lib/domain/sales';
import { Badge, type BadgeColor } from '../ui/Badge';
import { Button } from '../ui/Button';
import { Select } from '../ui/Select';
import { useT } from '../ui/i18n';
import { orderNoteIn } from '../../lib/i18n/activity';
import { showResult } from '../ui/toast';
import { NotesEditor } from './NotesEditor';
import { OrderAttribution } from './OrderAttribution';
import { OrderKindBadge } from './OrderKindBadge';
import { OrderStatusBadge } from './OrderStatusBadge';
import { ShippingForm } from './ShippingForm';
import { ShippingLabelDialog } from './ShippingLabel';
import { useOrderDetail } from './useOrdersController';
import { ScrollRegion } from '../ui/ScrollRegion';

const AVAILABILITY_COLOR: Record<StockAvailability, BadgeColor> = { available: 'green', insufficient: 'yellow', missing: 'red' };

export interface OrderDetailProps {
  /** The order to show; null when the asked-for order does not exist. */
  orderId: string | null;
  /** The back button. */
  onBack(): void;
  /** Told the order number once shown, so focus can return to its row. */
  onOpened?(orderNumber: string): void;
}

/** An order's detail (spec §2 "Orders"): status, customer, address, fees, items, shipping, notes, history. */
export function OrderDetail({ orderId, onBack, onOpened }: OrderDetailProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), [orderId]);
  const { t } = useT();

  const back = (
    <Button variant="ghost" onClick={onBack}>
      {t('orders.back')}
    </Button>
  );
  if (!orderId) {
    return (
      <div className="cf-stack">
        <div className="cf-row">{back}</div>
        <h1 ref={headingRef} tabIndex={-1}>
          {t('orders.notFound')}
        </h1>
        <p className="cf-muted">{t('orders.notFoundBody')}</p>
      </div>
    );
  }
  return <OrderDetailBody key={orderId} orderId={orderId} back={back} headingRef={headingRef} onOpened={onOpened} />;
}

function OrderDetailBody({
  orderId,
  back,
  headingRef,
  onOpened,
}: {
  orderId: string;
  back: ReactNode;
  headingRef: RefObject<HTMLHeadingElement | null>;
  onOpened?(orderNumber: string): void;
}) {
  const detail = useOrderDetail(orderId);
  const i18n = useT();
  const { t, formatDateTime, formatHistory, formatMoney } = i18n;
  const { order, fees, timeZone, writeBlocked } = detail;
  const [printing, setPrinting] = useState(false);
  const statusId = useId();
  const statusHelpId = useId();
  // Reported once per order shown, whatever the parent's callback identity.
  const reportOpened = useEffectEvent((orderNumber: string) => onOpened?.(orderNumber));
  const orderNumber = order?.orderNumber;
  useEffect(() => {
    if (orderNumber) reportOpened(orderNumber);
  }, [orderNumber]);
  if (!order || !fees) return null;

  const address = formatAddressLines(order.shippingAddress);
  // A sale's revenue: its goods after discounts, less its refunds; nothing when cancelled.
  const sale = order.kind === 'sale' ? saleFiguresOf(order) : null;
  const statusOptions = ORDER_STATUSES.map((status) => ({ value: status, label: t(`orders.status.${status}`) }));
  return (
    <div className="cf-stack" part="detail">
      <div className="cf-row">
        {back}
        <span className="cf-spacer" />
        <Button onClick={() => setPrinting(true)}>{t('orders.printLabel')}</Button>
      </div>
      <div className="cf-row">
        <h1 ref={headingRef} tabIndex={-1}>
          {t('orders.title', { number: order.orderNumber })}
        </h1>
        <OrderStatusBadge status={order.status} />
      </div>
      <p className="cf-order-meta">
        <span>
          {t('orders.placed')} <time dateTime={order.createdAt}>{formatDateTime(order.createdAt, timeZone)}</time>
        </span>
        <span>
          {t('orders.updated')} <time dateTime={order.updatedAt}>{formatDateTime(order.updatedAt, timeZone)}</time>
        </span>
      </p>

      <div className="cf-order-detail">
        <section className="cf-card" aria-labelledby={`${statusId}-h`}>
          <h2 id={`${statusId}-h`}>{t('orders.col.status')}</h2>
          <div className="cf-field">
            <label htmlFor={statusId}>{t('orders.orderStatus')}</label>
            <Select
              id={statusId}
              options={statusOptions}
              value={order.status}
              disabled={Boolean(writeBlocked)}
              title={writeBlocked ? writeBlocked : undefined}
              aria-describedby={statusHelpId}
              onValueChange={(status) => showResult(detail.changeStatus(status))}
            />
            <p id={statusHelpId} className="cf-muted">
              {writeBlocked ? writeBlocked : order.stockDeducted ? t('orders.stockDeducted') : t('orders.stockWillDeduct')}
            </p>
          </div>
        </section>

        <section className="cf-card" aria-label={t('orders.customer')}>
          <h2>{t('orders.customer')}</h2>
          <dl className="cf-details">
            <dt>{t('orders.name')}</dt>
            <dd>{order.customerName}</dd>
            <dt>{t('orders.email')}</dt>
            <dd>
              <a href={`mailto:${order.customerEmail}`}>{order.customerEmail}</a>
            </dd>
            {order.customerPhone && (
              <>
                <dt>{t('orders.phone')}</dt>
                <dd>{order.customerPhone}</dd>
              </>
            )}
            <dt>{t('orders.source')}</dt>
            <dd>{order.source}</dd>
            <dt>{t('orders.col.kind')}</dt>
            <dd>
              <OrderKindBadge kind={order.kind} />
            </dd>
            {order.kind === 'sale' && (
              <>
                <dt>{t('orders.attribution')}</dt>
                <dd>
                  <OrderAttribution
                    value={order.attribution}
                    creators={detail.attributable}
                    onAttribute={detail.attribute}
                    onRemove={detail.removeAttribution}
                    writeBlocked={writeBlocked || undefined}
                  />
                </dd>
              </>
            )}
          </dl>
        </section>

        <section className="cf-card" aria-label={t('orders.shippingAddress')}>
          <h2>{t('orders.shippingAddress')}</h2>
          <address className="cf-address">{address.join('\n')}</address>
        </section>

        <section className="cf-card" aria-label={t('orders.fees')}>
          <h2>{t('orders.fees')}</h2>
          <dl className="cf-details">
            <dt>{t('orders.pickAndPack')}</dt>
            <dd className="cf-num">{formatMoney(fees.pickAndPack)}</dd>
            <dt>{t('orders.shipping')}</dt>
            <dd className="cf-num">{formatMoney(fees.shipping)}</dd>
            <dt>{t('orders.handling')}</dt>
            <dd className="cf-num">{formatMoney(fees.handling)}</dd>
            <dt className="cf-total">{t('orders.totalFees')}</dt>
            <dd className="cf-num cf-total">{formatMoney(fees.total)}</dd>
          </dl>
        </section>

        <section className="cf-card cf-wide" aria-label={t('orders.items')}>
          <h2>{t('orders.items')}</h2>
          <ScrollRegion label={t('orders.itemsTable')}>
            <table className="cf-table" aria-label={t('orders.itemsTable')}>
              <thead>
                <tr>
                  <th scope="col">{t('orders.product')}</th>
                  <th scope="col">{t('orders.sku')}</th>
                  <th scope="col" className="cf-num">{t('orders.quantity')}</th>
                  <th scope="col" className="cf-num">{t('orders.price')}</th>
                  <th scope="col" className="cf-num">{t('orders.lineTotal')}</th>
                  <th scope="col">{t('orders.stock')}</th>
                </tr>
              </thead>
              <tbody>
                {detail.stock.map(({ item, availability, inStock }) => (
                  <tr key={item.id}>
                    <td>
                      {item.name}
                      {item.variantName && <span className="cf-muted"> ({item.variantName})</span>}
                    </td>
                    <td>{item.sku}</td>
                    <td className="cf-num">{item.quantity}</td>
                    <td className="cf-num">{formatMoney(item.price)}</td>
                    <td className="cf-num">{formatMoney(item.price * item.quantity)}</td>
                    <td>
                      {order.stockDeducted ? (
                        <span className="cf-row">
                          <Badge color="blue">{t('orders.deducted')}</Badge>
                          <span className="cf-muted">{t('orders.left', { count: inStock })}</span>
                        </span>
                      ) : (
                        <span className="cf-row">
                          <Badge color={AVAILABILITY_COLOR[availability]}>{t(`orders.availability.${availability}`)}</Badge>
                          <span className="cf-muted">{availability === 'missing' ? t('orders.notInInventory') : t('orders.inStock', { count: inStock })}</span>
                        </span>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
          <dl className="cf-details" aria-label={t('orders.totals')}>
            <dt>{t('orders.subtotal')}</dt>
            <dd className="cf-num">{formatMoney(order.subtotal)}</dd>
            <dt>{t('orders.tax')}</dt>
            <dd className="cf-num">{formatMoney(order.tax)}</dd>
            <dt>{t('orders.shipping')}</dt>
            <dd className="cf-num">{formatMoney(order.shipping)}</dd>
            <dt className="cf-total">{t('orders.total')}</dt>
            <dd className="cf-num cf-total">{formatMoney(order.total)}</dd>
            {sale && sale.refunded > 0 && (
              <>
                <dt>{t('orders.refunded')}</dt>
                <dd className="cf-num">{formatMoney(-sale.refunded)}</dd>
              </>
            )}
            {sale && (
              <>
                <dt>{t('orders.netRevenue')}</dt>
                <dd className="cf-num">{formatMoney(sale.netRevenue)}</dd>
              </>
            )}
          </dl>
          {order.kind === 'gift' && <p className="cf-muted">{t('orders.giftCharges', { cost: formatMoney(order.shippingCost ?? 0) })}</p>}
        </section>

        {SHIPPING_SECTION_STATUSES.includes(order.status) && (
          <section className="cf-card" aria-label={t('orders.shipping')}>
            <h2>{t('orders.shipping')}</h2>
            {order.trackingNumber ? (
              <dl className="cf-details">
                <dt>{t('orders.trackingNumber')}</dt>
                <dd>{order.trackingNumber}</dd>
                <dt>{t('orders.carrier')}</dt>
                <dd>{order.carrierName}</dd>
              </dl>
            ) : (
              <p className="cf-muted">{t('orders.noTracking')}</p>
            )}
            <ShippingForm key={order.trackingNumber ?? ''} onShip={detail.shipWithTracking} writeBlocked={writeBlocked} />
          </section>
        )}
        {!SHIPPING_SECTION_STATUSES.includes(order.status) && order.trackingNumber && (
          <section className="cf-card" aria-label={t('orders.tracking')}>
            <h2>{t('orders.tracking')}</h2>
            <dl className="cf-details">
              <dt>{t('orders.trackingNumber')}</dt>
              <dd>{order.trackingNumber}</dd>
              <dt>{t('orders.carrier')}</dt>
              <dd>{order.carrierName}</dd>
            </dl>
          </section>
        )}

        <section className="cf-card" aria-label={t('orders.notes')}>
          <h2>{t('orders.notes')}</h2>
          <NotesEditor key={order.id} savedValue={order.notes ?? ''} onSave={detail.saveNotes} writeBlocked={writeBlocked} />
        </section>

        <section className="cf-card" aria-label={t('orders.history')}>
          <h2>{t('orders.history')}</h2>
          <ol className="cf-history">
            {[...order.history].reverse().map((entry) => (
              <li key={entry.id}>
                <time dateTime={entry.timestamp}>{formatHistory(entry.timestamp, timeZone)}</time>
                <OrderStatusBadge status={entry.status} />
                <span>{entry.note && orderNoteIn(i18n, entry)}</span>
              </li>
            ))}
          </ol>
        </section>
      </div>
      <ShippingLabelDialog open={printing} onOpenChange={setPrinting} order={order} companyName={detail.companyName} />
    </div>
  );
}
