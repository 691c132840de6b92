import { createStore } from '../store';

export type NotificationType = 'success' | 'error' | 'warning';

/** One message on screen (docs/specification.md section 3: messageInfo). */
export interface MessageInfo {
  id: number;
  type: NotificationType;
  content: string;
  /** Takes back what the message tells of; shown as its Undo button. */
  undo?: (() => void) | undefined;
}

/** How long each kind stays on screen (docs/specification.md section 9). */
export const NOTIFICATION_DURATION_MS: Record<NotificationType, number> = {
  success: 2000,
  error: 2000,
  warning: 3000,
};

/** The notifications currently on screen, newest last. */
export const notificationStore = createStore<MessageInfo[]>([]);
let nextId = 1;

/** Shows a notification and removes it after its type's duration. */
export function notify(type: NotificationType, content: string, durationMs = NOTIFICATION_DURATION_MS[type], undo?: () => void): number {
  const id = nextId++;
  notificationStore.set((list) => [...list, { id, type, content, ...(undo ? { undo } : {}) }]);
  setTimeout(() => dismiss(id), durationMs);
  return id;
}

/** Removes a notification before its time is up. */
export function dismiss(id: number): void {
  notificationStore.set((list) => (list.some((m) => m.id === id) ? list.filter((m) => m.id !== id) : list));
}
