import { useEffect, useState } from 'react';
import { z } from 'zod';
import { api, apiErrorMessage, isAbortError, isSessionExpiredError } from '../../api/client.ts';
import { httpStatusOf } from '../../api/use-api-get.ts';
import {
  calendarEventSchema,
  meetingListItemSchema,
  meetingOptionsSchema,
  meetingSchema,
  type CalendarEvent,
  type CalendarEventFilter,
  type CalendarEventFormInput,
  type Meeting,
  type MeetingBatchInput,
  type MeetingCreateInput,
  type MeetingListItem,
  type MeetingOptions,
  type MeetingSearchInput,
} from '../../domain/meetings.ts';
import { municipalityGroupSchema, type MunicipalityGroup } from '../../domain/members.ts';
import type { OfflineMeeting } from '../../domain/offline-bundle.ts';
import type { EncontroRow, GrupoRow, MembroRow, SolucaoRow, TarefaRow } from '../../offline/db.ts';
import { useMunicipalityMembers } from '../../entities/members/data.ts';
import { pullInto } from '../../offline/pull.ts';
import { oldestSync, useLocalFirst } from '../../offline/use-local-first.ts';
import { ERROR_MESSAGES } from '../../domain/messages.ts';
import { notifyError } from '../../lib/notify.ts';

export { httpStatusOf };

const BASE = 'calendario/encontro';

// ---------------------------------------------------------------- the city's calendar (device first)

/**
 * A meeting as the calendar reads it from the device. Rows stored by the offline bundle or by the
 * report form carry only the offline shape, so the calendar's extras may be missing.
 */
export type CalendarMeeting = OfflineMeeting & Partial<Omit<Meeting, keyof OfflineMeeting>> & { syncedAt: number; pending: 0 | 1 };

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
    read: (db) => db.encontros.where('municipioId').equals(municipioId).toArray() as Promise<(EncontroRow & CalendarMeeting)[]>,
    fetch: async (signal) => meetingListSchema.parse(await api.get(`${BASE}/get-by-municipio/${municipioId}`, { signal }).json()),
    write: (db, meetings) => pullInto(db, 'encontros', meetings, scope, { range: { index: 'municipioId', equals: municipioId } }),
    direct: (meetings) => meetings.map((m) => ({ ...m, syncedAt: Date.now(), pending: 0 as const })),
    syncedAtOf: oldestSync,
    errorMessage: 'Erro ao obter encontros',
  });
}

const groupListSchema = z.array(municipalityGroupSchema);

/** The city's working groups, the same device rows and scope as the groups screen. */
export function useCityGroups(municipioId: number) {
  const scope = `grupos:municipio:${municipioId}`;
  return useLocalFirst<GrupoRow[], MunicipalityGroup[]>({
    scope,
    deps: [municipioId],
    read: (db) => db.grupos.where('municipioId').equals(municipioId).toArray(),
    fetch: async (signal) => groupListSchema.parse(await api.get(`municipio/grupo?municipioId=${municipioId}`, { signal }).json()),
    write: (db, groups) => pullInto(db, 'grupos', groups, scope, { range: { index: 'municipioId', equals: municipioId } }),
    direct: (groups) => groups.map((group) => ({ ...group, syncedAt: Date.now(), pending: 0 as const })),
    syncedAtOf: oldestSync,
    errorMessage: 'Erro ao obter grupos',
  });
}

export type MeetingOptionRows = { solucoes: SolucaoRow[]; tarefas: TarefaRow[] };

/** The municipality's solutions and tasks (GET opcoes/{id}), stored in the bundle's device tables. */
export function useMeetingOptions(municipioId: number) {
  const scope = `opcoes-encontro:municipio:${municipioId}`;
  return useLocalFirst<MeetingOptionRows, MeetingOptions>({
    scope,
    deps: [municipioId],
    read: async (db) => ({
      solucoes: await db.solucoes.where('municipioId').equals(municipioId).toArray(),
      tarefas: await db.tarefas.where('municipioId').equals(municipioId).toArray(),
    }),
    fetch: async (signal) => meetingOptionsSchema.parse(await api.get(`${BASE}/opcoes/${municipioId}`, { signal }).json()),
    write: async (db, options) => {
      const range = { index: 'municipioId', equals: municipioId };
      await pullInto(db, 'solucoes', options.solucoes, scope, { range });
      await pullInto(db, 'tarefas', options.tarefas, scope, { range });
    },
    direct: (options) => {
      const now = Date.now();
      return {
        solucoes: options.solucoes.map((s) => ({ ...s, syncedAt: now, pending: 0 as const })),
        tarefas: options.tarefas.map((t) => ({ ...t, syncedAt: now, pending: 0 as const })),
      };
    },
    syncedAtOf: (options) => oldestSync([...options.solucoes, ...options.tarefas]),
    errorMessage: ERROR_MESSAGES.getTasks,
  });
}

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
  const groups = useCityGroups(municipioId);
  const members = useMunicipalityMembers(municipioId);
  const options = useMeetingOptions(municipioId);
  return {
    groups: groups.status === 'ready' ? groups.data : [],
    members: members.status === 'ready' ? members.data : [],
    solutions: options.status === 'ready' ? options.data.solucoes : [],
    tasks: options.status === 'ready' ? options.data.tarefas : [],
    loading: groups.status === 'loading' || members.status === 'loading' || options.status === 'loading',
  };
}
