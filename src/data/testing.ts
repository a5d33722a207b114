import { queryClient } from './query-client.ts';

/**
 * For tests that render screens: the online reads share one cache (query-client.ts), so each test
 * starts from an empty one. Call it in `afterEach` (or `beforeEach`) of a component test.
 */
export function resetDataCache(): void {
  void queryClient.cancelQueries();
  queryClient.clear();
}
