import type { RouteObject } from 'react-router-dom';
import { ACTION_PLAN_PATHS } from './paths.ts';

/** The action plan renders inside the city layout (the app passes these routes to cityRoutes). */
export const actionPlanCityRoutes: RouteObject[] = [
  { path: ACTION_PLAN_PATHS.plan, lazy: { Component: async () => (await import('./screens/action-plan.tsx')).ActionPlanScreen } },
];
