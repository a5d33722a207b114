import { useLive } from '../../offline/live.ts';
import { call } from '../../api/call.ts';
import { municipalities as endpoints } from '../../contract/municipalities.ts';
import { query } from '../../data/query.ts';
import { httpStatusOf } from '../../lib/api-errors.ts';
import type { MunicipalityDetail } from '../../domain/municipality.ts';
import { offlineBundleSummarySchema, type OfflineBundleSummary } from '../../domain/offline-bundle-summary.ts';
import { municipalityScope } from '../../offline/bundle.ts';
import { downloadOffline, fetchOfflineSummary as fetchBundleSummary, removeOffline } from '../../offline/bundle-api.ts';
import type { DownloadProgress } from '../../offline/bundle.ts';
import { command } from '../../data/command.ts';
import type { OfflineDb } from '../../offline/db.ts';
import { useOfflineDb, useOfflineMunicipalities, useOfflineUnavailable } from '../../offline/hooks.ts';
import { pullInto } from '../../offline/pull.ts';
import { oldestSync } from '../../offline/use-local-first.ts';
import type { MunicipioRow } from './table.ts';

/** The municipality itself (spec §7 api/municipio/{id}) and its offline copy on this device. */

const isGone = (error: unknown) => httpStatusOf(error) === 404;

/**
 * The city of /cidade/{id}/*, from the device first so the city area opens offline (after a visit
 * or "Disponível offline"). A 404 is not reported here: the city screen turns it into its own
 * notice and leaves.
 */
const useMunicipality = query.local((municipioId: number | null) => {
  const scope = municipioId === null ? null : municipalityScope(municipioId);
  return {
    scope,
    deps: [municipioId],
    read: (db: OfflineDb): Promise<MunicipalityDetail | undefined> =>
      municipioId === null ? Promise.resolve(undefined) : db.municipios.get(municipioId),
    fetch: (signal: AbortSignal) => call(endpoints.get, { params: { id: municipioId! }, signal }),
    write: (db: OfflineDb, detail: MunicipalityDetail) => pullInto(db, 'municipios', [detail], scope!),
    direct: (detail: MunicipalityDetail) => detail,
    isGone,
  };
});

/** This municipality's offline copy on the device (name, when, size), or undefined. */
function useOfflineMunicipality(municipioId: number) {
  return useOfflineMunicipalities()?.find((m) => m.municipioId === municipioId);
}

/**
 * Every municipality this device holds (made available offline or opened before), for the city
 * list when the server cannot be reached: `unavailable` when this browser has no device store,
 * `rows` undefined while they are read, and when the oldest of them was synced.
 */
function useDeviceMunicipalities(): { unavailable: boolean; rows: MunicipioRow[] | undefined; syncedAt: number | null } {
  const db = useOfflineDb();
  const unavailable = useOfflineUnavailable();
  const rows = useLive(async () => (db ? db.municipios.toArray() : undefined), [db]);
  return { unavailable, rows, syncedAt: rows ? oldestSync(rows) : null };
}

/**
 * GET api/offline/municipio/{id}/resumo with its counts by name (the engine reads only the size):
 * what a download will cost, asked each time the dialog opens. The dialog says a failure itself.
 */
const useOfflineSummary = query.online((municipioId: number) => ({
  key: ['offline', 'resumo', municipioId],
  fetch: (signal: AbortSignal) => fetchBundleSummary(municipioId, signal),
  schema: offlineBundleSummarySchema,
}));

export type OfflineDownload = {
  summary: Pick<OfflineBundleSummary, 'municipioId' | 'bytes'>;
  onProgress: (progress: DownloadProgress) => void;
  signal: AbortSignal;
};

/** "Disponível offline": the municipality's data onto this device (refused before it starts when the device lacks the room). */
const downloadAvailableOffline = command.device({
  run: ({ summary, onProgress, signal }: OfflineDownload) => downloadOffline(summary, onProgress, signal),
  failure: { message: 'O download foi interrompido.' },
});

/** The municipality's offline copy leaves this device; queued items stay. */
const removeAvailableOffline = command.device({
  run: (municipioId: number) => removeOffline(municipioId),
  failure: { message: 'Não foi possível remover os dados offline.' },
});

/** This entity's data object: what its screens read and write. */
export const municipalityData = {
  useMunicipality,
  useOfflineMunicipality,
  useDeviceMunicipalities,
  useOfflineSummary,
  downloadAvailableOffline,
  removeAvailableOffline,
};
