export { Notifications } from './notifications';
export { notifications, useNotifications, type Notification, type NotificationVariant } from './store';
