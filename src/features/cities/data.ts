import { useCallback, useEffect, useState } from 'react';
import { z } from 'zod';
import { api, isAbortError, isSessionExpiredError } from '../../api/client.ts';
import {
  memberSchema,
  municipalityGroupSchema,
  type Member,
  type MemberCreateInput,
  type MemberUpdateInput,
  type MunicipalityGroup,
} from '../../domain/members.ts';
import { municipalityListItemSchema, type MunicipalityListItem } from '../../domain/municipality.ts';
import { notifyError } from '../../ui/notify.ts';
import { useApiGet } from '../../api/use-api-get.ts';

export { httpStatusOf, type Remote } from '../../api/use-api-get.ts';

export type MunicipalityListState = { status: 'loading' } | { status: 'error' } | { status: 'ready'; items: MunicipalityListItem[] };

const municipalityListSchema = z.array(municipalityListItemSchema);

/** The municipalities the signed-in user may see (GET api/municipio); `reload` asks again. */
export function useMunicipalityList(): MunicipalityListState & { reload: () => void } {
  const [state, setState] = useState<MunicipalityListState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    api
      .get('municipio', { signal: controller.signal })
      .json()
      .then((body) => setState({ status: 'ready', items: municipalityListSchema.parse(body) }))
      .catch((error: unknown) => {
        if (isAbortError(error) || controller.signal.aborted) return;
        setState({ status: 'error' });
        if (!isSessionExpiredError(error)) notifyError('Erro ao obter municipios');
      });
    return () => controller.abort();
  }, [attempt]);

  const reload = useCallback(() => {
    setState({ status: 'loading' });
    setAttempt((n) => n + 1);
  }, []);

  return { ...state, reload };
}

// ---------------------------------------------------------------- reading

/** GET api/municipio/{id}: the list fields plus points, medal, seal, picture and the vigente rule. */
export const municipalityDetailSchema = municipalityListItemSchema.extend({
  pontos: z.number().int(),
  medalha: z.enum(['bronze', 'prata', 'ouro']).nullable(),
  selo: z.enum(['bronze', 'prata', 'ouro', 'diamante']).nullable(),
  imagem: z.string().nullable(),
  vigente: z.boolean(),
});
export type MunicipalityDetail = z.infer<typeof municipalityDetailSchema>;

/** A 404 is not reported here: the city screen turns it into its own notice and leaves. */
export function useMunicipality(municipioId: number | null) {
  return useApiGet(municipioId === null ? null : `municipio/${municipioId}`, municipalityDetailSchema);
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

export function useMunicipalityGroups(municipioId: number) {
  return useApiGet(`municipio/grupo?municipioId=${municipioId}`, groupListSchema, 'Erro ao obter grupos');
}

/** GET api/municipio/grupo/{id}; a group of another city answers 404 like a missing one. */
export function useMunicipalityGroup(grupoId: number | null) {
  return useApiGet(grupoId === null ? null : `municipio/grupo/${grupoId}`, municipalityGroupSchema);
}

const memberListSchema = z.array(memberSchema);

/** Spec §8: a failed member list shows "Erro ao obter membros". */
export function useGroupMembers(grupoId: number | null, errorMessage: string) {
  return useApiGet(grupoId === null ? null : `municipio/membro/get-membro-by-grupo/${grupoId}`, memberListSchema, errorMessage);
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

export async function createMember(body: MemberCreateInput): Promise<Member> {
  return memberSchema.parse(await api.post('municipio/membro/cadastrar-membro', { json: body }).json());
}

export async function updateMember(body: MemberUpdateInput): Promise<Member> {
  return memberSchema.parse(await api.put('municipio/membro/atualizar-membro', { json: body }).json());
}

/** `imagemMembro`: a jpg/png data URL, or null to remove the photo. */
export async function updateMemberPhoto(membroId: number, imagemMembro: string | null): Promise<Member> {
  return memberSchema.parse(await api.put('municipio/membro/atualizar-foto-membro', { json: { membroId, imagemMembro } }).json());
}

export async function deleteMember(membroId: number): Promise<void> {
  await api.delete(`municipio/membro/${membroId}`);
}
