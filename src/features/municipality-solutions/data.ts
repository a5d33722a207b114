import { z } from 'zod';
import { call, urlOf } from '../../api/call.ts';
import { downloadFile } from '../../api/download.ts';
import { municipalities } from '../../contract/municipalities.ts';
import { municipalitySolutions } from '../../contract/municipality-solutions.ts';
import { solutions } from '../../contract/solutions.ts';
import { users } from '../../contract/users.ts';
import { command } from '../../data/command.ts';
import { query } from '../../data/query.ts';
import { municipalityListSchema } from '../../domain/municipality.ts';
import {
  municipalityProgressSchema,
  progressFilterSchema,
  solutionGroupSchema,
  solutionSchema,
  taskSchema,
  SOLUTION_MESSAGES,
  type ProgressFilter,
} from '../../domain/solutions.ts';
import { roleHolderSchema } from '../../domain/users.ts';

/**
 * What only this feature reads: the programme's catalogue offered to a municipality (groups it
 * does not have yet, a group's solutions, a solution's tasks) and the progress of every
 * municipality. All online (query.online over the declarations): importing and searching need the server.
 * Screens and components import `municipalitySolutionsData` only (the recipe's one data object).
 */

/** Every read of the programme's catalogue here starts with this key (compared by value, so never shared with another feature's). */
const OFFERED = ['municipio-solucoes', 'catalogo'] as const;

/** GET list-not-in-municipio/{id}: the enabled groups of the municipality's programme it does not have yet. */
const useGroupsNotInMunicipality = query.online((municipioId: number | null) =>
  municipioId === null
    ? null
    : {
        key: [...OFFERED, 'grupos-fora', municipioId],
        fetch: (signal: AbortSignal) => call(solutions.groupsNotInMunicipality, { params: { id: municipioId }, signal }),
        schema: z.array(solutionGroupSchema),
        errorMessage: SOLUTION_MESSAGES.listGroupsError,
      },
);

/** POST get-by-grupo/{projeto}/{grupo}: the group's original solutions; null waits for a group. */
const useGroupSolutions = query.online((group: { projetoId: number; grupoSolucaoId: number } | null) =>
  group === null
    ? null
    : {
        key: [...OFFERED, 'solucoes', group.projetoId, group.grupoSolucaoId],
        fetch: (signal: AbortSignal) =>
          call(solutions.solutionsOfGroup, { params: { a: group.projetoId, b: group.grupoSolucaoId }, signal }),
        schema: z.array(solutionSchema),
        errorMessage: SOLUTION_MESSAGES.getSolutionsError,
      },
);

/** POST get-by-solucao: the programme tasks of one programme solution; null waits for a solution. */
const useProgrammeTasks = query.online((solucaoId: number | null) =>
  solucaoId === null
    ? null
    : {
        key: [...OFFERED, 'tarefas', solucaoId],
        fetch: (signal: AbortSignal) => call(solutions.tasksOfSolution, { body: { solucaoId }, signal }),
        schema: z.array(taskSchema),
        errorMessage: SOLUTION_MESSAGES.getTasksError,
      },
);

/** The municipalities the user sees (GET api/municipio): the filters' and the import dialog's options. */
const useMunicipalityOptions = query.online(() => ({
  key: ['municipio', 'visiveis'],
  fetch: (signal: AbortSignal) => call(municipalities.list, { signal }),
  schema: municipalityListSchema,
  errorMessage: 'Erro ao obter municípios',
}));

const useAllGroups = query.online(() => ({
  key: [...OFFERED, 'grupos'],
  fetch: (signal: AbortSignal) => call(solutions.groups, { query: {}, signal }),
  schema: z.array(solutionGroupSchema),
  errorMessage: SOLUTION_MESSAGES.listGroupsError,
}));

const useAllSolutions = query.online(() => ({
  key: [...OFFERED, 'solucoes'],
  fetch: (signal: AbortSignal) => call(solutions.solutions, { signal }),
  schema: z.array(solutionSchema),
  errorMessage: SOLUTION_MESSAGES.listSolutionsError,
}));

/** The programme's groups of solutions and solutions, for the progress filters. */
function useCatalogueOptions() {
  return { groups: useAllGroups(), solutions: useAllSolutions() };
}

/** GET api/usuario/consultores: the enabled consultants, for the progress filter. */
const useConsultantOptions = query.online(() => ({
  key: ['usuario', 'consultores'],
  fetch: (signal: AbortSignal) => call(users.consultants, { signal }),
  schema: z.array(roleHolderSchema),
  errorMessage: 'Erro ao obter usuários',
}));

/** POST get-andamento-municipios with the applied filter; null until the first search. */
const useProgressByMunicipality = query.online((filter: ProgressFilter | null) =>
  filter === null
    ? null
    : {
        key: ['andamento-municipios', filter],
        fetch: (signal: AbortSignal) => call(municipalitySolutions.progressByMunicipality, { body: filter, signal }),
        schema: z.array(municipalityProgressSchema),
        errorMessage: 'Erro ao obter o andamento das tarefas',
      },
);

/**
 * "Exportar Excel": the server builds the workbook of the progress for the filter (the city's
 * screen sends only its municipioId); the one download helper saves it as andamento-tarefas.xlsx.
 */
const exportProgress = command.online({
  send: (filter: ProgressFilter) =>
    downloadFile(urlOf(municipalitySolutions.exportProgress, {}), 'andamento-tarefas.xlsx', () => undefined, {
      json: progressFilterSchema.parse(filter),
    }),
  failure: { message: 'Erro ao exportar o andamento das tarefas' },
});

export const municipalitySolutionsData = {
  useGroupsNotInMunicipality,
  useGroupSolutions,
  useProgrammeTasks,
  useMunicipalityOptions,
  useCatalogueOptions,
  useConsultantOptions,
  useProgressByMunicipality,
  exportProgress,
};
