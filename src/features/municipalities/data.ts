import { municipalityMiniDashSchema } from '../../domain/municipality.ts';
import { useServerData } from '../../api/use-server-data.ts';
import { pathOf } from '../../contract/endpoint.ts';
import { municipalities } from '../../contract/municipalities.ts';

export { type Remote } from '../../api/use-server-data.ts';
export { apiErrorMessage, httpStatusOf, isSessionExpiredError } from '../../lib/api-errors.ts';

// The city area's own data; what other features share (the municipality, its groups and members)
// lives in src/entities.

export type { MunicipalityMiniDash as MiniDash } from '../../domain/municipality.ts';

/** GET api/municipio/get-mini-dash/{id}. Failures stay inside the summary, which offers a retry. */
export function useMiniDash(municipioId: number) {
  return useServerData(pathOf(municipalities.miniDash, { id: municipioId }), municipalityMiniDashSchema);
}
