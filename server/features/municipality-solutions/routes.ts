import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { municipalitySolutions as ep } from '../../../src/contract/municipality-solutions.ts';
import { permittedMunicipalityIds, seesAllMunicipalities, type PermissionContext } from '../../../src/domain/permissions.ts';
import {
  PROGRESS_EXPORT_COLUMNS,
  PROGRESS_EXPORT_FILENAME,
  PROGRESS_EXPORT_LIMIT,
  PROGRESS_ROW_LIMIT,
} from '../../../src/domain/solution-progress.ts';
import { openMunicipality } from '../../lib/access.ts';
import { withCommand } from '../../lib/command.ts';
import { route } from '../../lib/endpoint.ts';
import { notFound } from '../../lib/errors.ts';
import { sendXlsx } from '../../lib/xlsx.ts';
import { projectExists } from '../solutions/read.ts';
import { registerMunicipalitySolutionRecords, today } from './access.ts';
import * as commands from './commands.ts';
import * as repo from './repository.ts';

/** The municipalities the user may see: 'all' for those who see every one. */
const allowedMunicipalities = (ctx: PermissionContext) => (seesAllMunicipalities(ctx) ? 'all' : [...permittedMunicipalityIds(ctx.usuario)]);

/**
 * A municipality's solutions (spec §7 api/municipio/municipio*, api/dashboard/get-andamento-*),
 * declared in src/contract/municipality-solutions.ts: the municipality or the record (through
 * registerMunicipalitySolutionRecords) and its city tab are decided before the body is validated;
 * the writes are commands (commands.ts), which also check the role in the municipality.
 */
export const municipalitySolutionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  registerMunicipalitySolutionRecords();

  // ------------------------------------------------------------ groups of a municipality

  route(app, ep.groupsOfProject, async ({ tenantId, session, params }) => {
    if (!(await projectExists(db, tenantId, params.id))) throw notFound('Projeto não encontrado.');
    return repo.municipalityGroupsOfProject(db, tenantId, params.id, allowedMunicipalities(session));
  });

  route(app, ep.groupStarted, async ({ tenantId, record: group }) => ({
    municipioGrupoSolucaoId: group.municipioGrupoSolucaoId,
    iniciado: await repo.groupStarted(db, tenantId, group.municipioGrupoSolucaoId, today()),
  }));

  route(app, ep.group, async ({ record }) => record);

  route(app, ep.renameGroup, async ({ request, session, tenantId, record, body }) =>
    withCommand(request, (tx) => commands.renameGroup(tx, { ctx: session, tenantId }, record, body.nome)),
  );

  route(app, ep.groups, async ({ tenantId, municipality }) => repo.listMunicipalityGroups(db, tenantId, municipality.municipioId));

  route(app, ep.groupsOfMunicipality, async ({ tenantId, municipality }) =>
    repo.listMunicipalityGroups(db, tenantId, municipality.municipioId),
  );

  route(app, ep.addGroup, async ({ request, session, tenantId, reply, body }) =>
    reply.status(201).send(await withCommand(request, (tx) => commands.addGroup(tx, { ctx: session, tenantId }, body))),
  );

  route(app, ep.disableGroup, async ({ request, session, tenantId, record }) =>
    withCommand(request, (tx) => commands.disableGroup(tx, { ctx: session, tenantId }, record)),
  );

  route(app, ep.reenableGroup, async ({ request, session, tenantId, params }) =>
    withCommand(request, (tx) => commands.reenableGroup(tx, { ctx: session, tenantId }, params.a, params.b)),
  );

  // ------------------------------------------------------------ solutions of a municipality

  route(app, ep.permitted, async ({ tenantId, municipality }) => repo.enabledSolutions(db, tenantId, municipality.municipioId, today()));

  route(app, ep.toFinalize, async ({ tenantId, municipality }) =>
    repo.solutionsToFinalize(db, tenantId, municipality.municipioId, today()),
  );

  route(app, ep.finalize, async ({ request, session, tenantId, municipality, body }) =>
    withCommand(request, (tx) => commands.finalize(tx, { ctx: session, tenantId }, municipality.municipioId, body.municipioSolucaoIds)),
  );

  route(app, ep.start, async ({ request, session, tenantId, record }) =>
    withCommand(request, (tx) => commands.start(tx, { ctx: session, tenantId }, record.municipioSolucaoId)),
  );

  route(app, ep.checkTask, async ({ tenantId, record, params }) => commands.checkTask(db, tenantId, record.municipioSolucaoId, params.b));

  route(app, ep.solution, async ({ record }) => record);

  route(app, ep.updateSolution, async ({ request, session, tenantId, record, body: { municipioSolucaoId: _id, ...values } }) =>
    withCommand(request, (tx) => commands.updateSolution(tx, { ctx: session, tenantId }, record, values)),
  );

  route(app, ep.solutions, async ({ tenantId, municipality }) => repo.listMunicipalitySolutions(db, tenantId, municipality.municipioId));

  route(app, ep.disableSolution, async ({ request, session, tenantId, record }) =>
    withCommand(request, (tx) => commands.disableSolution(tx, { ctx: session, tenantId }, record)),
  );

  route(app, ep.reenableSolution, async ({ request, session, tenantId, params }) =>
    withCommand(request, (tx) => commands.reenableSolution(tx, { ctx: session, tenantId }, params.a, params.b)),
  );

  // ------------------------------------------------------------ tasks of a municipality

  route(app, ep.tasks, async ({ tenantId, municipality }) => repo.listMunicipalityTasks(db, tenantId, municipality.municipioId));

  route(app, ep.tasksOfSolutions, async ({ tenantId, municipality, body }) => {
    const wanted = new Set(body.municipioSolucaoIds);
    const tasks = await repo.listMunicipalityTasks(db, tenantId, municipality.municipioId);
    return tasks.filter((t) => wanted.has(t.municipioSolucaoId));
  });

  route(app, ep.updateTask, async ({ request, session, tenantId, record, body: { municipioTarefaId: _id, ...values } }) =>
    withCommand(request, (tx) => commands.updateTask(tx, { ctx: session, tenantId }, record, values)),
  );

  route(app, ep.addTasks, async ({ request, session, tenantId, reply, body }) =>
    reply.status(201).send(await withCommand(request, (tx) => commands.addTasks(tx, { ctx: session, tenantId }, body))),
  );

  route(app, ep.removeTask, async ({ request, session, tenantId, record }) =>
    withCommand(request, (tx) => commands.removeTask(tx, { ctx: session, tenantId }, record)),
  );

  route(app, ep.reenableTask, async ({ request, session, tenantId, record, query }) =>
    withCommand(request, (tx) => commands.reenableTask(tx, { ctx: session, tenantId }, record, query.modo)),
  );

  // ------------------------------------------------------------ evidence definitions of a municipality

  route(app, ep.evidences, async ({ tenantId, municipality }) => repo.listMunicipalityEvidences(db, tenantId, municipality.municipioId));

  route(app, ep.evidence, async ({ record }) => record);

  route(app, ep.createEvidence, async ({ request, session, tenantId, reply, record, body }) =>
    reply.status(201).send(await withCommand(request, (tx) => commands.createEvidence(tx, { ctx: session, tenantId }, record, body))),
  );

  route(app, ep.updateEvidence, async ({ request, session, tenantId, record, body: { municipioEvidenciaId: _id, ...values } }) =>
    withCommand(request, (tx) => commands.updateEvidence(tx, { ctx: session, tenantId }, record, values)),
  );

  route(app, ep.deactivateEvidence, async ({ request, session, tenantId, record }) =>
    withCommand(request, (tx) => commands.deactivateEvidence(tx, { ctx: session, tenantId }, record)),
  );

  route(app, ep.removeEvidence, async ({ request, session, tenantId, record }) =>
    withCommand(request, (tx) => commands.removeEvidence(tx, { ctx: session, tenantId }, record)),
  );

  // ------------------------------------------------------------ progress

  route(app, ep.progressRows, async ({ tenantId, session, body }) => {
    const page = await repo.taskProgressRows(db, tenantId, body, allowedMunicipalities(session), PROGRESS_ROW_LIMIT);
    return { ...page, limite: PROGRESS_ROW_LIMIT };
  });

  route(app, ep.exportProgress, async ({ reply, tenantId, session, body }) => {
    // The city screen names its municipality: the same access as its Andamento tab (optional, so not declarable).
    if (body.municipioId) await openMunicipality(db, session, tenantId, body.municipioId, 'andamento');
    const { linhas } = await repo.taskProgressRows(db, tenantId, body, allowedMunicipalities(session), PROGRESS_EXPORT_LIMIT);
    return sendXlsx(reply, PROGRESS_EXPORT_FILENAME, [{ name: 'Andamento', columns: PROGRESS_EXPORT_COLUMNS, rows: linhas }]);
  });

  route(app, ep.progressByMunicipality, async ({ tenantId, session, body }) =>
    repo.progressByMunicipality(db, tenantId, body, allowedMunicipalities(session)),
  );

  route(app, ep.progressBySolution, async ({ tenantId, municipality }) => repo.progressBySolution(db, tenantId, municipality.municipioId));

  route(app, ep.progressByTask, async ({ tenantId, municipality }) => repo.progressByTask(db, tenantId, municipality.municipioId));
};
