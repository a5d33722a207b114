import { call } from '../../api/call.ts';
import { municipalities } from '../../contract/municipalities.ts';
import { query } from '../../data/query.ts';
import { municipalityMiniDashSchema } from '../../domain/municipality.ts';

export { apiErrorMessage, httpStatusOf } from '../../lib/api-errors.ts';

// The city area's own data; what other features share (the municipality, its groups and members)
// lives in src/entities.

export type { MunicipalityMiniDash as MiniDash } from '../../domain/municipality.ts';

/** GET api/municipio/get-mini-dash/{id}. Failures stay inside the summary, which offers a retry. */
export const useMiniDash = query.online((municipioId: number) => ({
  key: ['municipio', municipioId, 'mini-dash'],
  fetch: (signal: AbortSignal) => call(municipalities.miniDash, { params: { id: municipioId }, signal }),
  schema: municipalityMiniDashSchema,
}));
