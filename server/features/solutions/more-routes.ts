import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { saoPauloDate } from '../../../src/domain/business-days.ts';
import {
  CATALOGUE_COLUMNS,
  CATALOGUE_EXAMPLE_ROW,
  CATALOGUE_EXPORT_FILENAME,
  CATALOGUE_MAX_BYTES,
  CATALOGUE_MAX_ROWS,
  CATALOGUE_MESSAGES,
  CATALOGUE_SHEET,
  CATALOGUE_TEMPLATE_FILENAME,
  catalogueImportQuerySchema,
  catalogueImportResultSchema,
  catalogueRows,
  planCatalogueImport,
} from '../../../src/domain/catalogue-transfer.ts';
import {
  finalizeSolutionsSchema,
  groupStartedSchema,
  MUNICIPALITY_SOLUTION_MESSAGES as MM,
  municipalityGroupUpdateSchema,
  municipalitySolutionUpdateSchema,
  solutionTypeSchema,
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
import { requireFullAdmin, requireMunicipality } from '../../lib/access.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import { errorResponses, fileResponse, idParam, idParams, recordErrors as errors } from '../../lib/route-schemas.ts';
import { isXlsx, readSheet, sendXlsx, XLSX_CONTENT_TYPE, XlsxReadError } from '../../lib/xlsx.ts';
import type { JsonSchema } from '../../../src/contract/endpoint.ts';
import { municipalityExists } from '../../read-models/municipalities.ts';
import { municipalityAccess } from './access.ts';
import { exportCatalogue, importCatalogue } from './catalogue-transfer.ts';
import * as more from './more-repository.ts';
import * as repo from './repository.ts';

/** The import's multipart body, for the OpenAPI document (the route reads it itself). */
const importForm: JsonSchema = {
  type: 'object',
  properties: { arquivo: { type: 'string', format: 'binary', description: `A planilha xlsx (até 2 MB), aba "${CATALOGUE_SHEET}"` } },
  required: ['arquivo'],
};

const pairParams = z.object({ a: idParam, b: idParam });
const xlsxResponse = { 200: fileResponse('A planilha (xlsx)', XLSX_CONTENT_TYPE), ...errors };

/** "Today" for the started / finalized rules: the calendar day in São Paulo. */
const today = () => saoPauloDate(new Date());

/** The municipalities the user may see: 'all' for those who see every one. */
const allowedMunicipalities = (ctx: PermissionContext) => (seesAllMunicipalities(ctx) ? 'all' : [...permittedMunicipalityIds(ctx.usuario)]);

/**
 * The remaining calls of spec §7 "Solutions, groups and tasks of a municipality" (a solution's
 * course: started, to finalize, finalized; record reads and updates), the task-level progress across
 * municipalities and its xlsx, the solution types, and the catalogue's xlsx import and export (full
 * admin only). Access as in routes.ts: municipality calls follow the city's Grupos tab, writes also
 * need a role there.
 */
export const moreSolutionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  // Only this scope reads multipart (the catalogue import); the file is small and read whole.
  await app.register(multipart, { limits: { fileSize: CATALOGUE_MAX_BYTES, files: 1, fields: 5 } });

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
      return more.municipalityGroupsOfProject(db, request.tenant.id, request.params.id, allowedMunicipalities(request.session));
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
        iniciado: await more.groupStarted(db, request.tenant.id, group.municipioGrupoSolucaoId, today()),
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
      return more.renameMunicipalityGroup(db, request.tenant.id, group.municipioGrupoSolucaoId, request.body.nome);
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
      return more.enabledSolutions(db, request.tenant.id, municipioId, today());
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
      return more.solutionsToFinalize(db, request.tenant.id, request.params.id, today());
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
      const open = new Set((await more.solutionsToFinalize(db, tenantId, municipioId, day)).map((s) => s.municipioSolucaoId));
      const ids = [...new Set(municipioSolucaoIds)];
      if (!ids.every((id) => open.has(id))) throw badRequest(MM.notToFinalize);
      await more.finalizeSolutions(db, tenantId, ids, day);
      const all = await Promise.all(ids.map((id) => more.getSolutionWithCourse(db, tenantId, id, day)));
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
      const solution = await more.getSolutionWithCourse(db, tenantId, request.body.municipioSolucaoId, day);
      if (!solution) throw notFound(M.solutionNotFound);
      await access(request.session, tenantId, solution.municipioId, true);
      if (solution.desabilitado) throw badRequest(MM.solutionDisabled);
      if (solution.grupoDesabilitado) throw badRequest(M.groupDisabled);
      if (solution.finalizada) throw badRequest(MM.alreadyFinalized);
      await more.startSolution(db, tenantId, solution.municipioSolucaoId, day);
      return (await more.getSolutionWithCourse(db, tenantId, solution.municipioSolucaoId, day))!;
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
      const municipioTarefaId = await more.taskInSolution(db, request.tenant.id, municipioSolucaoId, tarefaId);
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
      const solution = await more.getSolutionWithCourse(db, request.tenant.id, request.params.id, today());
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
      return more.updateMunicipalitySolution(db, request.tenant.id, municipioSolucaoId, values);
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
      const page = await more.taskProgressRows(
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
      const { linhas } = await more.taskProgressRows(
        db,
        request.tenant.id,
        request.body,
        allowedMunicipalities(request.session),
        PROGRESS_EXPORT_LIMIT,
      );
      return sendXlsx(reply, PROGRESS_EXPORT_FILENAME, [{ name: 'Andamento', columns: PROGRESS_EXPORT_COLUMNS, rows: linhas }]);
    },
  );

  // ------------------------------------------------------------ solution types

  app.get(
    '/solucao-tipo',
    {
      schema: {
        tags: ['solucao'],
        summary: 'Tipos de solução do tenant (o combo Tipo do formulário de solução)',
        response: { 200: z.array(solutionTypeSchema), ...errors },
      },
    },
    async (request) => more.listSolutionTypes(db, request.tenant.id),
  );

  // ------------------------------------------------------------ the catalogue's xlsx (full admin)

  app.get(
    '/projeto/grupoSolucao/modelo-importacao',
    {
      schema: {
        tags: ['solucao'],
        summary: `Modelo de importação do catálogo: a aba "${CATALOGUE_SHEET}" com os cabeçalhos e uma linha de exemplo`,
        response: xlsxResponse,
      },
    },
    async (request, reply) => {
      requireFullAdmin(request.session);
      return sendXlsx(reply, CATALOGUE_TEMPLATE_FILENAME, [
        { name: CATALOGUE_SHEET, columns: CATALOGUE_COLUMNS, rows: [CATALOGUE_EXAMPLE_ROW] },
      ]);
    },
  );

  app.get(
    '/projeto/grupoSolucao/exportar/:id',
    {
      schema: {
        tags: ['solucao'],
        summary: `Exporta o catálogo do projeto (grupos, soluções, tarefas e evidências) numa aba "${CATALOGUE_SHEET}", uma linha por evidência`,
        params: idParams,
        response: xlsxResponse,
      },
    },
    async (request, reply) => {
      requireFullAdmin(request.session);
      if (!(await repo.projectExists(db, request.tenant.id, request.params.id))) throw notFound('Projeto não encontrado.');
      const groups = await exportCatalogue(db, request.tenant.id, request.params.id);
      return sendXlsx(reply, CATALOGUE_EXPORT_FILENAME, [
        { name: CATALOGUE_SHEET, columns: CATALOGUE_COLUMNS, rows: catalogueRows(groups) },
      ]);
    },
  );

  app.post(
    '/projeto/grupoSolucao/importar/:id',
    {
      config: { openapi: { bodies: { 'multipart/form-data': importForm } } },
      schema: {
        tags: ['solucao'],
        summary:
          'Importa o catálogo de uma planilha (multipart, campo arquivo). confirmar=false: prévia, nada é gravado; confirmar=true: grava tudo numa transação, ou nada se houver erro. Casa por nome no projeto: atualiza, não duplica',
        params: idParams,
        querystring: catalogueImportQuerySchema,
        response: { 200: catalogueImportResultSchema, ...errorResponses(400, 401, 403, 404, 409, 413) },
      },
    },
    async (request, reply) => {
      requireFullAdmin(request.session);
      const tenantId = request.tenant.id;
      const projetoId = request.params.id;
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
      if (!(await repo.projectExists(db, tenantId, projetoId))) throw notFound('Projeto não encontrado.');

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

      const confirm = request.query.confirmar === 'true';
      const plan = planCatalogueImport(sheet.rows);
      const empty = { novos: 0, alterados: 0, inalterados: 0 };
      if (plan.erros.length > 0) {
        const result = {
          confirmado: false,
          linhas: sheet.rows.length,
          grupos: empty,
          solucoes: empty,
          tarefas: empty,
          evidencias: empty,
          erros: plan.erros,
        };
        // A preview answers the errors as its content; a confirmation is refused, with them.
        if (!confirm) return result;
        return reply
          .status(400)
          .send({ message: CATALOGUE_MESSAGES.hasErrors, issues: plan.erros.map((message) => ({ path: 'arquivo', message })) });
      }
      const counts = await importCatalogue(db, tenantId, projetoId, plan.grupos, confirm);
      return { ...counts, linhas: sheet.rows.length, erros: [] };
    },
  );
};
