import { z } from 'zod';
import { api } from '../../api/client.ts';
import { useServerData } from '../../api/use-server-data.ts';
import { meetingOptionsSchema, type MeetingOptions } from '../../domain/meetings.ts';
import { ERROR_MESSAGES } from '../../domain/messages.ts';
import type { OfflineTaskProgress } from '../../domain/offline-bundle.ts';
import {
  addGroupToMunicipalitySchema,
  addTasksToSolutionSchema,
  municipalityEvidenceInputSchema,
  municipalityEvidenceSchema,
  municipalityEvidenceUpdateSchema,
  municipalityGroupSchema as municipalitySolutionGroupSchema,
  municipalitySolutionSchema,
  municipalityTaskSchema,
  municipalityTaskUpdateSchema,
  SOLUTION_MESSAGES,
  taskProgressSchema,
  type MunicipalityEvidence,
  type MunicipalityGroup as MunicipalitySolutionGroup,
  type MunicipalityTask,
} from '../../domain/solutions.ts';
import type { VocabularyMode } from '../../domain/vocabulary.ts';
import { taskProgressScope, type AndamentoTarefaRow, type SolucaoRow, type TarefaRow } from './table.ts';
import { lastSyncedAt, pullInto } from '../../offline/pull.ts';
import { getOfflineDb } from '../../offline/runtime.ts';
import { oldestSync, useLocalFirst } from '../../offline/use-local-first.ts';

/**
 * A municipality's solutions and their tasks (spec §3 "Solution", "Task"), as the offline bundle
 * stores them and GET api/calendario/encontro/opcoes/{id} serves them: meetings pick tasks from
 * here, and later domains (follow-ups, evidence, payments) list the same rows.
 */

export type SolutionsAndTasks = { solucoes: SolucaoRow[]; tarefas: TarefaRow[] };

/** The municipality's solutions and tasks, from the device first. */
export function useSolutionsAndTasks(municipioId: number) {
  const scope = `opcoes-encontro:municipio:${municipioId}`;
  return useLocalFirst<SolutionsAndTasks, MeetingOptions>({
    scope,
    deps: [municipioId],
    read: async (db) => ({
      solucoes: await db.solucoes.where('municipioId').equals(municipioId).toArray(),
      tarefas: await db.tarefas.where('municipioId').equals(municipioId).toArray(),
    }),
    fetch: async (signal) => meetingOptionsSchema.parse(await api.get(`calendario/encontro/opcoes/${municipioId}`, { signal }).json()),
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

// ---------------------------------------------------------------- the municipality's solutions management (issue 16)

/** The device's solutions and tasks of the municipality, re-read after a write on the solutions screens (the same pull as the meeting options). */
export async function refreshDeviceSolutionsAndTasks(municipioId: number): Promise<void> {
  const db = getOfflineDb();
  if (!db) return;
  const options = meetingOptionsSchema.parse(await api.get(`calendario/encontro/opcoes/${municipioId}`).json());
  const scope = `opcoes-encontro:municipio:${municipioId}`;
  const range = { index: 'municipioId', equals: municipioId };
  await pullInto(db, 'solucoes', options.solucoes, scope, { range });
  await pullInto(db, 'tarefas', options.tarefas, scope, { range });
}

/**
 * Runs a write of the solutions screens, then brings the device's rows up to date, so meetings,
 * reports and the offline bundle's users see the change. A failed refresh leaves the write done:
 * the next pull of those screens catches up.
 */
async function thenRefresh<T>(municipioId: number, write: Promise<T>): Promise<T> {
  const result = await write;
  await refreshDeviceSolutionsAndTasks(municipioId).catch(() => undefined);
  return result;
}

const body = (municipioId: number) => ({ municipioId });

/** The municipality's groups of solutions, disabled ones included (POST list-by-municipio). Writes need the network, so the lists are read online. */
export function useMunicipalitySolutionGroups(municipioId: number) {
  return useServerData(
    { path: 'municipio/municipiogruposolucao/list-by-municipio', body: body(municipioId) },
    municipalitySolutionGroupListSchema,
    SOLUTION_MESSAGES.listGroupsError,
  );
}

export function useMunicipalitySolutions(municipioId: number) {
  return useServerData(
    { path: 'municipio/municipiosolucao/list-by-municipio', body: body(municipioId) },
    municipalitySolutionListSchema,
    SOLUTION_MESSAGES.listSolutionsError,
  );
}

export function useMunicipalityTasks(municipioId: number) {
  return useServerData(
    { path: 'municipio/municipiotarefa/list-by-municipio', body: body(municipioId) },
    municipalityTaskListSchema,
    SOLUTION_MESSAGES.getTasksError,
  );
}

export function useMunicipalityEvidences(municipioId: number) {
  return useServerData(
    { path: 'municipio/municipioevidencia/list-by-municipio', body: body(municipioId) },
    municipalityEvidenceListSchema,
    'Erro ao obter evidências',
  );
}

const municipalitySolutionGroupListSchema = z.array(municipalitySolutionGroupSchema);
const municipalitySolutionListSchema = z.array(municipalitySolutionSchema);
const municipalityTaskListSchema = z.array(municipalityTaskSchema);
const municipalityEvidenceListSchema = z.array(municipalityEvidenceSchema);
const messageBodySchema = z.object({ message: z.string() });

/** POST add-by-grupo-solucao: the group with the chosen original solutions, their tasks and evidences. */
export function importSolutionGroup(input: z.input<typeof addGroupToMunicipalitySchema>): Promise<MunicipalitySolutionGroup> {
  const json = addGroupToMunicipalitySchema.parse(input);
  return thenRefresh(
    json.municipioId,
    api
      .post('municipio/municipiosolucao/add-by-grupo-solucao', { json })
      .json()
      .then((r) => municipalitySolutionGroupSchema.parse(r)),
  );
}

/** POST add-by-solucao: programme tasks copied into one of the municipality's solutions. */
export function importTasks(input: z.input<typeof addTasksToSolutionSchema>): Promise<MunicipalityTask[]> {
  const json = addTasksToSolutionSchema.parse(input);
  return thenRefresh(
    json.municipioId,
    api
      .post('municipio/municipiotarefa/add-by-solucao', { json })
      .json()
      .then((r) => municipalityTaskListSchema.parse(r)),
  );
}

export function updateMunicipalityTask(
  municipioId: number,
  input: z.input<typeof municipalityTaskUpdateSchema>,
): Promise<MunicipalityTask> {
  const json = municipalityTaskUpdateSchema.parse(input);
  return thenRefresh(
    municipioId,
    api
      .put('municipio/municipiotarefa', { json })
      .json()
      .then((r) => municipalityTaskSchema.parse(r)),
  );
}

/** DELETE of a group, solution or task of the municipality: the server's message says whether it was disabled or deleted. */
export function disableMunicipalityRecord(municipioId: number, kind: 'grupo' | 'solucao' | 'tarefa', id: number): Promise<string> {
  const path = { grupo: 'municipiogruposolucao', solucao: 'municipiosolucao', tarefa: 'municipiotarefa' }[kind];
  return thenRefresh(
    municipioId,
    api
      .delete(`municipio/${path}/${id}`)
      .json()
      .then((r) => messageBodySchema.parse(r).message),
  );
}

export function reenableMunicipalityGroup(municipioId: number, municipioGrupoSolucaoId: number): Promise<unknown> {
  return thenRefresh(
    municipioId,
    api.put(`municipio/municipioGrupoSolucao/reabilitar-grupos/${municipioId}/${municipioGrupoSolucaoId}`).json(),
  );
}

export function reenableMunicipalitySolution(municipioId: number, municipioSolucaoId: number): Promise<unknown> {
  return thenRefresh(municipioId, api.put(`municipio/municipioSolucao/reabilitar-solucao/${municipioId}/${municipioSolucaoId}`).json());
}

/** The server words its refusal ("Iniciativa Desabilitada"...) by the variant's `modo`. */
export function reenableMunicipalityTask(municipioId: number, municipioTarefaId: number, modo: VocabularyMode): Promise<unknown> {
  return thenRefresh(
    municipioId,
    api.post(`municipio/municipiotarefa/reabilitar-tarefas/${municipioTarefaId}`, { searchParams: { modo } }).json(),
  );
}

export function saveMunicipalityEvidence(
  municipioId: number,
  input: z.input<typeof municipalityEvidenceInputSchema> & { municipioEvidenciaId?: number },
): Promise<MunicipalityEvidence> {
  const request =
    input.municipioEvidenciaId === undefined
      ? api.post('municipio/municipioevidencia', { json: municipalityEvidenceInputSchema.parse(input) })
      : api.put('municipio/municipioevidencia', { json: municipalityEvidenceUpdateSchema.parse(input) });
  return thenRefresh(
    municipioId,
    request.json().then((r) => municipalityEvidenceSchema.parse(r)),
  );
}

/** Desativar: the evidence is no longer asked for in reports, and stays listed. */
export function deactivateMunicipalityEvidence(municipioId: number, municipioEvidenciaId: number): Promise<unknown> {
  return thenRefresh(municipioId, api.put(`municipio/municipioevidencia/desativar-evidencia/${municipioEvidenciaId}`).json());
}

export function deleteMunicipalityEvidence(municipioId: number, municipioEvidenciaId: number): Promise<void> {
  return thenRefresh(
    municipioId,
    api
      .delete(`municipio/municipioevidencia/${municipioEvidenciaId}`)
      .json()
      .then(() => undefined),
  );
}

// ---------------------------------------------------------------- task progress (the city's Andamento tab)

const taskProgressListSchema = z.array(taskProgressSchema);

/**
 * The municipality's task progress, from the device first (the offline bundle fills the same
 * table), refreshed by GET get-andamento-tarefas/{id} while the tab is open.
 */
export function useTaskProgress(municipioId: number) {
  const scope = taskProgressScope(municipioId);
  return useLocalFirst<AndamentoTarefaRow[], OfflineTaskProgress[]>({
    scope,
    deps: [municipioId],
    read: async (db) => {
      const rows = await db.andamentoTarefas.where('municipioId').equals(municipioId).toArray();
      // Never pulled nor bundled here: nothing cached rather than an empty list.
      return rows.length > 0 || (await lastSyncedAt(db, scope)) !== null ? rows : undefined;
    },
    fetch: async (signal) =>
      taskProgressListSchema
        .parse(await api.get(`dashboard/get-andamento-tarefas/${municipioId}`, { signal }).json())
        .map((t) => ({ ...t, municipioId })),
    write: (db, rows) => pullInto(db, 'andamentoTarefas', rows, scope, { range: { index: 'municipioId', equals: municipioId } }),
    direct: (rows) => rows.map((t) => ({ ...t, syncedAt: Date.now(), pending: 0 as const })),
    syncedAtOf: oldestSync,
    errorMessage: 'Erro ao obter o andamento das tarefas',
  });
}
