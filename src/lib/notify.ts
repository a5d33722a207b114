import type * as ToasterQueue from '../ui/toaster-queue.ts';
import type { ErrorMessageKey, SuccessMessageKey } from '../domain/messages.ts';

type Notification = { type: 'success' | 'error'; title: string; description?: string; duration?: number };

// The toast machinery (zag's toast machine and Chakra's toast parts) loads with the first
// notification: most page loads never show one, the login page's included.
let queue: Promise<typeof ToasterQueue> | null = null;
const listeners = new Set<() => void>();

export function loadToasterQueue(): Promise<typeof ToasterQueue> {
  if (!queue) {
    queue = import('../ui/toaster-queue.ts');
    for (const listener of listeners) listener();
  }
  return queue;
}

/** For `<Toaster />`: whether anything was notified yet, so it mounts only then. */
export function subscribeToasterLoad(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
export const toasterRequested = () => queue !== null;

function show(notification: Notification): void {
  void loadToasterQueue().then(({ toaster }) => toaster.create({ ...notification, closable: true }));
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
  // The catalogue loads with the toasts, not with every page.
  void import('../domain/messages.ts').then(({ SUCCESS_MESSAGES }) => notifySuccess(SUCCESS_MESSAGES[key], description));
}

/** An error text of the spec §8 catalogue, by name. */
export function notifyErrorMessage(key: ErrorMessageKey, description?: string): void {
  void import('../domain/messages.ts').then(({ ERROR_MESSAGES }) => notifyError(ERROR_MESSAGES[key], description));
}
