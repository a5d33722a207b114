import type { RouteObject } from 'react-router-dom';
import { SHOPPER_PATHS } from './paths.ts';

/** The municipality's Cliente Oculto; the app passes them to cityRoutes, so they render inside the city layout (which checks the tab's rule). */
export const mysteryShopperCityRoutes: RouteObject[] = [
  { path: SHOPPER_PATHS.info, lazy: { Component: async () => (await import('./screens/info.tsx')).ShopperInfoScreen } },
  { path: SHOPPER_PATHS.evaluation, lazy: { Component: async () => (await import('./screens/evaluation.tsx')).ShopperEvaluationScreen } },
];
