import { z } from 'zod';
import { call } from '../../api/call.ts';
import { meetings as endpoints } from '../../contract/meetings.ts';
import { command } from '../../data/command.ts';
import { query } from '../../data/query.ts';
import {
  calendarEventSchema,
  meetingListItemSchema,
  meetingSchema,
  type CalendarEventFilter,
  type CalendarEventFormInput,
  type MeetingBatchInput,
  type MeetingCreateInput,
  type MeetingSearchInput,
} from '../../domain/meetings.ts';
import { municipalityGroupsData } from '../../entities/municipality-groups/data.ts';
import { membersData } from '../../entities/members/data.ts';
import { tasksData } from '../../entities/tasks/data.ts';
import type { GrupoRow } from '../../entities/municipality-groups/table.ts';
import type { MembroRow } from '../../entities/members/table.ts';
import type { SolucaoRow, TarefaRow } from '../../entities/tasks/table.ts';

/**
 * The calendar's data object (issue 27): the meeting dialogs, the batch form, the searches and the
 * programme's events read and write here, through the endpoint declarations (src/contract/meetings.ts).
 * The city's meetings on the device are the meetings entity's.
 */

export { useCityMeetings, type CalendarMeeting } from '../../entities/meetings/data.ts';
export { isFetching } from '../../data/query.ts';
export type { CommandResult } from '../../data/command.ts';
// Shared directories, still on src/api's reader until their entities move (issue 27, step 2).
export { usersData } from '../../entities/users/data.ts';
export { useMunicipalityNames } from '../../entities/municipality/lists.ts';

// ---------------------------------------------------------------- writes (need the network)

/**
 * Meetings are written online only: the server checks the group, tasks and guests and the task
 * rule. The caller refreshes the city's meetings afterwards, which brings the server's row to the
 * device (and removes a deleted one). Their dialogs word each failure with the vocabulary's noun
 * and show it inline (`{ inline: true, failure }`).
 */
const create = command.online({
  send: (body: MeetingCreateInput) => call(endpoints.create, { body }),
  schema: meetingSchema,
  failure: { message: 'Não foi possível salvar o encontro.' },
});

const update = command.online({
  send: (body: MeetingCreateInput & { encontroId: number }) => call(endpoints.update, { body }),
  schema: meetingSchema,
  failure: { message: 'Não foi possível salvar o encontro.' },
});

const remove = command.online({
  send: (encontroId: number) => call(endpoints.remove, { params: { id: encontroId } }),
  failure: { message: 'Não foi possível excluir o encontro.' },
});

/** One part of a batch (the form sends the dates in parts); a whole programme's part may take a while. */
const createBatch = command.online({
  send: (body: MeetingBatchInput) => call(endpoints.createBatch, { body, timeout: 60_000 }),
  schema: z.object({ encontros: z.array(meetingSchema) }),
  failure: { message: 'Não foi possível criar os encontros. Verifique sua conexão e tente novamente.' },
});

// ---------------------------------------------------------------- across municipalities (online)

const searchListSchema = z.array(meetingListItemSchema);

/** POST get-encontro-by-filtro; the answer of the last search stays shown (`previous`) while the next one runs. */
const search = query.online((filter: MeetingSearchInput, errorMessage: string) => ({
  key: ['encontro', 'filtro', filter],
  fetch: (signal: AbortSignal) => call(endpoints.search, { body: filter, signal }),
  schema: searchListSchema,
  errorMessage,
}));

// ---------------------------------------------------------------- programme calendar events (admins)

const eventListSchema = z.array(calendarEventSchema);

/** POST calendario/evento/get-by-filtro. */
const eventSearch = query.online((filter: Partial<CalendarEventFilter>) => ({
  key: ['evento', 'filtro', filter],
  fetch: (signal: AbortSignal) => call(endpoints.events.filter, { body: filter, signal }),
  schema: eventListSchema,
  errorMessage: 'Erro ao obter eventos',
}));

const EVENT_FAILURE = { message: 'Não foi possível salvar o evento. Verifique sua conexão e tente novamente.' };

const createEvent = command.online({
  send: (body: CalendarEventFormInput) => call(endpoints.events.create, { body }),
  schema: calendarEventSchema,
  failure: EVENT_FAILURE,
});

const updateEvent = command.online({
  send: (body: CalendarEventFormInput & { eventoId: number }) => call(endpoints.events.update, { body }),
  schema: calendarEventSchema,
  failure: EVENT_FAILURE,
});

/** For the list's delete action: the command says why a deletion failed, the list only waits for the result. */
const removeEvent = command.online({
  send: (eventoId: number) => call(endpoints.events.remove, { params: { id: eventoId } }),
  failure: { message: 'Não foi possível excluir o evento.' },
});

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
function useChoices(municipioId: number): MeetingChoiceData {
  const groups = municipalityGroupsData.useMunicipalityGroups(municipioId);
  const members = membersData.useMunicipalityMembers(municipioId);
  const options = tasksData.useSolutionsAndTasks(municipioId);
  return {
    groups: groups.status === 'ready' ? groups.data : [],
    members: members.status === 'ready' ? members.data : [],
    solutions: options.status === 'ready' ? options.data.solucoes : [],
    tasks: options.status === 'ready' ? options.data.tarefas : [],
    loading: groups.status === 'loading' || members.status === 'loading' || options.status === 'loading',
  };
}

/**
 * The feature's data object. Reads are hooks (`use…`); writes answer a CommandResult, their
 * failures already triaged (shown, or handed back to a form called with `{ inline: true }`).
 */
export const meetings = {
  useSearch: search,
  useEventSearch: eventSearch,
  useChoices,
  create,
  update,
  remove,
  createBatch,
  createEvent,
  updateEvent,
  removeEvent,
};
