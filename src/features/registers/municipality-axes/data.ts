import { call, urlOf } from '../../../api/call.ts';
import { useServerData } from '../../../api/use-server-data.ts';
import { municipalityAxes } from '../../../contract/registers.ts';
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
  return useServerData(
    municipioId === null ? null : urlOf(municipalityAxes.axes, { params: { id: String(municipioId) } }),
    municipalityAxisListSchema,
    errorMessage,
  );
}

/** PUT api/MunicipiosEixos: the municipality's non-national axes, all at once. */
export function saveMunicipalityAxes(body: MunicipalityAxesUpdate): Promise<MunicipalityAxis[]> {
  return call(municipalityAxes.saveAxes, { body });
}

/** GET api/MunicipioTemasHabilitados/{id}: every theme with whether it is enabled there. */
export function useMunicipalityThemes(municipioId: number | null, errorMessage: string) {
  return useServerData(
    municipioId === null ? null : urlOf(municipalityAxes.themes, { params: { id: String(municipioId) } }),
    municipalityThemeListSchema,
    errorMessage,
  );
}

/** PUT api/MunicipioTemasHabilitados: the municipality's enabled themes, all at once. */
export function saveMunicipalityThemes(body: MunicipalityThemesUpdate): Promise<MunicipalityTheme[]> {
  return call(municipalityAxes.saveThemes, { body });
}
