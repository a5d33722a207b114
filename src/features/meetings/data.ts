import { z } from 'zod';
import { api } from '../../api/client.ts';
import { useServerData } from '../../api/use-server-data.ts';
import { httpStatusOf } from '../../lib/api-errors.ts';
import {
  calendarEventSchema,
  meetingListItemSchema,
  meetingSchema,
  type CalendarEvent,
  type CalendarEventFilter,
  type CalendarEventFormInput,
  type Meeting,
  type MeetingBatchInput,
  type MeetingCreateInput,
  type MeetingSearchInput,
} from '../../domain/meetings.ts';
import { useMunicipalityGroups } from '../../entities/municipality-groups/data.ts';
import { useMunicipalityMembers } from '../../entities/members/data.ts';
import { useSolutionsAndTasks } from '../../entities/tasks/data.ts';
import type { GrupoRow } from '../../entities/municipality-groups/table.ts';
import type { MembroRow } from '../../entities/members/table.ts';
import type { SolucaoRow, TarefaRow } from '../../entities/tasks/table.ts';

export { httpStatusOf };

const BASE = 'calendario/encontro';

// ---------------------------------------------------------------- writes (need the network)

/**
 * Meetings are written online only: the server checks the group, tasks and guests and the task
 * rule. The caller refreshes the city's meetings afterwards, which brings the server's row to the
 * device (and removes a deleted one).
 */
export async function createMeeting(input: MeetingCreateInput): Promise<Meeting> {
  return meetingSchema.parse(await api.post(BASE, { json: input }).json());
}

export async function updateMeeting(input: MeetingCreateInput & { encontroId: number }): Promise<Meeting> {
  return meetingSchema.parse(await api.put(BASE, { json: input }).json());
}

export async function deleteMeeting(encontroId: number): Promise<void> {
  await api.delete(`${BASE}/${encontroId}`);
}

const batchAnswerSchema = z.object({ encontros: z.array(meetingSchema) });

export async function storeMeetingsInBatch(input: MeetingBatchInput): Promise<Meeting[]> {
  return batchAnswerSchema.parse(await api.post(`${BASE}/store-in-batch`, { json: input, timeout: 60_000 }).json()).encontros;
}

// ---------------------------------------------------------------- across municipalities (online)

const searchListSchema = z.array(meetingListItemSchema);

/** POST get-encontro-by-filtro; the answer of the last search stays available while the next one runs. */
export function useMeetingSearch(filter: MeetingSearchInput, errorMessage: string) {
  return useServerData({ path: `${BASE}/get-encontro-by-filtro`, body: filter }, searchListSchema, errorMessage);
}

// ---------------------------------------------------------------- programme calendar events (admins)

const EVENT_BASE = 'calendario/evento';
const eventListSchema = z.array(calendarEventSchema);

/** POST calendario/evento/get-by-filtro. */
export function useCalendarEventSearch(filter: Partial<CalendarEventFilter>) {
  return useServerData({ path: `${EVENT_BASE}/get-by-filtro`, body: filter }, eventListSchema, 'Erro ao obter eventos');
}

export async function createCalendarEvent(input: CalendarEventFormInput): Promise<CalendarEvent> {
  return calendarEventSchema.parse(await api.post(EVENT_BASE, { json: input }).json());
}

export async function updateCalendarEvent(input: CalendarEventFormInput & { eventoId: number }): Promise<CalendarEvent> {
  return calendarEventSchema.parse(await api.put(EVENT_BASE, { json: input }).json());
}

export async function deleteCalendarEvent(eventoId: number): Promise<void> {
  await api.delete(`${EVENT_BASE}/${eventoId}`);
}

// ---------------------------------------------------------------- what the meeting fields offer

export type MeetingChoiceData = {
  groups: GrupoRow[];
  members: MembroRow[];
  solutions: SolucaoRow[];
  tasks: TarefaRow[];
  /** Something is still arriving and nothing of it is on the device yet. */
  loading: boolean;
};

/** Groups, members, solutions and tasks of the municipality, each from the device first. */
export function useMeetingChoices(municipioId: number): MeetingChoiceData {
  const groups = useMunicipalityGroups(municipioId);
  const members = useMunicipalityMembers(municipioId);
  const options = useSolutionsAndTasks(municipioId);
  return {
    groups: groups.status === 'ready' ? groups.data : [],
    members: members.status === 'ready' ? members.data : [],
    solutions: options.status === 'ready' ? options.data.solucoes : [],
    tasks: options.status === 'ready' ? options.data.tarefas : [],
    loading: groups.status === 'loading' || members.status === 'loading' || options.status === 'loading',
  };
}
