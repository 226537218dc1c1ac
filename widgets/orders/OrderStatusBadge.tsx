import type { OrderStatus } from '../../lib/domain/types';
import { Badge, type BadgeColor } from '../ui/Badge';

export const ORDER_STATUS_COLOR: Record<OrderStatus, BadgeColor> = {
  New: 'blue',
  Processing: 'yellow',
  Shipped: 'purple',
  Delivered: 'green',
  Canceled: 'gray',
  Refunded: 'red',
};

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return <Badge color={ORDER_STATUS_COLOR[status]}>{status}</Badge>;
}
