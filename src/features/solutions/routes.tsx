import type { RouteObject } from 'react-router-dom';
import { CATALOGUE_PATHS } from './paths.ts';

/**
 * The programme catalogue under the project register (spec §2 "Solution management"); the app
 * mounts it inside the signed-in frame. One gate, the project register's, guards the four levels.
 */
export const solutionCatalogueRoutes: RouteObject[] = [
  {
    lazy: { Component: async () => (await import('./components/catalogue-gate.tsx')).CatalogueGate },
    children: [
      { path: CATALOGUE_PATHS.groups, lazy: { Component: async () => (await import('./screens/group-list.tsx')).GroupListScreen } },
      {
        path: CATALOGUE_PATHS.solutions,
        lazy: { Component: async () => (await import('./screens/solution-list.tsx')).SolutionListScreen },
      },
      { path: CATALOGUE_PATHS.tasks, lazy: { Component: async () => (await import('./screens/task-list.tsx')).TaskListScreen } },
      {
        path: CATALOGUE_PATHS.evidences,
        lazy: { Component: async () => (await import('./screens/evidence-list.tsx')).EvidenceListScreen },
      },
    ],
  },
];
