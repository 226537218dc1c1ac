export { Orders, type OrdersProps } from './Orders';
export { OrderList, type OrderListProps } from './OrderList';
export { OrderDetail, type OrderDetailProps } from './OrderDetail';
export { OrderStatusFilter, type OrderStatusFilterProps } from './OrderStatusFilter';
export { ShippingForm, type ShippingFormProps } from './ShippingForm';
export { NewOrderDialog, type NewOrderDialogProps } from './NewOrderDialog';
export { ShippingLabelDialog, type ShippingLabelDialogProps } from './ShippingLabel';
export { useOrdersController, useOrderDetail, type OrdersControllerOptions } from './useOrdersController';
