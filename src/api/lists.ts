import { z } from 'zod';
import { roleHolderSchema } from '../domain/users.ts';
import { useApiGet } from './use-api-get.ts';

/**
 * Lists that filters and pickers of several features offer (municipalities, consultants): one
 * request shape and one message each, wherever they are shown.
 */

const municipalityNameSchema = z.object({ municipioId: z.number().int(), nome: z.string() });
export type MunicipalityName = z.infer<typeof municipalityNameSchema>;
const municipalityNamesSchema = z.array(municipalityNameSchema);

/** Id and name of the municipalities the signed-in user may see (GET api/municipio/get-nomes). */
export function useMunicipalityNames() {
  return useApiGet('municipio/get-nomes', municipalityNamesSchema, 'Erro ao obter municipios');
}

const consultantListSchema = z.array(roleHolderSchema);

/** Enabled consultants (conductors and specialists) for a "consultor" filter (GET api/usuario/consultores); asked for only when enabled. */
export function useConsultants(enabled = true) {
  return useApiGet(enabled ? 'usuario/consultores' : null, consultantListSchema);
}
