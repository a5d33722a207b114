import type { RouteObject } from 'react-router-dom';
import { PROPOSAL_PATHS } from './paths.ts';

/** The municipality's proposals; the app passes them to cityRoutes, so they render inside the city layout. */
export const proposalCityRoutes: RouteObject[] = [
  { path: PROPOSAL_PATHS.tab, lazy: { Component: async () => (await import('./screens/proposal-tab.tsx')).ProposalTabScreen } },
];
