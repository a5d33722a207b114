import { z } from 'zod';
import { api } from '../../api/client.ts';
import { memberSchema, municipalityGroupSchema, type Member, type MunicipalityGroup } from '../../domain/members.ts';
import { municipalityDetailSchema, type MunicipalityDetail } from '../../domain/municipality.ts';

import { httpStatusOf, useApiGet } from '../../api/use-api-get.ts';
import { municipalityScope } from '../../offline/bundle.ts';
import type { GrupoRow } from '../../offline/db.ts';
import { useOfflineMunicipalities } from '../../offline/hooks.ts';
import { pullInto } from '../../offline/pull.ts';
import { oldestSync, useLocalFirst } from '../../offline/use-local-first.ts';
import { ERROR_MESSAGES } from '../../domain/messages.ts';

export { municipalityDetailSchema, type MunicipalityDetail } from '../../domain/municipality.ts';

export { httpStatusOf, type Remote } from '../../api/use-api-get.ts';

// ---------------------------------------------------------------- reading

const isGone = (error: unknown) => httpStatusOf(error) === 404;

/**
 * The city of /cidade/{id}/*, from the device first so the city area opens offline (after a visit
 * or "Disponível offline"). A 404 is not reported here: the city screen turns it into its own
 * notice and leaves.
 */
export function useMunicipality(municipioId: number | null) {
  const scope = municipioId === null ? null : municipalityScope(municipioId);
  return useLocalFirst<MunicipalityDetail, MunicipalityDetail>({
    scope,
    deps: [municipioId],
    read: (db) => (municipioId === null ? Promise.resolve(undefined) : db.municipios.get(municipioId)),
    fetch: async (signal) => municipalityDetailSchema.parse(await api.get(`municipio/${municipioId}`, { signal }).json()),
    write: (db, detail) => pullInto(db, 'municipios', [detail], scope!),
    direct: (detail) => detail,
    isGone,
  });
}

export const miniDashSchema = z.object({
  municipioId: z.number().int(),
  membros: z.number().int(),
  grupos: z.number().int(),
  perguntasRespondidas: z.number().int(),
  perguntasEvidenciadas: z.number().int(),
  perguntasRejeitadas: z.number().int(),
  encontros: z.number().int(),
});
export type MiniDash = z.infer<typeof miniDashSchema>;

/** GET api/municipio/get-mini-dash/{id}. Failures stay inside the summary, which offers a retry. */
export function useMiniDash(municipioId: number) {
  return useApiGet(`municipio/get-mini-dash/${municipioId}`, miniDashSchema);
}

const groupListSchema = z.array(municipalityGroupSchema);

/** The city's working groups, from the device first; a pull drops groups the server no longer lists. */
export function useMunicipalityGroups(municipioId: number) {
  const scope = `grupos:municipio:${municipioId}`;
  return useLocalFirst<GrupoRow[], MunicipalityGroup[]>({
    scope,
    deps: [municipioId],
    read: (db) => db.grupos.where('municipioId').equals(municipioId).toArray(),
    fetch: async (signal) => groupListSchema.parse(await api.get(`municipio/grupo?municipioId=${municipioId}`, { signal }).json()),
    write: (db, groups) => pullInto(db, 'grupos', groups, scope, { range: { index: 'municipioId', equals: municipioId } }),
    direct: (groups) => groups.map((group) => ({ ...group, syncedAt: Date.now(), pending: 0 as const })),
    syncedAtOf: oldestSync,
    errorMessage: 'Erro ao obter grupos',
  });
}

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

const memberListSchema = z.array(memberSchema);

/** A member as the list shows it: `pending` while a change made on this device waits to be sent. */
export type ListedMember = Member & { pending: boolean; syncedAt: number };

/**
 * Members of a group, from the device first (members registered offline included, marked
 * pending), refreshed from GET get-membro-by-grupo while the screen is open.
 */
export function useGroupMembers(municipioId: number, grupoId: number | null) {
  const scope = grupoId === null ? null : `membros:grupo:${grupoId}`;
  return useLocalFirst<ListedMember[], Member[]>({
    scope,
    deps: [municipioId, grupoId],
    read: async (db) => {
      const rows = await db.membros.where('municipioId').equals(municipioId).toArray();
      return rows
        .filter((row) => row.membroGrupos.some((link) => link.grupoId === grupoId))
        .map(({ pending, ...member }) => ({ ...member, pending: pending === 1 }));
    },
    fetch: async (signal) => memberListSchema.parse(await api.get(`municipio/membro/get-membro-by-grupo/${grupoId}`, { signal }).json()),
    write: (db, members) => pullInto(db, 'membros', members, scope!),
    direct: (members) => members.map((member) => ({ ...member, pending: false, syncedAt: Date.now() })),
    syncedAtOf: (members) => oldestSync(members.map((m) => ({ syncedAt: m.syncedAt, pending: m.pending ? 1 : 0 }))),
    errorMessage: ERROR_MESSAGES.getMembers,
  });
}

// ---------------------------------------------------------------- writing

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

export { deleteMember, registerMember, updateMember, updateMemberPhoto, type MemberRegistration } from '../../entities/members/data.ts';

// ---------------------------------------------------------------- "Disponível offline"

/** This municipality's offline copy on the device (name, when, size), or undefined. */
export function useOfflineMunicipality(municipioId: number) {
  return useOfflineMunicipalities()?.find((m) => m.municipioId === municipioId);
}

export { removeOffline as removeAvailableOffline } from '../../offline/bundle-api.ts';
