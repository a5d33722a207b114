import { api } from '../../../api/client.ts';
import { useServerData } from '../../../api/use-server-data.ts';
import {
  municipalityAxisListSchema,
  municipalityThemeListSchema,
  type MunicipalityAxesUpdate,
  type MunicipalityAxis,
  type MunicipalityTheme,
  type MunicipalityThemesUpdate,
} from '../../../domain/register-axes.ts';

/** GET api/MunicipiosEixos/{id}: every axis, national ones always selected; null until a municipality is chosen. */
export function useMunicipalityAxes(municipioId: number | null, errorMessage: string) {
  return useServerData(municipioId === null ? null : `MunicipiosEixos/${municipioId}`, municipalityAxisListSchema, errorMessage);
}

/** PUT api/MunicipiosEixos: the municipality's non-national axes, all at once. */
export async function saveMunicipalityAxes(body: MunicipalityAxesUpdate): Promise<MunicipalityAxis[]> {
  return municipalityAxisListSchema.parse(await api.put('MunicipiosEixos', { json: body }).json());
}

/** GET api/MunicipioTemasHabilitados/{id}: every theme with whether it is enabled there. */
export function useMunicipalityThemes(municipioId: number | null, errorMessage: string) {
  return useServerData(municipioId === null ? null : `MunicipioTemasHabilitados/${municipioId}`, municipalityThemeListSchema, errorMessage);
}

/** PUT api/MunicipioTemasHabilitados: the municipality's enabled themes, all at once. */
export async function saveMunicipalityThemes(body: MunicipalityThemesUpdate): Promise<MunicipalityTheme[]> {
  return municipalityThemeListSchema.parse(await api.put('MunicipioTemasHabilitados', { json: body }).json());
}
