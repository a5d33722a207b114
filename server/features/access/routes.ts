import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isAdmin, type PermissionContext } from '../../../src/domain/permissions.ts';
import { messageSchema } from '../../../src/domain/session.ts';
import {
  ADMIN_GROUP_NAME,
  groupInputSchema,
  groupListItemSchema,
  groupReportInputSchema,
  groupReportListQuerySchema,
  groupReportSchema,
  groupReportUpdateSchema,
  groupSchema,
  groupUpdateSchema,
  type GroupInput,
} from '../../../src/domain/users.ts';
import { requireAdmin, requireFlag } from '../../lib/access.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import * as repo from './repository.ts';
import { idParams, recordErrors as errors } from '../../lib/route-schemas.ts';

const GROUP_NOT_FOUND = 'Grupo não encontrado.';

/** Groups and their report permissions are managed by admins or by holders of the Grupos menu. */
function requireGroupManager(ctx: PermissionContext): void {
  if (!isAdmin(ctx.usuario)) requireFlag(ctx, 'menuGrupos');
}

/** The user form picks a group, so whoever manages users may read groups too. */
function requireGroupReader(ctx: PermissionContext): void {
  if (!isAdmin(ctx.usuario)) requireFlag(ctx, 'menuGrupos', 'menuUsuarios');
}

export const userGroupRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;

  async function loadGroup(tenantId: string, grupoId: number) {
    const group = await repo.getGroup(db, tenantId, grupoId);
    if (!group) throw notFound(GROUP_NOT_FOUND);
    return group;
  }

  async function checkInput(ctx: PermissionContext, tenantId: string, input: GroupInput, grupoId?: number) {
    // Naming a group Administrador makes its users admins: a flag holder may not do that.
    if (input.nome === ADMIN_GROUP_NAME) requireAdmin(ctx);
    if (await repo.nameTaken(db, tenantId, input.nome, grupoId)) throw conflict('Já existe um grupo com este nome.');
    if (input.visualizaEixosIds && !(await repo.axesExist(db, tenantId, input.visualizaEixosIds))) throw badRequest('Eixo não encontrado.');
  }

  app.get(
    '/usuario/grupo',
    {
      schema: { tags: ['grupo'], summary: 'Lista os grupos de usuários', response: { 200: z.array(groupListItemSchema), ...errors } },
    },
    async (request) => {
      requireGroupReader(request.session);
      return repo.listGroups(db, request.tenant.id);
    },
  );

  app.get(
    '/usuario/grupo/get-Last-grupo',
    {
      schema: { tags: ['grupo'], summary: 'O grupo cadastrado por último', response: { 200: groupSchema, ...errors } },
    },
    async (request) => {
      requireGroupReader(request.session);
      const group = await repo.getLastGroup(db, request.tenant.id);
      if (!group) throw notFound(GROUP_NOT_FOUND);
      return group;
    },
  );

  app.get(
    '/usuario/grupo/:id',
    {
      schema: {
        tags: ['grupo'],
        summary: 'Grupo com todas as flags, eixos visíveis e relatórios administrativos',
        params: idParams,
        response: { 200: groupSchema, ...errors },
      },
    },
    async (request) => {
      requireGroupReader(request.session);
      return loadGroup(request.tenant.id, request.params.id);
    },
  );

  app.post(
    '/usuario/grupo',
    {
      schema: {
        tags: ['grupo'],
        summary: 'Cadastra um grupo; flags omitidas assumem o padrão do catálogo',
        body: groupInputSchema,
        response: { 201: groupSchema, ...errors },
      },
    },
    async (request, reply) => {
      const ctx = request.session;
      requireGroupManager(ctx);
      await checkInput(ctx, request.tenant.id, request.body);
      return reply.status(201).send(await repo.createGroup(db, request.tenant.id, request.body));
    },
  );

  for (const url of ['/usuario/grupo', '/usuario/grupo/update-grupo']) {
    app.put(
      url,
      {
        schema: {
          tags: ['grupo'],
          summary: 'Atualiza um grupo; flags e listas omitidas ficam como estão',
          body: groupUpdateSchema,
          response: { 200: groupSchema, ...errors },
        },
      },
      async (request) => {
        const ctx = request.session;
        const tenantId = request.tenant.id;
        const { grupoId, ...input } = request.body;
        requireGroupManager(ctx);
        const current = await loadGroup(tenantId, grupoId);
        if (current.nome === ADMIN_GROUP_NAME) {
          requireAdmin(ctx);
          if (input.nome !== ADMIN_GROUP_NAME) throw conflict('O grupo Administrador não pode ser renomeado.');
        }
        await checkInput(ctx, tenantId, input, grupoId);
        return repo.updateGroup(db, tenantId, grupoId, input);
      },
    );
  }

  app.delete(
    '/usuario/grupo/delete-group/:id',
    {
      schema: {
        tags: ['grupo'],
        summary: 'Exclui um grupo sem usuários',
        params: idParams,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) => {
      const tenantId = request.tenant.id;
      requireGroupManager(request.session);
      const group = await loadGroup(tenantId, request.params.id);
      if (group.nome === ADMIN_GROUP_NAME) throw conflict('O grupo Administrador não pode ser excluído.');
      if ((await repo.countUsers(db, tenantId, group.grupoId)) > 0) throw conflict(repo.GROUP_IN_USE);
      await repo.deleteGroup(db, tenantId, group.grupoId);
      return { message: 'Grupo excluído.' };
    },
  );

  // ------------------------------------------------------------ administrative reports a group may open

  /** The report list of the Administrador group is an admin matter, like the group itself. */
  async function loadReportGroup(ctx: PermissionContext, tenantId: string, grupoId: number) {
    const group = await loadGroup(tenantId, grupoId);
    if (group.nome === ADMIN_GROUP_NAME) requireAdmin(ctx);
    return group;
  }

  app.get(
    '/UsuarioGrupoPermissao',
    {
      schema: {
        tags: ['grupo'],
        summary: 'Relatórios administrativos liberados por grupo',
        querystring: groupReportListQuerySchema,
        response: { 200: z.array(groupReportSchema), ...errors },
      },
    },
    async (request) => {
      requireGroupManager(request.session);
      return repo.listGroupReports(db, request.tenant.id, request.query.grupoId);
    },
  );

  app.get(
    '/UsuarioGrupoPermissao/get-by-grupo/:id',
    {
      schema: {
        tags: ['grupo'],
        summary: 'Relatórios administrativos liberados para um grupo',
        params: idParams,
        response: { 200: z.array(groupReportSchema), ...errors },
      },
    },
    async (request) => {
      requireGroupManager(request.session);
      const group = await loadGroup(request.tenant.id, request.params.id);
      return repo.listGroupReports(db, request.tenant.id, group.grupoId);
    },
  );

  app.post(
    '/UsuarioGrupoPermissao',
    {
      schema: {
        tags: ['grupo'],
        summary: 'Libera um relatório administrativo (1 a 51) para um grupo',
        body: groupReportInputSchema,
        response: { 201: groupReportSchema, ...errors },
      },
    },
    async (request, reply) => {
      const ctx = request.session;
      const tenantId = request.tenant.id;
      const { grupoId, relatorioId } = request.body;
      requireGroupManager(ctx);
      await loadReportGroup(ctx, tenantId, grupoId);
      if (await repo.groupReportTaken(db, tenantId, grupoId, relatorioId)) throw conflict('Este relatório já está liberado para o grupo.');
      return reply.status(201).send(await repo.addGroupReport(db, tenantId, grupoId, relatorioId));
    },
  );

  app.put(
    '/UsuarioGrupoPermissao',
    {
      schema: {
        tags: ['grupo'],
        summary: 'Altera uma liberação de relatório administrativo',
        body: groupReportUpdateSchema,
        response: { 200: groupReportSchema, ...errors },
      },
    },
    async (request) => {
      const ctx = request.session;
      const tenantId = request.tenant.id;
      const { id, grupoId, relatorioId } = request.body;
      requireGroupManager(ctx);
      const current = await repo.getGroupReport(db, tenantId, id);
      if (!current) throw notFound('Permissão de relatório não encontrada.');
      await loadReportGroup(ctx, tenantId, current.grupoId);
      await loadReportGroup(ctx, tenantId, grupoId);
      if (await repo.groupReportTaken(db, tenantId, grupoId, relatorioId, id))
        throw conflict('Este relatório já está liberado para o grupo.');
      return repo.updateGroupReport(db, tenantId, id, grupoId, relatorioId);
    },
  );

  app.delete(
    '/UsuarioGrupoPermissao/:id',
    {
      schema: {
        tags: ['grupo'],
        summary: 'Remove a liberação de um relatório administrativo',
        params: idParams,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) => {
      const ctx = request.session;
      const tenantId = request.tenant.id;
      requireGroupManager(ctx);
      const current = await repo.getGroupReport(db, tenantId, request.params.id);
      if (!current) throw notFound('Permissão de relatório não encontrada.');
      await loadReportGroup(ctx, tenantId, current.grupoId);
      await repo.deleteGroupReport(db, tenantId, current.id);
      return { message: 'Permissão de relatório removida.' };
    },
  );
};
