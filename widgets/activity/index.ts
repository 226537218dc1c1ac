export { ActivityLog, ActivityLogView, type ActivityLogProps } from './ActivityLog';
export { useActivityLogController } from './useActivityLogController';
