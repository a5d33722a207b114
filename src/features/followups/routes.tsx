import type { RouteObject } from 'react-router-dom';
import { parseRouteId } from '../../domain/route-params.ts';
import { startsData } from '../../data/route-loader.ts';
import { FOLLOWUP_PATHS } from './paths.ts';

const list = { Component: async () => (await import('./screens/followup-list.tsx')).FollowupListScreen };

/** The city's follow-up screens; the app passes them to cityRoutes, so they render inside the city layout. */
export const followupCityRoutes: RouteObject[] = [
  { path: FOLLOWUP_PATHS.list, lazy: list },
  { path: FOLLOWUP_PATHS.listPlural, lazy: list },
  {
    path: FOLLOWUP_PATHS.detail,
    loader: ({ params }) =>
      startsData(async () => {
        const id = parseRouteId(params.acompanhamento);
        if (id !== null) (await import('../../entities/followups/data.ts')).followups.useOne.prefetch(id);
      })(),
    lazy: { Component: async () => (await import('./screens/followup-answer.tsx')).FollowupAnswerScreen },
  },
];
