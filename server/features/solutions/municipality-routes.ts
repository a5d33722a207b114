import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { saoPauloDate } from '../../../src/domain/business-days.ts';
import {
  finalizeSolutionsSchema,
  groupStartedSchema,
  MUNICIPALITY_SOLUTION_MESSAGES as MM,
  municipalityGroupUpdateSchema,
  municipalitySolutionUpdateSchema,
  startSolutionSchema,
  taskCheckSchema,
} from '../../../src/domain/municipality-solutions.ts';
import { permittedMunicipalityIds, seesAllMunicipalities, type PermissionContext } from '../../../src/domain/permissions.ts';
import {
  PROGRESS_EXPORT_COLUMNS,
  PROGRESS_EXPORT_FILENAME,
  PROGRESS_EXPORT_LIMIT,
  PROGRESS_ROW_LIMIT,
  taskProgressPageSchema,
} from '../../../src/domain/solution-progress.ts';
import {
  municipalityGroupSchema,
  municipalitySolutionSchema,
  progressFilterSchema,
  SOLUTION_MESSAGES as M,
} from '../../../src/domain/solutions.ts';
import { requireMunicipality } from '../../lib/access.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import { fileResponse, idParam, idParams, recordErrors as errors } from '../../lib/route-schemas.ts';
import { sendXlsx, XLSX_CONTENT_TYPE } from '../../lib/xlsx.ts';
import { municipalityExists } from '../municipalities/read.ts';
import { municipalityAccess } from './access.ts';
import * as municipalityRepo from './municipality-repository.ts';
import * as repo from './repository.ts';

const pairParams = z.object({ a: idParam, b: idParam });
const xlsxResponse = { 200: fileResponse('A planilha (xlsx)', XLSX_CONTENT_TYPE), ...errors };

/** "Today" for the started / finalized rules: the calendar day in São Paulo. */
const today = () => saoPauloDate(new Date());

/** The municipalities the user may see: 'all' for those who see every one. */
const allowedMunicipalities = (ctx: PermissionContext) => (seesAllMunicipalities(ctx) ? 'all' : [...permittedMunicipalityIds(ctx.usuario)]);

/**
 * The remaining calls of spec §7 "Solutions, groups and tasks of a municipality" (a solution's
 * course: started, to finalize, finalized; record reads and updates), the task-level progress across
 * municipalities and its xlsx (the solution types and the catalogue's xlsx are the catalogue's, in
 * routes.ts). Access as in routes.ts: municipality calls follow the city's Grupos tab, writes also
 * need a role there.
 */
export const municipalitySolutionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;

  const access = (ctx: PermissionContext, tenantId: string, municipioId: number, write: boolean, tab?: 'grupo' | 'andamento') =>
    municipalityAccess(db, ctx, tenantId, municipioId, write, tab);

  // ------------------------------------------------------------ groups of a municipality

  app.get(
    '/municipio/municipiogruposolucao/get-by-projeto/:id',
    {
      schema: {
        tags: ['solucao'],
        summary: 'Grupos de soluções do projeto trazidos aos municípios que o usuário vê (id: projeto)',
        params: idParams,
        response: { 200: z.array(municipalityGroupSchema), ...errors },
      },
    },
    async (request) => {
      if (!(await repo.projectExists(db, request.tenant.id, request.params.id))) throw notFound('Projeto não encontrado.');
      return municipalityRepo.municipalityGroupsOfProject(db, request.tenant.id, request.params.id, allowedMunicipalities(request.session));
    },
  );

  app.post(
    '/municipio/municipiogruposolucao/grupo-solucao-iniciado/:id',
    {
      schema: {
        tags: ['solucao'],
        summary: 'Se o grupo do município foi iniciado: alguma de suas soluções iniciada (id: grupo do município)',
        params: idParams,
        response: { 200: groupStartedSchema, ...errors },
      },
    },
    async (request) => {
      const group = await repo.getMunicipalityGroup(db, request.tenant.id, request.params.id);
      if (!group) throw notFound(M.groupNotFound);
      await access(request.session, request.tenant.id, group.municipioId, false);
      return {
        municipioGrupoSolucaoId: group.municipioGrupoSolucaoId,
        iniciado: await municipalityRepo.groupStarted(db, request.tenant.id, group.municipioGrupoSolucaoId, today()),
      };
    },
  );

  app.get(
    '/municipio/municipiogruposolucao/:id',
    {
      schema: {
        tags: ['solucao'],
        summary: 'Um grupo do município',
        params: idParams,
        response: { 200: municipalityGroupSchema, ...errors },
      },
    },
    async (request) => {
      const group = await repo.getMunicipalityGroup(db, request.tenant.id, request.params.id);
      if (!group) throw notFound(M.groupNotFound);
      await access(request.session, request.tenant.id, group.municipioId, false);
      return group;
    },
  );

  app.put(
    '/municipio/municipiogruposolucao',
    {
      schema: {
        tags: ['solucao'],
        summary: 'Renomeia um grupo do município (a cópia do município; o grupo do projeto não muda)',
        body: municipalityGroupUpdateSchema,
        response: { 200: municipalityGroupSchema, ...errors },
      },
    },
    async (request) => {
      const group = await repo.getMunicipalityGroup(db, request.tenant.id, request.body.municipioGrupoSolucaoId);
      if (!group) throw notFound(M.groupNotFound);
      await access(request.session, request.tenant.id, group.municipioId, true);
      return municipalityRepo.renameMunicipalityGroup(db, request.tenant.id, group.municipioGrupoSolucaoId, request.body.nome);
    },
  );

  // ------------------------------------------------------------ solutions of a municipality

  app.get(
    '/municipio/municipiosolucao/get-by-permissao-municipio/:id',
    {
      schema: {
        tags: ['solucao'],
        summary:
          'Soluções habilitadas (de grupos habilitados) do município, para quem pode vê-lo: um papel nele, permissão de soluções ou todos os municípios (id: município)',
        params: idParams,
        response: { 200: z.array(municipalitySolutionSchema), ...errors },
      },
    },
    async (request) => {
      const municipioId = request.params.id;
      requireMunicipality(request.session, municipioId);
      if (!(await municipalityExists(db, request.tenant.id, municipioId))) throw notFound('Município não encontrado.');
      return municipalityRepo.enabledSolutions(db, request.tenant.id, municipioId, today());
    },
  );

  app.get(
    '/municipio/municipiosolucao/solucoes-a-finalizar/:id',
    {
      schema: {
        tags: ['solucao'],
        summary:
          'Soluções a finalizar do município: iniciadas (marcadas, com tarefa cumprida em relatório ou com a data de início alcançada), não finalizadas e habilitadas (id: município)',
        params: idParams,
        response: { 200: z.array(municipalitySolutionSchema), ...errors },
      },
    },
    async (request) => {
      await access(request.session, request.tenant.id, request.params.id, false);
      return municipalityRepo.solutionsToFinalize(db, request.tenant.id, request.params.id, today());
    },
  );

  app.post(
    '/municipio/municipiosolucao/finalizar-solucoes',
    {
      schema: {
        tags: ['solucao'],
        summary: 'Finaliza soluções a finalizar do município (todas ou nenhuma); a data de término, se vazia, fica a de hoje',
        body: finalizeSolutionsSchema,
        response: { 200: z.array(municipalitySolutionSchema), ...errors },
      },
    },
    async (request) => {
      const { municipioId, municipioSolucaoIds } = request.body;
      const tenantId = request.tenant.id;
      await access(request.session, tenantId, municipioId, true);
      const day = today();
      const open = new Set((await municipalityRepo.solutionsToFinalize(db, tenantId, municipioId, day)).map((s) => s.municipioSolucaoId));
      const ids = [...new Set(municipioSolucaoIds)];
      if (!ids.every((id) => open.has(id))) throw badRequest(MM.notToFinalize);
      await municipalityRepo.finalizeSolutions(db, tenantId, ids, day);
      const all = await Promise.all(ids.map((id) => municipalityRepo.getSolutionWithCourse(db, tenantId, id, day)));
      return all.filter((s) => s !== undefined);
    },
  );

  app.post(
    '/municipio/municipiosolucao/solucao-iniciada',
    {
      schema: {
        tags: ['solucao'],
        summary: 'Marca uma solução do município como iniciada; a data de início, se vazia, fica a de hoje',
        body: startSolutionSchema,
        response: { 200: municipalitySolutionSchema, ...errors },
      },
    },
    async (request) => {
      const tenantId = request.tenant.id;
      const day = today();
      const solution = await municipalityRepo.getSolutionWithCourse(db, tenantId, request.body.municipioSolucaoId, day);
      if (!solution) throw notFound(M.solutionNotFound);
      await access(request.session, tenantId, solution.municipioId, true);
      if (solution.desabilitado) throw badRequest(MM.solutionDisabled);
      if (solution.grupoDesabilitado) throw badRequest(M.groupDisabled);
      if (solution.finalizada) throw badRequest(MM.alreadyFinalized);
      await municipalityRepo.startSolution(db, tenantId, solution.municipioSolucaoId, day);
      return (await municipalityRepo.getSolutionWithCourse(db, tenantId, solution.municipioSolucaoId, day))!;
    },
  );

  app.post(
    '/municipio/municipiosolucao/verificar-tarefa/:a/:b',
    {
      schema: {
        tags: ['solucao'],
        summary: 'Se a tarefa do projeto já está na solução do município (a: solução do município, b: tarefa do projeto)',
        params: pairParams,
        response: { 200: taskCheckSchema, ...errors },
      },
    },
    async (request) => {
      const { a: municipioSolucaoId, b: tarefaId } = request.params;
      const solution = await repo.getMunicipalitySolution(db, request.tenant.id, municipioSolucaoId);
      if (!solution) throw notFound(M.solutionNotFound);
      await access(request.session, request.tenant.id, solution.municipioId, false);
      if (!(await repo.getTask(db, request.tenant.id, tarefaId))) throw notFound(M.taskNotFound);
      const municipioTarefaId = await municipalityRepo.taskInSolution(db, request.tenant.id, municipioSolucaoId, tarefaId);
      return { municipioSolucaoId, tarefaId, existe: municipioTarefaId !== null, municipioTarefaId };
    },
  );

  app.get(
    '/municipio/municipiosolucao/:id',
    {
      schema: {
        tags: ['solucao'],
        summary: 'Uma solução do município',
        params: idParams,
        response: { 200: municipalitySolutionSchema, ...errors },
      },
    },
    async (request) => {
      const solution = await municipalityRepo.getSolutionWithCourse(db, request.tenant.id, request.params.id, today());
      if (!solution) throw notFound(M.solutionNotFound);
      await access(request.session, request.tenant.id, solution.municipioId, false);
      return solution;
    },
  );

  app.put(
    '/municipio/municipiosolucao',
    {
      schema: {
        tags: ['solucao'],
        summary: 'Atualiza nome, justificativa e datas de uma solução do município (a cópia do município)',
        body: municipalitySolutionUpdateSchema,
        response: { 200: municipalitySolutionSchema, ...errors },
      },
    },
    async (request) => {
      const { municipioSolucaoId, ...values } = request.body;
      const solution = await repo.getMunicipalitySolution(db, request.tenant.id, municipioSolucaoId);
      if (!solution) throw notFound(M.solutionNotFound);
      await access(request.session, request.tenant.id, solution.municipioId, true);
      return municipalityRepo.updateMunicipalitySolution(db, request.tenant.id, municipioSolucaoId, values);
    },
  );

  // ------------------------------------------------------------ task-level progress

  app.post(
    '/municipio/municipiotarefa/get-andamento-by-filtro',
    {
      schema: {
        tags: ['solucao'],
        summary: `Andamento tarefa a tarefa nos municípios que o usuário vê (filtros: município, solução, grupo, consultor, período); no máximo ${PROGRESS_ROW_LIMIT} linhas, com o total`,
        body: progressFilterSchema,
        response: { 200: taskProgressPageSchema, ...errors },
      },
    },
    async (request) => {
      const page = await municipalityRepo.taskProgressRows(
        db,
        request.tenant.id,
        request.body,
        allowedMunicipalities(request.session),
        PROGRESS_ROW_LIMIT,
      );
      return { ...page, limite: PROGRESS_ROW_LIMIT };
    },
  );

  app.post(
    '/municipio/municipiotarefa/exportar-andamento',
    {
      // A download changes nothing, and a streamed answer cannot be kept for a replay.
      config: { idempotency: false },
      schema: {
        tags: ['solucao'],
        summary: `O andamento tarefa a tarefa como planilha (mesmo filtro; até ${PROGRESS_EXPORT_LIMIT} linhas)`,
        body: progressFilterSchema,
        response: xlsxResponse,
      },
    },
    async (request, reply) => {
      // The city screen names its municipality: the same access as its Andamento tab.
      if (request.body.municipioId) await access(request.session, request.tenant.id, request.body.municipioId, false, 'andamento');
      const { linhas } = await municipalityRepo.taskProgressRows(
        db,
        request.tenant.id,
        request.body,
        allowedMunicipalities(request.session),
        PROGRESS_EXPORT_LIMIT,
      );
      return sendXlsx(reply, PROGRESS_EXPORT_FILENAME, [{ name: 'Andamento', columns: PROGRESS_EXPORT_COLUMNS, rows: linhas }]);
    },
  );
};
