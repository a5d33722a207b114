import { z } from 'zod';
import {
  finalizeSolutionsSchema,
  groupStartedSchema,
  municipalityGroupUpdateSchema,
  municipalitySolutionUpdateSchema,
  startSolutionSchema,
  taskCheckSchema,
} from '../domain/municipality-solutions.ts';
import { messageSchema } from '../domain/session.ts';
import { SNIFFED_MIME } from '../domain/uploads.ts';
import { PROGRESS_EXPORT_LIMIT, PROGRESS_ROW_LIMIT, taskProgressPageSchema } from '../domain/solution-progress.ts';
import {
  addGroupToMunicipalitySchema,
  addTasksToSolutionSchema,
  municipalityEvidenceInputSchema,
  municipalityEvidenceSchema,
  municipalityEvidenceUpdateSchema,
  municipalityGroupSchema,
  municipalityProgressSchema,
  municipalitySolutionSchema,
  municipalityTaskSchema,
  municipalityTaskUpdateSchema,
  municipioBodySchema,
  progressFilterSchema,
  solutionProgressSchema,
  taskProgressSchema,
  vocabularyModeSchema,
} from '../domain/solutions.ts';
import { endpoint, type IdSource } from './endpoint.ts';
import { fileResponse, idParam, idParams, idSchema, recordErrors as errors } from './schemas.ts';

const tags = ['solucao'];
const pairParams = z.object({ a: idParam, b: idParam });

/** The city tab every call on a municipality's groups, solutions, tasks and evidences belongs to. */
const inCity = (source: IdSource) => ({ municipality: source, tab: 'grupo' }) as const;
/** A record of the municipality's solutions (server/features/municipality-solutions/access.ts), under the Grupos tab. */
const record = <K extends 'municipalitySolutionGroup' | 'municipalitySolution' | 'municipalityTask' | 'municipalityEvidence'>(
  of: K,
  id: IdSource,
) => ({ record: { of, id }, tab: 'grupo' }) as const;
/** The progress of one municipality: its Andamento tab. */
const progressOf = (source: IdSource) => ({ municipality: source, tab: 'andamento' }) as const;

/**
 * A municipality's solutions (spec §7 "Solutions, groups and tasks of a municipality", api/municipio/...):
 * the groups, solutions, tasks and evidence definitions the municipality brought in from the
 * programme's catalogue, a solution's course (started, to finalize, finalized), and the task
 * progress (api/dashboard/get-andamento-*, api/municipio/municipiotarefa/*andamento*).
 * Reading follows the city's Grupos tab (the Andamento tab for the progress); a record of a
 * municipality out of sight answers like a missing one. Writing also needs a role in the
 * municipality (canWriteCityGroups): checked by the handler, since the vocabulary has no rule that
 * reads the municipality's roles.
 */
export const municipalitySolutions = {
  // ------------------------------------------------------------ groups of a municipality
  groupsOfProject: endpoint({
    method: 'GET',
    path: '/municipio/municipiogruposolucao/get-by-projeto/:id',
    summary: 'Grupos de soluções do projeto trazidos aos municípios que o usuário vê (id: projeto)',
    tags,
    access: 'session',
    params: idParams,
    response: { 200: z.array(municipalityGroupSchema), ...errors },
  }),
  groupStarted: endpoint({
    method: 'POST',
    path: '/municipio/municipiogruposolucao/grupo-solucao-iniciado/:id',
    summary: 'Se o grupo do município foi iniciado: alguma de suas soluções iniciada (id: grupo do município)',
    tags,
    access: record('municipalitySolutionGroup', 'params.id'),
    params: idParams,
    response: { 200: groupStartedSchema, ...errors },
  }),
  group: endpoint({
    method: 'GET',
    path: '/municipio/municipiogruposolucao/:id',
    summary: 'Um grupo do município',
    tags,
    access: record('municipalitySolutionGroup', 'params.id'),
    params: idParams,
    response: { 200: municipalityGroupSchema, ...errors },
  }),
  renameGroup: endpoint({
    method: 'PUT',
    path: '/municipio/municipiogruposolucao',
    summary: 'Renomeia um grupo do município (a cópia do município; o grupo do projeto não muda)',
    tags,
    access: record('municipalitySolutionGroup', 'body.municipioGrupoSolucaoId'),
    body: municipalityGroupUpdateSchema,
    response: { 200: municipalityGroupSchema, ...errors },
  }),
  groups: endpoint({
    method: 'POST',
    path: '/municipio/municipiogruposolucao/list-by-municipio',
    summary: 'Grupos de soluções do município (com os desabilitados)',
    tags,
    access: inCity('body.municipioId'),
    body: municipioBodySchema,
    response: { 200: z.array(municipalityGroupSchema), ...errors },
  }),
  groupsOfMunicipality: endpoint({
    method: 'GET',
    path: '/municipio/municipiogruposolucao/list-grupo-solucao-by-municipioId/:id',
    summary: 'Grupos de soluções do município (com os desabilitados)',
    tags,
    access: inCity('params.id'),
    params: idParams,
    response: { 200: z.array(municipalityGroupSchema), ...errors },
  }),
  addGroup: endpoint({
    method: 'POST',
    path: '/municipio/municipiosolucao/add-by-grupo-solucao',
    summary: 'Traz um grupo de soluções do projeto para o município, com as soluções escolhidas e suas tarefas',
    tags,
    access: inCity('body.municipioId'),
    body: addGroupToMunicipalitySchema,
    response: { 201: municipalityGroupSchema, ...errors },
  }),
  disableGroup: endpoint({
    method: 'DELETE',
    path: '/municipio/municipiogruposolucao/:id',
    summary: 'Desabilita um grupo do município',
    tags,
    access: record('municipalitySolutionGroup', 'params.id'),
    params: idParams,
    response: { 200: messageSchema, ...errors },
  }),
  reenableGroup: endpoint({
    method: 'PUT',
    path: '/municipio/municipioGrupoSolucao/reabilitar-grupos/:a/:b',
    summary: 'Reabilita um grupo do município (a: município, b: grupo do município)',
    tags,
    access: inCity('params.a'),
    params: pairParams,
    response: { 200: municipalityGroupSchema, ...errors },
  }),

  // ------------------------------------------------------------ solutions of a municipality
  permitted: endpoint({
    method: 'GET',
    path: '/municipio/municipiosolucao/get-by-permissao-municipio/:id',
    summary:
      'Soluções habilitadas (de grupos habilitados) do município, para quem pode vê-lo: um papel nele, permissão de soluções ou todos os municípios (id: município)',
    tags,
    // No tab: the forms of other tabs (reports, meetings) choose among these solutions.
    access: { municipality: 'params.id' },
    params: idParams,
    response: { 200: z.array(municipalitySolutionSchema), ...errors },
  }),
  toFinalize: endpoint({
    method: 'GET',
    path: '/municipio/municipiosolucao/solucoes-a-finalizar/:id',
    summary:
      'Soluções a finalizar do município: iniciadas (marcadas, com tarefa cumprida em relatório ou com a data de início alcançada), não finalizadas e habilitadas (id: município)',
    tags,
    access: inCity('params.id'),
    params: idParams,
    response: { 200: z.array(municipalitySolutionSchema), ...errors },
  }),
  finalize: endpoint({
    method: 'POST',
    path: '/municipio/municipiosolucao/finalizar-solucoes',
    summary: 'Finaliza soluções a finalizar do município (todas ou nenhuma); a data de término, se vazia, fica a de hoje',
    tags,
    access: inCity('body.municipioId'),
    body: finalizeSolutionsSchema,
    response: { 200: z.array(municipalitySolutionSchema), ...errors },
  }),
  start: endpoint({
    method: 'POST',
    path: '/municipio/municipiosolucao/solucao-iniciada',
    summary: 'Marca uma solução do município como iniciada; a data de início, se vazia, fica a de hoje',
    tags,
    access: record('municipalitySolution', 'body.municipioSolucaoId'),
    body: startSolutionSchema,
    response: { 200: municipalitySolutionSchema, ...errors },
  }),
  checkTask: endpoint({
    method: 'POST',
    path: '/municipio/municipiosolucao/verificar-tarefa/:a/:b',
    summary: 'Se a tarefa do projeto já está na solução do município (a: solução do município, b: tarefa do projeto)',
    tags,
    access: record('municipalitySolution', 'params.a'),
    params: pairParams,
    response: { 200: taskCheckSchema, ...errors },
  }),
  solution: endpoint({
    method: 'GET',
    path: '/municipio/municipiosolucao/:id',
    summary: 'Uma solução do município',
    tags,
    access: record('municipalitySolution', 'params.id'),
    params: idParams,
    response: { 200: municipalitySolutionSchema, ...errors },
  }),
  updateSolution: endpoint({
    method: 'PUT',
    path: '/municipio/municipiosolucao',
    summary: 'Atualiza nome, justificativa e datas de uma solução do município (a cópia do município)',
    tags,
    access: record('municipalitySolution', 'body.municipioSolucaoId'),
    body: municipalitySolutionUpdateSchema,
    response: { 200: municipalitySolutionSchema, ...errors },
  }),
  solutions: endpoint({
    method: 'POST',
    path: '/municipio/municipiosolucao/list-by-municipio',
    summary: 'Soluções do município (com as desabilitadas)',
    tags,
    access: inCity('body.municipioId'),
    body: municipioBodySchema,
    response: { 200: z.array(municipalitySolutionSchema), ...errors },
  }),
  disableSolution: endpoint({
    method: 'DELETE',
    path: '/municipio/municipiosolucao/:id',
    summary: 'Desabilita uma solução do município',
    tags,
    access: record('municipalitySolution', 'params.id'),
    params: idParams,
    response: { 200: messageSchema, ...errors },
  }),
  reenableSolution: endpoint({
    method: 'PUT',
    path: '/municipio/municipioSolucao/reabilitar-solucao/:a/:b',
    summary: 'Reabilita uma solução do município (a: município, b: solução do município); recusa se o grupo está desabilitado',
    tags,
    access: inCity('params.a'),
    params: pairParams,
    response: { 200: municipalitySolutionSchema, ...errors },
  }),

  // ------------------------------------------------------------ tasks of a municipality
  tasks: endpoint({
    method: 'POST',
    path: '/municipio/municipiotarefa/list-by-municipio',
    summary: 'Tarefas do município (com as desabilitadas) e suas evidências habilitadas',
    tags,
    access: inCity('body.municipioId'),
    body: municipioBodySchema,
    response: { 200: z.array(municipalityTaskSchema), ...errors },
  }),
  tasksOfSolutions: endpoint({
    method: 'POST',
    path: '/municipio/municipiotarefa/get-by-solucoes',
    summary: 'Tarefas de soluções de um município',
    tags,
    access: inCity('body.municipioId'),
    body: municipioBodySchema.extend({ municipioSolucaoIds: z.array(idSchema).max(10000) }),
    response: { 200: z.array(municipalityTaskSchema), ...errors },
  }),
  updateTask: endpoint({
    method: 'PUT',
    path: '/municipio/municipiotarefa',
    summary: 'Atualiza nome, descrição e horas de uma tarefa do município',
    tags,
    access: record('municipalityTask', 'body.municipioTarefaId'),
    body: municipalityTaskUpdateSchema,
    response: { 200: municipalityTaskSchema, ...errors },
  }),
  addTasks: endpoint({
    method: 'POST',
    path: '/municipio/municipiotarefa/add-by-solucao',
    summary: 'Traz tarefas do projeto para uma solução do município',
    tags,
    access: inCity('body.municipioId'),
    body: addTasksToSolutionSchema,
    response: { 201: z.array(municipalityTaskSchema), ...errors },
  }),
  removeTask: endpoint({
    method: 'DELETE',
    path: '/municipio/municipiotarefa/:id',
    summary: 'Exclui uma tarefa do município; desabilita se um relatório já a usa',
    tags,
    access: record('municipalityTask', 'params.id'),
    params: idParams,
    response: { 200: messageSchema, ...errors },
  }),
  reenableTask: endpoint({
    method: 'POST',
    path: '/municipio/municipiotarefa/reabilitar-tarefas/:id',
    summary: 'Reabilita uma tarefa do município; recusa se a solução (ou o grupo) está desabilitada',
    tags,
    access: record('municipalityTask', 'params.id'),
    params: idParams,
    query: z.object({ modo: vocabularyModeSchema }),
    response: { 200: municipalityTaskSchema, ...errors },
  }),

  // ------------------------------------------------------------ evidence definitions of a municipality
  evidences: endpoint({
    method: 'POST',
    path: '/municipio/municipioevidencia/list-by-municipio',
    summary: 'Evidências das tarefas do município (com as desativadas)',
    tags,
    access: inCity('body.municipioId'),
    body: municipioBodySchema,
    response: { 200: z.array(municipalityEvidenceSchema), ...errors },
  }),
  evidence: endpoint({
    method: 'GET',
    path: '/municipio/municipioevidencia/:id',
    summary: 'Uma evidência do município',
    tags,
    access: record('municipalityEvidence', 'params.id'),
    params: idParams,
    response: { 200: municipalityEvidenceSchema, ...errors },
  }),
  createEvidence: endpoint({
    method: 'POST',
    path: '/municipio/municipioevidencia',
    summary: 'Cadastra uma evidência numa tarefa do município',
    tags,
    access: record('municipalityTask', 'body.municipioTarefaId'),
    body: municipalityEvidenceInputSchema,
    response: { 201: municipalityEvidenceSchema, ...errors },
  }),
  updateEvidence: endpoint({
    method: 'PUT',
    path: '/municipio/municipioevidencia',
    summary: 'Atualiza uma evidência do município',
    tags,
    access: record('municipalityEvidence', 'body.municipioEvidenciaId'),
    body: municipalityEvidenceUpdateSchema,
    response: { 200: municipalityEvidenceSchema, ...errors },
  }),
  deactivateEvidence: endpoint({
    method: 'PUT',
    path: '/municipio/municipioevidencia/desativar-evidencia/:id',
    summary: 'Desativa uma evidência do município (deixa de ser pedida nos relatórios)',
    tags,
    access: record('municipalityEvidence', 'params.id'),
    params: idParams,
    response: { 200: municipalityEvidenceSchema, ...errors },
  }),
  removeEvidence: endpoint({
    method: 'DELETE',
    path: '/municipio/municipioevidencia/:id',
    summary: 'Exclui uma evidência do município',
    tags,
    access: record('municipalityEvidence', 'params.id'),
    params: idParams,
    response: { 200: messageSchema, ...errors },
  }),

  // ------------------------------------------------------------ progress
  progressRows: endpoint({
    method: 'POST',
    path: '/municipio/municipiotarefa/get-andamento-by-filtro',
    summary: `Andamento tarefa a tarefa nos municípios que o usuário vê (filtros: município, solução, grupo, consultor, período); no máximo ${PROGRESS_ROW_LIMIT} linhas, com o total`,
    tags,
    // The server narrows the rows to the municipalities the user sees.
    access: 'session',
    body: progressFilterSchema,
    response: { 200: taskProgressPageSchema, ...errors },
  }),
  exportProgress: endpoint({
    method: 'POST',
    path: '/municipio/municipiotarefa/exportar-andamento',
    summary: `O andamento tarefa a tarefa como planilha (mesmo filtro; até ${PROGRESS_EXPORT_LIMIT} linhas)`,
    tags,
    // The municipality is optional in the filter: the handler opens it (with its Andamento tab) when named.
    access: 'session',
    // A download changes nothing, and a streamed answer cannot be kept for a replay.
    idempotency: false,
    body: progressFilterSchema,
    response: { 200: fileResponse('A planilha (xlsx)', SNIFFED_MIME.xlsx), ...errors },
  }),
  progressByMunicipality: endpoint({
    method: 'POST',
    path: '/dashboard/get-andamento-municipios',
    summary: 'Andamento das tarefas por município (filtros: município, solução, grupo, consultor, período)',
    tags,
    // Only the municipalities the user may see: a filter naming another one simply finds nothing.
    access: 'session',
    body: progressFilterSchema,
    response: { 200: z.array(municipalityProgressSchema), ...errors },
  }),
  progressBySolution: endpoint({
    method: 'GET',
    path: '/dashboard/get-andamento-solucoes/:id',
    summary: 'Andamento das soluções de um município',
    tags,
    access: progressOf('params.id'),
    params: idParams,
    response: { 200: z.array(solutionProgressSchema), ...errors },
  }),
  progressByTask: endpoint({
    method: 'GET',
    path: '/dashboard/get-andamento-tarefas/:id',
    summary: 'Andamento das tarefas de um município',
    tags,
    access: progressOf('params.id'),
    params: idParams,
    response: { 200: z.array(taskProgressSchema), ...errors },
  }),
};
