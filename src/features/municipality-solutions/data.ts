import { z } from 'zod';
import { call, urlOf } from '../../api/call.ts';
import { downloadFile } from '../../api/download.ts';
import { useServerData } from '../../api/use-server-data.ts';
import { municipalities } from '../../contract/municipalities.ts';
import { municipalitySolutions } from '../../contract/municipality-solutions.ts';
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
 * municipality. All online: importing and searching need the server. The catalogue's reads still
 * write their paths until the catalogue is declared (src/contract/solutions.ts, another step).
 */

const groupListSchema = z.array(solutionGroupSchema);
const solutionListSchema = z.array(solutionSchema);
const taskListSchema = z.array(taskSchema);

/** GET list-not-in-municipio/{id}: the enabled groups of the municipality's programme it does not have yet. */
export function useGroupsNotInMunicipality(municipioId: number | null) {
  return useServerData(
    municipioId === null ? null : `projeto/grupoSolucao/list-not-in-municipio/${municipioId}`,
    groupListSchema,
    SOLUTION_MESSAGES.listGroupsError,
  );
}

/** POST get-by-grupo/{projeto}/{grupo}: the group's original solutions; null waits for a group. */
export function useGroupSolutions(group: { projetoId: number; grupoSolucaoId: number } | null) {
  return useServerData(
    group === null ? null : { path: `projeto/solucao/get-by-grupo/${group.projetoId}/${group.grupoSolucaoId}`, body: {} },
    solutionListSchema,
    SOLUTION_MESSAGES.getSolutionsError,
  );
}

/** POST get-by-solucao: the programme tasks of one programme solution; null waits for a solution. */
export function useProgrammeTasks(solucaoId: number | null) {
  return useServerData(
    solucaoId === null ? null : { path: 'projeto/tarefa/get-by-solucao', body: { solucaoId } },
    taskListSchema,
    SOLUTION_MESSAGES.getTasksError,
  );
}

/** The municipalities the user sees (GET api/municipio): the filters' and the import dialog's options. */
export const useMunicipalityOptions = query.online(() => ({
  key: ['municipio', 'visiveis'],
  fetch: (signal: AbortSignal) => call(municipalities.list, { signal }),
  schema: municipalityListSchema,
  errorMessage: 'Erro ao obter municípios',
}));

/** The programme's groups of solutions and solutions, for the progress filters. */
export function useCatalogueOptions() {
  const groups = useServerData('projeto/grupoSolucao', groupListSchema, SOLUTION_MESSAGES.listGroupsError);
  const solutions = useServerData('projeto/solucao', solutionListSchema, SOLUTION_MESSAGES.listSolutionsError);
  return { groups, solutions };
}

export function useConsultantOptions() {
  return useServerData('usuario/consultores', z.array(roleHolderSchema), 'Erro ao obter usuários');
}

/** POST get-andamento-municipios with the applied filter; null until the first search. */
export const useProgressByMunicipality = query.online((filter: ProgressFilter | null) =>
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
export const exportProgress = command.online({
  send: (filter: ProgressFilter) =>
    downloadFile(urlOf(municipalitySolutions.exportProgress, {}), 'andamento-tarefas.xlsx', () => undefined, {
      json: progressFilterSchema.parse(filter),
    }),
  failure: { message: 'Erro ao exportar o andamento das tarefas' },
});
