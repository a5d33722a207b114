import type { RouteObject } from 'react-router-dom';
import { PLAN_PATHS } from './paths.ts';

/** The room's 5W2H tab (spec §2 "Under /sala-principal/{id}/": sala-5w2h), more specific than the room's /:tab. */
export const planRoutes: RouteObject[] = [
  { path: PLAN_PATHS.room, lazy: { Component: async () => (await import('./screens/plan-room.tsx')).PlanRoomScreen } },
];
