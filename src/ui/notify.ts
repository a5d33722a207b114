import { createToaster } from '@chakra-ui/react';

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
