export { Notifications, type NotificationsProps } from './Notifications';
export { useNotificationsController } from './useNotificationsController';
