export { Billing, type BillingProps } from './Placeholder';
