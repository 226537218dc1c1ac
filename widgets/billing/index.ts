export { Billing, BillingView, type BillingProps } from './Billing';
export { useBillingController } from './useBillingController';
