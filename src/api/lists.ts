import * as z from 'zod/mini';
import { useServerData } from './use-server-data.ts';

/**
 * The municipality names that filters and pickers of several features offer, and the header's
 * municipality switcher: one request shape and one message wherever they are shown. zod/mini, as
 * the switcher loads with the first screen after a full admin's login (see domain/municipality.ts).
 */

const municipalityNameSchema = z.object({ municipioId: z.number().check(z.int()), nome: z.string() });
export type MunicipalityName = z.infer<typeof municipalityNameSchema>;
const municipalityNamesSchema = z.array(municipalityNameSchema);

/** Id and name of the municipalities the signed-in user may see (GET api/municipio/get-nomes). */
export function useMunicipalityNames() {
  return useServerData('municipio/get-nomes', municipalityNamesSchema, 'Erro ao obter municípios');
}
