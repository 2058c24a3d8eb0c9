import { useSyncExternalStore } from 'react';
import { env } from '@/config/env';

export type NotificationVariant = 'success' | 'danger';

export interface Notification {
  id: number;
  variant: NotificationVariant;
  message: string;
}

let items: readonly Notification[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function publish(next: readonly Notification[]) {
  items = next;
  for (const listener of listeners) listener();
}

/** The app-wide alert toasts (danger for errors, success with the server message: docs/product/app-shell.md#alerts). */
export const notifications = {
  show(variant: NotificationVariant, message: string) {
    publish([...items, { id: nextId++, variant, message }]);
  },
  success(message: string) {
    notifications.show('success', message);
  },
  error(message: string) {
    notifications.show('danger', message);
  },
  dismiss(id: number) {
    publish(items.filter((item) => item.id !== id));
  },
  clear() {
    publish([]);
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  snapshot: () => items,
  durationMs: env.alertDurationMs,
};

export function useNotifications(): readonly Notification[] {
  return useSyncExternalStore(notifications.subscribe, notifications.snapshot, notifications.snapshot);
}
