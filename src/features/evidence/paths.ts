import type { EvidenceRouteTab } from '../../domain/evidence.ts';

/**
 * Route patterns of the evidence screens (spec §2). Absolute, because the app collects every `path`
 * of the route tree as it is to decide which menu entries and city tabs exist.
 */
export const EVIDENCE_PATHS = {
  tab: '/cidade/:id/evidencia/:tipoEvidencia',
  question: '/cidade/:id/evidenciar/:pergunta',
  /** Public (no login): a rejected evidence's file, and the diagnostic seal's files, by an unguessable token (the mystery shopper's certificate is its feature's). */
  publicRejected: '/download-evidencia-recusada/:token',
  publicDiagnosticSeal: '/diagnostic/selo/download/:token',
} as const;

export const evidenceHref = {
  tab: (municipioId: number, tab: EvidenceRouteTab) => `/cidade/${municipioId}/evidencia/${tab}`,
  question: (municipioId: number, perguntaMunicipioId: number) => `/cidade/${municipioId}/evidenciar/${perguntaMunicipioId}`,
};
