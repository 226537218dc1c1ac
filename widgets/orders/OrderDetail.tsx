import { useEffect, useEffectEvent, useId, useRef, useState, type ReactNode, type RefObject } from 'react';
import { formatAddressLines, SHIPPING_SECTION_STATUSES, STOCK_AVAILABILITY_LABEL, type StockAvailability } from '../../lib/domain/orders';
import { ORDER_STATUSES } from '../../lib/domain/types';
import { formatDateTime, formatHistory, formatMoney } from '../../lib/format';
import { Badge, type BadgeColor } from '../ui/Badge';
import { Button } from '../ui/Button';
import { Select } from '../ui/Select';
import { showResult } from '../ui/toast';
import { NotesEditor } from './NotesEditor';
import { OrderStatusBadge } from './OrderStatusBadge';
import { ShippingForm } from './ShippingForm';
import { ShippingLabelDialog } from './ShippingLabel';
import { useOrderDetail } from './useOrdersController';

const STATUS_OPTIONS = ORDER_STATUSES.map((status) => ({ value: status }));

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

  const back = (
    <Button variant="ghost" onClick={onBack}>
      ← Back to orders
    </Button>
  );
  if (!orderId) {
    return (
      <div className="cf-stack">
        <div className="cf-row">{back}</div>
        <h1 ref={headingRef} tabIndex={-1}>
          Order not found
        </h1>
        <p className="cf-muted">This order does not exist in this workspace. It may have been removed.</p>
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
  return (
    <div className="cf-stack" part="detail">
      <div className="cf-row">
        {back}
        <span className="cf-spacer" />
        <Button onClick={() => setPrinting(true)}>Print Label</Button>
      </div>
      <div className="cf-row">
        <h1 ref={headingRef} tabIndex={-1}>
          Order {order.orderNumber}
        </h1>
        <OrderStatusBadge status={order.status} />
      </div>
      <p className="cf-order-meta">
        <span>
          Placed <time dateTime={order.createdAt}>{formatDateTime(order.createdAt, timeZone)}</time>
        </span>
        <span>
          Updated <time dateTime={order.updatedAt}>{formatDateTime(order.updatedAt, timeZone)}</time>
        </span>
      </p>

      <div className="cf-order-detail">
        <section className="cf-card" aria-labelledby={`${statusId}-h`}>
          <h2 id={`${statusId}-h`}>Status</h2>
          <div className="cf-field">
            <label htmlFor={statusId}>Order status</label>
            <Select
              id={statusId}
              options={STATUS_OPTIONS}
              value={order.status}
              disabled={Boolean(writeBlocked)}
              title={writeBlocked ?? undefined}
              aria-describedby={statusHelpId}
              onValueChange={(status) => showResult(detail.changeStatus(status))}
            />
            <p id={statusHelpId} className="cf-muted">
              {writeBlocked ??
                (order.stockDeducted
                  ? 'Stock for this order has been deducted from inventory.'
                  : 'Processing or Shipped deducts this order’s stock from inventory.')}
            </p>
          </div>
        </section>

        <section className="cf-card" aria-label="Customer">
          <h2>Customer</h2>
          <dl className="cf-details">
            <dt>Name</dt>
            <dd>{order.customerName}</dd>
            <dt>Email</dt>
            <dd>
              <a href={`mailto:${order.customerEmail}`}>{order.customerEmail}</a>
            </dd>
            {order.customerPhone && (
              <>
                <dt>Phone</dt>
                <dd>{order.customerPhone}</dd>
              </>
            )}
            <dt>Source</dt>
            <dd>{order.source}</dd>
          </dl>
        </section>

        <section className="cf-card" aria-label="Shipping Address">
          <h2>Shipping Address</h2>
          <address className="cf-address">{address.join('\n')}</address>
        </section>

        <section className="cf-card" aria-label="Fulfilment Fees">
          <h2>Fulfilment Fees</h2>
          <dl className="cf-details">
            <dt>Pick and pack</dt>
            <dd className="cf-num">{formatMoney(fees.pickAndPack)}</dd>
            <dt>Shipping</dt>
            <dd className="cf-num">{formatMoney(fees.shipping)}</dd>
            <dt>Handling</dt>
            <dd className="cf-num">{formatMoney(fees.handling)}</dd>
            <dt className="cf-total">Total fees</dt>
            <dd className="cf-num cf-total">{formatMoney(fees.total)}</dd>
          </dl>
        </section>

        <section className="cf-card cf-wide" aria-label="Items">
          <h2>Items</h2>
          <div className="cf-table-wrap">
            <table className="cf-table" aria-label="Order items">
              <thead>
                <tr>
                  <th scope="col">Product</th>
                  <th scope="col">SKU</th>
                  <th scope="col" className="cf-num">Quantity</th>
                  <th scope="col" className="cf-num">Price</th>
                  <th scope="col" className="cf-num">Line total</th>
                  <th scope="col">Stock</th>
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
                          <Badge color="blue">Deducted</Badge>
                          <span className="cf-muted">{inStock} left</span>
                        </span>
                      ) : (
                        <span className="cf-row">
                          <Badge color={AVAILABILITY_COLOR[availability]}>{STOCK_AVAILABILITY_LABEL[availability]}</Badge>
                          <span className="cf-muted">{availability === 'missing' ? 'Not in inventory' : `${inStock} in stock`}</span>
                        </span>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <dl className="cf-details" aria-label="Order totals">
            <dt>Subtotal</dt>
            <dd className="cf-num">{formatMoney(order.subtotal)}</dd>
            <dt>Tax</dt>
            <dd className="cf-num">{formatMoney(order.tax)}</dd>
            <dt>Shipping</dt>
            <dd className="cf-num">{formatMoney(order.shipping)}</dd>
            <dt className="cf-total">Total</dt>
            <dd className="cf-num cf-total">{formatMoney(order.total)}</dd>
          </dl>
        </section>

        {SHIPPING_SECTION_STATUSES.includes(order.status) && (
          <section className="cf-card" aria-label="Shipping">
            <h2>Shipping</h2>
            {order.trackingNumber ? (
              <dl className="cf-details">
                <dt>Tracking number</dt>
                <dd>{order.trackingNumber}</dd>
                <dt>Carrier</dt>
                <dd>{order.carrierName}</dd>
              </dl>
            ) : (
              <p className="cf-muted">No tracking information yet.</p>
            )}
            <ShippingForm key={order.trackingNumber ?? ''} onShip={detail.shipWithTracking} writeBlocked={writeBlocked} />
          </section>
        )}
        {!SHIPPING_SECTION_STATUSES.includes(order.status) && order.trackingNumber && (
          <section className="cf-card" aria-label="Tracking">
            <h2>Tracking</h2>
            <dl className="cf-details">
              <dt>Tracking number</dt>
              <dd>{order.trackingNumber}</dd>
              <dt>Carrier</dt>
              <dd>{order.carrierName}</dd>
            </dl>
          </section>
        )}

        <section className="cf-card" aria-label="Notes">
          <h2>Notes</h2>
          <NotesEditor key={order.id} defaultValue={order.notes ?? ''} onSave={detail.saveNotes} writeBlocked={writeBlocked} />
        </section>

        <section className="cf-card" aria-label="History">
          <h2>History</h2>
          <ol className="cf-history">
            {[...order.history].reverse().map((entry) => (
              <li key={entry.id}>
                <time dateTime={entry.timestamp}>{formatHistory(entry.timestamp, timeZone)}</time>
                <OrderStatusBadge status={entry.status} />
                <span>{entry.note}</span>
              </li>
            ))}
          </ol>
        </section>
      </div>
      <ShippingLabelDialog open={printing} onOpenChange={setPrinting} order={order} companyName={detail.companyName} />
    </div>
  );
}
