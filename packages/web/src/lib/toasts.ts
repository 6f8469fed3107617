import { notifications } from '@mantine/notifications';
import { overlaysReady } from './overlay-host';

/** Theme colors (app/theme.ts) a toast may use. */
export type ToastColor = 'success' | 'info' | 'warning' | 'error';

export interface ToastSpec {
  color: ToastColor;
  message: string;
  /** The failed request's id, shown under the message for users to quote to support. */
  requestId?: string;
}

/**
 * Same text and color give the same id, and Mantine ignores a show() whose id is already on screen:
 * that is how the same toast never appears twice at once (spec §2). The request id is left out: two
 * failures of one kind are one toast.
 */
export function toastId({ color, message }: ToastSpec): string {
  let hash = 5381;
  for (let i = 0; i < message.length; i += 1) hash = ((hash * 33) ^ message.charCodeAt(i)) >>> 0;
  return `toast-${color}-${hash.toString(36)}-${message.length}`;
}

export function showToast(toast: ToastSpec): string {
  const id = toastId(toast);
  // The toast waits in the notifications store until its host has loaded.
  void overlaysReady();
  notifications.show({
    id,
    color: toast.color,
    message: toast.requestId ? `${toast.message}\nRequest id: ${toast.requestId}` : toast.message,
    withBorder: true,
    closeButtonProps: { 'aria-label': 'Close' },
    style: { cursor: 'pointer', whiteSpace: 'pre-line' },
    // Spec §2: a toast closes on click anywhere on it, not only on its close button.
    onClick: () => notifications.hide(id),
  });
  return id;
}
