import { z } from 'zod';
import { api } from '../../api/client.ts';
import { httpStatusOf } from '../../lib/api-errors.ts';
import { municipalityGroupSchema, type MunicipalityGroup } from '../../domain/members.ts';
import type { GrupoRow } from './table.ts';
import { pullInto } from '../../offline/pull.ts';
import { oldestSync, useLocalFirst } from '../../offline/use-local-first.ts';

/**
 * A municipality's working groups (spec §7 api/municipio/grupo): the groups screen, the meeting
 * dialogs and the meeting search all read them here, from the same device rows and scope.
 */

const groupListSchema = z.array(municipalityGroupSchema);

/**
 * The city's working groups, from the device first; a pull drops groups the server no longer
 * lists. A null municipality waits (e.g. a search filter with no single city chosen).
 */
export function useMunicipalityGroups(municipioId: number | null) {
  const scope = municipioId === null ? null : `grupos:municipio:${municipioId}`;
  return useLocalFirst<GrupoRow[], MunicipalityGroup[]>({
    scope,
    deps: [municipioId],
    read: (db) => (municipioId === null ? Promise.resolve(undefined) : db.grupos.where('municipioId').equals(municipioId).toArray()),
    fetch: async (signal) => groupListSchema.parse(await api.get(`municipio/grupo?municipioId=${municipioId}`, { signal }).json()),
    write: (db, groups) => pullInto(db, 'grupos', groups, scope!, { range: { index: 'municipioId', equals: municipioId! } }),
    direct: (groups) => groups.map((group) => ({ ...group, syncedAt: Date.now(), pending: 0 as const })),
    syncedAtOf: oldestSync,
    errorMessage: 'Erro ao obter grupos',
  });
}

const isGone = (error: unknown) => httpStatusOf(error) === 404;

/** GET api/municipio/grupo/{id}, from the device first; a group of another city answers 404 like a missing one. */
export function useMunicipalityGroup(grupoId: number | null) {
  const scope = grupoId === null ? null : `grupo:${grupoId}`;
  return useLocalFirst<MunicipalityGroup, MunicipalityGroup>({
    scope,
    deps: [grupoId],
    read: (db) => (grupoId === null ? Promise.resolve(undefined) : db.grupos.get(grupoId)),
    fetch: async (signal) => municipalityGroupSchema.parse(await api.get(`municipio/grupo/${grupoId}`, { signal }).json()),
    write: (db, group) => pullInto(db, 'grupos', [group], scope!),
    direct: (group) => group,
    isGone,
  });
}

// Group writes need the network: the server checks names and what still depends on a group.

export async function createGroup(municipioId: number, nome: string): Promise<MunicipalityGroup> {
  return municipalityGroupSchema.parse(await api.post('municipio/grupo', { json: { municipioId, nome } }).json());
}

export async function renameGroup(grupoId: number, nome: string): Promise<MunicipalityGroup> {
  return municipalityGroupSchema.parse(await api.put('municipio/grupo', { json: { grupoId, nome } }).json());
}

/** 409 when the group still has members or meetings; the server says which. */
export async function deleteGroup(grupoId: number): Promise<void> {
  await api.delete(`municipio/grupo/${grupoId}`);
}
