export { Notifications, type NotificationsProps } from './Placeholder';
