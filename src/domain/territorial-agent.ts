import { z } from 'zod';
import { DIAGNOSTIC_SITUATIONS } from './followups.ts';
import { idSchema } from './users.ts';

/**
 * The territorial agent's municipality tabs (issue 31, part 2): diagnosis and radar, finished themes,
 * task report and the Gov view (spec §2 /cidade/{id}/agenteTerritorial/{tab}; §7 POST api/municipio/get-radar,
 * GET api/municipio/relatorio-tarefa/{id}, GET api/municipio/get-municipio-gov/{id},
 * GET api/municipio/municipioTemaPonto/get-temas-finalizados/{id}). Reads only, online.
 */

export const AGENT_MESSAGES = {
  radarEmpty: 'Nenhuma pergunta respondida neste município ainda.',
  themesEmpty: 'Nenhum tema finalizado neste município.',
  tasksEmpty: 'Nenhuma solução ou tarefa neste município.',
  govEmpty: 'Nenhuma instituição vinculada a este município.',
  radarBody: 'Informe o município.',
  axesInvalid: 'Lista de eixos inválida.',
} as const;

/** POST get-radar: the municipality, and optionally the axes to draw (all of them otherwise). */
export const radarRequestSchema = z.object({
  municipioId: idSchema,
  eixoIds: z.array(idSchema, { error: AGENT_MESSAGES.axesInvalid }).max(50, AGENT_MESSAGES.axesInvalid).optional(),
});
export type RadarRequest = z.infer<typeof radarRequestSchema>;

export const radarAxisSchema = z.object({
  eixoId: idSchema,
  nome: z.string(),
  /** Points of the questions answered Sim. */
  pontosObtidos: z.number().int(),
  /** Points of every question of the axis the municipality has. */
  pontosPossiveis: z.number().int(),
  respondidas: z.number().int(),
  perguntas: z.number().int(),
  /** pontosObtidos / pontosPossiveis as a whole percentage (0 when nothing is possible). */
  percentual: z.number().int(),
});
export type RadarAxis = z.infer<typeof radarAxisSchema>;

export const radarSchema = z.object({
  municipioId: idSchema,
  situacaoDiagnostico: z.enum(DIAGNOSTIC_SITUATIONS),
  diagnosticoEnviadoEm: z.string().nullable(),
  eixos: z.array(radarAxisSchema),
  pontosObtidos: z.number().int(),
  pontosPossiveis: z.number().int(),
  percentual: z.number().int(),
});
export type Radar = z.infer<typeof radarSchema>;

export const finishedThemeSchema = z.object({
  temaId: idSchema,
  nome: z.string(),
  eixoId: idSchema,
  eixoNome: z.string(),
  pontosObtidos: z.number().int(),
  pontosPossiveis: z.number().int(),
  perguntas: z.number().int(),
  finalizadoEm: z.string(),
});
export type FinishedTheme = z.infer<typeof finishedThemeSchema>;

export const TASK_REPORT_STATUSES = ['Não iniciada', 'Em andamento', 'Concluída', 'Desabilitada'] as const;
export type TaskReportStatus = (typeof TASK_REPORT_STATUSES)[number];

export const taskReportTaskSchema = z.object({
  municipioTarefaId: idSchema,
  nome: z.string(),
  horasPrevistas: z.number(),
  horasUtilizadas: z.number(),
  cumprida: z.boolean(),
  desabilitada: z.boolean(),
});

export const taskReportSolutionSchema = z.object({
  municipioSolucaoId: idSchema,
  nome: z.string(),
  grupo: z.string(),
  responsaveis: z.array(z.string()),
  dataInicio: z.string().nullable(),
  dataTermino: z.string().nullable(),
  situacao: z.enum(TASK_REPORT_STATUSES),
  /** Done tasks over enabled tasks, whole percentage. */
  progresso: z.number().int(),
  horasPrevistas: z.number(),
  horasUtilizadas: z.number(),
  tarefas: z.array(taskReportTaskSchema),
});
export type TaskReportSolution = z.infer<typeof taskReportSolutionSchema>;

export const govViewSchema = z.object({
  municipioId: idSchema,
  nome: z.string(),
  uf: z.string(),
  unidadeRegional: z.string().nullable(),
  instituicoes: z.array(z.object({ instituicaoId: idSchema, nome: z.string(), sigla: z.string() })),
  categorias: z.array(z.object({ categoriaId: idSchema, nome: z.string(), descricao: z.string() })),
  /** Solution groups (Grupos de Fases), solutions (Fases) and their tasks (Atividades) in Gov words. */
  grupos: z.array(
    z.object({
      nome: z.string(),
      fases: z.array(
        z.object({
          municipioSolucaoId: idSchema,
          nome: z.string(),
          situacao: z.enum(TASK_REPORT_STATUSES),
          atividades: z.number().int(),
          concluidas: z.number().int(),
        }),
      ),
    }),
  ),
});
export type GovView = z.infer<typeof govViewSchema>;

/** A whole percentage of a over b, 0 when b is 0, never above 100. */
export function percent(a: number, b: number): number {
  if (b <= 0) return 0;
  return Math.min(100, Math.round((a / b) * 100));
}

export type ScoredQuestion = { eixoId: number; pontos: number; resposta: boolean | null };

/** The axes' scores: points of the Sim answers over the points of every question of the axis. */
export function axisScores(
  axes: readonly { eixoId: number; nome: string }[],
  questions: readonly ScoredQuestion[],
): { eixos: RadarAxis[]; pontosObtidos: number; pontosPossiveis: number; percentual: number } {
  const eixos = axes.map((axis) => {
    const own = questions.filter((q) => q.eixoId === axis.eixoId);
    const pontosPossiveis = own.reduce((sum, q) => sum + q.pontos, 0);
    const pontosObtidos = own.reduce((sum, q) => sum + (q.resposta === true ? q.pontos : 0), 0);
    return {
      eixoId: axis.eixoId,
      nome: axis.nome,
      pontosObtidos,
      pontosPossiveis,
      respondidas: own.filter((q) => q.resposta !== null).length,
      perguntas: own.length,
      percentual: percent(pontosObtidos, pontosPossiveis),
    };
  });
  const pontosObtidos = eixos.reduce((sum, e) => sum + e.pontosObtidos, 0);
  const pontosPossiveis = eixos.reduce((sum, e) => sum + e.pontosPossiveis, 0);
  return { eixos, pontosObtidos, pontosPossiveis, percentual: percent(pontosObtidos, pontosPossiveis) };
}

/** A solution's situation from its flags and its tasks. */
export function solutionStatus(
  s: { desabilitado: boolean; finalizada: boolean; iniciada: boolean },
  tasks: readonly { cumprida: boolean; horasUtilizadas: number; desabilitada: boolean }[],
): TaskReportStatus {
  if (s.desabilitado) return 'Desabilitada';
  const enabled = tasks.filter((t) => !t.desabilitada);
  if (s.finalizada || (enabled.length > 0 && enabled.every((t) => t.cumprida))) return 'Concluída';
  if (s.iniciada || enabled.some((t) => t.cumprida || t.horasUtilizadas > 0)) return 'Em andamento';
  return 'Não iniciada';
}

/** The radar's vertices: one point per axis at its percentage of the radius, clockwise from the top. */
export function radarPoints(values: readonly number[], radius: number, center: number): { x: number; y: number }[] {
  const n = values.length;
  return values.map((v, i) => {
    const angle = -Math.PI / 2 + (2 * Math.PI * i) / Math.max(n, 1);
    const r = (Math.max(0, Math.min(100, v)) / 100) * radius;
    return { x: Math.round((center + r * Math.cos(angle)) * 100) / 100, y: Math.round((center + r * Math.sin(angle)) * 100) / 100 };
  });
}
