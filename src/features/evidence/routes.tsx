import type { RouteObject } from 'react-router-dom';
import { parseRouteId } from '../../domain/route-params.ts';
import { startsData } from '../../data/route-loader.ts';
import { EVIDENCE_PATHS } from './paths.ts';

/** The city's evidence screens; the app passes them to cityRoutes, so they render inside the city layout. */
export const evidenceCityRoutes: RouteObject[] = [
  {
    path: EVIDENCE_PATHS.tab,
    loader: ({ params }) =>
      startsData(async () => {
        const id = parseRouteId(params.id);
        if (id === null) return;
        // The domain module (zod) stays out of the route table's chunk; the data object imports it anyway.
        const [{ EVIDENCE_TABS }, { evidence }] = await Promise.all([
          import('../../domain/evidence.ts'),
          import('../../entities/evidence/data.ts'),
        ]);
        const tab = EVIDENCE_TABS.find((t) => t === params.tipoEvidencia);
        if (tab) evidence.useTab.prefetch(id, tab);
      })(),
    lazy: { Component: async () => (await import('./screens/evidence-tab.tsx')).EvidenceTabScreen },
  },
  {
    path: EVIDENCE_PATHS.question,
    lazy: { Component: async () => (await import('./screens/evidence-question.tsx')).EvidenceQuestionScreen },
  },
];
