/**
 * `<cf-orders>`: the Orders screen: the list (search, status filter panel, sortable
 * virtualized table) and an order's detail (status, stock, fees, shipping, notes, history,
 * Print Label), plus New Order. Reads and writes the page-wide store, so `<cf-inventory>`
 * on the same page shows stock deducted by a status change at once.
 *
 * @event cf-navigate - cancelable; `detail.href` is the link followed when not canceled
 * @event cf-change - the workspace changed through a user action in this element; `detail` is `{ collection, id?, action }`, e.g. `{ collection: 'inventory', id, action: 'Inventory quantity updated' }` (bubbles, composed)
 * @event cf-error - a render error was caught and shown inside the element; `detail.message` says what failed (bubbles, composed)
 * @csspart root - the screen's root
 * @csspart table - the orders table
 * @csspart filters - the status filter panel
 * @csspart detail - an order's detail
 * @csspart label - the shipping label preview
 */
import { Orders } from './Orders';
import { defineScreenElement } from '../elements/define';

// `order-id` is bound both ways (screens.ts): opening or closing an order writes it back.
export const CfOrders = defineScreenElement('cf-orders', Orders);

// Brings the HTMLElementTagNameMap and JSX typings along with this entry.
export type { CreatorflowElementAttributes } from '../elements/types';
