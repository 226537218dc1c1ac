import { useEffect, useRef, useState } from 'react';
import { Screen } from '../ui/Screen';
import { showResult } from '../ui/toast';
import { useT } from '../ui/i18n';
import { NewOrderDialog } from './NewOrderDialog';
import { OrderDetail } from './OrderDetail';
import { OrderList } from './OrderList';
import { ordersStyles } from './styles';
import { useOrdersController, type OrdersControllerOptions } from './useOrdersController';

export type OrdersProps = OrdersControllerOptions;

/** The Orders screen (spec §2 "Orders"): the list, and an order's detail with its back button. */
export function Orders(props: OrdersProps) {
  return (
    <Screen name="Orders" styles={ordersStyles} part="root">
      <OrdersView {...props} />
    </Screen>
  );
}

function OrdersView(options: OrdersProps) {
  const ctl = useOrdersController(options);
  const { t } = useT();
  const [creating, setCreating] = useState(false);
  const listRef = useRef<HTMLDivElement>(null);
  const lastOpened = useRef<string | null>(null);

  // Back from a detail: focus returns to the row that was opened, else to the search box.
  useEffect(() => {
    if (ctl.openId || !lastOpened.current) return;
    const root = listRef.current;
    const label = t('orders.open', { number: lastOpened.current });
    const row = [...(root?.querySelectorAll<HTMLElement>('tr[aria-label]') ?? [])].find((r) => r.getAttribute('aria-label') === label);
    (row ?? root?.querySelector<HTMLElement>('input[type="search"]'))?.focus();
    lastOpened.current = null;
  }, [ctl.openId, t]);

  if (ctl.openId) {
    return (
      <OrderDetail
        orderId={ctl.openOrder?.id ?? null}
        onBack={ctl.close}
        onOpened={(orderNumber) => (lastOpened.current = orderNumber)}
      />
    );
  }

  return (
    <div ref={listRef}>
      <OrderList
        orders={ctl.orders}
        total={ctl.total}
        search={ctl.search}
        onSearchChange={ctl.setSearch}
        statuses={ctl.statuses}
        onStatusToggle={ctl.toggleStatus}
        onClearFilters={ctl.clearFilters}
        sort={ctl.sort}
        onSortChange={ctl.setSort}
        timeZone={ctl.timeZone}
        onOpen={(order) => ctl.open(order.id)}
        onNewOrder={() => setCreating(true)}
        writeBlocked={ctl.writeBlocked}
      />
      <NewOrderDialog
        open={creating}
        onOpenChange={setCreating}
        inventory={ctl.inventory}
        creators={ctl.creators}
        onCreate={(draft) => {
          const result = ctl.createOrder(draft);
          if (result.ok) {
            showResult(result);
            ctl.open(result.value.id);
          }
          return result;
        }}
      />
    </div>
  );
}
