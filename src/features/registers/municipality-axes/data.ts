import { call } from '../../../api/call.ts';
import { municipalityAxes } from '../../../contract/registers.ts';
import { command } from '../../../data/command.ts';
import { query, type Parser } from '../../../data/query.ts';
import {
  municipalityAxisListSchema,
  municipalityThemeListSchema,
  type MunicipalityAxesUpdate,
  type MunicipalityThemesUpdate,
} from '../../../domain/register-axes.ts';

/** The checklists' reads are server-only (administration): `query.online`, the result shape screens see. */
export type { Query } from '../../../data/query.ts';
export type { CommandResult } from '../../../data/command.ts';

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
const useMunicipalityAxes = rowsOf(municipalityAxes.axes, municipalityAxisListSchema);

/** A checklist's save refused without a reason from the server. */
const saveFailure = { message: 'Não foi possível salvar. Verifique sua conexão e tente novamente.' };

/** PUT api/MunicipiosEixos: the municipality's non-national axes, all at once; its rows are read again. */
const saveMunicipalityAxes = command.online({
  send: (body: MunicipalityAxesUpdate) => call(municipalityAxes.saveAxes, { body }),
  invalidates: (body) => [[municipalityAxes.axes.path, body.municipioId]],
  failure: saveFailure,
});

/** GET api/MunicipioTemasHabilitados/{id}: every theme with whether it is enabled there. */
const useMunicipalityThemes = rowsOf(municipalityAxes.themes, municipalityThemeListSchema);

/** PUT api/MunicipioTemasHabilitados: the municipality's enabled themes, all at once; its rows are read again. */
const saveMunicipalityThemes = command.online({
  send: (body: MunicipalityThemesUpdate) => call(municipalityAxes.saveThemes, { body }),
  invalidates: (body) => [[municipalityAxes.themes.path, body.municipioId]],
  failure: saveFailure,
});

/** This feature's data object: what its screens read and write. */
export const municipalityAxesData = {
  useMunicipalityAxes,
  saveMunicipalityAxes,
  useMunicipalityThemes,
  saveMunicipalityThemes,
};
