export { Inventory, type InventoryProps } from './Inventory';
export { InventorySummary, InventorySummaryCards } from './InventorySummary';
export { useInventoryController } from './useInventoryController';
