import { api } from '../../api/client.ts';
import { httpStatusOf } from '../../lib/api-errors.ts';
import { municipalityDetailSchema, type MunicipalityDetail } from '../../domain/municipality.ts';
import { offlineBundleSummarySchema, type OfflineBundleSummary } from '../../domain/offline-bundle.ts';
import { municipalityScope } from '../../offline/bundle.ts';
import { fetchOfflineSummary as fetchBundleSummary } from '../../offline/bundle-api.ts';
import { useOfflineMunicipalities } from '../../offline/hooks.ts';
import { pullInto } from '../../offline/pull.ts';
import { useLocalFirst } from '../../offline/use-local-first.ts';

/** The municipality itself (spec §7 api/municipio/{id}) and its offline copy on this device. */

const isGone = (error: unknown) => httpStatusOf(error) === 404;

/**
 * The city of /cidade/{id}/*, from the device first so the city area opens offline (after a visit
 * or "Disponível offline"). A 404 is not reported here: the city screen turns it into its own
 * notice and leaves.
 */
export function useMunicipality(municipioId: number | null) {
  const scope = municipioId === null ? null : municipalityScope(municipioId);
  return useLocalFirst<MunicipalityDetail, MunicipalityDetail>({
    scope,
    deps: [municipioId],
    read: (db) => (municipioId === null ? Promise.resolve(undefined) : db.municipios.get(municipioId)),
    fetch: async (signal) => municipalityDetailSchema.parse(await api.get(`municipio/${municipioId}`, { signal }).json()),
    write: (db, detail) => pullInto(db, 'municipios', [detail], scope!),
    direct: (detail) => detail,
    isGone,
  });
}

/** This municipality's offline copy on the device (name, when, size), or undefined. */
export function useOfflineMunicipality(municipioId: number) {
  return useOfflineMunicipalities()?.find((m) => m.municipioId === municipioId);
}

/** GET api/offline/municipio/{id}/resumo with its counts by name (the engine reads only the size). */
export async function fetchOfflineSummary(municipioId: number, signal?: AbortSignal): Promise<OfflineBundleSummary> {
  return offlineBundleSummarySchema.parse(await fetchBundleSummary(municipioId, signal));
}

export { removeOffline as removeAvailableOffline } from '../../offline/bundle-api.ts';
