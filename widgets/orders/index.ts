export { Orders, type OrdersProps } from './Placeholder';
