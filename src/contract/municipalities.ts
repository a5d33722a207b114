import { z } from 'zod';
import { groupCreateSchema, groupUpdateSchema, municipalityGroupSchema } from '../domain/members.ts';
import {
  municipalityDetailSchema,
  municipalityListSchema,
  municipalityMiniDashSchema,
  PARTICIPATION_STATUS,
  RELATIONSHIP_STATUS,
} from '../domain/municipality.ts';
import { endpoint } from './endpoint.ts';
import { municipalityPaths } from './municipality-paths.ts';
import { errorResponses, idParam, idParams, idSchema as id, recordErrors as errors } from './schemas.ts';

/** Absent fields are kept; null clears an optional reference. */
export const municipalityUpdateSchema = z.object({
  nome: z.string().trim().min(1, { error: 'Informe o nome do município' }).max(200).optional(),
  statusId: id.nullable().optional(),
  statusContratoId: id.nullable().optional(),
  projetoId: id.nullable().optional(),
  statusRelacionamento: z.literal(Object.values(RELATIONSHIP_STATUS)).optional(),
  statusParticipacao: z.literal(Object.values(PARTICIPATION_STATUS)).optional(),
});

export const municipalityNameSchema = z.object({ municipioId: z.number().int(), nome: z.string() });

const tags = ['municipio'];
const groupTags = ['municipio/grupo'];
const group = (source: 'params.id' | 'body.grupoId') => ({ record: { of: 'municipalityGroup', id: source } }) as const;

/**
 * Municipalities (spec §7 api/municipio) and their working groups (api/municipio/grupo).
 * Reading needs the municipality to be visible (404 otherwise, its existence not leaked); saving
 * it needs an admin or salvarMunicipio (checked by the command: the vocabulary has no "admin or
 * flag"); deleting it, an admin. Groups are read by whoever sees the municipality; writing them
 * also needs canWriteCityGroups (checked by the command, with its own 403 message).
 */
export const municipalities = {
  list: endpoint({
    method: 'GET',
    path: municipalityPaths.list.path,
    summary: 'Municípios que o usuário pode ver',
    tags,
    access: 'session',
    response: { 200: municipalityListSchema, ...errorResponses(401) },
  }),
  names: endpoint({
    method: 'GET',
    path: municipalityPaths.names.path,
    summary: 'Id e nome dos municípios que o usuário pode ver, em ordem alfabética',
    tags,
    access: 'session',
    response: { 200: z.array(municipalityNameSchema), ...errors },
  }),
  /** Visibility is the caller's; only an admin may ask on behalf of another user (checked by the handler: it depends on the query). */
  ofThemeAxis: endpoint({
    method: 'GET',
    path: '/municipio/get-municipios-tema',
    summary: 'Municípios visíveis com perguntas do eixo do tema',
    tags,
    access: 'session',
    query: z.object({
      temaId: idParam,
      usuarioId: idParam.optional(),
    }),
    response: { 200: municipalityListSchema, ...errors },
  }),
  miniDash: endpoint({
    method: 'GET',
    path: '/municipio/get-mini-dash/:id',
    summary: 'Contagens do município: membros, grupos, perguntas respondidas/evidenciadas/rejeitadas, encontros',
    tags,
    access: { municipality: 'params.id' },
    params: idParams,
    response: { 200: municipalityMiniDashSchema, ...errors },
  }),
  get: endpoint({
    method: 'GET',
    path: '/municipio/:id',
    summary: 'Município por id, com pontos, medalha, selo, imagem e vigência',
    tags,
    access: { municipality: 'params.id' },
    params: idParams,
    response: { 200: municipalityDetailSchema, ...errors },
  }),
  update: endpoint({
    method: 'PUT',
    path: '/municipio/:id',
    summary: 'Atualizar nome, status, status do contrato, projeto, relacionamento e participação',
    tags,
    access: { municipality: 'params.id' },
    params: idParams,
    body: municipalityUpdateSchema,
    response: { 200: municipalityDetailSchema, ...errors },
  }),
  /**
   * Only the admin rule is declared: its 403 answers before the municipality's 404 (a non-admin
   * learns nothing either way), the order this endpoint always had; the handler opens the municipality.
   */
  remove: endpoint({
    method: 'DELETE',
    path: '/municipio/:id',
    summary: 'Excluir município (apenas administradores)',
    tags,
    access: { admin: true },
    params: idParams,
    response: { 204: z.null(), ...errors },
  }),
  groups: endpoint({
    method: 'GET',
    path: '/municipio/grupo',
    summary: 'Grupos do município, com a quantidade de membros',
    tags: groupTags,
    access: { municipality: 'query.municipioId' },
    query: z.object({ municipioId: idParam }),
    response: { 200: z.array(municipalityGroupSchema), ...errors },
  }),
  group: endpoint({
    method: 'GET',
    path: '/municipio/grupo/:id',
    summary: 'Grupo por id',
    tags: groupTags,
    access: group('params.id'),
    params: idParams,
    response: { 200: municipalityGroupSchema, ...errors },
  }),
  createGroup: endpoint({
    method: 'POST',
    path: '/municipio/grupo',
    summary: 'Criar grupo no município',
    tags: groupTags,
    access: { municipality: 'body.municipioId' },
    body: groupCreateSchema,
    response: { 201: municipalityGroupSchema, ...errors },
  }),
  renameGroup: endpoint({
    method: 'PUT',
    path: '/municipio/grupo',
    summary: 'Renomear grupo',
    tags: groupTags,
    access: group('body.grupoId'),
    body: groupUpdateSchema,
    response: { 200: municipalityGroupSchema, ...errors },
  }),
  removeGroup: endpoint({
    method: 'DELETE',
    path: '/municipio/grupo/:id',
    summary: 'Excluir grupo sem membros',
    tags: groupTags,
    access: group('params.id'),
    params: idParams,
    response: { 204: z.null(), ...errors },
  }),
};
