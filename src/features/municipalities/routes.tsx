import { redirect, type RouteObject } from 'react-router-dom';
import { parseRouteId } from '../../domain/route-params.ts';
import { startsData } from '../../data/route-loader.ts';
import { CITY_PATHS } from './paths.ts';

/**
 * The city area; the app mounts it inside the signed-in frame. `areaRoutes` are the screens other
 * features serve under /cidade/{id}/ (reports, meetings...): they render inside the city layout,
 * below its header and tabs, and read the city with useCity (src/session/city.ts).
 */
export const cityRoutes = (areaRoutes: RouteObject[] = []): RouteObject[] => [
  {
    path: CITY_PATHS.list,
    loader: startsData(async () => (await import('../../entities/municipality/lists.ts')).useMunicipalityRows.prefetch()),
    lazy: { Component: async () => (await import('./screens/city-list.tsx')).CityListScreen },
  },
  {
    path: CITY_PATHS.detail,
    // The city every tab reads (useCity), asked for with the navigation; again only for another city.
    loader: ({ params }) =>
      startsData(async () => {
        const id = parseRouteId(params.id);
        if (id !== null) (await import('../../entities/municipality/data.ts')).municipalityData.useMunicipality.prefetch(id);
      })(),
    shouldRevalidate: ({ currentParams, nextParams }) => currentParams.id !== nextParams.id,
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
