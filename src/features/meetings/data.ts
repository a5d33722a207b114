import { useEffect, useState } from 'react';
import { z } from 'zod';
import { api, apiErrorMessage, isAbortError, isSessionExpiredError } from '../../api/client.ts';
import { httpStatusOf } from '../../api/use-api-get.ts';
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
  type MeetingListItem,
  type MeetingSearchInput,
} from '../../domain/meetings.ts';
import { useMunicipalityGroups } from '../../entities/groups/data.ts';
import { useMunicipalityMembers } from '../../entities/members/data.ts';
import { useSolutionsAndTasks } from '../../entities/tasks/data.ts';
import type { GrupoRow, MembroRow, SolucaoRow, TarefaRow } from '../../offline/db.ts';
import { notifyError } from '../../lib/notify.ts';

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

// ---------------------------------------------------------------- searches (online)

export type SearchState<T> = { status: 'loading'; previous: T | undefined } | { status: 'error' } | { status: 'ready'; data: T };

/**
 * Runs `run(input)` whenever `input` is a new object (a new search, or `{ ...input }` to repeat
 * it); a failure other than a 401 is notified with the server's message or `errorMessage`.
 * While a new answer is awaited, the previous one stays available to avoid a blank table.
 */
export function useSearch<I, T>(input: I, run: (input: I, signal: AbortSignal) => Promise<T>, errorMessage: string): SearchState<T> {
  type Settled = { input: I; result: { status: 'ready'; data: T } | { status: 'error' } };
  const [settled, setSettled] = useState<Settled | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    run(input, controller.signal)
      .then((data) => setSettled({ input, result: { status: 'ready', data } }))
      .catch((error: unknown) => {
        if (isAbortError(error) || controller.signal.aborted) return;
        setSettled({ input, result: { status: 'error' } });
        if (!isSessionExpiredError(error)) notifyError(apiErrorMessage(error, errorMessage));
      });
    return () => controller.abort();
  }, [input, run, errorMessage]);
  if (settled && settled.input === input) return settled.result;
  return { status: 'loading', previous: settled?.result.status === 'ready' ? settled.result.data : undefined };
}

// ---------------------------------------------------------------- across municipalities

const searchListSchema = z.array(meetingListItemSchema);

/** POST get-encontro-by-filtro. */
export async function searchMeetings(filter: MeetingSearchInput, signal?: AbortSignal): Promise<MeetingListItem[]> {
  return searchListSchema.parse(await api.post(`${BASE}/get-encontro-by-filtro`, { json: filter, signal, timeout: 60_000 }).json());
}

// ---------------------------------------------------------------- programme calendar events (admins)

const EVENT_BASE = 'calendario/evento';
const eventListSchema = z.array(calendarEventSchema);

export async function searchCalendarEvents(filter: Partial<CalendarEventFilter>, signal?: AbortSignal): Promise<CalendarEvent[]> {
  return eventListSchema.parse(await api.post(`${EVENT_BASE}/get-by-filtro`, { json: filter, signal }).json());
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
