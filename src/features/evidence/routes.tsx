import type { RouteObject } from 'react-router-dom';
import { EVIDENCE_PATHS } from './paths.ts';

/** The city's evidence screens; the app passes them to cityRoutes, so they render inside the city layout. */
export const evidenceCityRoutes: RouteObject[] = [
  { path: EVIDENCE_PATHS.tab, lazy: { Component: async () => (await import('./screens/evidence-tab.tsx')).EvidenceTabScreen } },
  {
    path: EVIDENCE_PATHS.question,
    lazy: { Component: async () => (await import('./screens/evidence-question.tsx')).EvidenceQuestionScreen },
  },
];
