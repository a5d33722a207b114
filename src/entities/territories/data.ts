import { call } from '../../api/call.ts';
import { territories as endpoints } from '../../contract/territories.ts';
import { command } from '../../data/command.ts';
import { query } from '../../data/query.ts';
import { TERRITORY_MESSAGES, visitOptionsSchema, type Visit } from '../../domain/territories.ts';
import type { OfflineDb } from '../../offline/db.ts';
import { lastSyncedAt, pullInto } from '../../offline/pull.ts';
import { oldestSync } from '../../offline/use-local-first.ts';
import { visitCreateKind, visitUpdateKind, type VisitCreatePayload, type VisitUpdatePayload } from './kinds.ts';
import { visitsScope, type VisitaRow } from './table.ts';

/**
 * A municipality's visits as the agent's Visitas tab reads them (issue 31): local-first, so they
 * open offline once the municipality is on the device ("Disponível offline" brings them in its
 * bundle); planning and recording go through the outbox. The form's choices are read online.
 */

const useVisits = query.local((municipioId: number | null) => {
  const scope = municipioId === null ? null : visitsScope(municipioId);
  return {
    scope,
    deps: [municipioId],
    read: async (db: OfflineDb): Promise<VisitaRow[] | undefined> => {
      if (municipioId === null) return undefined;
      const rows = await db.visitas.where('municipioId').equals(municipioId).toArray();
      return rows.length > 0 || (await lastSyncedAt(db, scope!)) !== null ? rows : undefined;
    },
    fetch: (signal: AbortSignal) => call(endpoints.municipalityVisits, { params: { id: municipioId! }, signal }),
    write: (db: OfflineDb, rows: Visit[]) =>
      pullInto(db, 'visitas', rows, scope!, { range: { index: 'municipioId', equals: municipioId! } }),
    direct: (rows: Visit[]): VisitaRow[] => rows.map((r) => ({ ...r, syncedAt: Date.now(), pending: 0 as const })),
    syncedAtOf: oldestSync,
    errorMessage: 'Erro ao obter as visitas',
  };
});

const useOptions = query.online((municipioId: number | null) =>
  municipioId === null
    ? null
    : {
        key: ['visita', 'opcoes', municipioId],
        fetch: (signal: AbortSignal) => call(endpoints.visitOptions, { params: { id: municipioId }, signal }),
        schema: visitOptionsSchema,
        errorMessage: 'Erro ao obter as opções da visita',
      },
);

/** Plans a visit or records one done: on the list at once, on the server once (now or when back online). */
const createVisit = command.offline<VisitCreatePayload>(visitCreateKind as never, { failure: { message: TERRITORY_MESSAGES.saveVisit } });
/** Records a planned visit as done, cancels or replans it, through the outbox. */
const updateVisit = command.offline<VisitUpdatePayload>(visitUpdateKind as never, { failure: { message: TERRITORY_MESSAGES.saveVisit } });

export const visits = { useVisits, useOptions, createVisit, updateVisit };
