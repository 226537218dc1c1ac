export { Analytics, type AnalyticsProps } from './Placeholder';
