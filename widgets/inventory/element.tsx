/**
 * `<cf-inventory>`: the Inventory screen. `<cf-inventory-summary>`: its four summary cards.
 * Both read the page-wide store, so a change in one shows in the other at once.
 *
 * @event cf-navigate - cancelable; `detail.href` is the link followed when not canceled
 * @event cf-change - the workspace changed through a user action in this element; `detail` is `{ collection, id?, action }`, e.g. `{ collection: 'inventory', id, action: 'Inventory quantity updated' }` (bubbles, composed)
 * @event cf-error - a render error was caught and shown inside the element; `detail.message` says what failed (bubbles, composed)
 * @csspart root - the screen's root
 * @csspart summary - the summary cards
 * @csspart table - (cf-inventory) the items table
 */
import { Inventory } from './Inventory';
import { InventorySummary } from './InventorySummary';
import { defineScreenElement } from '../elements/define';

interface InventoryElementProps {
  search?: string;
  lowStockOnly?: boolean;
  hideSummary?: boolean;
}

function InventoryElement({ search = '', lowStockOnly = false, hideSummary = false }: InventoryElementProps) {
  return <Inventory defaultSearch={search} defaultLowStockOnly={lowStockOnly} hideSummary={hideSummary} />;
}

export const CfInventory = defineScreenElement('cf-inventory', InventoryElement);
export const CfInventorySummary = defineScreenElement('cf-inventory-summary', InventorySummary);

// Brings the HTMLElementTagNameMap and JSX typings along with this entry.
export type { CreatorflowElementAttributes } from '../elements/types';
