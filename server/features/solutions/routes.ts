import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { solutions } from '../../../src/contract/solutions.ts';
import {
  CATALOGUE_COLUMNS,
  CATALOGUE_EXAMPLE_ROW,
  CATALOGUE_EXPORT_FILENAME,
  CATALOGUE_MAX_BYTES,
  CATALOGUE_MAX_ROWS,
  CATALOGUE_MESSAGES,
  CATALOGUE_SHEET,
  CATALOGUE_TEMPLATE_FILENAME,
  catalogueRows,
  planCatalogueImport,
} from '../../../src/domain/catalogue-transfer.ts';
import {
  permittedMunicipalityIds,
  seesAllMunicipalities,
  type PermissionContext,
} from '../../../src/domain/permissions.ts';
import { messageSchema } from '../../../src/domain/session.ts';
import {
  addGroupToMunicipalitySchema,
  addTasksToSolutionSchema,
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
  solutionProgressSchema,
  taskEnableRefusal,
  taskProgressSchema,
  vocabularyModeSchema,
} from '../../../src/domain/solutions.ts';
import { idSchema } from '../../../src/domain/users.ts';
import { withCommand } from '../../lib/command.ts';
import { route } from '../../lib/endpoint.ts';
import { AppError, badRequest, conflict, notFound, pgCode } from '../../lib/errors.ts';
import { idParam, idParams, recordErrors as errors } from '../../lib/route-schemas.ts';
import { isXlsx, readSheet, sendXlsx, XlsxReadError } from '../../lib/xlsx.ts';
import { exportCatalogue } from './catalogue-transfer.ts';
import * as commands from './commands.ts';
import { listSolutionTypes } from './municipality-repository.ts';
import { municipalitySolutionRoutes } from './municipality-routes.ts';
import * as repo from './repository.ts';
import { municipalityAccess } from './access.ts';

const M = SOLUTION_MESSAGES;
const pairParams = z.object({ a: idParam, b: idParam });
const modeQuery = z.object({ modo: vocabularyModeSchema });

const actor = (session: PermissionContext, tenantId: string): commands.Actor => ({ ctx: session, tenantId });

/** A row the repository found, or the 404 with the record's own message. */
function found<T>(row: T | null | undefined, message: string): T {
  if (!row) throw notFound(message);
  return row;
}

/**
 * The uploaded catalogue sheet, read and checked in the order the route always used: the file
 * (400/413), then the project (404), then the sheet's layout (400). Returns the rows' plan.
 */
async function readCatalogueUpload(request: FastifyRequest, tenantId: string, projetoId: number) {
  if (!request.isMultipart()) throw badRequest(CATALOGUE_MESSAGES.notXlsx);
  let bytes: Buffer;
  try {
    const file = await request.file();
    if (!file) throw badRequest(CATALOGUE_MESSAGES.noFile);
    bytes = await file.toBuffer();
  } catch (error) {
    if (error instanceof AppError) throw error;
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError(413, CATALOGUE_MESSAGES.tooLarge);
    throw badRequest(CATALOGUE_MESSAGES.unreadable);
  }
  if (!isXlsx(bytes)) throw badRequest(CATALOGUE_MESSAGES.notXlsx);
  if (!(await repo.projectExists(request.server.db, tenantId, projetoId))) throw notFound(commands.PROJECT_NOT_FOUND);

  let sheet: Awaited<ReturnType<typeof readSheet<(typeof CATALOGUE_COLUMNS)[number]['key']>>>;
  try {
    sheet = await readSheet(bytes, CATALOGUE_COLUMNS, { sheetName: CATALOGUE_SHEET, maxRows: CATALOGUE_MAX_ROWS });
  } catch (error) {
    if (error instanceof XlsxReadError)
      throw badRequest(error.reason === 'tooLarge' ? CATALOGUE_MESSAGES.tooMuchContent : CATALOGUE_MESSAGES.unreadable);
    throw error;
  }
  if (sheet.noSheet) throw badRequest(CATALOGUE_MESSAGES.noSheet);
  if (sheet.missing.length) throw badRequest(CATALOGUE_MESSAGES.missingColumn(sheet.missing[0]!));
  if (sheet.tooManyRows) throw badRequest(CATALOGUE_MESSAGES.tooManyRows);
  return { linhas: sheet.rows.length, ...planCatalogueImport(sheet.rows) };
}

/**
 * The programme's catalogue (api/projeto/..., the solution types and the catalogue's xlsx),
 * declared in src/contract/solutions.ts with its access (a session to read; an admin or the
 * Projetos e Soluções menu to write, the full admin for the xlsx, decided before the body is read);
 * the writes are commands (commands.ts) run by withCommand.
 */
export const solutionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  await app.register(municipalitySolutionRoutes);
  await app.register(municipalityCatalogueRoutes);
  // Only this scope reads multipart (the catalogue import); the file is small and read whole.
  await app.register(multipart, { limits: { fileSize: CATALOGUE_MAX_BYTES, files: 1, fields: 5 } });

  // ------------------------------------------------------------ groups of solutions

  route(app, solutions.groups, async ({ tenantId, query }) => repo.listGroups(db, tenantId, query.projetoId));
  route(app, solutions.groupsNotInMunicipality, async ({ tenantId, municipality }) =>
    repo.listGroupsNotInMunicipality(db, tenantId, municipality.municipioId),
  );
  route(app, solutions.group, async ({ tenantId, params }) => found(await repo.getGroup(db, tenantId, params.id), M.groupNotFound));
  route(app, solutions.createGroup, async ({ request, reply, session, tenantId, body }) =>
    reply.status(201).send(await withCommand(request, (tx) => commands.createGroup(tx, actor(session, tenantId), body))),
  );
  route(app, solutions.updateGroup, async ({ request, session, tenantId, body }) =>
    withCommand(request, (tx) => commands.updateGroup(tx, actor(session, tenantId), body)),
  );

  // ------------------------------------------------------------ solutions

  const redacted = (ctx: PermissionContext, list: Awaited<ReturnType<typeof repo.listSolutions>>) => list.map((s) => redactSolution(ctx, s));
  route(app, solutions.solutions, async ({ session, tenantId }) => redacted(session, await repo.listSolutions(db, tenantId)));
  route(app, solutions.allSolutions, async ({ session, tenantId }) => redacted(session, await repo.listSolutions(db, tenantId)));
  route(app, solutions.solutionsOfGroup, async ({ session, tenantId, params }) => {
    const group = await repo.getGroup(db, tenantId, params.b);
    if (!group || group.projetoId !== params.a) throw notFound(M.groupNotFound);
    return redacted(session, await repo.listSolutions(db, tenantId, group.grupoSolucaoId));
  });
  route(app, solutions.solutionsOfAxes, async ({ session, tenantId, body }) =>
    redacted(session, await repo.listSolutionsByAxes(db, tenantId, body.eixoIds)),
  );
  route(app, solutions.solution, async ({ session, tenantId, params }) =>
    redactSolution(session, found(await repo.getSolution(db, tenantId, params.id), M.solutionNotFound)),
  );
  route(app, solutions.createSolution, async ({ request, reply, session, tenantId, body }) =>
    reply.status(201).send(await withCommand(request, (tx) => commands.createSolution(tx, actor(session, tenantId), body))),
  );
  route(app, solutions.updateSolution, async ({ request, session, tenantId, body }) =>
    withCommand(request, (tx) => commands.updateSolution(tx, actor(session, tenantId), body)),
  );
  route(app, solutions.types, async ({ tenantId }) => listSolutionTypes(db, tenantId));

  // ------------------------------------------------------------ tasks

  route(app, solutions.tasks, async ({ tenantId }) => repo.listTasks(db, tenantId));
  route(app, solutions.tasksOfSolutions, async ({ tenantId, body }) => repo.listTasks(db, tenantId, body.solucaoIds));
  route(app, solutions.tasksOfSolution, async ({ tenantId, body }) => repo.listTasks(db, tenantId, [body.solucaoId]));
  route(app, solutions.task, async ({ tenantId, params }) => found(await repo.getTask(db, tenantId, params.id), M.taskNotFound));
  route(app, solutions.createTask, async ({ request, reply, session, tenantId, body }) =>
    reply.status(201).send(await withCommand(request, (tx) => commands.createTask(tx, actor(session, tenantId), body))),
  );
  route(app, solutions.updateTask, async ({ request, session, tenantId, body }) =>
    withCommand(request, (tx) => commands.updateTask(tx, actor(session, tenantId), body)),
  );

  // ------------------------------------------------------------ delete (or disable once used) and re-enable

  const kinds = { group: 'group', solution: 'solution', task: 'task' } as const;
  for (const [key, kind] of Object.entries(kinds) as [keyof typeof kinds, repo.ProgrammeKind][]) {
    const { remove, enable } = solutions.removal[key];
    route(app, remove, async ({ request, session, tenantId, params }) =>
      withCommand(request, (tx) => commands.remove(tx, actor(session, tenantId), kind, params.id)),
    );
    route(app, enable, async ({ request, session, tenantId, params, query }) =>
      withCommand(request, (tx) => commands.enable(tx, actor(session, tenantId), kind, params.id, query.modo)),
    );
  }

  // ------------------------------------------------------------ evidence definitions

  route(app, solutions.evidences, async ({ tenantId }) => repo.listEvidenceDefinitions(db, tenantId));
  route(app, solutions.evidence, async ({ tenantId, params }) =>
    found(await repo.getEvidenceDefinition(db, tenantId, params.id), M.evidenceNotFound),
  );
  route(app, solutions.createEvidence, async ({ request, reply, session, tenantId, body }) =>
    reply.status(201).send(await withCommand(request, (tx) => commands.createEvidence(tx, actor(session, tenantId), body))),
  );
  route(app, solutions.updateEvidence, async ({ request, session, tenantId, body }) =>
    withCommand(request, (tx) => commands.updateEvidence(tx, actor(session, tenantId), body)),
  );
  route(app, solutions.removeEvidence, async ({ request, session, tenantId, params }) =>
    withCommand(request, (tx) => commands.removeEvidence(tx, actor(session, tenantId), params.id)),
  );

  // ------------------------------------------------------------ the catalogue's xlsx (full admin)

  route(app, solutions.importTemplate, async ({ reply }) =>
    sendXlsx(reply, CATALOGUE_TEMPLATE_FILENAME, [{ name: CATALOGUE_SHEET, columns: CATALOGUE_COLUMNS, rows: [CATALOGUE_EXAMPLE_ROW] }]),
  );
  route(app, solutions.exportCatalogue, async ({ reply, tenantId, params }) => {
    if (!(await repo.projectExists(db, tenantId, params.id))) throw notFound(commands.PROJECT_NOT_FOUND);
    const groups = await exportCatalogue(db, tenantId, params.id);
    return sendXlsx(reply, CATALOGUE_EXPORT_FILENAME, [{ name: CATALOGUE_SHEET, columns: CATALOGUE_COLUMNS, rows: catalogueRows(groups) }]);
  });
  route(app, solutions.importCatalogue, async ({ request, reply, session, tenantId, params, query }) => {
    const plan = await readCatalogueUpload(request, tenantId, params.id);
    const confirm = query.confirmar === 'true';
    if (plan.erros.length > 0) {
      const empty = { novos: 0, alterados: 0, inalterados: 0 };
      // A preview answers the errors as its content; a confirmation is refused, with them.
      if (!confirm)
        return { confirmado: false, linhas: plan.linhas, grupos: empty, solucoes: empty, tarefas: empty, evidencias: empty, erros: plan.erros };
      return reply
        .status(400)
        .send({ message: CATALOGUE_MESSAGES.hasErrors, issues: plan.erros.map((message) => ({ path: 'arquivo', message })) });
    }
    return withCommand(request, (tx) => commands.importCatalogue(tx, actor(session, tenantId), params.id, plan, confirm));
  });
};

/**
 * A municipality's copy of the catalogue (api/municipio/...) and the progress aggregates, not moved
 * onto the contract here: server/features/municipality-solutions takes them (its own step). Kept as
 * they were, in their own plugin, so that step only deletes this block.
 */
const municipalityCatalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;

  /** Spec §6 for the municipality families: see access.ts. */
  const cityAccess = (ctx: PermissionContext, tenantId: string, municipioId: number, write: boolean, tab?: 'grupo' | 'andamento') =>
    municipalityAccess(db, ctx, tenantId, municipioId, write, tab);

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
