import { z } from 'zod';
import { call, urlOf } from '../../api/call.ts';
import { api } from '../../api/client.ts';
import { downloadFile } from '../../api/download.ts';
import { pathOf } from '../../contract/endpoint.ts';
import { projects } from '../../contract/projects.ts';
import { solutions } from '../../contract/solutions.ts';
import { command } from '../../data/command.ts';
import { query } from '../../data/query.ts';
import { CATALOGUE_EXPORT_FILENAME, CATALOGUE_TEMPLATE_FILENAME, catalogueImportResultSchema } from '../../domain/catalogue-transfer.ts';
import {
  solutionGroupSchema,
  SOLUTION_MESSAGES,
  solutionSchema,
  taskSchema,
  type SolutionGroupInput,
  type SolutionInput,
  type TaskInput,
} from '../../domain/solutions.ts';
import { solutionTypeSchema } from '../../domain/municipality-solutions.ts';
import { projectSchema } from '../../domain/users.ts';
import type { VocabularyMode } from '../../domain/vocabulary.ts';

export { httpStatusOf } from '../../lib/api-errors.ts';
export type { CommandFailure } from '../../lib/command-result.ts';

/**
 * The programme catalogue's data object (spec §7 api/projeto/grupoSolucao, solucao, tarefa,
 * evidencia; issue 27), read online through `query.online` over the declarations of
 * src/contract/solutions.ts: it is administration, never needed in the field. Each level reads its
 * parent too, for the heading and to check the address names a real chain. Screens and components
 * import `catalogue` only.
 */

/** Every read of the catalogue starts with this key, so one invalidation reaches them all. */
const CATALOGUE = ['catalogo'] as const;

/** GET api/projeto/{id}: the project whose groups are listed (its name heads the list). */
const useProject = query.online((projetoId: number | null) =>
  projetoId === null
    ? null
    : {
        key: [...CATALOGUE, 'projeto', projetoId],
        fetch: (signal: AbortSignal) => call(projects.get, { params: { id: projetoId }, signal }),
        schema: projectSchema,
      },
);

/** GET api/projeto/grupoSolucao?projetoId: the project's groups, disabled ones included. */
const useSolutionGroups = query.online((projetoId: number | null, errorMessage: string) =>
  projetoId === null
    ? null
    : {
        key: [...CATALOGUE, 'grupos', projetoId],
        fetch: (signal: AbortSignal) => call(solutions.groups, { query: { projetoId: String(projetoId) }, signal }),
        schema: z.array(solutionGroupSchema),
        errorMessage,
      },
);

/** GET api/solucao-tipo: the tenant's solution types, for the solution dialog's tipo combo; asked for only when enabled. */
const useSolutionTypes = query.online((enabled: boolean) =>
  enabled
    ? {
        key: [...CATALOGUE, 'tipos'],
        fetch: (signal: AbortSignal) => call(solutions.types, { signal }),
        schema: z.array(solutionTypeSchema),
        errorMessage: 'Erro ao obter tipos de solução',
      }
    : null,
);

/** GET api/projeto/grupoSolucao/{id}: the group whose solutions are listed. */
const useSolutionGroup = query.online((grupoSolucaoId: number | null) =>
  grupoSolucaoId === null
    ? null
    : {
        key: [...CATALOGUE, 'grupo', grupoSolucaoId],
        fetch: (signal: AbortSignal) => call(solutions.group, { params: { id: grupoSolucaoId }, signal }),
        schema: solutionGroupSchema,
      },
);

/** POST api/projeto/solucao/get-by-grupo/{projeto}/{grupo}: the group's solutions, disabled ones included. */
const useGroupSolutions = query.online((projetoId: number | null, grupoSolucaoId: number | null, errorMessage?: string) =>
  projetoId === null || grupoSolucaoId === null
    ? null
    : {
        key: [...CATALOGUE, 'solucoes', projetoId, grupoSolucaoId],
        fetch: (signal: AbortSignal) => call(solutions.solutionsOfGroup, { params: { a: projetoId, b: grupoSolucaoId }, signal }),
        schema: z.array(solutionSchema),
        errorMessage,
      },
);

/** POST api/projeto/tarefa/get-by-solucao: the solution's tasks with their evidence definitions. */
const useSolutionTasks = query.online((solucaoId: number | null, errorMessage?: string) =>
  solucaoId === null
    ? null
    : {
        key: [...CATALOGUE, 'tarefas', solucaoId],
        fetch: (signal: AbortSignal) => call(solutions.tasksOfSolution, { body: { solucaoId }, signal }),
        schema: z.array(taskSchema),
        errorMessage,
      },
);

/** GET api/projeto/tarefa/{id}: one task and its evidence definitions. */
const useTask = query.online((tarefaId: number | null, errorMessage?: string) =>
  tarefaId === null
    ? null
    : {
        key: [...CATALOGUE, 'tarefa', tarefaId],
        fetch: (signal: AbortSignal) => call(solutions.task, { params: { id: tarefaId }, signal }),
        schema: taskSchema,
        errorMessage,
      },
);

// ---------------------------------------------------------------- writes (online: the server refuses non-managers with 403)

// Commands (src/data): a failure is shown once there (a dialog passes { inline: true } and shows it
// on its form); after a write every read of the catalogue is refreshed, the screens' own reload included.

/** Every catalogue write refreshes the catalogue's reads. */
const refreshesCatalogue = () => [CATALOGUE];

/** A dialog's save: the form's body and the record edited (null for a new one). */
type Saved<T> = { body: T; id: number | null };

const saveGroup = command.online({
  send: ({ body, id }: Saved<SolutionGroupInput>) =>
    id === null ? call(solutions.createGroup, { body }) : call(solutions.updateGroup, { body: { ...body, grupoSolucaoId: id } }),
  schema: solutionGroupSchema,
  invalidates: refreshesCatalogue,
  failure: { message: 'Não foi possível salvar o grupo. Verifique sua conexão e tente novamente.' },
});

const saveSolution = command.online({
  send: ({ body, id }: Saved<SolutionInput>) =>
    id === null ? call(solutions.createSolution, { body }) : call(solutions.updateSolution, { body: { ...body, solucaoId: id } }),
  schema: solutionSchema,
  invalidates: refreshesCatalogue,
  failure: { message: 'Não foi possível salvar a solução. Verifique sua conexão e tente novamente.' },
});

const createTask = command.online({
  send: (body: TaskInput) => call(solutions.createTask, { body }),
  schema: taskSchema,
  invalidates: refreshesCatalogue,
  failure: { message: SOLUTION_MESSAGES.createTasksError },
});

const updateTask = command.online({
  send: (body: Omit<TaskInput, 'evidencias'> & { tarefaId: number }) => call(solutions.updateTask, { body }),
  schema: taskSchema,
  invalidates: refreshesCatalogue,
  failure: { message: 'Não foi possível salvar a tarefa. Verifique sua conexão e tente novamente.' },
});

export type EvidenceInput = { tarefaId: number; nome: string; descricao: string };

const saveEvidence = command.online({
  send: ({ body, id }: Saved<EvidenceInput>) =>
    id === null ? call(solutions.createEvidence, { body }) : call(solutions.updateEvidence, { body: { ...body, evidenciaId: id } }),
  invalidates: refreshesCatalogue,
  failure: { message: 'Não foi possível salvar a evidência. Verifique sua conexão e tente novamente.' },
});

export type CatalogueKind = 'grupoSolucao' | 'solucao' | 'tarefa';

/** The delete and re-enable declarations of each catalogue level. */
const REMOVAL = { grupoSolucao: solutions.removal.group, solucao: solutions.removal.solution, tarefa: solutions.removal.task } as const;

/**
 * DELETE api/projeto/{kind}/{id}: the server deletes a record nothing uses and disables one in use.
 * Answers which, so the screen can tell the user; a 409 names what still uses it.
 */
const deleteCatalogueRecord = command.online({
  send: async ({ kind, id }: { kind: CatalogueKind; id: number }) => (await call(REMOVAL[kind].remove, { params: { id } })).message,
  schema: { parse: (message: unknown): 'deleted' | 'disabled' => (message === SOLUTION_MESSAGES.disabled ? 'disabled' : 'deleted') },
  invalidates: refreshesCatalogue,
  failure: { message: 'Não foi possível excluir o registro.' },
});

/** PUT api/projeto/{kind}/reabilitar/{id}; the mode words the refusal of a task whose solution is disabled. */
const reenableCatalogueRecord = command.online({
  send: ({ kind, id, mode }: { kind: CatalogueKind; id: number; mode: VocabularyMode }) =>
    call(REMOVAL[kind].enable, { params: { id }, query: { modo: mode } }),
  invalidates: refreshesCatalogue,
  failure: { message: 'Não foi possível reabilitar o registro.' },
});

const deleteEvidence = command.online({
  send: (evidenciaId: number) => call(solutions.removeEvidence, { params: { id: evidenciaId } }),
  invalidates: refreshesCatalogue,
  failure: { message: 'Não foi possível excluir a evidência.' },
});

// ---------------------------------------------------------------- the catalogue's xlsx (full admin)

/** Downloads answer no progress here: the dialog's button spins until the file is saved. */
const ignoreProgress = () => {};

/** "Baixar modelo": the import template, with the headers and one example row. */
const downloadTemplate = command.online({
  send: () => downloadFile(pathOf(solutions.importTemplate), CATALOGUE_TEMPLATE_FILENAME, ignoreProgress, { method: 'get' }),
  failure: { message: 'Não foi possível baixar a planilha. Tente novamente.' },
});

/** "Exportar": the project's catalogue, one row per evidence definition. */
const exportCatalogue = command.online({
  send: (projetoId: number) =>
    downloadFile(pathOf(solutions.exportCatalogue, { id: projetoId }), CATALOGUE_EXPORT_FILENAME, ignoreProgress, { method: 'get' }),
  failure: { message: 'Não foi possível baixar a planilha. Tente novamente.' },
});

export type CatalogueImport = { projetoId: number; file: File; signal?: AbortSignal };

/**
 * Sends the sheet (multipart, so through the client itself rather than `call`, which sends JSON):
 * `confirmar` false answers the preview (nothing written), true imports it all in one transaction.
 * A sheet with row errors answers them in the preview; confirmed, it is refused (400 with issues).
 */
function sendImport({ projetoId, file, signal }: CatalogueImport, confirm: boolean): Promise<unknown> {
  const form = new FormData();
  form.append('arquivo', file);
  const url = urlOf(solutions.importCatalogue, { params: { id: projetoId }, query: { confirmar: confirm ? 'true' : 'false' } });
  return api.post(url, { body: form, timeout: 120_000, signal }).json();
}

const previewImport = command.online({
  send: (input: CatalogueImport) => sendImport(input, false),
  schema: catalogueImportResultSchema,
  failure: { message: 'Não foi possível ler a planilha. Tente novamente.' },
});

/** The dialog's caller reloads the groups it shows (onImported); the levels below ask again when opened. */
const confirmImport = command.online({
  send: (input: CatalogueImport) => sendImport(input, true),
  schema: catalogueImportResultSchema,
  failure: { message: 'Não foi possível importar a planilha: nada foi gravado. Tente novamente.' },
});

export const catalogue = {
  useProject,
  useSolutionGroups,
  useSolutionGroup,
  useSolutionTypes,
  useGroupSolutions,
  useSolutionTasks,
  useTask,
  saveGroup,
  saveSolution,
  createTask,
  updateTask,
  saveEvidence,
  deleteCatalogueRecord,
  reenableCatalogueRecord,
  deleteEvidence,
  transfer: { downloadTemplate, exportCatalogue, previewImport, confirmImport },
};
