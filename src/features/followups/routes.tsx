import type { RouteObject } from 'react-router-dom';
import { FOLLOWUP_PATHS } from './paths.ts';

const list = { Component: async () => (await import('./screens/followup-list.tsx')).FollowupListScreen };

/** The city's follow-up screens; the app passes them to cityRoutes, so they render inside the city layout. */
export const followupCityRoutes: RouteObject[] = [
  { path: FOLLOWUP_PATHS.list, lazy: list },
  { path: FOLLOWUP_PATHS.listPlural, lazy: list },
  { path: FOLLOWUP_PATHS.detail, lazy: { Component: async () => (await import('./screens/followup-answer.tsx')).FollowupAnswerScreen } },
];
