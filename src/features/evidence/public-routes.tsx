import type { RouteObject } from 'react-router-dom';
import { EVIDENCE_PATHS } from './paths.ts';

const download = { Component: async () => (await import('./screens/public-download.tsx')).PublicEvidenceDownloadScreen };

/** Public, no login and outside the signed-in frame: the links sent to a municipality (rejected evidence, the diagnostic seal's files). */
export const evidencePublicRoutes: RouteObject[] = [
  { path: EVIDENCE_PATHS.publicRejected, lazy: download },
  { path: EVIDENCE_PATHS.publicDiagnosticSeal, lazy: download },
];
