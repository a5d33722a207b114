import { z } from 'zod';
import { requestOf } from '../../contract/endpoint.ts';
import { territories } from '../../contract/territories.ts';
import { formatDate } from '../../domain/format.ts';
import {
  visitInputSchema,
  visitSchema,
  visitUpdateSchema,
  type Visit,
  type VisitInput,
  type VisitUpdateInput,
} from '../../domain/territories.ts';
import { defineMutationKind } from '../../offline/kinds.ts';

/**
 * A visit planned or recorded on the device (issue 31): shown at once in the municipality's visits,
 * sent once by the outbox (its id is the Idempotency-Key, which the server honours), now or when
 * the device is back online. The payload carries the names the list shows until the server answers.
 */
export const VISIT_CREATE_KIND = 'territory-visit-create';
export const VISIT_UPDATE_KIND = 'territory-visit-update';

const shown = { municipio: z.string().max(200), agente: z.string().max(200), usuarioId: z.number().int() };
export const visitCreatePayloadSchema = visitInputSchema.and(z.object(shown));
export type VisitCreatePayload = VisitInput & { municipio: string; agente: string; usuarioId: number };
export const visitUpdatePayloadSchema = visitUpdateSchema.and(z.object({ municipioId: z.number().int() }));
export type VisitUpdatePayload = VisitUpdateInput & { municipioId: number };

function localRow(p: VisitCreatePayload, visitaId: number): Visit {
  return {
    visitaId,
    municipioId: p.municipioId,
    municipio: p.municipio,
    usuarioId: p.usuarioId,
    agente: p.agente,
    territorioId: p.territorioId ?? null,
    territorio: null,
    municipioSolucaoId: p.municipioSolucaoId ?? null,
    solucao: null,
    relatorioId: p.relatorioId ?? null,
    relatorio: null,
    status: p.status ?? 'planejada',
    dataPrevista: p.dataPrevista,
    dataRealizada: p.status === 'realizada' ? (p.dataRealizada ?? null) : null,
    horas: p.horas ?? 0,
    observacao: p.observacao ?? '',
  };
}

export const visitCreateKind = defineMutationKind<VisitCreatePayload>({
  name: VISIT_CREATE_KIND,
  title: 'Visita',
  schema: visitCreatePayloadSchema as unknown as z.ZodType<VisitCreatePayload>,
  label: (p) => `Visita em ${p.municipio} (${formatDate(p.status === 'realizada' ? (p.dataRealizada ?? p.dataPrevista) : p.dataPrevista)})`,
  entityKey: (_p, tempId) => `visita:${tempId}`,
  creates: true,
  serverIdField: 'visitaId',
  // The agent is the signed-in user unless a manager chose another: the server decides, the payload's id only names the row.
  toRequest: ({ municipio: _m, agente: _a, usuarioId: _u, ...body }) => requestOf(territories.createVisit, { body: body as never }),
  async applyLocal(db, p, ctx) {
    await db.visitas.put({ ...localRow(p, ctx.tempId ?? -Date.now()), syncedAt: 0, pending: 1 });
  },
  async reconcile(db, _entry, response, ctx) {
    const visit = visitSchema.parse(response);
    if (ctx.serverId !== null) await db.visitas.delete(_entry.tempId ?? 0);
    await db.visitas.put({ ...visit, syncedAt: Date.now(), pending: 0 });
  },
  async revertLocal(db, entry) {
    if (entry.tempId !== null && entry.tempId !== undefined) await db.visitas.delete(entry.tempId);
  },
});

/** Recording a planned visit as done (or cancelling, replanning) through the outbox, on a visit the server has numbered. */
export const visitUpdateKind = defineMutationKind<VisitUpdatePayload>({
  name: VISIT_UPDATE_KIND,
  title: 'Alteração de visita',
  schema: visitUpdatePayloadSchema as unknown as z.ZodType<VisitUpdatePayload>,
  label: (p) => `Visita de ${formatDate(p.dataPrevista)}: ${p.status ?? 'planejada'}`,
  entityKey: (p) => `visita:${p.visitaId}`,
  toRequest: ({ municipioId: _m, ...body }) => requestOf(territories.updateVisit, { body: body as never }),
  async applyLocal(db, p) {
    await db.visitas.update(p.visitaId, {
      status: p.status ?? 'planejada',
      dataPrevista: p.dataPrevista,
      dataRealizada: p.status === 'realizada' ? (p.dataRealizada ?? null) : null,
      horas: p.horas ?? 0,
      observacao: p.observacao ?? '',
      relatorioId: p.relatorioId ?? null,
      pending: 1,
    });
  },
  async reconcile(db, _entry, response) {
    const visit = visitSchema.parse(response);
    await db.visitas.put({ ...visit, syncedAt: Date.now(), pending: 0 });
  },
});
