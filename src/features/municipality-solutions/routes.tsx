import type { RouteObject } from 'react-router-dom';
import { CITY_SOLUTION_PATHS } from './paths.ts';

/** The city's solutions and progress screens; the app passes them to cityRoutes, so they render inside the city layout. */
export const citySolutionCityRoutes: RouteObject[] = [
  {
    path: CITY_SOLUTION_PATHS.solutions,
    lazy: { Component: async () => (await import('./screens/city-solutions.tsx')).CitySolutionsScreen },
  },
  {
    path: CITY_SOLUTION_PATHS.progress,
    lazy: { Component: async () => (await import('./screens/city-progress.tsx')).CityProgressScreen },
  },
];

/** The progress of every municipality the user sees (spec §2 /tarefas/andamento). */
export const citySolutionRoutes: RouteObject[] = [
  {
    path: CITY_SOLUTION_PATHS.allProgress,
    lazy: { Component: async () => (await import('./screens/progress-search.tsx')).ProgressSearchScreen },
  },
];
