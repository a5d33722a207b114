import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { groupCreateSchema, groupUpdateSchema, municipalityGroupSchema } from '../../../src/domain/members.ts';
import {
  municipalityDetailSchema,
  municipalityMiniDashSchema,
  municipalityListSchema,
  PARTICIPATION_STATUS,
  RELATIONSHIP_STATUS,
} from '../../../src/domain/municipality.ts';
import { canWriteCityGroups, isAdmin, permittedMunicipalityIds, seesAllMunicipalities, type PermissionContext } from '../../../src/domain/permissions.ts';
import { requireAdmin, requireFlag, requireMunicipality } from '../../lib/access.ts';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { loadSession } from '../../lib/session-repository.ts';
import * as repo from './repository.ts';
import { errorResponses, idParam, idParams, idSchema as id, recordErrors as errors } from '../../lib/route-schemas.ts';

const MUNICIPALITY_NOT_FOUND = 'Município não encontrado.';
const GROUP_NOT_FOUND = 'Grupo não encontrado.';


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

/** undefined = every municipality of the tenant. */
function visibleIds(ctx: PermissionContext): number[] | undefined {
  return seesAllMunicipalities(ctx) ? undefined : [...permittedMunicipalityIds(ctx.usuario)];
}

/** A group of a municipality the user cannot see answers exactly like a missing one. */
function requireGroupWriter(ctx: PermissionContext, municipioId: number): void {
  if (!canWriteCityGroups(ctx, municipioId)) throw forbidden('Você não tem permissão para alterar os grupos deste município.');
}

function requireVisibleGroup<T extends { municipioId: number }>(ctx: PermissionContext, group: T | null): T {
  if (!group) throw notFound(GROUP_NOT_FOUND);
  try {
    requireMunicipality(ctx, group.municipioId);
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 404) throw notFound(GROUP_NOT_FOUND);
    throw error;
  }
  return group;
}

/**
 * Municipalities (spec §7 api/municipio) and their working groups (api/municipio/grupo).
 * Reading needs the municipality to be visible (requireMunicipality); saving it needs an admin or
 * salvarMunicipio; deleting it, an admin. Groups are managed by whoever can see the municipality,
 * the same rule as its members.
 */

export const municipalityRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;

  app.get(
    '/municipio',
    {
      schema: {
        tags: ['municipio'],
        summary: 'Municípios que o usuário pode ver',
        response: { 200: municipalityListSchema, ...errorResponses(401) },
      },
    },
    async (request) => {
      const session = request.session;
      const ids = seesAllMunicipalities(session) ? undefined : [...permittedMunicipalityIds(session.usuario)];
      return repo.listMunicipalities(db, request.tenant.id, ids);
    },
  );

  app.get(
    '/municipio/get-nomes',
    {
      schema: {
        tags: ['municipio'],
        summary: 'Id e nome dos municípios que o usuário pode ver, em ordem alfabética',
        response: { 200: z.array(municipalityNameSchema), ...errors },
      },
    },
    async (request) => repo.listMunicipalityNames(db, request.tenant.id, visibleIds(request.session)),
  );

  app.get(
    '/municipio/get-municipios-tema',
    {
      schema: {
        tags: ['municipio'],
        summary: 'Municípios visíveis com perguntas do eixo do tema',
        querystring: z.object({
          temaId: idParam,
          usuarioId: idParam.optional(),
        }),
        response: { 200: municipalityListSchema, ...errors },
      },
    },
    async (request) => {
      const tenantId = request.tenant.id;
      const { temaId, usuarioId } = request.query;
      // Visibility is the caller's; only an admin may ask on behalf of another user.
      let ctx: PermissionContext = request.session;
      if (usuarioId !== undefined && usuarioId !== request.session.usuario.usuarioId) {
        if (!isAdmin(request.session.usuario)) throw forbidden('Você só pode consultar os seus próprios municípios.');
        const other = await loadSession(db, tenantId, usuarioId);
        if (!other) throw notFound('Usuário não encontrado.');
        ctx = other;
      }
      const rows = await repo.listMunicipalitiesOfThemeAxis(db, tenantId, temaId, visibleIds(ctx));
      if (!rows) throw notFound('Tema não encontrado.');
      return rows;
    },
  );

  app.get(
    '/municipio/get-mini-dash/:id',
    {
      schema: {
        tags: ['municipio'],
        summary: 'Contagens do município: membros, grupos, perguntas respondidas/evidenciadas/rejeitadas, encontros',
        params: idParams,
        response: { 200: municipalityMiniDashSchema, ...errors },
      },
    },
    async (request) => {
      requireMunicipality(request.session, request.params.id);
      const dash = await repo.municipalityMiniDash(db, request.tenant.id, request.params.id);
      if (!dash) throw notFound(MUNICIPALITY_NOT_FOUND);
      return dash;
    },
  );

  async function detail(ctx: PermissionContext, tenantId: string, municipioId: number) {
    requireMunicipality(ctx, municipioId);
    const row = await repo.municipalityWithVigente(db, tenantId, municipioId);
    if (!row) throw notFound(MUNICIPALITY_NOT_FOUND);
    return row;
  }

  app.get(
    '/municipio/:id',
    {
      schema: {
        tags: ['municipio'],
        summary: 'Município por id, com pontos, medalha, selo, imagem e vigência',
        params: idParams,
        response: { 200: municipalityDetailSchema, ...errors },
      },
    },
    async (request) => detail(request.session, request.tenant.id, request.params.id),
  );

  app.put(
    '/municipio/:id',
    {
      schema: {
        tags: ['municipio'],
        summary: 'Atualizar nome, status, status do contrato, projeto, relacionamento e participação',
        params: idParams,
        body: municipalityUpdateSchema,
        response: { 200: municipalityDetailSchema, ...errors },
      },
    },
    async (request) => {
      const { session, tenant } = request;
      const municipioId = request.params.id;
      requireMunicipality(session, municipioId);
      if (!isAdmin(session.usuario)) requireFlag(session, 'salvarMunicipio');
      if (!(await repo.findMunicipalityDetail(db, tenant.id, municipioId))) throw notFound(MUNICIPALITY_NOT_FOUND);
      const wrongReference = await repo.invalidReference(db, tenant.id, request.body);
      if (wrongReference) throw badRequest(wrongReference);
      // Zod leaves absent keys out, so only what was sent is written.
      const patch = Object.fromEntries(Object.entries(request.body).filter(([, v]) => v !== undefined));
      await repo.updateMunicipality(db, tenant.id, municipioId, patch);
      return detail(session, tenant.id, municipioId);
    },
  );

  app.delete(
    '/municipio/:id',
    {
      schema: {
        tags: ['municipio'],
        summary: 'Excluir município (apenas administradores)',
        params: idParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const { session, tenant } = request;
      const municipioId = request.params.id;
      requireAdmin(session);
      requireMunicipality(session, municipioId);
      if (!(await repo.findMunicipalityDetail(db, tenant.id, municipioId))) throw notFound(MUNICIPALITY_NOT_FOUND);
      const usage = await repo.municipalityUsage(db, tenant.id, municipioId);
      if (usage.membros > 0 || usage.encontros > 0) {
        throw conflict('Não é possível excluir: o município possui membros ou encontros.');
      }
      await repo.deleteMunicipality(db, tenant.id, municipioId);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/municipio/grupo',
    {
      schema: {
        tags: ['municipio/grupo'],
        summary: 'Grupos do município, com a quantidade de membros',
        querystring: z.object({ municipioId: idParam }),
        response: { 200: z.array(municipalityGroupSchema), ...errors },
      },
    },
    async (request) => {
      const { municipioId } = request.query;
      requireMunicipality(request.session, municipioId);
      if (!(await repo.findMunicipalityDetail(db, request.tenant.id, municipioId))) throw notFound(MUNICIPALITY_NOT_FOUND);
      return repo.listGroups(db, request.tenant.id, municipioId);
    },
  );

  app.get(
    '/municipio/grupo/:id',
    {
      schema: {
        tags: ['municipio/grupo'],
        summary: 'Grupo por id',
        params: idParams,
        response: { 200: municipalityGroupSchema, ...errors },
      },
    },
    async (request) => requireVisibleGroup(request.session, await repo.findGroup(db, request.tenant.id, request.params.id)),
  );

  app.post(
    '/municipio/grupo',
    {
      schema: {
        tags: ['municipio/grupo'],
        summary: 'Criar grupo no município',
        body: groupCreateSchema,
        response: { 201: municipalityGroupSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { municipioId, nome } = request.body;
      requireMunicipality(request.session, municipioId);
      if (!(await repo.findMunicipalityDetail(db, request.tenant.id, municipioId))) throw notFound(MUNICIPALITY_NOT_FOUND);
      requireGroupWriter(request.session, municipioId);
      const grupoId = await repo.insertGroup(db, request.tenant.id, municipioId, nome);
      return reply.status(201).send((await repo.findGroup(db, request.tenant.id, grupoId))!);
    },
  );

  app.put(
    '/municipio/grupo',
    {
      schema: {
        tags: ['municipio/grupo'],
        summary: 'Renomear grupo',
        body: groupUpdateSchema,
        response: { 200: municipalityGroupSchema, ...errors },
      },
    },
    async (request) => {
      const group = requireVisibleGroup(request.session, await repo.findGroup(db, request.tenant.id, request.body.grupoId));
      requireGroupWriter(request.session, group.municipioId);
      await repo.renameGroup(db, request.tenant.id, group.grupoId, request.body.nome);
      return (await repo.findGroup(db, request.tenant.id, group.grupoId))!;
    },
  );

  app.delete(
    '/municipio/grupo/:id',
    {
      schema: { tags: ['municipio/grupo'], summary: 'Excluir grupo sem membros', params: idParams, response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      const group = requireVisibleGroup(request.session, await repo.findGroup(db, request.tenant.id, request.params.id));
      requireGroupWriter(request.session, group.municipioId);
      const usage = await repo.groupUsage(db, request.tenant.id, group.grupoId);
      if (usage.membros > 0) throw conflict('Não é possível excluir: o grupo possui membros.');
      if (usage.encontros > 0) throw conflict('Não é possível excluir: o grupo possui encontros.');
      await repo.deleteGroup(db, request.tenant.id, group.grupoId);
      return reply.status(204).send(null);
    },
  );
};
