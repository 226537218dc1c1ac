import { useSignals } from '@preact/signals-react/runtime';
import { formatMoney } from '../../lib/format';
import { Screen } from '../ui/Screen';
import { useStore } from '../ui/store-context';

/** The four summary cards: Total Items, Low Stock, Out of Stock, Total Value. */
export function InventorySummaryCards() {
  useSignals();
  const summary = useStore().inventory.summary.value;
  const cards = [
    { label: 'Total Items', value: String(summary.totalItems) },
    { label: 'Low Stock', value: String(summary.lowStock) },
    { label: 'Out of Stock', value: String(summary.outOfStock) },
    { label: 'Total Value', value: formatMoney(summary.totalValue) },
  ];
  return (
    <section aria-label="Inventory summary" className="cf-grid-cards" part="summary">
      {cards.map((card) => (
        <div key={card.label} className="cf-card">
          <p className="cf-stat-label">{card.label}</p>
          <p className="cf-stat-value">{card.value}</p>
        </div>
      ))}
    </section>
  );
}

/** The summary cards as a screen of their own (`<cf-inventory-summary>`). */
export function InventorySummary() {
  return (
    <Screen name="Inventory summary" part="root">
      <InventorySummaryCards />
    </Screen>
  );
}
