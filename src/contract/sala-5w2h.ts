import { z } from 'zod';
import { planHashSchema, planInputSchema, planSchema, planUpdateSchema, publicPlanSchema } from '../domain/sala-5w2h.ts';
import { endpoint } from './endpoint.ts';
import { errorResponses, idParam, idParams, readErrors, recordErrors as errors } from './schemas.ts';

const tags = ['sala-5w2h'];
const BASE = '/sala5w2h';
const plan = (id: 'params.id' | 'body.sala5w2hId') => ({ record: { of: 'salaPlan', id } }) as const;

/**
 * 5W2H action plans of a Sala do Empreendedor (spec §7 api/sala5w2h). The room is its municipality
 * (one room per municipality): whoever sees the municipality reads and writes its plans, and a plan of
 * a municipality out of sight answers like a missing one (404). GET {hash}/{id} is public: it answers
 * only when the plan's current secret is given, so neither ids nor revoked links open anything.
 * Sharing and revoking the link are two routes of their own (the spec names the read only).
 */
export const sala5w2h = {
  create: endpoint({
    method: 'POST',
    path: `${BASE}/cadastrar-5w2h`,
    summary: 'Cadastrar um plano de ação 5W2H na sala do município',
    tags,
    access: { municipality: 'body.municipioId' },
    body: planInputSchema,
    response: { 201: planSchema, ...errors },
  }),
  update: endpoint({
    method: 'PUT',
    path: `${BASE}/atualizar-5w2h`,
    summary: 'Atualizar um plano de ação 5W2H (também sua situação e progresso)',
    tags,
    access: plan('body.sala5w2hId'),
    body: planUpdateSchema,
    response: { 200: planSchema, ...errors },
  }),
  remove: endpoint({
    method: 'DELETE',
    path: `${BASE}/:id`,
    summary: 'Excluir um plano de ação 5W2H',
    tags,
    access: plan('params.id'),
    params: idParams,
    response: { 204: z.null(), ...errors },
  }),
  list: endpoint({
    method: 'GET',
    path: BASE,
    summary: 'Os planos de ação 5W2H da sala de um município',
    tags,
    access: { municipality: 'query.municipioId' },
    query: z.object({ municipioId: idParam }),
    response: { 200: z.array(planSchema), ...readErrors },
  }),
  share: endpoint({
    method: 'PUT',
    path: `${BASE}/compartilhar/:id`,
    summary: 'Criar um novo link público do plano (o anterior deixa de abrir)',
    tags,
    access: plan('params.id'),
    params: idParams,
    response: { 200: planSchema, ...errors },
  }),
  revoke: endpoint({
    method: 'DELETE',
    path: `${BASE}/compartilhar/:id`,
    summary: 'Revogar o link público do plano',
    tags,
    access: plan('params.id'),
    params: idParams,
    response: { 200: planSchema, ...errors },
  }),
  public: endpoint({
    method: 'GET',
    path: `${BASE}/:hash/:id`,
    summary: 'Um plano de ação pelo seu link público (somente leitura, sem login)',
    tags,
    access: 'public',
    params: z.object({ hash: planHashSchema, id: idParam }),
    response: { 200: publicPlanSchema, ...errorResponses(400, 404) },
  }),
};
