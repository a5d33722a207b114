import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sync } from '../../../src/contract/sync.ts';
import type { MunicipalityDetail } from '../../../src/domain/municipality.ts';
import { offlineBundleSchema, type OfflineBundle } from '../../../src/domain/offline-bundle.ts';
import { visibleAxisIds, type PermissionContext } from '../../../src/domain/permissions.ts';
import type { Db } from '../../db/client.ts';
import { allByName } from '../../lib/all-by-name.ts';
import { route } from '../../lib/endpoint.ts';
import { listMeetings } from '../meetings/read.ts';
import { listMembers } from '../members/read.ts';
import { listGroups } from '../municipalities/read.ts';
import { listSolutions, listTaskProgress, listTasks } from '../municipality-solutions/read.ts';
import { canOpenCityTab } from '../../../src/domain/city-tabs.ts';
import { listMunicipalityReports } from '../field-reports/read.ts';
import { listMunicipalityAdminReports } from '../admin-reports/read.ts';
import { listQuestions } from '../questions/read.ts';
import { listFollowupsFor } from '../followups/read.ts';
import { listEvidenceQuestionsFor } from '../evidence/read.ts';
import { roomBundle } from '../sala/read.ts';
import { listPlans } from '../sala-5w2h/read.ts';
import { listVisitsFor } from '../territories/read.ts';

/** The bundle of a municipality access has opened (the one the user sees, with its spec §6 vigente rule). */
async function buildBundle(db: Db, tenantId: string, ctx: PermissionContext, municipio: MunicipalityDetail): Promise<string> {
  const { municipioId } = municipio;
  const geradoEm = new Date().toISOString();
  const bundle: OfflineBundle = {
    geradoEm,
    municipio,
    ...(await allByName({
      grupos: listGroups(db, tenantId, municipioId),
      membros: listMembers(db, tenantId, { municipioId }),
      // The calendar's own answer (solutions of the event, whether a report exists), so the device holds one shape.
      encontros: listMeetings(db, tenantId, { municipioIds: [municipioId] }),
      solucoes: listSolutions(db, tenantId, municipioId),
      tarefas: listTasks(db, tenantId, municipioId),
      perguntas: listQuestions(db, tenantId, municipioId, visibleAxisIds(ctx, municipioId)),
      relatorios: listMunicipalityReports(db, tenantId, ctx, municipioId),
      relatoriosAdministrativos: listMunicipalityAdminReports(db, tenantId, ctx, municipioId),
      acompanhamentos: listFollowupsFor(db, tenantId, ctx, municipioId),
      perguntasEvidencia: listEvidenceQuestionsFor(db, tenantId, ctx, municipio),
      // Only for whom the Andamento tab opens, as GET get-andamento-tarefas/{id} decides.
      andamentoTarefas: canOpenCityTab('andamento', { ...ctx, municipioId }, '') ? listTaskProgress(db, tenantId, municipioId) : [],
      // Whoever opens the municipality reads its room's plans (the same rule as GET api/sala5w2h).
      planos5w2h: listPlans(db, tenantId, municipioId),
      // Whoever opens the municipality reads its visits (the same rule as GET api/visita/municipio/{id}).
      visitas: listVisitsFor(db, tenantId, municipioId),
    })),
    // The Sala's room and its indicator map (issue 29), for a municipality that has a room.
    ...(await roomBundle(db, tenantId, ctx, municipioId)),
  };
  // Serialised here (not by the route serializer) so the summary can state the exact size the
  // download will have, and the download carries a Content-Length for its progress bar.
  return JSON.stringify(offlineBundleSchema.parse(bundle));
}

/**
 * "Disponível offline" (issue 4), declared in src/contract/sync.ts: access opens the municipality
 * (404 when the user does not see it) before the handler builds the bundle.
 */
export const syncRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;

  route(app, sync.summary, async ({ tenantId, session, municipality }) => {
    const body = await buildBundle(db, tenantId, session, municipality);
    const bundle = JSON.parse(body) as OfflineBundle;
    return {
      municipioId: municipality.municipioId,
      bytes: Buffer.byteLength(body),
      contagens: {
        grupos: bundle.grupos.length,
        membros: bundle.membros.length,
        encontros: bundle.encontros.length,
        solucoes: bundle.solucoes.length,
        tarefas: bundle.tarefas.length,
        perguntas: bundle.perguntas.length,
        relatorios: bundle.relatorios?.length ?? 0,
        relatoriosAdministrativos: bundle.relatoriosAdministrativos?.length ?? 0,
        acompanhamentos: bundle.acompanhamentos?.length ?? 0,
        perguntasEvidencia: bundle.perguntasEvidencia?.length ?? 0,
        andamentoTarefas: bundle.andamentoTarefas?.length ?? 0,
        salaLeituras: bundle.salaLeituras?.length ?? 0,
        planos5w2h: bundle.planos5w2h?.length ?? 0,
        visitas: bundle.visitas?.length ?? 0,
      },
    };
  });

  route(app, sync.bundle, async ({ reply, tenantId, session, municipality }) => {
    const body = await buildBundle(db, tenantId, session, municipality);
    // Never stored by a cache on the way: the data belongs to this user's session.
    // A string body is sent as it is (Fastify does not serialise strings); the schema documents its shape.
    return reply
      .header('cache-control', 'no-store')
      .type('application/json; charset=utf-8')
      .send(body as unknown as OfflineBundle);
  });
};
