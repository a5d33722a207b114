import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sheetName, spreadsheetRequestSchema } from '../../../src/domain/spreadsheet.ts';
import { badRequest } from '../../lib/errors.ts';
import { errorResponses } from '../../lib/route-schemas.ts';
import { buildWorkbook, sendXlsx } from '../../lib/xlsx.ts';

/** 100,000 rows of a register with long texts fit; the default 1 MiB would refuse a long question list. */
const BODY_LIMIT = 64 * 1024 * 1024;

/**
 * POST api/planilha: the one Excel export of the list screens (issue 17). The screen sends the
 * columns and rows it shows, already filtered and sorted, and gets them back as an xlsx built by
 * server/lib/xlsx.ts (exceljs): typed cells, a bold frozen header. It reads no data, so it needs
 * only a session: what a user can export is what they were allowed to read.
 */
export const spreadsheetRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/planilha',
    {
      bodyLimit: BODY_LIMIT,
      schema: {
        tags: ['planilha'],
        summary: 'Gera o xlsx de uma lista (colunas e linhas como a tela mostra)',
        body: spreadsheetRequestSchema,
        response: { 200: z.unknown().describe('A planilha (xlsx)'), ...errorResponses(400, 401, 413) },
      },
    },
    async (request, reply) => {
      const { nome, colunas, linhas } = request.body;
      const width = colunas.length;
      const bad = linhas.findIndex((row) => row.length !== width);
      if (bad >= 0) throw badRequest(`Linha ${bad + 1}: esperadas ${width} colunas, recebidas ${linhas[bad]!.length}.`);
      const keys = colunas.map((_, i) => `c${i}`);
      const workbook = await buildWorkbook([
        {
          name: sheetName(nome),
          columns: colunas.map((c, i) => ({ key: keys[i]!, header: c.titulo, type: c.tipo, width: c.tipo === 'text' ? 30 : 14 })),
          rows: linhas.map((row) => Object.fromEntries(row.map((value, i) => [keys[i]!, value]))),
        },
      ]);
      return sendXlsx(reply, `${sheetName(nome)}.xlsx`, workbook);
    },
  );
};
