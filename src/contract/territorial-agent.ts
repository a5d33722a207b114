import { z } from 'zod';
import {
  finishedThemeSchema,
  govViewSchema,
  radarRequestSchema,
  radarSchema,
  taskReportSolutionSchema,
} from '../domain/territorial-agent.ts';
import { endpoint } from './endpoint.ts';
import { idParams, readErrors } from './schemas.ts';

/**
 * The territorial agent's municipality tabs (issue 31; spec §7 api/municipio). Reads of data other
 * domains write; whoever sees the municipality reads them (the screens decide who sees the tabs).
 */
const tags = ['agente-territorial'];

export const territorialAgent = {
  radar: endpoint({
    method: 'POST',
    path: '/municipio/get-radar',
    summary: 'O radar do município: pontos obtidos e possíveis por eixo e a situação do diagnóstico',
    tags,
    access: { municipality: 'body.municipioId' },
    body: radarRequestSchema,
    response: { 200: radarSchema, ...readErrors },
  }),
  finishedThemes: endpoint({
    method: 'GET',
    path: '/municipio/municipioTemaPonto/get-temas-finalizados/:id',
    summary: 'Os temas finalizados do município, com os pontos e a data de finalização',
    tags,
    access: { municipality: 'params.id' },
    params: idParams,
    response: { 200: z.array(finishedThemeSchema), ...readErrors },
  }),
  taskReport: endpoint({
    method: 'GET',
    path: '/municipio/relatorio-tarefa/:id',
    summary: 'As soluções e tarefas do município com andamento, responsáveis, datas, situação e horas',
    tags,
    access: { municipality: 'params.id' },
    params: idParams,
    response: { 200: z.array(taskReportSolutionSchema), ...readErrors },
  }),
  gov: endpoint({
    method: 'GET',
    path: '/municipio/get-municipio-gov/:id',
    summary: 'O município na leitura Gov: instituições, categorias, fases e atividades',
    tags,
    access: { municipality: 'params.id' },
    params: idParams,
    response: { 200: govViewSchema, ...readErrors },
  }),
};
