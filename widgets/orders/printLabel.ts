// Prints an order's shipping label on its own: a hidden iframe holds only the label, so
// the page around it (app shell, other elements, shadow roots) never reaches the printer.
// Built with DOM APIs and CSSOM styles: no HTML strings, nothing a strict CSP blocks.
import { formatAddressLines } from '../../lib/domain/orders';
import type { Order } from '../../lib/domain/types';

export interface LabelContent {
  from: string;
  order: Order;
  /** Units in the parcel. */
  units: number;
  /** The label's words in the screen's language (English when not given). */
  labels?: LabelWords;
}

export interface LabelWords {
  title: string;
  from: string;
  shipTo: string;
  order: string;
  tracking: string;
  units: string;
}

export function printShippingLabel({ from, order, units, labels }: LabelContent): void {
  const words: LabelWords = labels ?? {
    title: `Shipping label ${order.orderNumber}`,
    from: 'From',
    shipTo: 'Ship to',
    order: 'Order',
    tracking: 'Tracking',
    units: `${units} ${units === 1 ? 'unit' : 'units'}`,
  };
  if (typeof document === 'undefined') return;
  const frame = document.createElement('iframe');
  frame.setAttribute('aria-hidden', 'true');
  frame.tabIndex = -1;
  Object.assign(frame.style, { position: 'fixed', right: '0', bottom: '0', width: '0', height: '0', border: '0' });
  document.body.appendChild(frame);
  const win = frame.contentWindow;
  const doc = frame.contentDocument;
  if (!win || !doc) {
    frame.remove();
    return;
  }
  doc.title = words.title;
  const sheet = doc.createElement('div');
  Object.assign(sheet.style, {
    fontFamily: 'ui-monospace, Menlo, monospace',
    border: '2px solid #000',
    padding: '16px',
    width: '4in',
    boxSizing: 'border-box',
  });
  const block = (heading: string, lines: string[], big = false) => {
    const section = doc.createElement('section');
    section.style.marginBottom = '12px';
    const h = doc.createElement('div');
    h.textContent = heading;
    Object.assign(h.style, { fontSize: '10px', textTransform: 'uppercase', letterSpacing: '0.08em' });
    section.appendChild(h);
    for (const line of lines) {
      const p = doc.createElement('div');
      p.textContent = line;
      if (big) Object.assign(p.style, { fontSize: '16px', fontWeight: '700' });
      section.appendChild(p);
    }
    sheet.appendChild(section);
  };
  block(words.from, [from]);
  block(words.shipTo, [order.customerName, ...formatAddressLines(order.shippingAddress)], true);
  block(words.order, [`${order.orderNumber} · ${words.units}`]);
  if (order.trackingNumber) block(words.tracking, [`${order.carrierName ?? ''} ${order.trackingNumber}`.trim()]);
  doc.body.appendChild(sheet);
  const cleanUp = () => setTimeout(() => frame.remove(), 0);
  win.addEventListener('afterprint', cleanUp, { once: true });
  win.focus();
  win.print();
  // Browsers without afterprint (or where print returns at once) still drop the frame later.
  setTimeout(() => frame.isConnected && frame.remove(), 60_000);
}
