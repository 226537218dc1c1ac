import { useSignals } from '@preact/signals-react/runtime';
import { Screen } from '../ui/Screen';
import { useStore } from '../ui/store-context';
import { useT } from '../ui/i18n';

/** The four summary cards: Total Items, Low Stock, Out of Stock, Total Value. */
export function InventorySummaryCards() {
  useSignals();
  const summary = useStore().inventory.summary.value;
  const { t, formatMoney, formatNumber } = useT();
  const cards = [
    { label: t('inventory.totalItems'), value: formatNumber(summary.totalItems) },
    { label: t('inventory.status.low-stock'), value: formatNumber(summary.lowStock) },
    { label: t('inventory.status.out-of-stock'), value: formatNumber(summary.outOfStock) },
    { label: t('inventory.totalValue'), value: formatMoney(summary.totalValue) },
  ];
  return (
    <section aria-label={t('inventory.summary')} className="cf-grid-cards" part="summary">
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
