import * as z from 'zod/mini';
import { api } from '../../api/client.ts';
import { pathOf } from '../../contract/endpoint.ts';
import { municipalityPaths } from '../../contract/municipality-paths.ts';
import { onlineQuery } from '../../data/online-query.ts';
import { municipalityListSchema } from '../../domain/municipality.ts';

/**
 * The two lists of the municipalities the signed-in user may see, apart from data.ts (which reads
 * the device's store): the city list is the first screen after login and the header's switcher
 * loads with it, so this file loads neither Dexie nor classic zod. Their declarations
 * (contract/municipalities.ts) are built with classic zod, so the path comes from
 * `municipalityPaths` and the answer is parsed here with zod/mini schemas (domain/municipality.ts).
 */

const municipalityNameSchema = z.object({ municipioId: z.number().check(z.int()), nome: z.string() });
export type MunicipalityName = z.infer<typeof municipalityNameSchema>;
const municipalityNamesSchema = z.array(municipalityNameSchema);

/**
 * Id and name of the municipalities the signed-in user may see (GET api/municipio/get-nomes): the
 * filters and pickers of several features and the header's municipality switcher, one request and
 * one message wherever they are shown.
 */
export const useMunicipalityNames = onlineQuery(() => ({
  key: ['municipio', 'nomes'],
  fetch: (signal: AbortSignal) => api.get(pathOf(municipalityPaths.names), { signal }).json(),
  schema: municipalityNamesSchema,
  errorMessage: 'Erro ao obter municípios',
}));

/**
 * The municipalities the signed-in user may see, with their status (GET api/municipio): the city
 * list and the offline download's choice. The caller reports a failure (the city list shows the
 * device's copy when the server was not reached).
 */
export const useMunicipalityRows = onlineQuery(() => ({
  key: ['municipio'],
  fetch: (signal: AbortSignal) => api.get(pathOf(municipalityPaths.list), { signal }).json(),
  schema: municipalityListSchema,
}));
