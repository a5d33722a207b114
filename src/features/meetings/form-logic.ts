import {
  MEETING_MESSAGES,
  meetingCreateSchema,
  meetingName,
  parseWallClock,
  taskRequiredMessage,
  toWallClock,
  type MeetingCreateInput,
  type MeetingType,
} from '../../domain/meetings.ts';
import type { Term } from '../../domain/vocabulary.ts';

/**
 * The meeting dialog's and the batch screen's pure parts: the values the fields hold, how they
 * become the API's input, and the checks the server repeats (the schema and the task rule).
 */

export type GuestChoice = { membroId: number; confirmado: boolean };

export type MeetingFormValues = {
  grupoId: number | null;
  encontroType: MeetingType;
  titulo: string;
  local: string;
  /** São Paulo wall clock, "YYYY-MM-DDTHH:mm" (the datetime-local fields' value). */
  inicioString: string;
  fimString: string;
  solucaoIds: number[];
  tarefaIds: number[];
  convidados: GuestChoice[];
};

export type MeetingFormField = keyof MeetingFormValues;
export type MeetingFormErrors = Partial<Record<MeetingFormField, string>>;

/** What the calendar knows of a meeting; rows from the offline bundle lack the solutions. */
export type EditableMeeting = {
  grupoId: number;
  encontroType: string;
  titulo: string | null;
  local?: string | null;
  inicio: string;
  fim: string;
  solucoes?: { municipioSolucaoId: number }[];
  tarefas: { municipioTarefaId: number }[];
  convidados: GuestChoice[];
};

const isMeetingType = (value: string): value is MeetingType => ['encontro', 'visita', 'capacitacao', 'reuniao', 'evento'].includes(value);

/** A new meeting starts at `start` for an hour, or fills the slot the user selected. */
export function emptyMeetingValues(start: Date, end?: Date): MeetingFormValues {
  const fim = end && end.getTime() > start.getTime() ? end : new Date(start.getTime() + 3_600_000);
  return {
    grupoId: null,
    encontroType: 'encontro',
    titulo: '',
    local: '',
    inicioString: toWallClock(start),
    fimString: toWallClock(fim),
    solucaoIds: [],
    tarefaIds: [],
    convidados: [],
  };
}

export function valuesOfMeeting(m: EditableMeeting): MeetingFormValues {
  return {
    grupoId: m.grupoId,
    encontroType: isMeetingType(m.encontroType) ? m.encontroType : 'encontro',
    titulo: m.titulo ?? '',
    local: m.local ?? '',
    inicioString: toWallClock(m.inicio),
    fimString: toWallClock(m.fim),
    solucaoIds: (m.solucoes ?? []).map((s) => s.municipioSolucaoId),
    tarefaIds: m.tarefas.map((t) => t.municipioTarefaId),
    convidados: m.convidados.map((g) => ({ membroId: g.membroId, confirmado: g.confirmado })),
  };
}

export function toMeetingInput(values: MeetingFormValues, municipioId: number): MeetingCreateInput {
  return {
    municipioId,
    // The schema answers "Selecione o grupo" for the missing group.
    grupoId: values.grupoId as number,
    encontroType: values.encontroType,
    titulo: values.titulo,
    local: values.local,
    inicioString: values.inicioString,
    fimString: values.fimString,
    solucoes: values.solucaoIds.map((municipioSolucaoId) => ({ municipioSolucaoId })),
    tarefas: values.tarefaIds.map((municipioTarefaId) => ({ municipioTarefaId })),
    convidados: values.convidados,
  };
}

const FIELD_OF: Record<string, MeetingFormField> = {
  grupoId: 'grupoId',
  encontroType: 'encontroType',
  titulo: 'titulo',
  local: 'local',
  inicioString: 'inicioString',
  fimString: 'fimString',
  solucoes: 'solucaoIds',
  tarefas: 'tarefaIds',
  convidados: 'convidados',
};

/** The first message of each field, as the API names them ("body.tarefas" too). */
export function meetingErrorsFromIssues(
  issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey> | string; message: string }>,
): MeetingFormErrors {
  const errors: MeetingFormErrors = {};
  for (const issue of issues) {
    const key = typeof issue.path === 'string' ? issue.path.replace(/^body\./, '').split('.')[0] : String(issue.path[0] ?? '');
    const field = key ? FIELD_OF[key] : undefined;
    if (field && errors[field] === undefined) errors[field] = issue.message;
  }
  return errors;
}

/**
 * The checks of the API, in its order: the schema (group, times, type), then the task rule of
 * podeCriarEventoSemTarefaCalendario in the mode's word for task.
 */
export function checkMeetingValues(
  values: MeetingFormValues,
  municipioId: number,
  rule: { needsTask: boolean; task: Pick<Term, 'singular' | 'gender'> },
): { ok: true; input: MeetingCreateInput } | { ok: false; errors: MeetingFormErrors } {
  const input = toMeetingInput(values, municipioId);
  const parsed = meetingCreateSchema.safeParse(input);
  const errors = parsed.success ? {} : meetingErrorsFromIssues(parsed.error.issues);
  // The schema's period refinement only runs once every field parsed; the form shows all at once.
  const inicio = parseWallClock(values.inicioString);
  const fim = parseWallClock(values.fimString);
  if (!errors.fimString && inicio && fim && fim.getTime() <= inicio.getTime()) errors.fimString = MEETING_MESSAGES.fimAntesDoInicio;
  if (rule.needsTask && values.tarefaIds.length === 0) errors.tarefaIds = taskRequiredMessage(rule.task);
  return Object.keys(errors).length === 0 ? { ok: true, input } : { ok: false, errors };
}

/** Tasks offered for the event: those of the chosen solutions, or all when none is chosen; chosen ones always stay. */
export function offeredTasks<T extends { municipioTarefaId: number; municipioSolucaoId: number; desabilitado: boolean }>(
  tasks: readonly T[],
  solucaoIds: readonly number[],
  chosen: readonly number[],
): T[] {
  const solutions = new Set(solucaoIds);
  return tasks.filter(
    (t) => chosen.includes(t.municipioTarefaId) || (!t.desabilitado && (solutions.size === 0 || solutions.has(t.municipioSolucaoId))),
  );
}

/** Adds the group's members to the guests, keeping the guests already there as they are. */
export function withGroupMembers(
  guests: readonly GuestChoice[],
  members: ReadonlyArray<{ membroId: number; membroGrupos: ReadonlyArray<{ grupoId: number }> }>,
  grupoId: number,
): GuestChoice[] {
  const present = new Set(guests.map((g) => g.membroId));
  const added = members
    .filter((m) => !present.has(m.membroId) && m.membroGrupos.some((link) => link.grupoId === grupoId))
    .map((m) => ({ membroId: m.membroId, confirmado: false }));
  return [...guests, ...added];
}

/** The calendar entry's text: the title when there is one, else the group, as the combos name meetings. */
export function meetingLabel(m: { titulo: string | null; grupoNome: string; inicio: string }): string {
  return m.titulo?.trim() ? `${m.titulo} (${m.grupoNome})` : meetingName(m);
}

/** Dates per store-in-batch call: small enough for steady progress, large enough to be quick. */
export const BATCH_CHUNK = 10;

/** One meeting per chosen day ("YYYY-MM-DD"), all at the same São Paulo times ("HH:mm"), in date order, no repeats. */
export function batchPeriods(dates: readonly string[], startTime: string, endTime: string): { inicioString: string; fimString: string }[] {
  return [...new Set(dates)].sort().map((day) => ({ inicioString: `${day}T${startTime}`, fimString: `${day}T${endTime}` }));
}

export function chunk<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
