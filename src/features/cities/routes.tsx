import type { RouteObject } from 'react-router-dom';

/** The city area; the app mounts it inside the signed-in frame. */
export const cityRoutes: RouteObject[] = [
  { path: '/cidade', lazy: { Component: async () => (await import('./screens/city-list.tsx')).CityListScreen } },
];
