/**
 * The new-report form's rules (spec §2 "New report"), free of React, Dexie and the DOM so they run
 * in the node test environment: which meetings can still get a report, what choosing one fills
 * in, the hours rule, the attachments' size rule and the payload the outbox stores.
 */
import { formatDate, formatDateTime } from '../../domain/format.ts';
import { toWallClock } from '../../domain/meetings.ts';
import type { OfflineMeeting } from '../../domain/offline-rows.ts';
import { hasFlag, isRestrictedBy, type PermissionContext } from '../../domain/permissions.ts';
import {
  requiresExecutionFields,
  missingReportFields,
  validateReportSave,
  type Report,
  type ReportCreateInput,
  type ReportSaveFields,
  type ReportUpdateInput,
} from '../../domain/field-reports.ts';
import type { ModeFlags } from '../../domain/variants.ts';

export type GuestDraft = {
  membroId: number;
  nome: string;
  presente: boolean;
  /** Added by hand (the picker or "Cadastrar membro") rather than invited to the chosen meeting. */
  manual: boolean;
};

export type TaskDraft = {
  municipioTarefaId: number;
  nome: string;
  /** Predefined hours of the task (0 when it has none). */
  horas: number;
  cumprida: boolean;
  /** Names of the evidences the task expects (spec §3 municipioEvidencias). */
  evidencias: string[];
};

/** What the form holds: strings as typed, so a failed save keeps everything exactly as it was. */
export type ReportDraft = {
  encontroId: number | null;
  titulo: string;
  descricao: string;
  /** '' when the user cleared it: §5 rule 3 then speaks in the states that need it. */
  tipoExecucaoRelatorioId: string;
  inicioString: string;
  fimString: string;
  horasUtilizadasString: string;
  pfAtendidas: string;
  pjAtendidas: string;
  observacoes: string;
  convidados: GuestDraft[];
  tarefas: TaskDraft[];
};

export function emptyDraft(): ReportDraft {
  return {
    encontroId: null,
    titulo: '',
    descricao: '',
    // Spec §5: the default execution type is 1 (Presencial).
    tipoExecucaoRelatorioId: '1',
    inicioString: '',
    fimString: '',
    horasUtilizadasString: '',
    pfAtendidas: '',
    pjAtendidas: '',
    observacoes: '',
    convidados: [],
    tarefas: [],
  };
}

// ---------------------------------------------------------------- meetings without a report

/**
 * Meetings of the municipality that can still get a report: not named by a report on the device
 * (synced, or written here and waiting in the outbox), nor known from the server to have one.
 * Most recent first, since a report is written right after the meeting.
 */
export function meetingsWithoutReport(meetings: readonly OfflineMeeting[], reportedMeetingIds: ReadonlySet<number>): OfflineMeeting[] {
  return meetings
    .filter((m) => !reportedMeetingIds.has(m.encontroId))
    .sort((a, b) => Date.parse(b.inicio) - Date.parse(a.inicio) || b.encontroId - a.encontroId);
}

/**
 * Meetings the server left out of its "without a report" answer although the device holds them:
 * they have a report (perhaps another consultant's, which this user's list never shows) or are
 * gone. Remembered so the form keeps leaving them out offline.
 */
export function meetingsReportedElsewhere(cachedMeetingIds: Iterable<number>, withoutReportIds: Iterable<number>): number[] {
  const free = new Set(withoutReportIds);
  return [...new Set(cachedMeetingIds)].filter((id) => !free.has(id));
}

/** "DD/MM/YYYY HH:mm · Grupo · Título" for the meeting combo. */
export function meetingLabel(meeting: Pick<OfflineMeeting, 'inicio' | 'grupoNome' | 'titulo'>): string {
  return [formatDateTime(meeting.inicio), meeting.grupoNome, meeting.titulo?.trim() || null].filter(Boolean).join(' · ');
}

/** An ISO instant as the São Paulo wall clock a datetime-local input holds ("2025-03-10T14:30"). */
export function toLocalInput(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : toWallClock(date);
}

/**
 * A stored start or end for a datetime-local input: a São Paulo wall clock ("2025-03-10T14:30", as
 * the form sends it) is kept, a bare date gets midnight, an instant with a zone is converted.
 */
export function storedToLocalInput(value: string | null): string {
  if (!value) return '';
  const text = value.trim();
  const wall = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2}))?(?::\d{2}(?:\.\d+)?)?$/.exec(text);
  if (wall) return `${wall[1]}T${wall[2] ?? '00:00'}`;
  return toLocalInput(text);
}

// ---------------------------------------------------------------- hours

/** Hours are digits only (spec §5): a sum of fractional task hours is rounded to whole hours. */
export function fulfilledHours(tasks: ReadonlyArray<Pick<TaskDraft, 'horas' | 'cumprida'>>): string {
  const total = tasks.filter((t) => t.cumprida).reduce((sum, t) => sum + (t.horas > 0 ? t.horas : 0), 0);
  return String(Math.round(total));
}

export type HoursFlags = {
  editaHorasUtilizadas: boolean;
  editaHorasUtilizadasQuandoTarefasSemHrPredefinidas: boolean;
};

/**
 * Whether the user types the hours used. With editaHorasUtilizadas, always. With
 * editaHorasUtilizadasQuandoTarefasSemHrPredefinidas, only when none of the meeting's tasks has
 * predefined hours (there is no sum to take). Otherwise the field is read-only and always holds
 * the hours of the tasks marked fulfilled.
 */
export function hoursEditable(flags: HoursFlags, tasks: ReadonlyArray<Pick<TaskDraft, 'horas'>>): boolean {
  if (flags.editaHorasUtilizadas) return true;
  return flags.editaHorasUtilizadasQuandoTarefasSemHrPredefinidas && tasks.every((t) => !(t.horas > 0));
}

/**
 * Marks one task fulfilled or not. With umTarefaValorRelatorio a report counts one task only:
 * marking one unmarks the others.
 */
export function toggleTask(tasks: readonly TaskDraft[], municipioTarefaId: number, cumprida: boolean, oneTask: boolean): TaskDraft[] {
  return tasks.map((t) => {
    if (t.municipioTarefaId === municipioTarefaId) return { ...t, cumprida };
    return oneTask && cumprida ? { ...t, cumprida: false } : t;
  });
}

/** After a change of the fulfilled tasks: read-only hours follow them, typed hours stay as typed. */
export function withTasks(draft: ReportDraft, tarefas: TaskDraft[], editable: boolean): ReportDraft {
  return { ...draft, tarefas, horasUtilizadasString: editable ? draft.horasUtilizadasString : fulfilledHours(tarefas) };
}

export type ReportFormRules = {
  hours: HoursFlags;
  /** umTarefaValorRelatorio: one task per report. A restriction, so the full admin is not held to it. */
  oneTask: boolean;
  showPf: boolean;
  showPj: boolean;
  /** Spec §5: execution type and hours required in SC, MS, BA, SP, MA and RJ (the municipality's state). */
  executionRequired: boolean;
};

/** What the user's flags and the municipality's state make of the form (spec §6 report flags). */
export function reportFormRules(ctx: PermissionContext, uf: string): ReportFormRules {
  return {
    hours: {
      editaHorasUtilizadas: hasFlag(ctx, 'editaHorasUtilizadas'),
      editaHorasUtilizadasQuandoTarefasSemHrPredefinidas: hasFlag(ctx, 'editaHorasUtilizadasQuandoTarefasSemHrPredefinidas'),
    },
    oneTask: isRestrictedBy(ctx, 'umTarefaValorRelatorio'),
    showPf: hasFlag(ctx, 'exibirPfAtendida'),
    showPj: hasFlag(ctx, 'exibirPjAtendida'),
    executionRequired: requiresExecutionFields(uf),
  };
}

export type DraftCheck =
  | { ok: true; hours: string }
  /** `field` and `message`: the first failure, the one notified; `marked`: every field to mark (the empty required ones too). */
  | { ok: false; field: keyof ReportSaveFields; message: string; marked: Partial<Record<keyof ReportSaveFields, string>> };

/**
 * Spec §5 "Report save" on the form's values (the shared rule, which the server applies again).
 * `descricao` is the sanitised text; on success `hours` is what to send ('' read as '0' where required).
 */
export function checkDraft(draft: ReportDraft, descricao: string, options: { uf: string; mode: Pick<ModeFlags, 'isAT'> }): DraftCheck {
  const fields = {
    descricao,
    encontroId: draft.encontroId,
    tipoExecucaoRelatorioId: draft.tipoExecucaoRelatorioId,
    horasUtilizadasString: draft.horasUtilizadasString,
    pjAtendidas: draft.pjAtendidas,
    pfAtendidas: draft.pfAtendidas,
  };
  const check = validateReportSave(fields, options);
  if (!check.ok) {
    // One notification, but every empty required field marked, so an empty report shows all it lacks.
    const marked = Object.fromEntries(missingReportFields(fields, options).map((m) => [m.field, m.message]));
    return { ok: false, field: check.field, message: check.message, marked: { ...marked, [check.field]: check.message } };
  }
  return { ok: true, hours: check.value.horasUtilizadasString ?? '' };
}

// ---------------------------------------------------------------- choosing a meeting

export type MeetingFillContext = {
  /** Names of the municipality's members, for the meeting's guests. */
  memberNames: ReadonlyMap<number, string>;
  /** Evidence names of the municipality's tasks (from the device), by municipioTarefaId. */
  taskEvidences: ReadonlyMap<number, string[]>;
  oneTask: boolean;
};

/**
 * Spec §2: choosing a meeting fills the title with the group and the date, sets the hours to the
 * sum of its task hours, marks every guest present and every task fulfilled (only the first with
 * umTarefaValorRelatorio), and takes its start and end. What the user wrote (text, counts,
 * observations, execution type) stays, and guests added by hand stay too.
 */
export function fillFromMeeting(draft: ReportDraft, meeting: OfflineMeeting, ctx: MeetingFillContext): ReportDraft {
  const tarefas: TaskDraft[] = meeting.tarefas.map((t, index) => ({
    municipioTarefaId: t.municipioTarefaId,
    nome: t.nome,
    horas: t.horas,
    cumprida: ctx.oneTask ? index === 0 : true,
    evidencias: ctx.taskEvidences.get(t.municipioTarefaId) ?? [],
  }));
  const invited: GuestDraft[] = meeting.convidados.map((g) => ({
    membroId: g.membroId,
    nome: ctx.memberNames.get(g.membroId) ?? `Membro ${g.membroId}`,
    presente: true,
    manual: false,
  }));
  const invitedIds = new Set(invited.map((g) => g.membroId));
  // Guests of a previously chosen meeting are replaced; those added by hand are kept.
  const kept = draft.convidados.filter((g) => g.manual && !invitedIds.has(g.membroId));
  return {
    ...draft,
    encontroId: meeting.encontroId,
    titulo: `${meeting.grupoNome} - ${formatDate(meeting.inicio)}`,
    inicioString: toLocalInput(meeting.inicio),
    fimString: toLocalInput(meeting.fim),
    horasUtilizadasString: fulfilledHours(tarefas),
    convidados: [...invited, ...kept],
    tarefas,
  };
}

// ---------------------------------------------------------------- editing

/** The author's edit starts from the report as the server has it. */
export function draftFromReport(report: Report): ReportDraft {
  const text = (v: number | string | null) => (v === null ? '' : String(v));
  return {
    encontroId: report.encontroId,
    titulo: report.titulo,
    descricao: report.descricao,
    tipoExecucaoRelatorioId: text(report.tipoExecucaoRelatorioId),
    inicioString: storedToLocalInput(report.inicioString),
    fimString: storedToLocalInput(report.fimString),
    horasUtilizadasString: text(report.horasUtilizadasString),
    pfAtendidas: text(report.pfAtendidas),
    pjAtendidas: text(report.pjAtendidas),
    observacoes: report.observacoes ?? '',
    convidados: report.convidadosRelatorio.map((g) => ({ membroId: g.membroId, nome: g.nome, presente: g.presente, manual: true })),
    tarefas: report.tarefasRelatorio.map((t) => ({
      municipioTarefaId: t.municipioTarefaId,
      nome: t.municipioTarefa.nome,
      horas: t.municipioTarefa.horas,
      cumprida: t.cumprida,
      evidencias: t.municipioTarefa.municipioEvidencias.map((e) => e.nome),
    })),
  };
}

// ---------------------------------------------------------------- payload

/** The create request (spec §7) from the form; the attachments travel as the outbox entry's files. */
export function toCreatePayload(draft: ReportDraft, municipioId: number, descricao: string): ReportCreateInput {
  const text = (v: string) => (v.trim() === '' ? null : v);
  return {
    municipioId,
    titulo: draft.titulo,
    descricao,
    encontroId: draft.encontroId,
    pjAtendidas: text(draft.pjAtendidas),
    pfAtendidas: text(draft.pfAtendidas),
    tipoExecucaoRelatorioId: text(draft.tipoExecucaoRelatorioId),
    horasUtilizadasString: text(draft.horasUtilizadasString),
    inicioString: text(draft.inicioString),
    fimString: text(draft.fimString),
    observacoes: text(draft.observacoes),
    motivoRejeicao: null,
    complemento: null,
    convidadosRelatorio: draft.convidados.map((g) => ({ membroId: g.membroId, presente: g.presente })),
    tarefasRelatorio: draft.tarefas.map((t) => ({ municipioTarefaId: t.municipioTarefaId, cumprida: t.cumprida })),
    arquivosUploadIds: [],
  };
}

/** PUT api/relatorio: every field again, the attached files to remove, the rejection reason and complement kept. */
export function toUpdatePayload(
  report: Report,
  draft: ReportDraft,
  descricao: string,
  removedFileIds: readonly number[],
): ReportUpdateInput {
  const { municipioId: _municipioId, ...fields } = toCreatePayload(draft, report.municipioId, descricao);
  return {
    ...fields,
    relatorioId: report.relatorioId,
    encontroId: report.encontroId,
    motivoRejeicao: report.motivoRejeicao,
    complemento: report.complemento,
    arquivosExcluidosIds: [...removedFileIds],
  };
}
