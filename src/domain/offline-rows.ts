import { z } from 'zod';

/**
 * The offline bundle's meetings, solutions, tasks and task progress (offline-bundle.ts composes
 * the bundle from them), in a module of their own: the meetings and solutions domains declare with
 * them, and importing the whole bundle's module took every domain's schemas (follow-ups, evidence,
 * Sala, territories…) onto the report form (issue 32).
 */

export const meetingTaskSchema = z.object({
  municipioTarefaId: z.number().int(),
  nome: z.string(),
  horas: z.number(),
});

export const offlineMeetingSchema = z.object({
  encontroId: z.number().int(),
  municipioId: z.number().int(),
  grupoId: z.number().int(),
  grupoNome: z.string(),
  titulo: z.string().nullable(),
  /** ISO instants; shown in America/Sao_Paulo. */
  inicio: z.string(),
  fim: z.string(),
  encontroType: z.string(),
  tarefas: z.array(meetingTaskSchema),
  convidados: z.array(z.object({ membroId: z.number().int(), confirmado: z.boolean() })),
  /** Whether a field report was written from it: the report form offers only meetings without one. */
  temRelatorio: z.boolean().optional(),
});
export type OfflineMeeting = z.infer<typeof offlineMeetingSchema>;

export const offlineSolutionSchema = z.object({
  municipioSolucaoId: z.number().int(),
  municipioId: z.number().int(),
  solucaoId: z.number().int(),
  municipioGrupoSolucaoId: z.number().int(),
  nome: z.string(),
  desabilitado: z.boolean(),
});
export type OfflineSolution = z.infer<typeof offlineSolutionSchema>;

export const offlineTaskSchema = z.object({
  municipioTarefaId: z.number().int(),
  municipioId: z.number().int(),
  municipioSolucaoId: z.number().int(),
  tarefaId: z.number().int().nullable(),
  nome: z.string(),
  descricao: z.string(),
  horas: z.number(),
  desabilitado: z.boolean(),
  municipioEvidencias: z.array(z.object({ municipioEvidenciaId: z.number().int(), nome: z.string() })),
});
export type OfflineTask = z.infer<typeof offlineTaskSchema>;

/**
 * One task's progress in a municipality (GET api/dashboard/get-andamento-tarefas/{id}, with the
 * municipality it belongs to): the city's Andamento tab reads it from the device, so it opens offline.
 */
export const offlineTaskProgressSchema = z.object({
  municipioTarefaId: z.number().int(),
  municipioId: z.number().int(),
  municipioSolucaoId: z.number().int(),
  solucaoNome: z.string(),
  nome: z.string(),
  cumprida: z.boolean(),
  horasPrevistas: z.number(),
  horasUtilizadas: z.number(),
});
export type OfflineTaskProgress = z.infer<typeof offlineTaskProgressSchema>;
