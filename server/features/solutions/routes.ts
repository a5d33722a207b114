import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { canManage, hasFlag, type PermissionContext } from '../../../src/domain/permissions.ts';
import { messageSchema } from '../../../src/domain/session.ts';
import {
  evidenceDefinitionInputSchema,
  evidenceDefinitionSchema,
  evidenceDefinitionUpdateSchema,
  redactSolution,
  SOLUTION_MESSAGES,
  solutionEnableRefusal,
  solutionGroupInputSchema,
  solutionGroupSchema,
  solutionGroupUpdateSchema,
  solutionIdBodySchema,
  solutionInputSchema,
  solutionSchema,
  solutionUpdateSchema,
  taskEnableRefusal,
  taskInputSchema,
  taskSchema,
  taskUpdateSchema,
  vocabularyModeSchema,
  type Solution,
} from '../../../src/domain/solutions.ts';
import { idSchema } from '../../../src/domain/users.ts';
import { badRequest, conflict, forbidden, notFound, pgCode } from '../../lib/errors.ts';
import { idParam, idParams, recordErrors as errors } from '../../lib/route-schemas.ts';
import { municipalitySolutionRoutes } from './municipality-routes.ts';
import * as repo from './repository.ts';
import { municipalityAccess } from './access.ts';

const M = SOLUTION_MESSAGES;
const pairParams = z.object({ a: idParam, b: idParam });
const modeQuery = z.object({ modo: vocabularyModeSchema });
const idList = (name: string) => z.object({ [name]: z.array(idSchema).max(10000) });

/** Programme-level catalogue writes (Administração > Projetos e Soluções): admins or holders of that menu. */
function requireCatalogueManager(ctx: PermissionContext): void {
  if (!canManage(ctx, 'menuProjetosSolucoes')) throw forbidden();
}

/** A name already used under the same parent (unique index) is a 409 with a pt-BR message, never a 500. */
async function uniqueName<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (pgCode(error) === '23505') throw conflict(M.nameTaken);
    throw error;
  }
}

/**
 * Spec solutions, groups of solutions, tasks and evidence definitions: the programme catalogue
 * (api/projeto/...) and each municipality's copy (api/municipio/...), with the progress aggregates
 * of the dashboard. Municipality-level calls follow the city's Grupos tab (verAbaGrupo); writes there
 * also need a role in the municipality (canWriteCityGroups), the progress reads the Andamento tab.
 */
export const solutionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  await app.register(municipalitySolutionRoutes);

  const redact = (ctx: PermissionContext, s: Solution) => redactSolution(ctx, s);

  /** Spec §6 for the municipality families: see access.ts. */
  const cityAccess = (ctx: PermissionContext, tenantId: string, municipioId: number, write: boolean, tab?: 'grupo' | 'andamento') =>
    municipalityAccess(db, ctx, tenantId, municipioId, write, tab);

  // ------------------------------------------------------------ groups of solutions

  app.get(
    '/projeto/grupoSolucao',
    {
      schema: {
        tags: ['solucao'],
        summary: 'Grupos de soluções (de um projeto com ?projetoId)',
        querystring: z.object({ projetoId: idParam.optional() }),
        response: { 200: z.array(solutionGroupSchema), ...errors },
      },
    },
    async (request) => repo.listGroups(db, request.tenant.id, request.query.projetoId),
  );

  app.get(
    '/projeto/grupoSolucao/list-not-in-municipio/:id',
    {
      schema: {
        tags: ['solucao'],
        summary: 'Grupos habilitados do projeto do município que ele ainda não tem',
        params: idParams,
        response: { 200: z.array(solutionGroupSchema), ...errors },
      },
    },
    async (request) => {
      await cityAccess(request.session, request.tenant.id, request.params.id, false);
      return repo.listGroupsNotInMunicipality(db, request.tenant.id, request.params.id);
    },
  );

  app.get(
    '/projeto/grupoSolucao/:id',
    { schema: { tags: ['solucao'], summary: 'Um grupo de soluções', params: idParams, response: { 200: solutionGroupSchema, ...errors } } },
    async (request) => {
      const group = await repo.getGroup(db, request.tenant.id, request.params.id);
      if (!group) throw notFound(M.groupNotFound);
      return group;
    },
  );

  app.post(
    '/projeto/grupoSolucao',
    {
      schema: {
        tags: ['solucao'],
        summary: 'Cadastra um grupo de soluções',
        body: solutionGroupInputSchema,
        response: { 201: solutionGroupSchema, ...errors },
      },
    },
    async (request, reply) => {
      requireCatalogueManager(request.session);
      const { eixoIds, ...input } = request.body;
      if (!(await repo.projectExists(db, request.tenant.id, input.projetoId))) throw notFound('Projeto não encontrado.');
      const group = await uniqueName(() => repo.createGroup(db, request.tenant.id, { ...input, eixoIds }));
      return reply.status(201).send(group);
    },
  );

  app.put(
    '/projeto/grupoSolucao',
    {
      schema: {
        tags: ['solucao'],
        summary: 'Atualiza um grupo de soluções',
        body: solutionGroupUpdateSchema,
        response: { 200: solutionGroupSchema, ...errors },
      },
    },
    async (request) => {
      requireCatalogueManager(request.session);
      const { grupoSolucaoId, eixoIds, ...input } = request.body;
      const tenantId = request.tenant.id;
      if (!(await repo.getGroup(db, tenantId, grupoSolucaoId))) throw notFound(M.groupNotFound);
      if (!(await repo.projectExists(db, tenantId, input.projetoId))) throw notFound('Projeto não encontrado.');
      return uniqueName(() => repo.updateGroup(db, tenantId, grupoSolucaoId, { ...input, eixoIds }));
    },
  );

  // ------------------------------------------------------------ solutions

  app.get(
    '/projeto/solucao',
    {
      schema: {
        tags: ['solucao'],
        summary: 'Soluções (custo e preço só com verCustoPreco; tipo só com verTipoSolucao)',
        response: { 200: z.array(solutionSchema), ...errors },
      },
    },
    async (request) => (await repo.listSolutions(db, request.tenant.id)).map((s) => redact(request.session, s)),
  );

  app.get(
    '/projeto/solucao/listAll',
    { schema: { tags: ['solucao'], summary: 'Todas as soluções', response: { 200: z.array(solutionSchema), ...errors } } },
    async (request) => (await repo.listSolutions(db, request.tenant.id)).map((s) => redact(request.session, s)),
  );

  app.post(
    '/projeto/solucao/get-by-grupo/:a/:b',
    {
      schema: {
        tags: ['solucao'],
        summary: 'Soluções de um grupo (a: projeto, b: grupo de soluções)',
        params: pairParams,
        response: { 200: z.array(solutionSchema), ...errors },
      },
    },
    async (request) => {
      const group = await repo.getGroup(db, request.tenant.id, request.params.b);
      if (!group || group.projetoId !== request.params.a) throw notFound(M.groupNotFound);
      return (await repo.listSolutions(db, request.tenant.id, group.grupoSolucaoId)).map((s) => redact(request.session, s));
    },
  );

  app.post(
    '/projeto/solucao/get-by-eixos',
    {
      schema: {
        tags: ['solucao'],
        summary: 'Soluções dos grupos que trabalham os eixos',
        body: idList('eixoIds'),
        response: { 200: z.array(solutionSchema), ...errors },
      },
    },
    async (request) =>
      (await repo.listSolutionsByAxes(db, request.tenant.id, request.body.eixoIds as number[])).map((s) => redact(request.session, s)),
  );

  app.get(
    '/projeto/solucao/:id',
    { schema: { tags: ['solucao'], summary: 'Uma solução', params: idParams, response: { 200: solutionSchema, ...errors } } },
    async (request) => {
      const solution = await repo.getSolution(db, request.tenant.id, request.params.id);
      if (!solution) throw notFound(M.solutionNotFound);
      return redact(request.session, solution);
    },
  );

  app.post(
    '/projeto/solucao',
    {
      schema: {
        tags: ['solucao'],
        summary: 'Cadastra uma solução',
        body: solutionInputSchema,
        response: { 201: solutionSchema, ...errors },
      },
    },
    async (request, reply) => {
      requireCatalogueManager(request.session);
      const tenantId = request.tenant.id;
      if (!(await repo.getGroup(db, tenantId, request.body.grupoSolucaoId))) throw notFound(M.groupNotFound);
      // Without the flags the form shows no custo/preco/tipo: they are not taken from such a user either.
      const input = {
        ...request.body,
        ...(!hasFlag(request.session, 'verCustoPreco') && { custo: null, preco: null }),
        ...(!hasFlag(request.session, 'verTipoSolucao') && { solucaoTipoId: null }),
      };
      const solution = await uniqueName(() => repo.createSolution(db, tenantId, input));
      return reply.status(201).send(redact(request.session, solution));
    },
  );

  app.put(
    '/projeto/solucao',
    {
      schema: {
        tags: ['solucao'],
        summary: 'Atualiza uma solução',
        body: solutionUpdateSchema,
        response: { 200: solutionSchema, ...errors },
      },
    },
    async (request) => {
      requireCatalogueManager(request.session);
      const tenantId = request.tenant.id;
      const { solucaoId, ...input } = request.body;
      if (!(await repo.getSolution(db, tenantId, solucaoId))) throw notFound(M.solutionNotFound);
      if (!(await repo.getGroup(db, tenantId, input.grupoSolucaoId))) throw notFound(M.groupNotFound);
      const keep = { money: !hasFlag(request.session, 'verCustoPreco'), type: !hasFlag(request.session, 'verTipoSolucao') };
      const solution = await uniqueName(() => repo.updateSolution(db, tenantId, solucaoId, input, keep));
      return redact(request.session, solution);
    },
  );

  // ------------------------------------------------------------ tasks

  app.get(
    '/projeto/tarefa',
    { schema: { tags: ['solucao'], summary: 'Tarefas com suas evidências', response: { 200: z.array(taskSchema), ...errors } } },
    async (request) => repo.listTasks(db, request.tenant.id),
  );

  app.post(
    '/projeto/tarefa/get-by-solucoes',
    {
      schema: {
        tags: ['solucao'],
        summary: 'Tarefas de várias soluções',
        body: idList('solucaoIds'),
        response: { 200: z.array(taskSchema), ...errors },
      },
    },
    async (request) => repo.listTasks(db, request.tenant.id, request.body.solucaoIds as number[]),
  );

  app.post(
    '/projeto/tarefa/get-by-solucao',
    {
      schema: {
        tags: ['solucao'],
        summary: 'Tarefas de uma solução',
        body: solutionIdBodySchema,
        response: { 200: z.array(taskSchema), ...errors },
      },
    },
    async (request) => repo.listTasks(db, request.tenant.id, [request.body.solucaoId]),
  );

  app.get(
    '/projeto/tarefa/:id',
    { schema: { tags: ['solucao'], summary: 'Uma tarefa', params: idParams, response: { 200: taskSchema, ...errors } } },
    async (request) => {
      const task = await repo.getTask(db, request.tenant.id, request.params.id);
      if (!task) throw notFound(M.taskNotFound);
      return task;
    },
  );

  app.post(
    '/projeto/tarefa',
    {
      schema: {
        tags: ['solucao'],
        summary: 'Cadastra uma tarefa com suas evidências',
        body: taskInputSchema,
        response: { 201: taskSchema, ...errors },
      },
    },
    async (request, reply) => {
      requireCatalogueManager(request.session);
      if (!(await repo.getSolution(db, request.tenant.id, request.body.solucaoId))) throw notFound(M.solutionNotFound);
      return reply.status(201).send(await uniqueName(() => repo.createTask(db, request.tenant.id, request.body)));
    },
  );

  app.put(
    '/projeto/tarefa',
    { schema: { tags: ['solucao'], summary: 'Atualiza uma tarefa', body: taskUpdateSchema, response: { 200: taskSchema, ...errors } } },
    async (request) => {
      requireCatalogueManager(request.session);
      const tenantId = request.tenant.id;
      const { tarefaId, ...values } = request.body;
      if (!(await repo.getTask(db, tenantId, tarefaId))) throw notFound(M.taskNotFound);
      if (!(await repo.getSolution(db, tenantId, values.solucaoId))) throw notFound(M.solutionNotFound);
      return uniqueName(() => repo.updateTask(db, tenantId, tarefaId, values));
    },
  );

  // ------------------------------------------------------------ delete (or disable once used) and re-enable

  const catalogue = [
    { path: 'grupoSolucao', kind: 'group', find: repo.getGroup, missing: M.groupNotFound },
    { path: 'solucao', kind: 'solution', find: repo.getSolution, missing: M.solutionNotFound },
    { path: 'tarefa', kind: 'task', find: repo.getTask, missing: M.taskNotFound },
  ] as const;
  for (const entry of catalogue) {
    app.delete(
      `/projeto/${entry.path}/:id`,
      {
        schema: {
          tags: ['solucao'],
          summary: 'Exclui; desabilita em vez de excluir quando já foi usado',
          params: idParams,
          response: { 200: messageSchema, ...errors },
        },
      },
      async (request) => {
        requireCatalogueManager(request.session);
        if (!(await entry.find(db, request.tenant.id, request.params.id))) throw notFound(entry.missing);
        const outcome = await repo.deleteOrDisable(db, request.tenant.id, entry.kind, request.params.id);
        return { message: outcome === 'deleted' ? M.deleted : M.disabled };
      },
    );
    app.put(
      `/projeto/${entry.path}/reabilitar/:id`,
      {
        schema: {
          tags: ['solucao'],
          summary: 'Reabilita um registro desabilitado (uma tarefa só se sua solução está habilitada)',
          params: idParams,
          querystring: modeQuery,
          response: { 200: messageSchema, ...errors },
        },
      },
      async (request) => {
        requireCatalogueManager(request.session);
        const tenantId = request.tenant.id;
        const record = await entry.find(db, tenantId, request.params.id);
        if (!record) throw notFound(entry.missing);
        if (entry.kind === 'solution') {
          const group = await repo.getGroup(db, tenantId, (record as Solution).grupoSolucaoId);
          const refusal = solutionEnableRefusal({ grupoDesabilitado: group?.desabilitado ?? false });
          if (refusal) throw badRequest(refusal);
        }
        if (entry.kind === 'task') {
          const solution = await repo.getSolution(db, tenantId, (record as { solucaoId: number }).solucaoId);
          const group = solution && (await repo.getGroup(db, tenantId, solution.grupoSolucaoId));
          const refusal = taskEnableRefusal(
            { solucaoDesabilitada: solution?.desabilitado ?? false, grupoDesabilitado: group?.desabilitado ?? false },
            request.query.modo,
          );
          if (refusal) throw badRequest(refusal);
        }
        await repo.setProgrammeDisabled(db, tenantId, entry.kind, request.params.id, false);
        return { message: M.reenabled };
      },
    );
  }

  // ------------------------------------------------------------ evidence definitions

  app.get(
    '/projeto/evidencia',
    { schema: { tags: ['solucao'], summary: 'Evidências das tarefas', response: { 200: z.array(evidenceDefinitionSchema), ...errors } } },
    async (request) => repo.listEvidenceDefinitions(db, request.tenant.id),
  );

  app.get(
    '/projeto/evidencia/:id',
    { schema: { tags: ['solucao'], summary: 'Uma evidência', params: idParams, response: { 200: evidenceDefinitionSchema, ...errors } } },
    async (request) => {
      const evidence = await repo.getEvidenceDefinition(db, request.tenant.id, request.params.id);
      if (!evidence) throw notFound(M.evidenceNotFound);
      return evidence;
    },
  );

  app.post(
    '/projeto/evidencia',
    {
      schema: {
        tags: ['solucao'],
        summary: 'Cadastra uma evidência de uma tarefa',
        body: evidenceDefinitionInputSchema,
        response: { 201: evidenceDefinitionSchema, ...errors },
      },
    },
    async (request, reply) => {
      requireCatalogueManager(request.session);
      if (!(await repo.getTask(db, request.tenant.id, request.body.tarefaId))) throw notFound(M.taskNotFound);
      return reply.status(201).send(await repo.createEvidenceDefinition(db, request.tenant.id, request.body));
    },
  );

  app.put(
    '/projeto/evidencia',
    {
      schema: {
        tags: ['solucao'],
        summary: 'Atualiza uma evidência',
        body: evidenceDefinitionUpdateSchema,
        response: { 200: evidenceDefinitionSchema, ...errors },
      },
    },
    async (request) => {
      requireCatalogueManager(request.session);
      const { evidenciaId, ...values } = request.body;
      if (!(await repo.getEvidenceDefinition(db, request.tenant.id, evidenciaId))) throw notFound(M.evidenceNotFound);
      if (!(await repo.getTask(db, request.tenant.id, values.tarefaId))) throw notFound(M.taskNotFound);
      return repo.updateEvidenceDefinition(db, request.tenant.id, evidenciaId, values);
    },
  );

  app.delete(
    '/projeto/evidencia/:id',
    { schema: { tags: ['solucao'], summary: 'Exclui uma evidência', params: idParams, response: { 200: messageSchema, ...errors } } },
    async (request) => {
      requireCatalogueManager(request.session);
      if (!(await repo.getEvidenceDefinition(db, request.tenant.id, request.params.id))) throw notFound(M.evidenceNotFound);
      await repo.deleteEvidenceDefinition(db, request.tenant.id, request.params.id);
      return { message: M.deleted };
    },
  );
};
