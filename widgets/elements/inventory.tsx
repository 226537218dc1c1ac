/**
 * `<cf-inventory>`: the Inventory screen. `<cf-inventory-summary>`: its four summary cards.
 * Both read the page-wide store, so a change in one shows in the other at once.
 *
 * @attr search - search text (name or SKU); changing it restarts the search
 * @attr low-stock-only - 'Low stock only' checked
 * @attr hide-summary - hide the summary cards (show them with `<cf-inventory-summary>`)
 * @event cf-navigate - cancelable; `detail.href` is the link followed when not canceled
 * @event cf-change - the workspace changed through a user action in this element; `detail` is `{ collection, id?, action }`, e.g. `{ collection: 'inventory', id, action: 'Inventory quantity updated' }` (bubbles, composed)
 * @event cf-error - a render error was caught and shown inside the element; `detail.message` says what failed (bubbles, composed)
 * @csspart root - the screen's root
 * @csspart summary - the summary cards
 * @csspart table - the items table
 */
import { Inventory } from '../inventory/Inventory';
import { InventorySummary } from '../inventory/InventorySummary';
import { defineScreenElement } from './define';

interface InventoryElementProps {
  search?: string;
  lowStockOnly?: boolean;
  hideSummary?: boolean;
}

function InventoryElement({ search = '', lowStockOnly = false, hideSummary = false }: InventoryElementProps) {
  return <Inventory defaultSearch={search} defaultLowStockOnly={lowStockOnly} hideSummary={hideSummary} />;
}

export const CfInventory = defineScreenElement('cf-inventory', InventoryElement, {
  search: 'string',
  lowStockOnly: 'boolean',
  hideSummary: 'boolean',
});
export const CfInventorySummary = defineScreenElement('cf-inventory-summary', InventorySummary);

// Brings the HTMLElementTagNameMap and JSX typings along with this entry.
export type { CreatorflowElementAttributes } from './types';
