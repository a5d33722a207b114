import type { RouteObject } from 'react-router-dom';
import { SYNC_PATHS } from './paths.ts';

/** The sync centre; the app mounts it inside the signed-in frame. Every signed-in user has a queue, so no gate. */
export const syncRoutes: RouteObject[] = [
  { path: SYNC_PATHS.centre, lazy: { Component: async () => (await import('./screens/sync-centre.tsx')).SyncCentreScreen } },
];
