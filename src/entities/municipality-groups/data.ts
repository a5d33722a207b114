import { call } from '../../api/call.ts';
import { municipalities as endpoints } from '../../contract/municipalities.ts';
import { command } from '../../data/command.ts';
import { query } from '../../data/query.ts';
import { httpStatusOf } from '../../lib/api-errors.ts';
import { municipalityGroupSchema, type MunicipalityGroup } from '../../domain/members.ts';
import type { OfflineDb } from '../../offline/db.ts';
import type { GrupoRow } from './table.ts';
import { pullInto } from '../../offline/pull.ts';
import { oldestSync } from '../../offline/use-local-first.ts';

/**
 * A municipality's working groups (spec §7 api/municipio/grupo): the groups screen, the meeting
 * dialogs and the meeting search all read them here, from the same device rows and scope, through
 * the endpoint declarations (src/contract/municipalities.ts).
 */

/**
 * The city's working groups, from the device first; a pull drops groups the server no longer
 * lists. A null municipality waits (e.g. a search filter with no single city chosen).
 */
const useMunicipalityGroups = query.local((municipioId: number | null) => {
  const scope = municipioId === null ? null : `grupos:municipio:${municipioId}`;
  return {
    scope,
    deps: [municipioId],
    read: (db: OfflineDb): Promise<GrupoRow[] | undefined> =>
      municipioId === null ? Promise.resolve(undefined) : db.grupos.where('municipioId').equals(municipioId).toArray(),
    fetch: (signal: AbortSignal) => call(endpoints.groups, { query: { municipioId: municipioId! }, signal }),
    write: (db: OfflineDb, groups: MunicipalityGroup[]) =>
      pullInto(db, 'grupos', groups, scope!, { range: { index: 'municipioId', equals: municipioId! } }),
    direct: (groups: MunicipalityGroup[]): GrupoRow[] => groups.map((group) => ({ ...group, syncedAt: Date.now(), pending: 0 as const })),
    syncedAtOf: oldestSync,
    errorMessage: 'Erro ao obter grupos',
  };
});

const isGone = (error: unknown) => httpStatusOf(error) === 404;

/** GET api/municipio/grupo/{id}, from the device first; a group of another city answers 404 like a missing one. */
const useMunicipalityGroup = query.local((grupoId: number | null) => {
  const scope = grupoId === null ? null : `grupo:${grupoId}`;
  return {
    scope,
    deps: [grupoId],
    read: (db: OfflineDb): Promise<MunicipalityGroup | undefined> =>
      grupoId === null ? Promise.resolve(undefined) : db.grupos.get(grupoId),
    fetch: (signal: AbortSignal) => call(endpoints.group, { params: { id: grupoId! }, signal }),
    write: (db: OfflineDb, group: MunicipalityGroup) => pullInto(db, 'grupos', [group], scope!),
    direct: (group: MunicipalityGroup) => group,
    isGone,
  };
});

// Group writes need the network: the server checks names and what still depends on a group. The
// error triage is the command's (src/data/command.ts): the dialog passes { inline: true } and shows
// the failure on the form; the list's delete action gets the result and says nothing more.

const SAVE_FAILED = 'Não foi possível salvar o grupo. Verifique sua conexão e tente novamente.';

const createGroup = command.online({
  send: ({ municipioId, nome }: { municipioId: number; nome: string }) => call(endpoints.createGroup, { body: { municipioId, nome } }),
  schema: municipalityGroupSchema,
  failure: { message: SAVE_FAILED },
});

const renameGroup = command.online({
  send: ({ grupoId, nome }: { grupoId: number; nome: string }) => call(endpoints.renameGroup, { body: { grupoId, nome } }),
  schema: municipalityGroupSchema,
  failure: { message: SAVE_FAILED },
});

/** 409 when the group still has members or meetings; the server says which. */
const deleteGroup = command.online({
  send: (grupoId: number) => call(endpoints.removeGroup, { params: { id: grupoId } }),
  failure: { message: 'Não foi possível excluir o grupo.' },
});

/** This entity's data object: what its screens read and write. */
export const municipalityGroupsData = {
  useMunicipalityGroups,
  useMunicipalityGroup,
  createGroup,
  renameGroup,
  deleteGroup,
};
