import { createToaster } from '@chakra-ui/react';
import { ERROR_MESSAGES, SUCCESS_MESSAGES, type ErrorMessageKey, type SuccessMessageKey } from './messages.ts';

/** The one notification queue of the app; `<Toaster />` renders it. */
export const toaster = createToaster({
  placement: 'top-end',
  pauseOnPageIdle: true,
  max: 5,
});

export function notifySuccess(title: string, description?: string): void {
  toaster.create({ type: 'success', title, description, closable: true });
}

/** Errors stay longer than successes: they usually need to be read before acting again. */
export function notifyError(title: string, description?: string): void {
  toaster.create({ type: 'error', title, description, closable: true, duration: 8000 });
}

/** A success text of the spec §8 catalogue, by name, so the wording never drifts between screens. */
export function notifySuccessMessage(key: SuccessMessageKey, description?: string): void {
  notifySuccess(SUCCESS_MESSAGES[key], description);
}

/** An error text of the spec §8 catalogue, by name. */
export function notifyErrorMessage(key: ErrorMessageKey, description?: string): void {
  notifyError(ERROR_MESSAGES[key], description);
}
