import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
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
import { type PermissionContext } from '../../../src/domain/permissions.ts';
import { redactSolution, SOLUTION_MESSAGES } from '../../../src/domain/solutions.ts';
import { withCommand } from '../../lib/command.ts';
import { route } from '../../lib/endpoint.ts';
import { notFound } from '../../lib/errors.ts';
import { readImportSheet, readXlsxUpload, sendXlsx } from '../../lib/xlsx.ts';
import { exportCatalogue } from './catalogue-transfer.ts';
import * as commands from './commands.ts';
import * as repo from './repository.ts';

const M = SOLUTION_MESSAGES;

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
  const { bytes } = await readXlsxUpload(request, { ...CATALOGUE_MESSAGES, notForm: CATALOGUE_MESSAGES.notXlsx });
  if (!(await repo.projectExists(request.server.db, tenantId, projetoId))) throw notFound(commands.PROJECT_NOT_FOUND);

  const rows = await readImportSheet(bytes, CATALOGUE_COLUMNS, { sheetName: CATALOGUE_SHEET, maxRows: CATALOGUE_MAX_ROWS }, CATALOGUE_MESSAGES);
  return { linhas: rows.length, ...planCatalogueImport(rows) };
}

/**
 * The programme's catalogue (api/projeto/..., the solution types and the catalogue's xlsx),
 * declared in src/contract/solutions.ts with its access (a session to read; an admin or the
 * Projetos e Soluções menu to write, the full admin for the xlsx, decided before the body is read);
 * the writes are commands (commands.ts) run by withCommand.
 */
export const solutionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
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

  const redacted = (ctx: PermissionContext, list: Awaited<ReturnType<typeof repo.listSolutions>>) =>
    list.map((s) => redactSolution(ctx, s));
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
  route(app, solutions.types, async ({ tenantId }) => repo.listSolutionTypes(db, tenantId));

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
        return {
          confirmado: false,
          linhas: plan.linhas,
          grupos: empty,
          solucoes: empty,
          tarefas: empty,
          evidencias: empty,
          erros: plan.erros,
        };
      return reply
        .status(400)
        .send({ message: CATALOGUE_MESSAGES.hasErrors, issues: plan.erros.map((message) => ({ path: 'arquivo', message })) });
    }
    return withCommand(request, (tx) => commands.importCatalogue(tx, actor(session, tenantId), params.id, plan, confirm));
  });
};
