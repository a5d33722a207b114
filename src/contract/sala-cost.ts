import { z } from 'zod';
import { costInputSchema, costRoomSchema, costRowSchema, costUpdateSchema } from '../domain/sala-cost.ts';
import { endpoint } from './endpoint.ts';
import { idParams, readErrors, recordErrors as errors } from './schemas.ts';

const tags = ['sala-custo'];
const BASE = '/salacusto';
const cost = (id: 'params.id' | 'body.salaCustoId') => ({ record: { of: 'salaCost', id } }) as const;

/**
 * The cost room of a Sala do Empreendedor (spec §7 api/salacusto: cadastrar-custo, atualizar-custo,
 * obter-custo-por-municipio/{id}, "same shape" as the 5W2H family: DELETE {id}). Whoever sees the
 * municipality reads and writes its costs; another municipality's cost answers like a missing one.
 */
export const salaCost = {
  create: endpoint({
    method: 'POST',
    path: `${BASE}/cadastrar-custo`,
    summary: 'Cadastrar um custo da sala',
    tags,
    access: { municipality: 'body.municipioId' },
    body: costInputSchema,
    response: { 201: costRowSchema, ...errors },
  }),
  update: endpoint({
    method: 'PUT',
    path: `${BASE}/atualizar-custo`,
    summary: 'Atualizar um custo da sala',
    tags,
    access: cost('body.salaCustoId'),
    body: costUpdateSchema,
    response: { 200: costRowSchema, ...errors },
  }),
  remove: endpoint({
    method: 'DELETE',
    path: `${BASE}/:id`,
    summary: 'Excluir um custo da sala',
    tags,
    access: cost('params.id'),
    params: idParams,
    response: { 204: z.null(), ...errors },
  }),
  ofMunicipality: endpoint({
    method: 'GET',
    path: `${BASE}/obter-custo-por-municipio/:id`,
    summary: 'Os custos da sala do município, com os totais por categoria, mês e serviço e o custo por atendimento',
    tags,
    access: { municipality: 'params.id' },
    params: idParams,
    response: { 200: costRoomSchema, ...readErrors },
  }),
};
