import type { RouteObject } from 'react-router-dom';
import { PLAN_PATHS } from './paths.ts';

/** Public, no login and outside the signed-in frame: a plan's shared read-only link. Apart from routes.tsx, which loads after login. */
export const planPublicRoutes: RouteObject[] = [
  { path: PLAN_PATHS.publicPlan, lazy: { Component: async () => (await import('./screens/public-plan.tsx')).PublicPlanScreen } },
];
