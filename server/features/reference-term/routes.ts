import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { referenceTerm } from '../../../src/contract/reference-term.ts';
import { permittedMunicipalityIds, seesAllMunicipalities } from '../../../src/domain/permissions.ts';
import {
  cellText,
  lineErrors,
  planTerm,
  REFERENCE_TERM_COLUMNS,
  REFERENCE_TERM_EXAMPLE,
  REFERENCE_TERM_MAX_BYTES,
  REFERENCE_TERM_MAX_LINES,
  REFERENCE_TERM_MESSAGES as M,
  REFERENCE_TERM_SHEET,
  REFERENCE_TERM_TEMPLATE_FILENAME,
  type TermLine,
  type TermPreview,
} from '../../../src/domain/reference-term.ts';
import { withCommand } from '../../lib/command.ts';
import { route } from '../../lib/endpoint.ts';
import { badRequest } from '../../lib/errors.ts';
import { readImportSheet, readXlsxUpload, sendXlsx } from '../../lib/xlsx.ts';
import { registerReferenceTermRecords } from './access.ts';
import * as commands from './commands.ts';
import * as repo from './repository.ts';

const actor = (request: FastifyRequest): commands.Actor => ({ tenantId: request.tenant.id, usuarioId: request.session.usuario.usuarioId });

/**
 * Reads and checks an uploaded sheet: the file (400 without one, 413 past the cap while
 * streaming, 400 when its content is not an xlsx), the workbook (400 with the reason when it
 * cannot be read or would inflate past the cap), then every line. Writes nothing.
 */
async function preview(request: FastifyRequest): Promise<TermPreview> {
  const { bytes, filename } = await readXlsxUpload(request, { ...M, notForm: M.noFile });
  const rows = await readImportSheet(bytes, REFERENCE_TERM_COLUMNS, { maxRows: REFERENCE_TERM_MAX_LINES }, { ...M, tooManyRows: M.tooManyLines });
  const lines = rows.map(({ rowNumber, values }) => {
    const line = { linha: rowNumber } as TermLine;
    for (const c of REFERENCE_TERM_COLUMNS) line[c.key] = cellText(c.key, values[c.key]);
    return line;
  });
  if (lines.length === 0) throw badRequest(M.empty);
  const plan = planTerm(lines);
  return {
    arquivoNome: filename.slice(0, 255),
    linhas: lines.map((line) => ({ ...line, erros: lineErrors(line) })),
    fases: plan.fases.length,
    atividades: plan.fases.reduce((n, f) => n + f.atividades.length, 0),
  };
}

/**
 * The reference term (src/contract/reference-term.ts): access (tab, flag, the record's
 * municipality) is decided by the declarations; writes are commands in one transaction each.
 */
export const referenceTermRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  registerReferenceTermRecords();
  // Only this scope reads multipart (the upload); the file is cut off at the cap while it streams.
  await app.register(multipart, { limits: { fileSize: REFERENCE_TERM_MAX_BYTES, files: 1, fields: 5 } });

  route(app, referenceTerm.list, async ({ session, tenantId }) => {
    const rows = await repo.listTerms(db, tenantId, seesAllMunicipalities(session) ? 'all' : [...permittedMunicipalityIds(session.usuario)]);
    return rows.sort((a, b) => a.municipio.localeCompare(b.municipio, 'pt-BR', { sensitivity: 'base' }));
  });
  route(app, referenceTerm.get, async ({ tenantId, municipality }) => repo.getTerm(db, tenantId, municipality.municipioId));
  route(app, referenceTerm.upload, async ({ request }) => preview(request));
  route(app, referenceTerm.confirm, async ({ request, body }) => withCommand(request, (tx) => commands.importTerm(tx, actor(request), body)));
  route(app, referenceTerm.template, async ({ reply }) =>
    sendXlsx(reply, REFERENCE_TERM_TEMPLATE_FILENAME, [{ name: REFERENCE_TERM_SHEET, columns: REFERENCE_TERM_COLUMNS, rows: REFERENCE_TERM_EXAMPLE }]),
  );

  route(app, referenceTerm.createPhase, async ({ request, reply, body }) =>
    reply.status(201).send(await withCommand(request, (tx) => commands.createPhase(tx, actor(request), body))),
  );
  route(app, referenceTerm.updatePhase, async ({ request, record, body }) =>
    withCommand(request, (tx) => commands.updatePhase(tx, actor(request), record, body)),
  );
  route(app, referenceTerm.removePhase, async ({ request, reply, record }) => {
    await withCommand(request, (tx) => commands.removePhase(tx, actor(request), record));
    return reply.status(204).send(null);
  });
  route(app, referenceTerm.interruptPhase, async ({ request, record, body }) =>
    withCommand(request, (tx) => commands.interruptPhase(tx, actor(request), record, body)),
  );

  route(app, referenceTerm.createActivity, async ({ request, reply, record, body: { faseId: _faseId, ...fields } }) =>
    reply.status(201).send(await withCommand(request, (tx) => commands.createActivity(tx, actor(request), record, fields))),
  );
  route(app, referenceTerm.updateActivity, async ({ request, record, body: { atividadeId: _id, ...fields } }) =>
    withCommand(request, (tx) => commands.updateActivity(tx, actor(request), record, fields)),
  );
  route(app, referenceTerm.removeActivity, async ({ request, reply, record }) => {
    await withCommand(request, (tx) => commands.removeActivity(tx, actor(request), record));
    return reply.status(204).send(null);
  });
  route(app, referenceTerm.interruptActivity, async ({ request, record, body }) =>
    withCommand(request, (tx) => commands.interruptActivity(tx, actor(request), record, body)),
  );
};
