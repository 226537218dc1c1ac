import { formatAddressLines, orderUnits } from '../../lib/domain/orders';
import type { Order } from '../../lib/domain/types';
import { Button } from '../ui/Button';
import { Dialog } from '../ui/Dialog';
import { printShippingLabel } from './printLabel';

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
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Shipping label ${order.orderNumber}`}
      footer={
        <>
          <Button onClick={() => onOpenChange(false)}>Close</Button>
          <Button variant="primary" onClick={() => printShippingLabel({ from: companyName, order, units })}>
            Print
          </Button>
        </>
      }
    >
      <div className="cf-label-sheet" part="label">
        <section>
          <h3>From</h3>
          <div>{companyName}</div>
        </section>
        <section>
          <h3>Ship to</h3>
          <div className="cf-label-to">{order.customerName}</div>
          <address className="cf-address cf-label-to">{formatAddressLines(order.shippingAddress).join('\n')}</address>
        </section>
        <section>
          <h3>Order</h3>
          <div>
            {order.orderNumber} · {units} {units === 1 ? 'unit' : 'units'}
          </div>
        </section>
        {order.trackingNumber && (
          <section>
            <h3>Tracking</h3>
            <div>
              {order.carrierName} {order.trackingNumber}
            </div>
          </section>
        )}
      </div>
    </Dialog>
  );
}
