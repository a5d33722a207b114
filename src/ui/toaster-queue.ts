import { createToaster } from '@chakra-ui/react';

/** The one notification queue of the app; `<Toaster />` renders it. Loaded by toaster.tsx with the first notification. */
export const toaster = createToaster({
  placement: 'top-end',
  pauseOnPageIdle: true,
  max: 5,
});
