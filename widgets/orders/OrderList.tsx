import { orderUnits, type OrderSort, type OrderSortKey } from '../../lib/domain/orders';
import type { Order, OrderStatus } from '../../lib/domain/types';
import { formatDay, formatMoney } from '../../lib/format';
import { Button } from '../ui/Button';
import { VirtualTable, type Column } from '../ui/VirtualTable';
import { OrderStatusBadge } from './OrderStatusBadge';
import { OrderStatusFilter } from './OrderStatusFilter';
import { SearchField } from '../ui/SearchField';

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
  const columns: Column<Order>[] = [
    { key: 'orderNumber', header: 'Order', sortable: true, render: (o) => <strong>{o.orderNumber}</strong> },
    {
      key: 'customerName',
      header: 'Customer',
      sortable: true,
      render: (o) => (
        <span className="cf-customer-cell">
          <span>{o.customerName}</span>
          <span className="cf-muted">{o.customerEmail}</span>
        </span>
      ),
    },
    { key: 'status', header: 'Status', sortable: true, render: (o) => <OrderStatusBadge status={o.status} /> },
    { key: 'items', header: 'Items', sortable: true, render: (o) => orderUnits(o) },
    { key: 'createdAt', header: 'Date', sortable: true, render: (o) => formatDay(o.createdAt, timeZone) },
    { key: 'total', header: 'Total', sortable: true, render: (o) => formatMoney(o.total) },
  ];
  const filtered = props.statuses.length > 0 || props.search.trim() !== '';

  return (
    <div className="cf-stack">
      <div className="cf-row cf-orders-header">
        <h1>Orders</h1>
        <span className="cf-muted" role="status">
          {filtered ? `${orders.length} of ${total} orders` : `${total} ${total === 1 ? 'order' : 'orders'}`}
        </span>
        <span className="cf-spacer" />
        <Button variant="primary" disabledReason={props.writeBlocked} onClick={props.onNewOrder}>
          New Order
        </Button>
      </div>
      <div className="cf-orders-toolbar" role="search">
        <SearchField label="Search orders" placeholder="Order number, customer name or email" value={props.search} onValueChange={props.onSearchChange} />
        <OrderStatusFilter value={props.statuses} onToggle={props.onStatusToggle} onClear={props.onClearFilters} />
      </div>
      <VirtualTable
        label="Orders"
        columns={columns}
        rows={orders}
        rowKey={(o) => o.id}
        rowLabel={(o) => `Open order ${o.orderNumber}`}
        onRowActivate={props.onOpen}
        sort={props.sort}
        onSortChange={(next) => props.onSortChange({ key: next.key as OrderSortKey, direction: next.direction })}
        estimateRowHeight={61}
        empty={<strong>No orders found</strong>}
      />
    </div>
  );
}
