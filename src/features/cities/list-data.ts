import * as z from 'zod/mini';
import { useApiGet } from '../../api/use-api-get.ts';
import { municipalityListItemSchema } from '../../domain/municipality.ts';

// Apart from data.ts, which reads the offline store: the city list is the first screen after
// login, and it loads neither Dexie nor classic zod (see domain/municipality.ts).
const municipalityListSchema = z.array(municipalityListItemSchema);

/** The municipalities the signed-in user may see (GET api/municipio); `reload` asks again. */
export function useMunicipalityList() {
  return useApiGet('municipio', municipalityListSchema, 'Erro ao obter municipios');
}
