import { formatAddressLines, orderUnits } from '../../lib/domain/orders';
import type { Order } from '../../lib/domain/types';
import { Button } from '../ui/Button';
import { Dialog } from '../ui/Dialog';
import { useT } from '../ui/i18n';
import { printShippingLabel, type LabelWords } from './printLabel';

export interface ShippingLabelDialogProps {
  /** Whether the label preview is open (controlled). */
  open: boolean;
  onOpenChange(open: boolean): void;
  order: Order;
  /** The sender printed on the label (the workspace's company name). */
  companyName: string;
}

/** Print Label: the order's shipping label, previewed, with a Print button that prints only the label. */
export function ShippingLabelDialog({ open, onOpenChange, order, companyName }: ShippingLabelDialogProps) {
  const units = orderUnits(order);
  const { t } = useT();
  const words: LabelWords = {
    title: t('orders.label.title', { number: order.orderNumber }),
    from: t('orders.label.from'),
    shipTo: t('orders.label.shipTo'),
    order: t('orders.label.order'),
    tracking: t('orders.label.tracking'),
    units: t('orders.label.units', { count: units }),
  };
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={words.title}
      footer={
        <>
          <Button onClick={() => onOpenChange(false)}>{t('common.close')}</Button>
          <Button variant="primary" onClick={() => printShippingLabel({ from: companyName, order, units, labels: words })}>
            {t('orders.label.print')}
          </Button>
        </>
      }
    >
      <div className="cf-label-sheet" part="label">
        <section>
          <h3>{words.from}</h3>
          <div>{companyName}</div>
        </section>
        <section>
          <h3>{words.shipTo}</h3>
          <div className="cf-label-to">{order.customerName}</div>
          <address className="cf-address cf-label-to">{formatAddressLines(order.shippingAddress).join('\n')}</address>
        </section>
        <section>
          <h3>{words.order}</h3>
          <div>
            {order.orderNumber} · {words.units}
          </div>
        </section>
        {order.trackingNumber && (
          <section>
            <h3>{words.tracking}</h3>
            <div>
              {order.carrierName} {order.trackingNumber}
            </div>
          </section>
        )}
      </div>
    </Dialog>
  );
}
