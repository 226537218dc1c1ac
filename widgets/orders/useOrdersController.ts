import { useSignals } from '@preact/signals-react/runtime';
import { useDeferredValue, useEffect, useEffectEvent, useMemo, useState } from 'react';
import {
  checkStock,
  DEFAULT_ORDER_SORT,
  createOrderSearch,
  fulfilmentFees,
  sortOrders,
  type NewOrderDraft,
  type OrderSort,
  type TrackingDraft,
} from '../../lib/domain/orders';
import type { OrderStatus } from '../../lib/domain/types';
import { message } from '../../lib/domain/messages';
import { useStore } from '../ui/store-context';
import { showResult, toastWithUndo } from '../ui/toast';
import { useWhyNot } from '../ui/i18n';
import { usePreparedSearch } from '../ui/usePreparedSearch';
import { useControllableState } from '../ui/useControllableState';

export interface OrdersControllerOptions {
  /**
   * The open order (controlled, with `onOrderIdChange`): its id or order number, e.g. from
   * `/orders/{id}`; `null` shows the list. `undefined` leaves it to the screen.
   */
  orderId?: string | null;
  /** The order open first when `orderId` is not given. Default none (the list). */
  defaultOrderId?: string | null;
  /** Called with the order shown after a row is opened (id) or the detail is closed (null). */
  onOrderIdChange?(orderId: string | null): void;
  /** Initial search text. Default ''. */
  defaultSearch?: string;
  /** Initially chosen statuses of the filter panel. Default none (all). */
  defaultStatuses?: OrderStatus[];
}

/** The list's state (search, status filter, sort) and which order is open; the views only render. */
export function useOrdersController({ orderId, defaultOrderId = null, onOrderIdChange, defaultSearch = '', defaultStatuses = [] }: OrdersControllerOptions = {}) {
  useSignals();
  const store = useStore();
  const whyNot = useWhyNot();
  const [search, setSearch] = useState(defaultSearch);
  const [statuses, setStatuses] = useState<OrderStatus[]>(defaultStatuses);
  const [sort, setSort] = useState<OrderSort>(DEFAULT_ORDER_SORT);
  const [openId, setOpenId] = useControllableState<string | null>({ value: orderId, defaultValue: defaultOrderId, onValueChange: onOrderIdChange });

  const all = store.orders.items.items.value;
  // Typing stays responsive with 50,000 orders: filtering follows the input at low priority.
  const deferredSearch = useDeferredValue(search);
  // Sorted once per data or sort change; each keystroke only filters (filtering keeps the order),
  // the last answers reused while typing on.
  const sorted = useMemo(() => sortOrders(all, sort), [all, sort]);
  const searchOrders = useMemo(() => createOrderSearch(sorted), [sorted]);
  usePreparedSearch(searchOrders);
  const orders = useMemo(() => searchOrders(deferredSearch, statuses), [searchOrders, deferredSearch, statuses]);

  function open(id: string | null) {
    setOpenId(id);
  }

  // An order deleted while its detail is open (a teammate's workspace reset) goes back to the
  // list; the notice says who did it, rather than a detail that turns into "not found".
  const shownId = openId ? store.orders.find(openId)?.id : undefined;
  const closeDeleted = useEffectEvent(() => setOpenId(null));
  useEffect(() => {
    if (!shownId) return;
    return store.listen((change) => {
      if (change.changes.some((c) => c.collection === 'orders' && c.id === shownId && c.after === undefined)) closeDeleted();
    });
  }, [store, shownId]);

  return {
    orders,
    total: all.length,
    search,
    setSearch,
    statuses,
    setStatuses,
    toggleStatus: (status: OrderStatus, on: boolean) =>
      setStatuses((current) => (on ? [...current.filter((s) => s !== status), status] : current.filter((s) => s !== status))),
    /** 'Clear filters': every status shown again. */
    clearFilters: () => setStatuses([]),
    sort,
    setSort,
    /** The id or order number asked for (undefined: the list is shown). */
    openId,
    openOrder: openId ? store.orders.find(openId) : undefined,
    open,
    close: () => open(null),
    writeBlocked: whyNot(),
    timeZone: store.admin.settings.value.value.timeZone,
    createOrder: (draft: NewOrderDraft) => store.orders.createOrder(draft),
    inventory: store.inventory.items.items.value,
    /** Who a New Order may ship to as a gift. */
    creators: store.funnels.items.items.value,
  };
}

/** One order's derived figures and actions for the detail view. */
export function useOrderDetail(orderId: string) {
  useSignals();
  const store = useStore();
  const whyNot = useWhyNot();
  const order = store.orders.items.get(orderId);
  const inventory = store.inventory.items.items.value;
  const funnels = store.funnels.items.items.value;
  // An open order is being edited: a teammate's change to it is told.
  useEffect(() => store.overwrites.editing({ collection: 'orders', id: orderId }), [store, orderId]);
  const stock = useMemo(() => (order ? checkStock(order, inventory) : []), [order, inventory]);
  const attributable = useMemo(() => funnels.filter((f) => f.discountCode), [funnels]);
  return {
    order,
    stock,
    fees: order ? fulfilmentFees(order) : null,
    writeBlocked: whyNot(),
    timeZone: store.admin.settings.value.value.timeZone,
    companyName: store.admin.settings.value.value.companyName,
    changeStatus: (status: OrderStatus) => store.orders.changeStatus(orderId, status),
    shipWithTracking: (draft: TrackingDraft) => store.orders.shipWithTracking(orderId, draft),
    saveNotes: (notes: string) => store.orders.saveNotes(orderId, notes),
    /** The creators a sale may be attributed to by hand: funnels with a discount code. */
    attributable,
    /** Attributes the sale to a creator's funnel by hand. */
    attribute: (funnelId: string) => showResult(store.orders.setAttribution(orderId, funnelId)),
    /** Removes the attribution at once, with Undo in the toast (attributing it back by hand). */
    removeAttribution: () => {
      const previous = order?.attribution?.funnelId;
      const result = store.orders.setAttribution(orderId, null);
      if (!result.ok || !previous) return showResult(result);
      toastWithUndo(result.notice ?? message('domain.attribution.notAttributed'), () => showResult(store.orders.setAttribution(orderId, previous)));
      return true;
    },
  };
}
