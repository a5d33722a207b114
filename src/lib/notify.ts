import type { ErrorMessageKey, SuccessMessageKey } from '../domain/messages.ts';

/**
 * The app's notifications, raised from any layer (API client, offline store, screens) without
 * knowing how they are shown: the toaster (src/ui/toaster.tsx) registers itself as the sink when
 * the app mounts. Notifications raised before that wait for it, in order.
 */

export type Notification = { type: 'success' | 'error'; title: string; description?: string; duration?: number };

type Sink = (notification: Notification) => void;

let sink: Sink | null = null;
const waiting: Notification[] = [];

/** Called once by the component that shows notifications; delivers what was raised before. */
export function setNotificationSink(next: Sink): void {
  sink = next;
  for (const notification of waiting.splice(0)) next(notification);
}

function show(notification: Notification): void {
  if (sink) sink(notification);
  else waiting.push(notification);
}

export function notifySuccess(title: string, description?: string): void {
  show({ type: 'success', title, description });
}

/** Errors stay longer than successes: they usually need to be read before acting again. */
export function notifyError(title: string, description?: string): void {
  show({ type: 'error', title, description, duration: 8000 });
}

/** A success text of the spec §8 catalogue, by name, so the wording never drifts between screens. */
export function notifySuccessMessage(key: SuccessMessageKey, description?: string): void {
  // The catalogue loads with the first notification, not with every page.
  void import('../domain/messages.ts').then(({ SUCCESS_MESSAGES }) => notifySuccess(SUCCESS_MESSAGES[key], description));
}

/** An error text of the spec §8 catalogue, by name. */
export function notifyErrorMessage(key: ErrorMessageKey, description?: string): void {
  void import('../domain/messages.ts').then(({ ERROR_MESSAGES }) => notifyError(ERROR_MESSAGES[key], description));
}
