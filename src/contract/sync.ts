import { offlineBundleSchema } from '../domain/offline-bundle.ts';
import { offlineBundleSummarySchema } from '../domain/offline-bundle-summary.ts';
import { endpoint } from './endpoint.ts';
import { idParams as params, readErrors as errors } from './schemas.ts';
import { syncRoutes } from './sync-routes.ts';

const tags = ['offline'];

/**
 * "Disponível offline" (issue 4): one municipality's reference data in one answer. Whoever sees the
 * municipality may take it; questions are limited to the axes the user sees (spec §6).
 */
export const sync = {
  summary: endpoint({
    ...syncRoutes.summary,
    summary: 'Tamanho e contagens do pacote offline do município, antes de baixá-lo',
    tags,
    access: { municipality: 'params.id' },
    params,
    response: { 200: offlineBundleSummarySchema, ...errors },
  }),
  bundle: endpoint({
    ...syncRoutes.bundle,
    summary: 'Pacote offline do município: dados de referência para trabalhar sem rede',
    tags,
    access: { municipality: 'params.id' },
    params,
    response: { 200: offlineBundleSchema, ...errors },
  }),
};
