import { z } from 'zod';
import type { Axis } from '../../domain/axes.ts';
import {
  solutionGroupInputSchema,
  solutionInputSchema,
  taskInputSchema,
  taskUpdateSchema,
  type Solution,
  type SolutionGroup,
  type Task,
} from '../../domain/solutions.ts';
import { centsFromReais, reaisFromCents } from '../../ui/mask-logic.ts';

/**
 * What the catalogue dialogs hold while the user types, and how it becomes the API's input. Numbers
 * are kept as the typed text ("1,5"), money as integer cents (MoneyInput), dates as "YYYY-MM-DD" or
 * "" (DateField); the form schemas turn them into the domain's input and validate that with the
 * domain's own schema, whose issues keep the field names, so each message lands on its field.
 */

/**
 * The domain schema that validates a form's mapped values. zod types a pipe's target by its input,
 * and the domain's inputs are looser (defaults, optional fields) than what the forms hand them; the
 * cast only narrows that input type, the validation is the domain's own.
 */
function validatedBy<S extends z.ZodType, In>(schema: S): z.ZodType<z.output<S>, In> {
  return schema as unknown as z.ZodType<z.output<S>, In>;
}

// ---------------------------------------------------------------- numbers

/** Hours: digits with at most one decimal comma and two decimals ("12,5"); a dot types a comma. */
export function maskHours(raw: string): string {
  const cleaned = raw.replace(/\./g, ',').replace(/[^\d,]/g, '');
  const [whole = '', ...rest] = cleaned.split(',');
  const digits = whole.slice(0, 5);
  if (rest.length === 0) return digits;
  return `${digits || '0'},${rest.join('').slice(0, 2)}`;
}

/** "" is null (not informed); "12,5" is 12.5; anything else is NaN, which the schemas refuse. */
export function parseDecimal(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  if (!/^\d+(,\d*)?$/.test(trimmed)) return Number.NaN;
  return Number(trimmed.replace(',', '.'));
}

/** 12.5 → "12,5"; null → "". */
export function decimalText(value: number | null | undefined): string {
  return value === null || value === undefined ? '' : String(value).replace('.', ',');
}

/** The money field's conversions, declared once beside the field. */
export { centsFromReais, reaisFromCents };

// ---------------------------------------------------------------- groups

export type GroupFormValues = { nome: string; descricao: string; eixoIds: number[] };

export function groupFormValues(group: SolutionGroup | null): GroupFormValues {
  return { nome: group?.nome ?? '', descricao: group?.descricao ?? '', eixoIds: group ? [...group.eixoIds] : [] };
}

/** The group dialog's values → the group input of the project. */
export function groupFormSchema(projetoId: number) {
  return z
    .object({ nome: z.string(), descricao: z.string(), eixoIds: z.array(z.number()) })
    .transform((v) => ({ projetoId, ...v }))
    .pipe(validatedBy(solutionGroupInputSchema));
}

/** The axes a group of a project may work on: the project's own and those of no project. */
export function axesForProject(axes: readonly Axis[], projetoId: number): Axis[] {
  return axes.filter((axis) => axis.projetoId === null || axis.projetoId === projetoId);
}

/** Spec §9 in the list: two axis names, then "(+N eixos)"; the whole list goes in the tooltip. */
export function axesSummary(names: readonly string[]): { shown: string; full: string } {
  const full = names.join(', ');
  if (names.length <= 2) return { shown: full, full };
  const hidden = names.length - 2;
  return { shown: `${names.slice(0, 2).join(', ')} (+${hidden} ${hidden === 1 ? 'eixo' : 'eixos'})`, full };
}

// ---------------------------------------------------------------- solutions

export type SolutionFormValues = {
  nome: string;
  descricao: string;
  /** Cents. */
  custo: number | null;
  /** Cents. */
  preco: number | null;
  solucaoTipoId: number | null;
  monitoramento: '1' | '2';
  dataInicio: string;
  dataTermino: string;
  visitasPresenciais: string;
  horasPrevistasVisitasPresenciais: string;
  trabalhosEscritorio: string;
  horasPrevistasTrabalhosEscritorio: string;
  cargaHoraria: string;
  naoComputaHoras: boolean;
  usuarioIds: number[];
};

export function solutionFormValues(solution: Solution | null): SolutionFormValues {
  return {
    nome: solution?.nome ?? '',
    descricao: solution?.descricao ?? '',
    custo: centsFromReais(solution?.custo),
    preco: centsFromReais(solution?.preco),
    solucaoTipoId: solution?.solucaoTipoId ?? null,
    monitoramento: solution?.monitoramento === 2 ? '2' : '1',
    dataInicio: solution?.dataInicio ?? '',
    dataTermino: solution?.dataTermino ?? '',
    visitasPresenciais: decimalText(solution?.visitasPresenciais),
    horasPrevistasVisitasPresenciais: decimalText(solution?.horasPrevistasVisitasPresenciais),
    trabalhosEscritorio: decimalText(solution?.trabalhosEscritorio),
    horasPrevistasTrabalhosEscritorio: decimalText(solution?.horasPrevistasTrabalhosEscritorio),
    cargaHoraria: decimalText(solution?.cargaHoraria),
    naoComputaHoras: solution?.naoComputaHoras ?? false,
    usuarioIds: solution ? [...solution.usuarioIds] : [],
  };
}

const text = z.string();
const count = (value: string) => (value.trim() === '' ? null : /^\d+$/.test(value.trim()) ? Number(value) : Number.NaN);

/** The solution dialog's values → SolutionInput of the group; visit fields count only with monitoramento 2. */
export function solutionFormSchema(grupoSolucaoId: number) {
  return z
    .object({
      nome: text,
      descricao: text,
      custo: z.number().nullable(),
      preco: z.number().nullable(),
      solucaoTipoId: z.number().nullable(),
      monitoramento: z.enum(['1', '2']),
      dataInicio: text,
      dataTermino: text,
      visitasPresenciais: text,
      horasPrevistasVisitasPresenciais: text,
      trabalhosEscritorio: text,
      horasPrevistasTrabalhosEscritorio: text,
      cargaHoraria: text,
      naoComputaHoras: z.boolean(),
      usuarioIds: z.array(z.number()),
    })
    .transform((v) => {
      const visits = v.monitoramento === '2';
      return {
        grupoSolucaoId,
        nome: v.nome,
        descricao: v.descricao,
        custo: reaisFromCents(v.custo),
        preco: reaisFromCents(v.preco),
        solucaoTipoId: v.solucaoTipoId,
        monitoramento: visits ? (2 as const) : (1 as const),
        dataInicio: v.dataInicio || null,
        dataTermino: v.dataTermino || null,
        visitasPresenciais: visits ? count(v.visitasPresenciais) : null,
        horasPrevistasVisitasPresenciais: visits ? parseDecimal(v.horasPrevistasVisitasPresenciais) : null,
        trabalhosEscritorio: visits ? count(v.trabalhosEscritorio) : null,
        horasPrevistasTrabalhosEscritorio: visits ? parseDecimal(v.horasPrevistasTrabalhosEscritorio) : null,
        cargaHoraria: parseDecimal(v.cargaHoraria),
        naoComputaHoras: v.naoComputaHoras,
        usuarioIds: v.usuarioIds,
      };
    })
    .pipe(validatedBy(solutionInputSchema));
}

// ---------------------------------------------------------------- tasks

export type EvidenceRow = { nome: string; descricao: string };

export type TaskFormValues = { solucaoId: number | null; nome: string; descricao: string; horas: string; evidencias: EvidenceRow[] };

export function taskFormValues(task: Task | null, solucaoId: number): TaskFormValues {
  return {
    solucaoId: task?.solucaoId ?? solucaoId,
    nome: task?.nome ?? '',
    descricao: task?.descricao ?? '',
    horas: decimalText(task?.horas),
    evidencias: [],
  };
}

const taskFields = {
  solucaoId: z.number().nullable(),
  nome: text,
  descricao: text,
  horas: text,
};

// An empty hours field is undefined for the domain, which answers "Informe as horas.".
const hoursOf = (value: string) => parseDecimal(value) ?? undefined;

/** The create dialog: the task with its repeatable list of evidence name and description. */
export const taskCreateFormSchema = z
  .object({ ...taskFields, evidencias: z.array(z.object({ nome: text, descricao: text })) })
  .transform((v) => ({
    solucaoId: v.solucaoId ?? undefined,
    nome: v.nome,
    descricao: v.descricao,
    horas: hoursOf(v.horas),
    evidencias: v.evidencias,
  }))
  .pipe(validatedBy(taskInputSchema));

/** The edit dialog has no evidence list (they are edited on their own level). */
export function taskUpdateFormSchema(tarefaId: number) {
  return z
    .object({ ...taskFields, evidencias: z.array(z.object({ nome: text, descricao: text })) })
    .transform((v) => ({ tarefaId, solucaoId: v.solucaoId ?? undefined, nome: v.nome, descricao: v.descricao, horas: hoursOf(v.horas) }))
    .pipe(validatedBy(taskUpdateSchema));
}

export type RowErrors = Record<number, Partial<Record<keyof EvidenceRow, string>>>;

/** Each evidence row's own messages ("O nome da evidência é obrigatório."), from the form schema's issues. */
export function evidenceRowErrors(issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>): RowErrors {
  const rows: RowErrors = {};
  for (const issue of issues) {
    const [list, index, field] = issue.path;
    if (list !== 'evidencias' || typeof index !== 'number' || (field !== 'nome' && field !== 'descricao')) continue;
    rows[index] ??= {};
    rows[index][field] ??= issue.message;
  }
  return rows;
}
