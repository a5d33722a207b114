import type { RouteObject } from 'react-router-dom';
import { TIME_PATHS } from './paths.ts';

/** /sala-tempo: public, no login (spec §2), outside the signed-in frame: the panel a room's link opens. */
export const timePublicRoutes: RouteObject[] = [
  {
    path: TIME_PATHS.publicPanel,
    lazy: { Component: async () => (await import('./screens/public-time-panel.tsx')).PublicTimePanelScreen },
  },
];
