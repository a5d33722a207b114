import { z } from 'zod';
import { api } from '../../api/client.ts';
import { meetingSchema, type Meeting } from '../../domain/meetings.ts';
import type { EncontroRow } from './table.ts';
import { pullInto } from '../../offline/pull.ts';
import { oldestSync, useLocalFirst } from '../../offline/use-local-first.ts';

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
export function useCityMeetings(municipioId: number) {
  const scope = `encontros:municipio:${municipioId}`;
  return useLocalFirst<CalendarMeeting[], Meeting[]>({
    scope,
    deps: [municipioId],
    read: (db) => db.encontros.where('municipioId').equals(municipioId).toArray(),
    fetch: async (signal) =>
      meetingListSchema.parse(await api.get(`calendario/encontro/get-by-municipio/${municipioId}`, { signal }).json()),
    write: (db, meetings) => pullInto(db, 'encontros', meetings, scope, { range: { index: 'municipioId', equals: municipioId } }),
    direct: (meetings) => meetings.map((m) => ({ ...m, syncedAt: Date.now(), pending: 0 as const })),
    syncedAtOf: oldestSync,
    errorMessage: 'Erro ao obter encontros',
  });
}
