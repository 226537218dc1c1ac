import { ORDER_STATUSES, type OrderStatus } from '../../lib/domain/types';
import { Button } from '../ui/Button';
import { useT } from '../ui/i18n';

export interface OrderStatusFilterProps {
  /** Chosen statuses; none chosen shows every order (spec §5). */
  value: readonly OrderStatus[];
  onToggle(status: OrderStatus, checked: boolean): void;
  /** 'Clear filters': unchecks every status. */
  onClear(): void;
}

/** The status filter panel: a multi-select of the six order statuses, with Clear filters. */
export function OrderStatusFilter({ value, onToggle, onClear }: OrderStatusFilterProps) {
  const { t } = useT();
  return (
    <fieldset className="cf-orders-filter" part="filters" data-state={value.length ? 'filtered' : 'all'}>
      <legend>{t('orders.filter')}</legend>
      {ORDER_STATUSES.map((status) => (
        <label key={status} className="cf-check">
          <input type="checkbox" checked={value.includes(status)} onChange={(event) => onToggle(status, event.target.checked)} />
          {t(`orders.status.${status}`)}
        </label>
      ))}
      <Button size="small" variant="ghost" onClick={onClear}>
        {t('orders.clearFilters')}
      </Button>
    </fieldset>
  );
}
