import { spreadsheet } from '../../../src/contract/registers.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { canExportLists, sheetName, SPREADSHEET_MAX_BYTES, SPREADSHEET_MESSAGES } from '../../../src/domain/spreadsheet.ts';
import { AppError, badRequest, forbidden } from '../../lib/errors.ts';
import { route } from '../../lib/endpoint.ts';
import { sendXlsx } from '../../lib/xlsx.ts';

/**
 * POST api/planilha: the one Excel export of the list screens (issue 17). The screen sends the
 * columns and rows it shows, already filtered and sorted, and gets them back as an xlsx written by
 * server/lib/xlsx.ts (exceljs): typed cells, a bold frozen header. It reads no data: what a user can
 * export is what they were allowed to read.
 *
 * Bounded by what a screen can show (issue 25: one 52 MB body took the server from 620 MB to 1.5 GB):
 * only a user who opens a register screen may export (403 otherwise), and a declared body over the
 * largest list's size is refused (413), both before a byte of the body is read; the schema bounds
 * rows and columns, and the workbook is streamed to the reply row by row.
 */
export const spreadsheetRoutes: FastifyPluginAsyncZod = async (app) => {
  // After the session hook (auth is an app-wide onRequest hook), before the body is read. A hook of
  // this plugin, so it gates only this route: the access vocabulary says neither canExportLists nor
  // its own 403 message, nor the 413 of a declared Content-Length.
  app.addHook('onRequest', async (request, reply) => {
    if (!canExportLists(request.session)) throw forbidden(SPREADSHEET_MESSAGES.forbidden);
    const declared = Number(request.headers['content-length']);
    if (Number.isFinite(declared) && declared > SPREADSHEET_MAX_BYTES) {
      // Not drained: the rest of an oversized body is not worth reading.
      reply.header('connection', 'close');
      throw new AppError(413, SPREADSHEET_MESSAGES.tooLarge);
    }
  });

  route(app, spreadsheet, async ({ reply, body: { nome, colunas, linhas } }) => {
    const width = colunas.length;
    const bad = linhas.findIndex((row) => row.length !== width);
    if (bad >= 0) throw badRequest(`Linha ${bad + 1}: esperadas ${width} colunas, recebidas ${linhas[bad]!.length}.`);
    const keys = colunas.map((_, i) => `c${i}`);
    return sendXlsx(reply, `${sheetName(nome)}.xlsx`, [
      {
        name: sheetName(nome),
        columns: colunas.map((c, i) => ({ key: keys[i]!, header: c.titulo, type: c.tipo, width: c.tipo === 'text' ? 30 : 14 })),
        // Read as the writer goes: no second copy of the rows.
        rows: (function* () {
          for (const row of linhas) yield Object.fromEntries(row.map((value, i) => [keys[i]!, value]));
        })(),
      },
    ]);
  });
};
