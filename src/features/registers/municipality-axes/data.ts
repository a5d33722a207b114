import { call } from '../../../api/call.ts';
import { municipalityAxes } from '../../../contract/registers.ts';
import { query, type Parser } from '../../../data/query.ts';
import {
  municipalityAxisListSchema,
  municipalityThemeListSchema,
  type MunicipalityAxesUpdate,
  type MunicipalityAxis,
  type MunicipalityTheme,
  type MunicipalityThemesUpdate,
} from '../../../domain/register-axes.ts';

/** The checklists' reads are server-only (administration): `query.online`, the result shape screens see. */
export type { Query } from '../../../data/query.ts';

/** The checklists' municipality picker reads the one list of names (entities/municipality). */
export { useMunicipalityNames } from '../../../entities/municipality/lists.ts';

/** A checklist's rows of one municipality (GET of `ep` with its id); null until a municipality is chosen. */
function rowsOf<T>(ep: typeof municipalityAxes.axes | typeof municipalityAxes.themes, schema: Parser<T>) {
  return query.online((municipioId: number | null, errorMessage: string) =>
    municipioId === null
      ? null
      : {
          key: [ep.path, municipioId],
          fetch: (signal: AbortSignal) => call(ep, { params: { id: municipioId }, signal }),
          schema,
          errorMessage,
        },
  );
}

/** GET api/MunicipiosEixos/{id}: every axis, national ones always selected. */
export const useMunicipalityAxes = rowsOf(municipalityAxes.axes, municipalityAxisListSchema);

/** PUT api/MunicipiosEixos: the municipality's non-national axes, all at once. */
export function saveMunicipalityAxes(body: MunicipalityAxesUpdate): Promise<MunicipalityAxis[]> {
  return call(municipalityAxes.saveAxes, { body });
}

/** GET api/MunicipioTemasHabilitados/{id}: every theme with whether it is enabled there. */
export const useMunicipalityThemes = rowsOf(municipalityAxes.themes, municipalityThemeListSchema);

/** PUT api/MunicipioTemasHabilitados: the municipality's enabled themes, all at once. */
export function saveMunicipalityThemes(body: MunicipalityThemesUpdate): Promise<MunicipalityTheme[]> {
  return call(municipalityAxes.saveThemes, { body });
}
