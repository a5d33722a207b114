import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  canManage,
  hasFlag,
  permittedMunicipalityIds,
  seesAllMunicipalities,
  type PermissionContext,
} from '../../../src/domain/permissions.ts';
import { messageSchema } from '../../../src/domain/session.ts';
import {
  addGroupToMunicipalitySchema,
  addTasksToSolutionSchema,
  evidenceDefinitionInputSchema,
  evidenceDefinitionSchema,
  evidenceDefinitionUpdateSchema,
  municipalityEvidenceInputSchema,
  municipalityEvidenceSchema,
  municipalityEvidenceUpdateSchema,
  municipalityGroupSchema,
  municipalityProgressSchema,
  municipalitySolutionSchema,
  municipalityTaskSchema,
  municipalityTaskUpdateSchema,
  municipioBodySchema,
  progressFilterSchema,
  redactSolution,
  SOLUTION_MESSAGES,
  solutionEnableRefusal,
  solutionGroupInputSchema,
  solutionGroupSchema,
  solutionGroupUpdateSchema,
  solutionIdBodySchema,
  solutionInputSchema,
  solutionProgressSchema,
  solutionSchema,
  solutionUpdateSchema,
  taskEnableRefusal,
  taskInputSchema,
  taskProgressSchema,
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

  // ------------------------------------------------------------ a municipality's groups, solutions and tasks

  app.post(
    '/municipio/municipiogruposolucao/list-by-municipio',
    {
      schema: {
        tags: ['solucao'],
        summary: 'Grupos de soluções do município (com os desabilitados)',
        body: municipioBodySchema,
        response: { 200: z.array(municipalityGroupSchema), ...errors },
      },
    },
    async (request) => {
      await cityAccess(request.session, request.tenant.id, request.body.municipioId, false);
      return repo.listMunicipalityGroups(db, request.tenant.id, request.body.municipioId);
    },
  );

  app.get(
    '/municipio/municipiogruposolucao/list-grupo-solucao-by-municipioId/:id',
    {
      schema: {
        tags: ['solucao'],
        summary: 'Grupos de soluções do município (com os desabilitados)',
        params: idParams,
        response: { 200: z.array(municipalityGroupSchema), ...errors },
      },
    },
    async (request) => {
      await cityAccess(request.session, request.tenant.id, request.params.id, false);
      return repo.listMunicipalityGroups(db, request.tenant.id, request.params.id);
    },
  );

  app.post(
    '/municipio/municipiosolucao/list-by-municipio',
    {
      schema: {
        tags: ['solucao'],
        summary: 'Soluções do município (com as desabilitadas)',
        body: municipioBodySchema,
        response: { 200: z.array(municipalitySolutionSchema), ...errors },
      },
    },
    async (request) => {
      await cityAccess(request.session, request.tenant.id, request.body.municipioId, false);
      return repo.listMunicipalitySolutions(db, request.tenant.id, request.body.municipioId);
    },
  );

  app.post(
    '/municipio/municipiotarefa/list-by-municipio',
    {
      schema: {
        tags: ['solucao'],
        summary: 'Tarefas do município (com as desabilitadas) e suas evidências habilitadas',
        body: municipioBodySchema,
        response: { 200: z.array(municipalityTaskSchema), ...errors },
      },
    },
    async (request) => {
      await cityAccess(request.session, request.tenant.id, request.body.municipioId, false);
      return repo.listMunicipalityTasks(db, request.tenant.id, request.body.municipioId);
    },
  );

  app.post(
    '/municipio/municipiotarefa/get-by-solucoes',
    {
      schema: {
        tags: ['solucao'],
        summary: 'Tarefas de soluções de um município',
        body: municipioBodySchema.extend({ municipioSolucaoIds: z.array(idSchema).max(10000) }),
        response: { 200: z.array(municipalityTaskSchema), ...errors },
      },
    },
    async (request) => {
      await cityAccess(request.session, request.tenant.id, request.body.municipioId, false);
      const wanted = new Set(request.body.municipioSolucaoIds);
      const tasks = await repo.listMunicipalityTasks(db, request.tenant.id, request.body.municipioId);
      return tasks.filter((t) => wanted.has(t.municipioSolucaoId));
    },
  );

  app.put(
    '/municipio/municipiotarefa',
    {
      schema: {
        tags: ['solucao'],
        summary: 'Atualiza nome, descrição e horas de uma tarefa do município',
        body: municipalityTaskUpdateSchema,
        response: { 200: municipalityTaskSchema, ...errors },
      },
    },
    async (request) => {
      const { municipioTarefaId, ...values } = request.body;
      const task = await repo.getMunicipalityTask(db, request.tenant.id, municipioTarefaId);
      if (!task) throw notFound(M.taskNotFound);
      await cityAccess(request.session, request.tenant.id, task.municipioId, true);
      return repo.updateMunicipalityTask(db, request.tenant.id, municipioTarefaId, values);
    },
  );

  app.post(
    '/municipio/municipiosolucao/add-by-grupo-solucao',
    {
      schema: {
        tags: ['solucao'],
        summary: 'Traz um grupo de soluções do projeto para o município, com as soluções escolhidas e suas tarefas',
        body: addGroupToMunicipalitySchema,
        response: { 201: municipalityGroupSchema, ...errors },
      },
    },
    async (request, reply) => {
      const tenantId = request.tenant.id;
      const { municipioId, grupoSolucaoId, solucoesOriginais } = request.body;
      await cityAccess(request.session, tenantId, municipioId, true);
      const offered = await repo.listGroupsNotInMunicipality(db, tenantId, municipioId);
      const group = offered.find((g) => g.grupoSolucaoId === grupoSolucaoId);
      if (!group) {
        const existing = await repo.getGroup(db, tenantId, grupoSolucaoId);
        if (!existing) throw notFound(M.groupNotFound);
        if (existing.desabilitado) throw badRequest('Este grupo de soluções está desabilitado.');
        throw conflict(M.groupAlreadyInMunicipality);
      }
      const solutions = await repo.listSolutions(db, tenantId, grupoSolucaoId);
      const chosen = solutions.filter((s) => !s.desabilitado && solucoesOriginais.includes(s.solucaoId));
      if (chosen.length !== new Set(solucoesOriginais).size) throw badRequest('Escolha soluções habilitadas do grupo escolhido.');
      try {
        const created = await repo.addGroupToMunicipality(
          db,
          tenantId,
          municipioId,
          group,
          chosen.map((s) => s.solucaoId),
        );
        return reply.status(201).send(created);
      } catch (error) {
        if (pgCode(error) === '23505') throw conflict(M.groupAlreadyInMunicipality);
        throw error;
      }
    },
  );

  app.post(
    '/municipio/municipiotarefa/add-by-solucao',
    {
      schema: {
        tags: ['solucao'],
        summary: 'Traz tarefas do projeto para uma solução do município',
        body: addTasksToSolutionSchema,
        response: { 201: z.array(municipalityTaskSchema), ...errors },
      },
    },
    async (request, reply) => {
      const tenantId = request.tenant.id;
      const { municipioId, municipioSolucaoId, tarefaIds } = request.body;
      await cityAccess(request.session, tenantId, municipioId, true);
      const solution = await repo.getMunicipalitySolution(db, tenantId, municipioSolucaoId);
      if (!solution || solution.municipioId !== municipioId) throw notFound(M.solutionNotFound);
      if (solution.desabilitado || solution.grupoDesabilitado) throw badRequest(M.groupDisabled);
      const tasks = await repo.listTasks(db, tenantId, [solution.solucaoId]);
      const allowed = new Set(tasks.filter((t) => !t.desabilitado).map((t) => t.tarefaId));
      if (!tarefaIds.every((id) => allowed.has(id))) throw badRequest('Escolha tarefas habilitadas da solução escolhida.');
      const ids = await repo.addTasksToSolution(db, tenantId, municipioId, municipioSolucaoId, [...new Set(tarefaIds)]);
      const all = await repo.listMunicipalityTasks(db, tenantId, municipioId);
      return reply.status(201).send(all.filter((t) => ids.includes(t.municipioTarefaId)));
    },
  );

  // Disable (DELETE) and re-enable. A group or solution of a municipality is always disabled, never
  // deleted: its tasks may be named by field reports. A task never used by a report is deleted.
  app.delete(
    '/municipio/municipiogruposolucao/:id',
    {
      schema: {
        tags: ['solucao'],
        summary: 'Desabilita um grupo do município',
        params: idParams,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) => {
      const group = await repo.getMunicipalityGroup(db, request.tenant.id, request.params.id);
      if (!group) throw notFound(M.groupNotFound);
      await cityAccess(request.session, request.tenant.id, group.municipioId, true);
      await repo.setMunicipalityGroupDisabled(db, request.tenant.id, group.municipioGrupoSolucaoId, true);
      return { message: M.disabled };
    },
  );

  app.put(
    '/municipio/municipioGrupoSolucao/reabilitar-grupos/:a/:b',
    {
      schema: {
        tags: ['solucao'],
        summary: 'Reabilita um grupo do município (a: município, b: grupo do município)',
        params: pairParams,
        response: { 200: municipalityGroupSchema, ...errors },
      },
    },
    async (request) => {
      const { a: municipioId, b: id } = request.params;
      await cityAccess(request.session, request.tenant.id, municipioId, true);
      const group = await repo.getMunicipalityGroup(db, request.tenant.id, id);
      if (!group || group.municipioId !== municipioId) throw notFound(M.groupNotFound);
      await repo.setMunicipalityGroupDisabled(db, request.tenant.id, id, false);
      return { ...group, desabilitado: false };
    },
  );

  app.delete(
    '/municipio/municipiosolucao/:id',
    {
      schema: {
        tags: ['solucao'],
        summary: 'Desabilita uma solução do município',
        params: idParams,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) => {
      const solution = await repo.getMunicipalitySolution(db, request.tenant.id, request.params.id);
      if (!solution) throw notFound(M.solutionNotFound);
      await cityAccess(request.session, request.tenant.id, solution.municipioId, true);
      await repo.setMunicipalitySolutionDisabled(db, request.tenant.id, solution.municipioSolucaoId, true);
      return { message: M.disabled };
    },
  );

  app.put(
    '/municipio/municipioSolucao/reabilitar-solucao/:a/:b',
    {
      schema: {
        tags: ['solucao'],
        summary: 'Reabilita uma solução do município (a: município, b: solução do município); recusa se o grupo está desabilitado',
        params: pairParams,
        response: { 200: municipalitySolutionSchema, ...errors },
      },
    },
    async (request) => {
      const { a: municipioId, b: id } = request.params;
      await cityAccess(request.session, request.tenant.id, municipioId, true);
      const solution = await repo.getMunicipalitySolution(db, request.tenant.id, id);
      if (!solution || solution.municipioId !== municipioId) throw notFound(M.solutionNotFound);
      const refusal = solutionEnableRefusal(solution);
      if (refusal) throw badRequest(refusal);
      await repo.setMunicipalitySolutionDisabled(db, request.tenant.id, id, false);
      return { ...solution, desabilitado: false };
    },
  );

  app.delete(
    '/municipio/municipiotarefa/:id',
    {
      schema: {
        tags: ['solucao'],
        summary: 'Exclui uma tarefa do município; desabilita se um relatório já a usa',
        params: idParams,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) => {
      const task = await repo.getMunicipalityTask(db, request.tenant.id, request.params.id);
      if (!task) throw notFound(M.taskNotFound);
      await cityAccess(request.session, request.tenant.id, task.municipioId, true);
      const outcome = await repo.deleteOrDisableMunicipalityTask(db, request.tenant.id, task.municipioTarefaId);
      return { message: outcome === 'deleted' ? M.deleted : M.disabled };
    },
  );

  app.post(
    '/municipio/municipiotarefa/reabilitar-tarefas/:id',
    {
      schema: {
        tags: ['solucao'],
        summary: 'Reabilita uma tarefa do município; recusa se a solução (ou o grupo) está desabilitada',
        params: idParams,
        querystring: modeQuery,
        response: { 200: municipalityTaskSchema, ...errors },
      },
    },
    async (request) => {
      const task = await repo.getMunicipalityTask(db, request.tenant.id, request.params.id);
      if (!task) throw notFound(M.taskNotFound);
      await cityAccess(request.session, request.tenant.id, task.municipioId, true);
      const refusal = taskEnableRefusal({ solucaoDesabilitada: task.solucaoDesabilitada, grupoDesabilitado: false }, request.query.modo);
      if (refusal) throw badRequest(refusal);
      await repo.setMunicipalityTaskDisabled(db, request.tenant.id, task.municipioTarefaId, false);
      return { ...task, desabilitado: false };
    },
  );

  // ------------------------------------------------------------ a municipality's evidence definitions

  async function municipalityEvidence(ctx: PermissionContext, tenantId: string, id: number, write: boolean) {
    const evidence = await repo.getMunicipalityEvidence(db, tenantId, id);
    if (!evidence) throw notFound(M.evidenceNotFound);
    await cityAccess(ctx, tenantId, evidence.municipioId, write);
    return evidence;
  }
  async function taskOfMunicipality(ctx: PermissionContext, tenantId: string, municipioTarefaId: number) {
    const task = await repo.getMunicipalityTask(db, tenantId, municipioTarefaId);
    if (!task) throw notFound(M.taskNotFound);
    await cityAccess(ctx, tenantId, task.municipioId, true);
    return task;
  }

  app.post(
    '/municipio/municipioevidencia/list-by-municipio',
    {
      schema: {
        tags: ['solucao'],
        summary: 'Evidências das tarefas do município (com as desativadas)',
        body: municipioBodySchema,
        response: { 200: z.array(municipalityEvidenceSchema), ...errors },
      },
    },
    async (request) => {
      await cityAccess(request.session, request.tenant.id, request.body.municipioId, false);
      return repo.listMunicipalityEvidences(db, request.tenant.id, request.body.municipioId);
    },
  );

  app.get(
    '/municipio/municipioevidencia/:id',
    {
      schema: {
        tags: ['solucao'],
        summary: 'Uma evidência do município',
        params: idParams,
        response: { 200: municipalityEvidenceSchema, ...errors },
      },
    },
    async (request) => municipalityEvidence(request.session, request.tenant.id, request.params.id, false),
  );

  app.post(
    '/municipio/municipioevidencia',
    {
      schema: {
        tags: ['solucao'],
        summary: 'Cadastra uma evidência numa tarefa do município',
        body: municipalityEvidenceInputSchema,
        response: { 201: municipalityEvidenceSchema, ...errors },
      },
    },
    async (request, reply) => {
      await taskOfMunicipality(request.session, request.tenant.id, request.body.municipioTarefaId);
      return reply.status(201).send(await repo.createMunicipalityEvidence(db, request.tenant.id, request.body));
    },
  );

  app.put(
    '/municipio/municipioevidencia',
    {
      schema: {
        tags: ['solucao'],
        summary: 'Atualiza uma evidência do município',
        body: municipalityEvidenceUpdateSchema,
        response: { 200: municipalityEvidenceSchema, ...errors },
      },
    },
    async (request) => {
      const { municipioEvidenciaId, ...values } = request.body;
      const evidence = await municipalityEvidence(request.session, request.tenant.id, municipioEvidenciaId, true);
      const task = await taskOfMunicipality(request.session, request.tenant.id, values.municipioTarefaId);
      // Moving an evidence to another municipality's task would hand it to another city.
      if (task.municipioId !== evidence.municipioId) throw badRequest('A tarefa escolhida é de outro município.');
      return repo.updateMunicipalityEvidence(db, request.tenant.id, municipioEvidenciaId, values);
    },
  );

  app.put(
    '/municipio/municipioevidencia/desativar-evidencia/:id',
    {
      schema: {
        tags: ['solucao'],
        summary: 'Desativa uma evidência do município (deixa de ser pedida nos relatórios)',
        params: idParams,
        response: { 200: municipalityEvidenceSchema, ...errors },
      },
    },
    async (request) => {
      await municipalityEvidence(request.session, request.tenant.id, request.params.id, true);
      return repo.updateMunicipalityEvidence(db, request.tenant.id, request.params.id, { desabilitado: true });
    },
  );

  app.delete(
    '/municipio/municipioevidencia/:id',
    {
      schema: {
        tags: ['solucao'],
        summary: 'Exclui uma evidência do município',
        params: idParams,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request) => {
      await municipalityEvidence(request.session, request.tenant.id, request.params.id, true);
      await repo.deleteMunicipalityEvidence(db, request.tenant.id, request.params.id);
      return { message: M.deleted };
    },
  );

  // ------------------------------------------------------------ progress

  app.post(
    '/dashboard/get-andamento-municipios',
    {
      schema: {
        tags: ['solucao'],
        summary: 'Andamento das tarefas por município (filtros: município, solução, grupo, consultor, período)',
        body: progressFilterSchema,
        response: { 200: z.array(municipalityProgressSchema), ...errors },
      },
    },
    async (request) => {
      const ctx = request.session;
      // Only the municipalities the user may see: a filter naming another one simply finds nothing.
      const allowed = seesAllMunicipalities(ctx) ? 'all' : [...permittedMunicipalityIds(ctx.usuario)];
      return repo.progressByMunicipality(db, request.tenant.id, request.body, allowed);
    },
  );

  app.get(
    '/dashboard/get-andamento-solucoes/:id',
    {
      schema: {
        tags: ['solucao'],
        summary: 'Andamento das soluções de um município',
        params: idParams,
        response: { 200: z.array(solutionProgressSchema), ...errors },
      },
    },
    async (request) => {
      await cityAccess(request.session, request.tenant.id, request.params.id, false, 'andamento');
      return repo.progressBySolution(db, request.tenant.id, request.params.id);
    },
  );

  app.get(
    '/dashboard/get-andamento-tarefas/:id',
    {
      schema: {
        tags: ['solucao'],
        summary: 'Andamento das tarefas de um município',
        params: idParams,
        response: { 200: z.array(taskProgressSchema), ...errors },
      },
    },
    async (request) => {
      await cityAccess(request.session, request.tenant.id, request.params.id, false, 'andamento');
      return repo.progressByTask(db, request.tenant.id, request.params.id);
    },
  );
};
