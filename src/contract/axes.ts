import { axisListSchema } from '../domain/axes.ts';
import { endpoint } from './endpoint.ts';
import { errorResponses, idParams } from './schemas.ts';

const tags = ['eixo'];
const errors = errorResponses(400, 401, 404);

/**
 * Axes (spec §7 api/projeto/eixo). They are reference data every signed-in user reads to fill
 * combos, so listing needs no flag; only the per-municipality list applies the user's permissions.
 */
export const axes = {
  list: endpoint({
    method: 'GET',
    path: '/projeto/eixo/get-eixo',
    summary: 'Todos os eixos',
    tags,
    access: 'session',
    response: { 200: axisListSchema, ...errors },
  }),
  ofProject: endpoint({
    method: 'GET',
    path: '/projeto/eixo/get-eixo-by-projeto/:id',
    summary: 'Eixos de um projeto',
    tags,
    access: 'session',
    params: idParams,
    response: { 200: axisListSchema, ...errors },
  }),
  ofMunicipality: endpoint({
    method: 'GET',
    path: '/projeto/eixo/get-eixo-by-permissao-municipio/:id',
    summary: 'Eixos do município que o usuário pode ver (todos com verTodosEixos; senão, os das suas permissões)',
    tags,
    access: { municipality: 'params.id' },
    params: idParams,
    response: { 200: axisListSchema, ...errors },
  }),
};
