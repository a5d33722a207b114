import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
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
import { solutionTypeSchema } from '../../../src/domain/municipality-solutions.ts';
import { requireFullAdmin } from '../../lib/access.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import { errorResponses, fileResponse, idParams, recordErrors as errors } from '../../lib/route-schemas.ts';
import { isXlsx, readSheet, sendXlsx, XLSX_CONTENT_TYPE, XlsxReadError } from '../../lib/xlsx.ts';
import type { JsonSchema } from '../../../src/contract/endpoint.ts';
import { exportCatalogue, importCatalogue } from './catalogue-transfer.ts';
import * as repo from './repository.ts';

/** The import's multipart body, for the OpenAPI document (the route reads it itself). */
const importForm: JsonSchema = {
  type: 'object',
  properties: { arquivo: { type: 'string', format: 'binary', description: `A planilha xlsx (até 2 MB), aba "${CATALOGUE_SHEET}"` } },
  required: ['arquivo'],
};

const xlsxResponse = { 200: fileResponse('A planilha (xlsx)', XLSX_CONTENT_TYPE), ...errors };

/**
 * What is left here of the catalogue once the municipality's solutions moved to
 * server/features/municipality-solutions: the solution types and the catalogue's xlsx import and
 * export (full admin only). The name is kept until the catalogue moves onto the contract.
 */
export const municipalitySolutionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  // Only this scope reads multipart (the catalogue import); the file is small and read whole.
  await app.register(multipart, { limits: { fileSize: CATALOGUE_MAX_BYTES, files: 1, fields: 5 } });

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
    async (request) => repo.listSolutionTypes(db, request.tenant.id),
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
