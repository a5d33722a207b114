import type { RouteObject } from 'react-router-dom';

/** Project register (spec §2 "/projeto: project list"); the app mounts it inside the signed-in frame. */
export const projectRoutes: RouteObject[] = [
  { path: '/projeto', lazy: { Component: async () => (await import('./screens/project-list.tsx')).ProjectListScreen } },
];
