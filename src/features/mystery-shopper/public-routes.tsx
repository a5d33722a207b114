import type { RouteObject } from 'react-router-dom';
import { SHOPPER_PATHS } from './paths.ts';

/** Public, no login and outside the signed-in frame: the seal certificate's link. Apart from routes.tsx, which loads after login. */
export const mysteryShopperPublicRoutes: RouteObject[] = [
  { path: SHOPPER_PATHS.publicSeal, lazy: { Component: async () => (await import('./screens/public-seal.tsx')).PublicSealScreen } },
];
