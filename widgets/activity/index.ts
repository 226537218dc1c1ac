export { ActivityLog, type ActivityLogProps } from './Placeholder';
