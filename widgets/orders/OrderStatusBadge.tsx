import type { OrderStatus } from '../../lib/domain/types';
import { Badge, type BadgeColor } from '../ui/Badge';
import { useT } from '../ui/i18n';

export const ORDER_STATUS_COLOR: Record<OrderStatus, BadgeColor> = {
  New: 'blue',
  Processing: 'yellow',
  Shipped: 'purple',
  Delivered: 'green',
  Canceled: 'gray',
  Refunded: 'red',
};

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const { t } = useT();
  return <Badge color={ORDER_STATUS_COLOR[status]}>{t(`orders.status.${status}`)}</Badge>;
}
