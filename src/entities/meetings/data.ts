import { z } from 'zod';
import { call } from '../../api/call.ts';
import { meetings as endpoints } from '../../contract/meetings.ts';
import { query } from '../../data/query.ts';
import { meetingSchema, type Meeting } from '../../domain/meetings.ts';
import type { OfflineDb } from '../../offline/db.ts';
import type { EncontroRow } from './table.ts';
import { pullInto } from '../../offline/pull.ts';
import { oldestSync } from '../../offline/use-local-first.ts';

/**
 * A municipality's meetings (spec §7 api/calendario/encontro) as the device holds them: the
 * calendar reads them here, and the field reports link to them. Their tasks come with each row
 * (`tarefas`); the municipality's task list itself is the tasks entity.
 */

/**
 * A meeting as the calendar reads it from the device. Rows stored by the offline bundle or by the
 * report form carry only the offline shape, so the calendar's extras may be missing.
 */
export type CalendarMeeting = EncontroRow;

const meetingListSchema = z.array(meetingSchema);

/**
 * Every meeting of the municipality, from the device first (so the calendar opens offline after a
 * visit or "Disponível offline"), refreshed from GET get-by-municipio/{id}; meetings deleted
 * elsewhere leave the device with the next pull.
 */
export const useCityMeetings = query.local((municipioId: number) => {
  const scope = `encontros:municipio:${municipioId}`;
  return {
    scope,
    deps: [municipioId],
    read: (db: OfflineDb): Promise<CalendarMeeting[]> => db.encontros.where('municipioId').equals(municipioId).toArray(),
    fetch: async (signal: AbortSignal) =>
      meetingListSchema.parse(await call(endpoints.ofMunicipality, { params: { id: municipioId }, signal })),
    write: (db: OfflineDb, meetings: Meeting[]) =>
      pullInto(db, 'encontros', meetings, scope, { range: { index: 'municipioId', equals: municipioId } }),
    direct: (meetings: Meeting[]): CalendarMeeting[] => meetings.map((m) => ({ ...m, syncedAt: Date.now(), pending: 0 as const })),
    syncedAtOf: oldestSync,
    errorMessage: 'Erro ao obter encontros',
  };
});
