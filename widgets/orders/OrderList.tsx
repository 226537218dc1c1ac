import { orderUnits, type OrderSort, type OrderSortKey } from '../../lib/domain/orders';
import type { Order, OrderStatus } from '../../lib/domain/types';
import { Button } from '../ui/Button';
import { VirtualTable, type Column } from '../ui/VirtualTable';
import { OrderKindBadge } from './OrderKindBadge';
import { OrderStatusBadge } from './OrderStatusBadge';
import { OrderStatusFilter } from './OrderStatusFilter';
import { SearchField } from '../ui/SearchField';
import { useT } from '../ui/i18n';

export interface OrderListProps {
  orders: readonly Order[];
  /** Orders in the workspace, before search and filter. */
  total: number;
  search: string;
  onSearchChange(search: string): void;
  statuses: readonly OrderStatus[];
  onStatusToggle(status: OrderStatus, checked: boolean): void;
  onClearFilters(): void;
  sort: OrderSort;
  onSortChange(sort: OrderSort): void;
  /** Workspace time zone for the Date column. */
  timeZone?: string;
  onOpen(order: Order): void;
  onNewOrder(): void;
  /** Why New Order is disabled, or null. */
  writeBlocked: string | null;
}

/** The orders list: count, search, status filter panel and a virtualized, sortable table. */
export function OrderList(props: OrderListProps) {
  const { orders, total, timeZone } = props;
  const { t, formatDay, formatMoney } = useT();
  const columns: Column<Order>[] = [
    { key: 'orderNumber', header: t('orders.col.order'), sortable: true, render: (o) => <strong>{o.orderNumber}</strong> },
    {
      key: 'customerName',
      header: t('orders.col.customer'),
      sortable: true,
      render: (o) => (
        <span className="cf-customer-cell">
          <span>{o.customerName}</span>
          <span className="cf-muted">{o.customerEmail}</span>
          {o.attribution && <span className="cf-muted">{t('orders.attributedTo', { handle: o.attribution.handle, code: o.attribution.code })}</span>}
        </span>
      ),
    },
    { key: 'kind', header: t('orders.col.kind'), render: (o) => <OrderKindBadge kind={o.kind} /> },
    { key: 'status', header: t('orders.col.status'), sortable: true, render: (o) => <OrderStatusBadge status={o.status} /> },
    { key: 'items', header: t('orders.col.items'), sortable: true, render: (o) => orderUnits(o) },
    { key: 'createdAt', header: t('orders.col.date'), sortable: true, render: (o) => formatDay(o.createdAt, timeZone) },
    { key: 'total', header: t('orders.col.total'), sortable: true, render: (o) => formatMoney(o.total) },
  ];
  const filtered = props.statuses.length > 0 || props.search.trim() !== '';

  return (
    <div className="cf-stack">
      <div className="cf-row cf-orders-header">
        <h1>{t('orders.heading')}</h1>
        <span className="cf-muted" role="status">
          {filtered ? t('orders.countFiltered', { shown: orders.length, total }) : t('orders.count', { total })}
        </span>
        <span className="cf-spacer" />
        <Button variant="primary" disabledReason={props.writeBlocked} onClick={props.onNewOrder}>
          {t('orders.new')}
        </Button>
      </div>
      <div className="cf-orders-toolbar" role="search">
        <SearchField label={t('orders.search')} placeholder={t('orders.searchPlaceholder')} value={props.search} onValueChange={props.onSearchChange} />
        <OrderStatusFilter value={props.statuses} onToggle={props.onStatusToggle} onClear={props.onClearFilters} />
      </div>
      <VirtualTable
        label={t('orders.heading')}
        columns={columns}
        rows={orders}
        rowKey={(o) => o.id}
        rowLabel={(o) => t('orders.open', { number: o.orderNumber })}
        onRowActivate={props.onOpen}
        sort={props.sort}
        onSortChange={(next) => props.onSortChange({ key: next.key as OrderSortKey, direction: next.direction })}
        estimateRowHeight={61}
        empty={<strong>{t('orders.none')}</strong>}
      />
    </div>
  );
}
