import { z } from 'zod';
import {
  CATALOGUE_SHEET,
  catalogueImportQuerySchema,
  catalogueImportResultSchema,
} from '../domain/catalogue-transfer.ts';
import { solutionTypeSchema } from '../domain/municipality-solutions.ts';
import { messageSchema } from '../domain/session.ts';
import {
  evidenceDefinitionInputSchema,
  evidenceDefinitionSchema,
  evidenceDefinitionUpdateSchema,
  solutionGroupInputSchema,
  solutionGroupSchema,
  solutionGroupUpdateSchema,
  solutionIdBodySchema,
  solutionInputSchema,
  solutionSchema,
  solutionUpdateSchema,
  taskInputSchema,
  taskSchema,
  taskUpdateSchema,
  vocabularyModeSchema,
} from '../domain/solutions.ts';
import { SNIFFED_MIME } from '../domain/uploads.ts';
import { endpoint, type JsonSchema } from './endpoint.ts';
import { errorResponses, fileResponse, idParam, idParams, idSchema, recordErrors as errors } from './schemas.ts';

const tags = ['solucao'];
const pairParams = z.object({ a: idParam, b: idParam });
const modeQuery = z.object({ modo: vocabularyModeSchema });
const idList = <K extends string>(name: K) => z.object({ [name]: z.array(idSchema).max(10000) } as Record<K, z.ZodArray<typeof idSchema>>);

/** Programme-level catalogue writes (Administração > Projetos e Soluções): admins or holders of that menu. */
const manager = { manage: 'menuProjetosSolucoes' } as const;
/** The catalogue's spreadsheet: the system's full administrator only. */
const fullAdmin = { admin: 'full' } as const;

const xlsxResponse = { 200: fileResponse('A planilha (xlsx)', SNIFFED_MIME.xlsx), ...errors };

/** The import's multipart body, for the OpenAPI document (the route reads it itself). */
const importForm: JsonSchema = {
  type: 'object',
  properties: { arquivo: { type: 'string', format: 'binary', description: `A planilha xlsx (até 2 MB), aba "${CATALOGUE_SHEET}"` } },
  required: ['arquivo'],
};

/** Delete (or disable once used) and re-enable: one pair per catalogue level, the same on each. */
function deletion(segment: 'grupoSolucao' | 'solucao' | 'tarefa') {
  return {
    remove: endpoint({
      method: 'DELETE',
      path: `/projeto/${segment}/:id`,
      summary: 'Exclui; desabilita em vez de excluir quando já foi usado',
      tags,
      access: manager,
      params: idParams,
      response: { 200: messageSchema, ...errors },
    }),
    enable: endpoint({
      method: 'PUT',
      path: `/projeto/${segment}/reabilitar/:id`,
      summary: 'Reabilita um registro desabilitado (uma tarefa só se sua solução está habilitada)',
      tags,
      access: manager,
      params: idParams,
      query: modeQuery,
      response: { 200: messageSchema, ...errors },
    }),
  };
}

/**
 * The programme's catalogue of solutions (spec §7 "Solutions", api/projeto/...): groups of
 * solutions, solutions, tasks and the evidence definitions of a task, the solution types, and the
 * catalogue's xlsx import and export. Any signed-in user reads it (custo, preço and tipo are
 * redacted without verCustoPreco / verTipoSolucao); writing needs an admin or the Projetos e
 * Soluções menu (`manage`), decided before the body is read; the spreadsheet, the full admin. The
 * groups a municipality may still bring in follow its Grupos tab. A municipality's own copy is
 * src/contract/municipality-solutions.ts.
 */
export const solutions = {
  // ------------------------------------------------------------ groups of solutions
  groups: endpoint({
    method: 'GET',
    path: '/projeto/grupoSolucao',
    summary: 'Grupos de soluções (de um projeto com ?projetoId)',
    tags,
    access: 'session',
    query: z.object({ projetoId: idParam.optional() }),
    response: { 200: z.array(solutionGroupSchema), ...errors },
  }),
  groupsNotInMunicipality: endpoint({
    method: 'GET',
    path: '/projeto/grupoSolucao/list-not-in-municipio/:id',
    summary: 'Grupos habilitados do projeto do município que ele ainda não tem',
    tags,
    access: { municipality: 'params.id', tab: 'grupo' },
    params: idParams,
    response: { 200: z.array(solutionGroupSchema), ...errors },
  }),
  importTemplate: endpoint({
    method: 'GET',
    path: '/projeto/grupoSolucao/modelo-importacao',
    summary: `Modelo de importação do catálogo: a aba "${CATALOGUE_SHEET}" com os cabeçalhos e uma linha de exemplo`,
    tags,
    access: fullAdmin,
    response: xlsxResponse,
  }),
  exportCatalogue: endpoint({
    method: 'GET',
    path: '/projeto/grupoSolucao/exportar/:id',
    summary: `Exporta o catálogo do projeto (grupos, soluções, tarefas e evidências) numa aba "${CATALOGUE_SHEET}", uma linha por evidência`,
    tags,
    access: fullAdmin,
    params: idParams,
    response: xlsxResponse,
  }),
  importCatalogue: endpoint({
    method: 'POST',
    path: '/projeto/grupoSolucao/importar/:id',
    summary:
      'Importa o catálogo de uma planilha (multipart, campo arquivo). confirmar=false: prévia, nada é gravado; confirmar=true: grava tudo numa transação, ou nada se houver erro. Casa por nome no projeto: atualiza, não duplica',
    tags,
    access: fullAdmin,
    params: idParams,
    query: catalogueImportQuerySchema,
    response: { 200: catalogueImportResultSchema, ...errorResponses(400, 401, 403, 404, 409, 413) },
    docs: { bodies: { 'multipart/form-data': importForm } },
  }),
  group: endpoint({
    method: 'GET',
    path: '/projeto/grupoSolucao/:id',
    summary: 'Um grupo de soluções',
    tags,
    access: 'session',
    params: idParams,
    response: { 200: solutionGroupSchema, ...errors },
  }),
  createGroup: endpoint({
    method: 'POST',
    path: '/projeto/grupoSolucao',
    summary: 'Cadastra um grupo de soluções',
    tags,
    access: manager,
    body: solutionGroupInputSchema,
    response: { 201: solutionGroupSchema, ...errors },
  }),
  updateGroup: endpoint({
    method: 'PUT',
    path: '/projeto/grupoSolucao',
    summary: 'Atualiza um grupo de soluções',
    tags,
    access: manager,
    body: solutionGroupUpdateSchema,
    response: { 200: solutionGroupSchema, ...errors },
  }),

  // ------------------------------------------------------------ solutions
  solutions: endpoint({
    method: 'GET',
    path: '/projeto/solucao',
    summary: 'Soluções (custo e preço só com verCustoPreco; tipo só com verTipoSolucao)',
    tags,
    access: 'session',
    response: { 200: z.array(solutionSchema), ...errors },
  }),
  allSolutions: endpoint({
    method: 'GET',
    path: '/projeto/solucao/listAll',
    summary: 'Todas as soluções',
    tags,
    access: 'session',
    response: { 200: z.array(solutionSchema), ...errors },
  }),
  solutionsOfGroup: endpoint({
    method: 'POST',
    path: '/projeto/solucao/get-by-grupo/:a/:b',
    summary: 'Soluções de um grupo (a: projeto, b: grupo de soluções)',
    tags,
    access: 'session',
    params: pairParams,
    response: { 200: z.array(solutionSchema), ...errors },
  }),
  solutionsOfAxes: endpoint({
    method: 'POST',
    path: '/projeto/solucao/get-by-eixos',
    summary: 'Soluções dos grupos que trabalham os eixos',
    tags,
    access: 'session',
    body: idList('eixoIds'),
    response: { 200: z.array(solutionSchema), ...errors },
  }),
  solution: endpoint({
    method: 'GET',
    path: '/projeto/solucao/:id',
    summary: 'Uma solução',
    tags,
    access: 'session',
    params: idParams,
    response: { 200: solutionSchema, ...errors },
  }),
  createSolution: endpoint({
    method: 'POST',
    path: '/projeto/solucao',
    summary: 'Cadastra uma solução',
    tags,
    access: manager,
    body: solutionInputSchema,
    response: { 201: solutionSchema, ...errors },
  }),
  updateSolution: endpoint({
    method: 'PUT',
    path: '/projeto/solucao',
    summary: 'Atualiza uma solução',
    tags,
    access: manager,
    body: solutionUpdateSchema,
    response: { 200: solutionSchema, ...errors },
  }),
  types: endpoint({
    method: 'GET',
    path: '/solucao-tipo',
    summary: 'Tipos de solução do tenant (o combo Tipo do formulário de solução)',
    tags,
    access: 'session',
    response: { 200: z.array(solutionTypeSchema), ...errors },
  }),

  // ------------------------------------------------------------ tasks
  tasks: endpoint({
    method: 'GET',
    path: '/projeto/tarefa',
    summary: 'Tarefas com suas evidências',
    tags,
    access: 'session',
    response: { 200: z.array(taskSchema), ...errors },
  }),
  tasksOfSolutions: endpoint({
    method: 'POST',
    path: '/projeto/tarefa/get-by-solucoes',
    summary: 'Tarefas de várias soluções',
    tags,
    access: 'session',
    body: idList('solucaoIds'),
    response: { 200: z.array(taskSchema), ...errors },
  }),
  tasksOfSolution: endpoint({
    method: 'POST',
    path: '/projeto/tarefa/get-by-solucao',
    summary: 'Tarefas de uma solução',
    tags,
    access: 'session',
    body: solutionIdBodySchema,
    response: { 200: z.array(taskSchema), ...errors },
  }),
  task: endpoint({
    method: 'GET',
    path: '/projeto/tarefa/:id',
    summary: 'Uma tarefa',
    tags,
    access: 'session',
    params: idParams,
    response: { 200: taskSchema, ...errors },
  }),
  createTask: endpoint({
    method: 'POST',
    path: '/projeto/tarefa',
    summary: 'Cadastra uma tarefa com suas evidências',
    tags,
    access: manager,
    body: taskInputSchema,
    response: { 201: taskSchema, ...errors },
  }),
  updateTask: endpoint({
    method: 'PUT',
    path: '/projeto/tarefa',
    summary: 'Atualiza uma tarefa',
    tags,
    access: manager,
    body: taskUpdateSchema,
    response: { 200: taskSchema, ...errors },
  }),

  // ------------------------------------------------------------ evidence definitions of a task
  evidences: endpoint({
    method: 'GET',
    path: '/projeto/evidencia',
    summary: 'Evidências das tarefas',
    tags,
    access: 'session',
    response: { 200: z.array(evidenceDefinitionSchema), ...errors },
  }),
  evidence: endpoint({
    method: 'GET',
    path: '/projeto/evidencia/:id',
    summary: 'Uma evidência',
    tags,
    access: 'session',
    params: idParams,
    response: { 200: evidenceDefinitionSchema, ...errors },
  }),
  createEvidence: endpoint({
    method: 'POST',
    path: '/projeto/evidencia',
    summary: 'Cadastra uma evidência de uma tarefa',
    tags,
    access: manager,
    body: evidenceDefinitionInputSchema,
    response: { 201: evidenceDefinitionSchema, ...errors },
  }),
  updateEvidence: endpoint({
    method: 'PUT',
    path: '/projeto/evidencia',
    summary: 'Atualiza uma evidência',
    tags,
    access: manager,
    body: evidenceDefinitionUpdateSchema,
    response: { 200: evidenceDefinitionSchema, ...errors },
  }),
  removeEvidence: endpoint({
    method: 'DELETE',
    path: '/projeto/evidencia/:id',
    summary: 'Exclui uma evidência',
    tags,
    access: manager,
    params: idParams,
    response: { 200: messageSchema, ...errors },
  }),

  // ------------------------------------------------------------ delete (or disable once used) and re-enable
  removal: { group: deletion('grupoSolucao'), solution: deletion('solucao'), task: deletion('tarefa') },
};
