import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isAdmin, type PermissionContext } from '../../../src/domain/permissions.ts';
import { messageSchema } from '../../../src/domain/session.ts';
import {
  projectByUfQuerySchema,
  projectInputSchema,
  projectSchema,
  projectUpdateSchema,
} from '../../../src/domain/users.ts';
import { requireFlag } from '../../lib/access.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import * as repo from './repository.ts';
import { idParams, recordErrors as errors } from '../../lib/route-schemas.ts';

const PROJECT_NOT_FOUND = 'Projeto não encontrado.';
const NAME_TAKEN = 'Já existe um projeto com este nome.';

/** Projects are managed by admins or holders of the Projetos e Soluções menu; any logged-in user reads them. */
function requireProjectManager(ctx: PermissionContext): void {
  if (!isAdmin(ctx.usuario)) requireFlag(ctx, 'menuProjetosSolucoes');
}

export const projectRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;

  app.get(
    '/projeto',
    { schema: { tags: ['projeto'], summary: 'Lista os projetos', response: { 200: z.array(projectSchema), ...errors } } },
    async (request) => repo.listProjects(db, request.tenant.id),
  );

  app.get(
    '/projeto/get-projeto-by-uf',
    {
      schema: {
        tags: ['projeto'],
        summary: 'Projetos de uma UF',
        querystring: projectByUfQuerySchema,
        response: { 200: z.array(projectSchema), ...errors },
      },
    },
    async (request) => repo.listProjects(db, request.tenant.id, request.query.uf),
  );

  app.get(
    '/projeto/:id',
    { schema: { tags: ['projeto'], summary: 'Um projeto', params: idParams, response: { 200: projectSchema, ...errors } } },
    async (request) => {
      const project = await repo.getProject(db, request.tenant.id, request.params.id);
      if (!project) throw notFound(PROJECT_NOT_FOUND);
      return project;
    },
  );

  app.post(
    '/projeto',
    {
      schema: {
        tags: ['projeto'],
        summary: 'Cadastra um projeto (sem UF: a da base de dados)',
        body: projectInputSchema,
        response: { 201: projectSchema, ...errors },
      },
    },
    async (request, reply) => {
      requireProjectManager(request.session);
      const input = { ...request.body, uf: request.body.uf ?? request.tenant.uf };
      if (await repo.nameTaken(db, request.tenant.id, input.nome)) throw conflict(NAME_TAKEN);
      return reply.status(201).send(await repo.createProject(db, request.tenant.id, input));
    },
  );

  app.put(
    '/projeto',
    {
      schema: {
        tags: ['projeto'],
        summary: 'Atualiza um projeto',
        body: projectUpdateSchema,
        response: { 200: projectSchema, ...errors },
      },
    },
    async (request) => {
      const tenantId = request.tenant.id;
      const { projetoId, ...input } = request.body;
      requireProjectManager(request.session);
      if (!(await repo.getProject(db, tenantId, projetoId))) throw notFound(PROJECT_NOT_FOUND);
      if (await repo.nameTaken(db, tenantId, input.nome, projetoId)) throw conflict(NAME_TAKEN);
      return repo.updateProject(db, tenantId, projetoId, input);
    },
  );

  app.delete(
    '/projeto/:id',
    {
      schema: {
        tags: ['projeto'],
        summary: 'Exclui um projeto que nenhum município, eixo ou grupo de soluções usa',
        params: idParams,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) => {
      const tenantId = request.tenant.id;
      requireProjectManager(request.session);
      const project = await repo.getProject(db, tenantId, request.params.id);
      if (!project) throw notFound(PROJECT_NOT_FOUND);
      const usage = await repo.projectUsage(db, tenantId, project.projetoId);
      if (usage.municipios > 0) throw conflict('Não é possível excluir o projeto: há municípios vinculados a ele.');
      if (usage.eixos > 0) throw conflict('Não é possível excluir o projeto: há eixos vinculados a ele.');
      if (usage.gruposSolucao > 0) throw conflict('Não é possível excluir o projeto: há grupos de soluções vinculados a ele.');
      if (!(await repo.deleteProject(db, tenantId, project.projetoId)))
        throw conflict('Não é possível excluir o projeto: ele está em uso.');
      return { message: 'Projeto excluído.' };
    },
  );
};
