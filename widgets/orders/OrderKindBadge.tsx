import type { OrderKind } from '../../lib/domain/types';
import { Badge, type BadgeColor } from '../ui/Badge';
import { useT } from '../ui/i18n';

const ORDER_KIND_COLOR: Record<OrderKind, BadgeColor> = { gift: 'purple', sale: 'green' };

/** Gift (shipped to a creator, a cost) or Sale (a paying customer, revenue). */
export function OrderKindBadge({ kind }: { kind: OrderKind }) {
  const { t } = useT();
  return <Badge color={ORDER_KIND_COLOR[kind]}>{t(`orders.kind.${kind}`)}</Badge>;
}
