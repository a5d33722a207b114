import { z } from 'zod';
import { summaryCreateSchema, summarySchema, summaryUpdateSchema } from '../domain/municipality-summary.ts';
import { endpoint } from './endpoint.ts';
import { idParams, readErrors, recordErrors as errors } from './schemas.ts';

/**
 * The municipality summary (spec §7 api/municipio-resunmo, the spec's spelling; §2
 * /cidade/{id}/resumo-municipio). Whoever sees the municipality reads and adds; the author or an
 * administrator edits (server/features/municipality-summary/commands.ts: the rule reads the row).
 */
const tags = ['resumo-municipio'];
const BASE = '/municipio-resunmo';
const summary = (id: 'params.id' | 'body.resumoId') => ({ record: { of: 'municipalitySummary', id } }) as const;

export const municipalitySummary = {
  list: endpoint({
    method: 'GET',
    path: `${BASE}/municipio/:id`,
    summary: 'Os resumos de um município, do mais recente ao mais antigo',
    tags,
    access: { municipality: 'params.id' },
    params: idParams,
    response: { 200: z.array(summarySchema), ...readErrors },
  }),
  get: endpoint({
    method: 'GET',
    path: `${BASE}/:id`,
    summary: 'Um resumo',
    tags,
    access: summary('params.id'),
    params: idParams,
    response: { 200: summarySchema, ...readErrors },
  }),
  create: endpoint({
    method: 'POST',
    path: BASE,
    summary: 'Adicionar um resumo (texto em HTML, limpo pelo servidor como o dos relatórios)',
    tags,
    access: { municipality: 'body.municipioId' },
    body: summaryCreateSchema,
    response: { 201: summarySchema, ...errors },
  }),
  update: endpoint({
    method: 'PUT',
    path: BASE,
    summary: 'Alterar um resumo (o autor ou um administrador)',
    tags,
    access: summary('body.resumoId'),
    body: summaryUpdateSchema,
    response: { 200: summarySchema, ...errors },
  }),
};
