import { z } from 'zod';
import { call } from '../../api/call.ts';
import { meetings } from '../../contract/meetings.ts';
import { municipalitySolutions as ep } from '../../contract/municipality-solutions.ts';
import { command } from '../../data/command.ts';
import { query } from '../../data/query.ts';
import type { MeetingOptions } from '../../domain/meetings.ts';
import { ERROR_MESSAGES } from '../../domain/messages.ts';
import type { OfflineTaskProgress } from '../../domain/offline-rows.ts';
import {
  addGroupToMunicipalitySchema,
  addTasksToSolutionSchema,
  municipalityEvidenceInputSchema,
  municipalityEvidenceUpdateSchema,
  municipalityTaskUpdateSchema,
  SOLUTION_MESSAGES,
} from '../../domain/solutions.ts';
import type { VocabularyMode } from '../../domain/vocabulary.ts';
import type { OfflineDb } from '../../offline/db.ts';
import { lastSyncedAt, pullInto } from '../../offline/pull.ts';
import { openStore } from '../../offline/store.ts';
import { oldestSync } from '../../offline/use-local-first.ts';
import { taskProgressScope, type AndamentoTarefaRow, type SolucaoRow, type TarefaRow } from './table.ts';

/**
 * A municipality's solutions and their tasks (spec §3 "Solution", "Task"), as the offline bundle
 * stores them and GET api/calendario/encontro/opcoes/{id} serves them: meetings pick tasks from
 * here, and later domains (follow-ups, evidence, payments) list the same rows. Also the data object
 * of the municipality's solutions management (its lists and writes, all online) and of its task
 * progress (local-first), every call through src/contract/municipality-solutions.ts. One data
 * object, `tasksData`, at the end.
 */

export type { CallOptions, CommandResult } from '../../data/command.ts';

export type SolutionsAndTasks = { solucoes: SolucaoRow[]; tarefas: TarefaRow[] };

const optionsScope = (municipioId: number) => `opcoes-encontro:municipio:${municipioId}`;

/** Stores the meeting options' solutions and tasks on the device (the one pull of both tables). */
async function storeOptions(db: OfflineDb, municipioId: number, options: MeetingOptions): Promise<void> {
  const range = { index: 'municipioId', equals: municipioId };
  await pullInto(db, 'solucoes', options.solucoes, optionsScope(municipioId), { range });
  await pullInto(db, 'tarefas', options.tarefas, optionsScope(municipioId), { range });
}

/** The municipality's solutions and tasks, from the device first. */
const useSolutionsAndTasks = query.local((municipioId: number) => ({
  scope: optionsScope(municipioId),
  deps: [municipioId],
  read: async (db: OfflineDb): Promise<SolutionsAndTasks> => ({
    solucoes: await db.solucoes.where('municipioId').equals(municipioId).toArray(),
    tarefas: await db.tarefas.where('municipioId').equals(municipioId).toArray(),
  }),
  fetch: (signal: AbortSignal) => call(meetings.options, { params: { id: municipioId }, signal }),
  write: (db: OfflineDb, options: MeetingOptions) => storeOptions(db, municipioId, options),
  direct: (options: MeetingOptions): SolutionsAndTasks => {
    const now = Date.now();
    return {
      solucoes: options.solucoes.map((s) => ({ ...s, syncedAt: now, pending: 0 as const })),
      tarefas: options.tarefas.map((t) => ({ ...t, syncedAt: now, pending: 0 as const })),
    };
  },
  syncedAtOf: (options: SolutionsAndTasks) => oldestSync([...options.solucoes, ...options.tarefas]),
  errorMessage: ERROR_MESSAGES.getTasks,
}));

// ---------------------------------------------------------------- the municipality's solutions management (issue 16)

/** The device's solutions and tasks of the municipality, re-read after a write on the solutions screens (the same pull as the meeting options). */
async function refreshDeviceSolutionsAndTasks(municipioId: number): Promise<void> {
  const db = await openStore();
  if (!db) return;
  await storeOptions(db, municipioId, await call(meetings.options, { params: { id: municipioId } }));
}

/**
 * After a write of the solutions screens: brings the device's rows up to date, so meetings,
 * reports and the offline bundle's users see the change. A failed refresh leaves the write done:
 * the next pull of those screens catches up.
 */
const refreshDevice = (municipioId: number) => refreshDeviceSolutionsAndTasks(municipioId).catch(() => undefined);

/** The key of every online list of the municipality's solutions: a write invalidates them all. */
const listsKey = (municipioId: number) => ['municipio-solucoes', municipioId];
const body = (municipioId: number) => ({ municipioId });

/** The municipality's groups of solutions, disabled ones included (POST list-by-municipio). Writes need the network, so the lists are read online. */
const useMunicipalitySolutionGroups = query.online((municipioId: number) => ({
  key: [...listsKey(municipioId), 'grupos'],
  fetch: (signal: AbortSignal) => call(ep.groups, { body: body(municipioId), signal }),
  schema: ep.groups.response[200],
  errorMessage: SOLUTION_MESSAGES.listGroupsError,
}));

const useMunicipalitySolutions = query.online((municipioId: number) => ({
  key: [...listsKey(municipioId), 'solucoes'],
  fetch: (signal: AbortSignal) => call(ep.solutions, { body: body(municipioId), signal }),
  schema: ep.solutions.response[200],
  errorMessage: SOLUTION_MESSAGES.listSolutionsError,
}));

const useMunicipalityTasks = query.online((municipioId: number) => ({
  key: [...listsKey(municipioId), 'tarefas'],
  fetch: (signal: AbortSignal) => call(ep.tasks, { body: body(municipioId), signal }),
  schema: ep.tasks.response[200],
  errorMessage: SOLUTION_MESSAGES.getTasksError,
}));

const useMunicipalityEvidences = query.online((municipioId: number) => ({
  key: [...listsKey(municipioId), 'evidencias'],
  fetch: (signal: AbortSignal) => call(ep.evidences, { body: body(municipioId), signal }),
  schema: ep.evidences.response[200],
  errorMessage: 'Erro ao obter evidências',
}));

// Reads and writes parse with the declaration's own answer schema (ep.x.response): declared once.

/** A write of the municipality's solutions: the device's copy refreshed, then the online lists. */
function write<I extends { municipioId: number }, T>(spec: {
  send: (input: I) => Promise<unknown>;
  schema?: { parse: (data: unknown) => T };
  failure: string;
}) {
  return command.online<I, T>({
    send: spec.send,
    schema: spec.schema,
    after: (_data, input) => refreshDevice(input.municipioId),
    invalidates: (input) => [listsKey(input.municipioId)],
    failure: { message: spec.failure },
  });
}

const messageSchema = z.object({ message: z.string() });

/** POST add-by-grupo-solucao: the group with the chosen original solutions, their tasks and evidences. */
const importSolutionGroup = write({
  send: (input: z.input<typeof addGroupToMunicipalitySchema>) => call(ep.addGroup, { body: addGroupToMunicipalitySchema.parse(input) }),
  schema: ep.addGroup.response[201],
  failure: 'Não foi possível trazer o grupo.',
});

/** POST add-by-solucao: programme tasks copied into one of the municipality's solutions. */
const importTasks = write({
  send: (input: z.input<typeof addTasksToSolutionSchema>) => call(ep.addTasks, { body: addTasksToSolutionSchema.parse(input) }),
  schema: ep.addTasks.response[201],
  failure: 'Não foi possível trazer as tarefas.',
});

const updateMunicipalityTask = write({
  send: ({ task }: { municipioId: number; task: z.input<typeof municipalityTaskUpdateSchema> }) =>
    call(ep.updateTask, { body: municipalityTaskUpdateSchema.parse(task) }),
  schema: ep.updateTask.response[200],
  failure: 'Não foi possível salvar a tarefa.',
});

const disableEndpoint = { grupo: ep.disableGroup, solucao: ep.disableSolution, tarefa: ep.removeTask } as const;

/** DELETE of a group, solution or task of the municipality: the server's message says whether it was disabled or deleted. */
const disableMunicipalityRecord = write({
  send: ({ kind, id }: { municipioId: number; kind: 'grupo' | 'solucao' | 'tarefa'; id: number }) =>
    call(disableEndpoint[kind], { params: { id } }),
  schema: messageSchema.transform((r) => r.message),
  failure: 'Não foi possível desabilitar.',
});

const reenableMunicipalityGroup = write({
  send: ({ municipioId, id }: { municipioId: number; id: number }) => call(ep.reenableGroup, { params: { a: municipioId, b: id } }),
  failure: 'Não foi possível reabilitar.',
});

const reenableMunicipalitySolution = write({
  send: ({ municipioId, id }: { municipioId: number; id: number }) => call(ep.reenableSolution, { params: { a: municipioId, b: id } }),
  failure: 'Não foi possível reabilitar.',
});

/** The server words its refusal ("Iniciativa Desabilitada"...) by the variant's `modo`. */
const reenableMunicipalityTask = write({
  send: ({ id, modo }: { municipioId: number; id: number; modo: VocabularyMode }) =>
    call(ep.reenableTask, { params: { id }, query: { modo } }),
  failure: 'Não foi possível reabilitar.',
});

type EvidenceInput = z.input<typeof municipalityEvidenceInputSchema> & { municipioEvidenciaId?: number };

const saveMunicipalityEvidence = write({
  send: ({ evidence }: { municipioId: number; evidence: EvidenceInput }) =>
    evidence.municipioEvidenciaId === undefined
      ? call(ep.createEvidence, { body: municipalityEvidenceInputSchema.parse(evidence) })
      : call(ep.updateEvidence, { body: municipalityEvidenceUpdateSchema.parse(evidence) }),
  schema: ep.updateEvidence.response[200],
  failure: 'Não foi possível salvar a evidência.',
});

/** Desativar: the evidence is no longer asked for in reports, and stays listed. */
const deactivateMunicipalityEvidence = write({
  send: ({ id }: { municipioId: number; id: number }) => call(ep.deactivateEvidence, { params: { id } }),
  failure: 'Não foi possível desativar a evidência.',
});

const deleteMunicipalityEvidence = write({
  send: ({ id }: { municipioId: number; id: number }) => call(ep.removeEvidence, { params: { id } }),
  failure: 'Não foi possível excluir a evidência.',
});

// ---------------------------------------------------------------- task progress (the city's Andamento tab)

/**
 * The municipality's task progress, from the device first (the offline bundle fills the same
 * table), refreshed by GET get-andamento-tarefas/{id} while the tab is open.
 */
const useTaskProgress = query.local((municipioId: number) => {
  const scope = taskProgressScope(municipioId);
  return {
    scope,
    deps: [municipioId],
    read: async (db: OfflineDb) => {
      const rows = await db.andamentoTarefas.where('municipioId').equals(municipioId).toArray();
      // Never pulled nor bundled here: nothing cached rather than an empty list.
      return rows.length > 0 || (await lastSyncedAt(db, scope)) !== null ? rows : undefined;
    },
    fetch: async (signal: AbortSignal): Promise<OfflineTaskProgress[]> =>
      (await call(ep.progressByTask, { params: { id: municipioId }, signal })).map((t) => ({ ...t, municipioId })),
    write: (db: OfflineDb, rows: OfflineTaskProgress[]) =>
      pullInto(db, 'andamentoTarefas', rows, scope, { range: { index: 'municipioId', equals: municipioId } }),
    direct: (rows: OfflineTaskProgress[]): AndamentoTarefaRow[] => rows.map((t) => ({ ...t, syncedAt: Date.now(), pending: 0 as const })),
    syncedAtOf: oldestSync,
    errorMessage: 'Erro ao obter o andamento das tarefas',
  };
});

/** The tasks entity's data object: the meeting options, the municipality's solutions management and task progress. */
export const tasksData = {
  useSolutionsAndTasks,
  useMunicipalitySolutionGroups,
  useMunicipalitySolutions,
  useMunicipalityTasks,
  useMunicipalityEvidences,
  importSolutionGroup,
  importTasks,
  updateMunicipalityTask,
  disableMunicipalityRecord,
  reenableMunicipalityGroup,
  reenableMunicipalitySolution,
  reenableMunicipalityTask,
  saveMunicipalityEvidence,
  deactivateMunicipalityEvidence,
  deleteMunicipalityEvidence,
  useTaskProgress,
};
