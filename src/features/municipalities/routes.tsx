import { redirect, type RouteObject } from 'react-router-dom';
import { CITY_PATHS } from './paths.ts';

/**
 * The city area; the app mounts it inside the signed-in frame. `areaRoutes` are the screens other
 * features serve under /cidade/{id}/ (reports, meetings...): they render inside the city layout,
 * below its header and tabs, and read the city with useCity (src/session/city.ts).
 */
export const cityRoutes = (areaRoutes: RouteObject[] = []): RouteObject[] => [
  { path: CITY_PATHS.list, lazy: { Component: async () => (await import('./screens/city-list.tsx')).CityListScreen } },
  {
    path: CITY_PATHS.detail,
    lazy: { Component: async () => (await import('./screens/city-detail-layout.tsx')).CityDetailLayout },
    children: [
      // Spec §2: /cidade/{id} opens the city on its general tab; a loader keeps the bare path out of history.
      { index: true, loader: ({ params }) => redirect(`/cidade/${encodeURIComponent(params.id ?? '')}/geral`), element: null },
      { path: CITY_PATHS.summary, lazy: { Component: async () => (await import('./screens/city-summary.tsx')).CitySummaryScreen } },
      { path: CITY_PATHS.groups, lazy: { Component: async () => (await import('./screens/city-groups.tsx')).CityGroupsScreen } },
      {
        path: CITY_PATHS.groupMembers,
        lazy: { Component: async () => (await import('./screens/group-members.tsx')).GroupMembersScreen },
      },
      ...areaRoutes,
    ],
  },
];
