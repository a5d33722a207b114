import { z } from 'zod';
import { call } from '../../api/call.ts';
import { territorialAgent as endpoints } from '../../contract/territorial-agent.ts';
import { query } from '../../data/query.ts';
import { finishedThemeSchema, govViewSchema, radarSchema, taskReportSolutionSchema } from '../../domain/territorial-agent.ts';

/** The territorial agent's tabs' data object: four online reads (no offline copy; spec brief: online reads). Screens import this file only. */

const KEY = ['agente-territorial'] as const;

const useRadar = query.online((municipioId: number) => ({
  key: [...KEY, 'radar', municipioId],
  fetch: (signal: AbortSignal) => call(endpoints.radar, { body: { municipioId }, signal }),
  schema: radarSchema,
}));

const useFinishedThemes = query.online((municipioId: number) => ({
  key: [...KEY, 'temas', municipioId],
  fetch: (signal: AbortSignal) => call(endpoints.finishedThemes, { params: { id: municipioId }, signal }),
  schema: z.array(finishedThemeSchema),
}));

const useTaskReport = query.online((municipioId: number) => ({
  key: [...KEY, 'tarefas', municipioId],
  fetch: (signal: AbortSignal) => call(endpoints.taskReport, { params: { id: municipioId }, signal }),
  schema: z.array(taskReportSolutionSchema),
}));

const useGov = query.online((municipioId: number) => ({
  key: [...KEY, 'gov', municipioId],
  fetch: (signal: AbortSignal) => call(endpoints.gov, { params: { id: municipioId }, signal }),
  schema: govViewSchema,
}));

export type { Query } from '../../data/query.ts';

export const territorialAgent = { useRadar, useFinishedThemes, useTaskReport, useGov };
