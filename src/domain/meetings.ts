// The subpath, not the package index: the index loads the whole date-fns index (about 300 modules) at a server's start.
import { fromZonedTime } from 'date-fns-tz/fromZonedTime';
import { z } from 'zod';
import { BATCH_MESSAGES } from './batch-events.ts';
import { formatDateTime, TIME_ZONE } from './format.ts';
import { offlineMeetingSchema, offlineSolutionSchema, offlineTaskSchema } from './offline-rows.ts';
import { hasFlag, type PermissionContext } from './permissions.ts';
import { idSchema } from './users.ts';
import { VARIANTS } from './variants.ts';

/**
 * Meetings (encontros) of a municipality's group and the programme's calendar events (spec §3
 * Meeting, §7 Calendar). One definition for the calendar dialog, the batch screen and the API.
 *
 * Times: the user types São Paulo wall-clock times ("2025-03-10T14:00", what a datetime-local
 * field holds, or "10/03/2025 14:00"); the API stores instants (timestamptz) and answers both the
 * instant (inicio, fim: ISO) and the wall clock again (inicioString, fimString: "YYYY-MM-DDTHH:mm").
 */

export const MEETING_MESSAGES = {
  grupoObrigatorio: 'Selecione o grupo',
  inicioInvalido: 'Informe o início (data e hora)',
  fimInvalido: 'Informe o fim (data e hora)',
  fimAntesDoInicio: 'O fim deve ser depois do início',
  tipoInvalido: 'Selecione o tipo',
  datasObrigatorias: 'Informe ao menos uma data',
  datasDemais: `Informe no máximo ${60} datas por vez`,
  tituloObrigatorio: 'Informe o título',
  grupoDeOutroMunicipio: 'O grupo não pertence ao município.',
  tarefaDeOutroMunicipio: 'Alguma tarefa não pertence ao município.',
  solucaoDeOutroMunicipio: 'Alguma solução não pertence ao município.',
  convidadoDeOutroMunicipio: 'Algum convidado não é membro do município.',
  naoEncontrado: 'Encontro não encontrado.',
  eventoNaoEncontrado: 'Evento não encontrado.',
  possuiRelatorio: 'O encontro já tem relatório e não pode ser excluído.',
  ...BATCH_MESSAGES,
  semPermissaoCalendario: 'Você não tem permissão para alterar o calendário deste município.',
} as const;

/** Spec §6 podeCriarEventoSemTarefaCalendario: without it a meeting needs a task ("atividade" in AT and Gov). */
export function taskRequiredMessage(task: { singular: string; gender: 'm' | 'f' } = { singular: 'Tarefa', gender: 'f' }): string {
  return `Selecione ao menos ${task.gender === 'f' ? 'uma' : 'um'} ${task.singular.toLowerCase()} para o evento`;
}

/** Most dates one store-in-batch call takes; the batch screen sends larger sets in several calls. */
export const MAX_BATCH_DATES = 60;

/** Kinds of meeting (encontroType). 'encontro' is the group meeting the city summary counts. */
export const MEETING_TYPES = [
  { id: 'encontro', nome: 'Encontro do grupo' },
  { id: 'visita', nome: 'Visita técnica' },
  { id: 'capacitacao', nome: 'Capacitação' },
  { id: 'reuniao', nome: 'Reunião de alinhamento' },
  { id: 'evento', nome: 'Evento' },
] as const;
export type MeetingType = (typeof MEETING_TYPES)[number]['id'];
const MEETING_TYPE_IDS = MEETING_TYPES.map((t) => t.id) as [MeetingType, ...MeetingType[]];

export function meetingTypeName(id: string): string {
  return MEETING_TYPES.find((t) => t.id === id)?.nome ?? id;
}

// ---------------------------------------------------------------- São Paulo wall clock

const ISO_LOCAL = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})$/;
const BR_LOCAL = /^(\d{2})\/(\d{2})\/(\d{4}) (\d{2}):(\d{2})$/;

/**
 * "2025-03-10T14:00" or "10/03/2025 14:00" (São Paulo) to the instant; null for anything else,
 * including impossible dates and times ("31/02/2025", "25:00").
 */
export function parseWallClock(text: string): Date | null {
  const value = text.trim();
  const iso = ISO_LOCAL.exec(value);
  const br = iso ? null : BR_LOCAL.exec(value);
  const parts = iso ? [iso[1], iso[2], iso[3], iso[4], iso[5]] : br ? [br[3], br[2], br[1], br[4], br[5]] : null;
  if (!parts) return null;
  const [year, month, day, hour, minute] = parts.map(Number) as [number, number, number, number, number];
  if (hour > 23 || minute > 59 || month < 1 || month > 12 || day < 1) return null;
  // Date.UTC rolls 31/02 over to March: a round trip proves the date exists.
  const probe = new Date(Date.UTC(year, month - 1, day));
  if (probe.getUTCFullYear() !== year || probe.getUTCMonth() !== month - 1 || probe.getUTCDate() !== day) return null;
  const wall = `${parts[0]}-${parts[1]}-${parts[2]}T${parts[3]}:${parts[4]}:00`;
  const instant = fromZonedTime(wall, TIME_ZONE);
  return Number.isNaN(instant.getTime()) ? null : instant;
}

/** The instant as São Paulo wall clock, "YYYY-MM-DDTHH:mm" (what a datetime-local field takes). */
export function toWallClock(value: Date | string): string {
  const text = formatDateTime(value instanceof Date ? value : new Date(value));
  const [date, time] = text.split(' ');
  const [day, month, year] = (date ?? '').split('/');
  return `${year}-${month}-${day}T${time}`;
}

/** "YYYY-MM-DD" (a São Paulo calendar day) to the instant it starts. */
export function startOfDay(date: string): Date | null {
  return parseWallClock(`${date}T00:00`);
}

/** "Grupo Empreender - 10/03/2025 14:00": the meeting's name in combos and report titles (spec §3 grupoData). */
export function meetingName(m: { grupoNome: string; inicio: string | Date }): string {
  return `${m.grupoNome} - ${formatDateTime(m.inicio)}`;
}

// ---------------------------------------------------------------- schemas

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));

const wallClock = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .refine((v) => parseWallClock(v) !== null, { message });

/** The period rule shared by meetings and events: both ends readable and the end after the start. */
function checkPeriod(value: { inicioString: string; fimString: string }, ctx: z.RefinementCtx, path: PropertyKey[] = []) {
  const inicio = parseWallClock(value.inicioString);
  const fim = parseWallClock(value.fimString);
  if (inicio && fim && fim.getTime() <= inicio.getTime()) {
    ctx.addIssue({ code: 'custom', message: MEETING_MESSAGES.fimAntesDoInicio, path: [...path, 'fimString'] });
  }
}

const periodSchema = z
  .object({ inicioString: wallClock(MEETING_MESSAGES.inicioInvalido), fimString: wallClock(MEETING_MESSAGES.fimInvalido) })
  .superRefine((v, ctx) => checkPeriod(v, ctx));

/** What a meeting is about and who is invited: the same for one meeting and for a batch. */
const meetingContentSchema = z.object({
  municipioId: idSchema,
  grupoId: z.number({ error: MEETING_MESSAGES.grupoObrigatorio }).pipe(idSchema),
  encontroType: z.enum(MEETING_TYPE_IDS, { error: MEETING_MESSAGES.tipoInvalido }).default('encontro'),
  titulo: optionalText(200),
  local: optionalText(200),
  /** Solutions of the event; the solutions of its tasks are added by the server. */
  solucoes: z
    .array(z.object({ municipioSolucaoId: idSchema }))
    .max(200)
    .default([]),
  tarefas: z
    .array(z.object({ municipioTarefaId: idSchema }))
    .max(500)
    .default([]),
  convidados: z
    .array(z.object({ membroId: idSchema, confirmado: z.boolean().default(false) }))
    .max(1000)
    .default([]),
});

export const meetingCreateSchema = meetingContentSchema
  .extend({ inicioString: wallClock(MEETING_MESSAGES.inicioInvalido), fimString: wallClock(MEETING_MESSAGES.fimInvalido) })
  .superRefine((v, ctx) => checkPeriod(v, ctx));
export type MeetingCreate = z.output<typeof meetingCreateSchema>;
export type MeetingCreateInput = z.input<typeof meetingCreateSchema>;

export const meetingUpdateSchema = meetingContentSchema
  .extend({
    encontroId: idSchema,
    inicioString: wallClock(MEETING_MESSAGES.inicioInvalido),
    fimString: wallClock(MEETING_MESSAGES.fimInvalido),
  })
  .superRefine((v, ctx) => checkPeriod(v, ctx));
export type MeetingUpdate = z.output<typeof meetingUpdateSchema>;

/**
 * POST store-in-batch: one meeting per date, all with the same group, tasks and guests. `uf` is
 * the state the client works in (spec §2: batch events exist only in SC1).
 */
export const meetingBatchSchema = meetingContentSchema.extend({
  uf: z.string().trim().min(2).max(4),
  datas: z
    .array(periodSchema)
    .min(1, { message: MEETING_MESSAGES.datasObrigatorias })
    .max(MAX_BATCH_DATES, { message: MEETING_MESSAGES.datasDemais }),
});
export type MeetingBatch = z.output<typeof meetingBatchSchema>;
export type MeetingBatchInput = z.input<typeof meetingBatchSchema>;

/** A meeting as the API answers it: the offline bundle's shape plus the event's solutions and names. */
export const meetingSchema = offlineMeetingSchema.extend({
  solucoes: z.array(z.object({ municipioSolucaoId: z.number().int(), nome: z.string() })),
  local: z.string().nullable(),
  /** Spec §3 grupoData: "Grupo - DD/MM/YYYY HH:mm". */
  grupoData: z.string(),
  inicioString: z.string(),
  fimString: z.string(),
  criadoPorId: z.number().int().nullable(),
  criadoPorNome: z.string().nullable(),
  /** Whether a field report was written from it (a meeting has at most one). */
  temRelatorio: z.boolean(),
});
export type Meeting = z.infer<typeof meetingSchema>;

/** A row of /encontros (meetings across municipalities). */
export const meetingListItemSchema = meetingSchema.extend({ municipioNome: z.string() });
export type MeetingListItem = z.infer<typeof meetingListItemSchema>;

export const meetingNameSchema = z.object({ encontroId: z.number().int(), nome: z.string() });
export type MeetingName = z.infer<typeof meetingNameSchema>;

const dateOnly = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'Data inválida: use AAAA-MM-DD' })
  .refine((v) => startOfDay(v) !== null, { message: 'Data inválida: use AAAA-MM-DD' });

/** A period of São Paulo calendar days, both ends included; either end may be open. */
const periodFilter = {
  inicio: dateOnly.nullish(),
  fim: dateOnly.nullish(),
};

function checkFilterPeriod(value: { inicio?: string | null; fim?: string | null }, ctx: z.RefinementCtx) {
  if (value.inicio && value.fim && value.fim < value.inicio) {
    ctx.addIssue({ code: 'custom', message: 'A data final deve ser igual ou posterior à inicial', path: ['fim'] });
  }
}

/** POST get-by-filtro: the meetings of one municipality, e.g. those a calendar view shows. */
export const meetingFilterSchema = z
  .object({
    municipioId: idSchema,
    grupoId: idSchema.nullish(),
    encontroType: z.enum(MEETING_TYPE_IDS).nullish(),
    ...periodFilter,
  })
  .superRefine(checkFilterPeriod);
export type MeetingFilter = z.output<typeof meetingFilterSchema>;

/**
 * POST get-encontro-by-filtro (/encontros, Meus Encontros): across the municipalities the user
 * sees. `usuarioIds` are the consultants who scheduled the meetings.
 */
export const meetingSearchSchema = z
  .object({
    municipioIds: z.array(idSchema).max(1000).default([]),
    grupoIds: z.array(idSchema).max(1000).default([]),
    usuarioIds: z.array(idSchema).max(1000).default([]),
    encontroType: z.enum(MEETING_TYPE_IDS).nullish(),
    ...periodFilter,
  })
  .superRefine(checkFilterPeriod);
export type MeetingSearch = z.output<typeof meetingSearchSchema>;
export type MeetingSearchInput = z.input<typeof meetingSearchSchema>;

/**
 * GET opcoes/{municipioId}: what the meeting dialog offers (this app's own path; spec §7 lists the
 * municipality's solutions and tasks among the calls whose paths are not shown). Same rows as the
 * offline bundle, so they land in the same device tables.
 */
export const meetingOptionsSchema = z.object({ solucoes: z.array(offlineSolutionSchema), tarefas: z.array(offlineTaskSchema) });
export type MeetingOptions = z.infer<typeof meetingOptionsSchema>;

export const meetingNamesRequestSchema = z.object({ encontroIds: z.array(idSchema).max(1000) });

// ---------------------------------------------------------------- programme calendar events

const calendarEventFields = z.object({
  titulo: z.string({ error: MEETING_MESSAGES.tituloObrigatorio }).trim().min(1, { message: MEETING_MESSAGES.tituloObrigatorio }).max(200),
  descricao: z.string().trim().max(2000).default(''),
  local: optionalText(200),
  inicioString: wallClock(MEETING_MESSAGES.inicioInvalido),
  fimString: wallClock(MEETING_MESSAGES.fimInvalido),
  diaInteiro: z.boolean().default(false),
});

export const calendarEventInputSchema = calendarEventFields.superRefine((v, ctx) => checkPeriod(v, ctx));
export type CalendarEventInput = z.output<typeof calendarEventInputSchema>;
export type CalendarEventFormInput = z.input<typeof calendarEventInputSchema>;

export const calendarEventUpdateSchema = calendarEventFields.extend({ eventoId: idSchema }).superRefine((v, ctx) => checkPeriod(v, ctx));
export type CalendarEventUpdate = z.output<typeof calendarEventUpdateSchema>;

export const calendarEventSchema = z.object({
  eventoId: z.number().int(),
  titulo: z.string(),
  descricao: z.string(),
  local: z.string().nullable(),
  inicio: z.string(),
  fim: z.string(),
  inicioString: z.string(),
  fimString: z.string(),
  diaInteiro: z.boolean(),
  criadoPorNome: z.string().nullable(),
});
export type CalendarEvent = z.infer<typeof calendarEventSchema>;

export const calendarEventFilterSchema = z
  .object({ titulo: z.string().trim().max(200).nullish(), ...periodFilter })
  .superRefine(checkFilterPeriod);
export type CalendarEventFilter = z.output<typeof calendarEventFilterSchema>;

// ---------------------------------------------------------------- rules

/** Spec §6 podeCriarEventoSemTarefaCalendario (on by default): when off, a meeting needs a task. */
export function meetingNeedsTask(ctx: PermissionContext): boolean {
  return !hasFlag(ctx, 'podeCriarEventoSemTarefaCalendario');
}

/**
 * Who changes a municipality's calendar: whoever sees the municipality and has its calendar tab
 * (verAbaEvento, group and configuration). Reading meetings needs only the municipality: the report
 * form of an analyst lists them too.
 */
export function canEditCalendar(ctx: PermissionContext): boolean {
  return hasFlag(ctx, 'verAbaEvento');
}

/**
 * Whether a tenant (database) serves the state `uf` in some variant and environment. The server
 * cannot see which variant a client runs, so it takes the uf the client names and checks that the
 * tenant could serve it: a client of another state's database cannot claim SC1.
 */
export function tenantServesUf(tenantId: string, uf: string): boolean {
  const wanted = uf.trim().toUpperCase();
  return Object.values(VARIANTS).some((variant) =>
    variant.states.some((s) => s.uf === wanted && Object.values(s.backends).some((b) => b.tenant === tenantId)),
  );
}

/**
 * The days from `first` to `last` ("YYYY-MM-DD", both included) falling on `weekdays` (0 = Sunday),
 * for the batch screen's "every week on ..." helper. Capped at a year of days.
 */
export function datesBetween(first: string, last: string, weekdays: ReadonlySet<number>): string[] {
  const out: string[] = [];
  const start = new Date(`${first}T12:00:00Z`);
  const end = new Date(`${last}T12:00:00Z`);
  if (Number.isNaN(start.getTime()) || Number.isNaN(end.getTime())) return out;
  for (let d = start; d <= end && out.length <= 366; d = new Date(d.getTime() + 86_400_000)) {
    if (weekdays.has(d.getUTCDay())) out.push(d.toISOString().slice(0, 10));
  }
  return out;
}
