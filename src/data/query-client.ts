import { QueryClient } from '@tanstack/react-query';

/**
 * The one cache of online reads (TanStack Query). A module singleton rather than one per provider:
 * commands are plain async functions called from event handlers, and they invalidate the reads they
 * name here without needing a hook. The app's DataProvider (src/app/providers.tsx) hands this
 * client to the screens; tests clear it between cases (src/data/testing.tsx).
 *
 * The defaults keep the behaviour of the hand-written reader it replaced (useServerData, removed):
 * - no silent retries: a failed read is shown at once and retried by the user (`reload`);
 * - no refetch on focus or reconnect: a screen refreshes when it mounts or when asked;
 * - stale at once: a screen opened again shows the cached answer and asks again behind it.
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, refetchOnReconnect: false, staleTime: 0 },
    mutations: { retry: false },
  },
});
