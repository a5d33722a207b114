import { z } from 'zod';
import {
  calculationInputSchema,
  calculationRowSchema,
  calculationUpdateSchema,
  frequencyInputSchema,
  frequencyRowSchema,
  frequencyUpdateSchema,
  indicatorInputSchema,
  indicatorRowSchema,
  indicatorUpdateSchema,
  levelInputSchema,
  levelRowSchema,
  levelUpdateSchema,
  readingInputSchema,
  readingListQuerySchema,
  readingRowSchema,
  readingUpdateSchema,
  roomHomeSchema,
  roomInputSchema,
  roomSchema,
  sourceInputSchema,
  sourceRowSchema,
  sourceUpdateSchema,
  unitInputSchema,
  unitRowSchema,
  unitUpdateSchema,
} from '../domain/sala.ts';
import { endpoint } from './endpoint.ts';
import { crud, registerEndpoints } from './registers.ts';
import { errorResponses, idParams, readErrors, recordErrors } from './schemas.ts';

/**
 * The Sala do Empreendedor's indicator room (spec §7 Sala, issue 29). The six indicator registers
 * are registers (one declaration each, the pattern's five routes at the spec's CRUD shape), kept by
 * who holds the Sala menu (menuSalaEmpreendedor) or an administrator. The rooms (`api/sala`: the
 * spec names no path for them, this one follows its family) and the readings of the indicator map
 * (`api/salaindicadoresmunicipios`) belong to a municipality: one out of the user's sight is a 404,
 * and a Sala user writes only on their own pillars (checked by the handlers: the pillar is the
 * indicator's, read from the database).
 */
const SALA_FLAG = 'menuSalaEmpreendedor' as const;
const salaWriters = ['menuSalaEmpreendedor', 'verAbaSala'] as const;

export const salaRegisters = {
  levels: registerEndpoints({
    tag: 'salaindicadornivel',
    noun: { name: 'nível', gender: 'm' },
    flag: SALA_FLAG,
    row: levelRowSchema,
    create: levelInputSchema,
    update: levelUpdateSchema,
    paths: crud('/salaindicadornivel'),
  }),
  calculations: registerEndpoints({
    tag: 'salaindicadorapuracao',
    noun: { name: 'forma de apuração', gender: 'f' },
    flag: SALA_FLAG,
    row: calculationRowSchema,
    create: calculationInputSchema,
    update: calculationUpdateSchema,
    paths: crud('/salaindicadorapuracao'),
  }),
  frequencies: registerEndpoints({
    tag: 'salaindicadorleitura',
    noun: { name: 'leitura', gender: 'f' },
    flag: SALA_FLAG,
    row: frequencyRowSchema,
    create: frequencyInputSchema,
    update: frequencyUpdateSchema,
    paths: crud('/salaindicadorleitura'),
  }),
  sources: registerEndpoints({
    tag: 'salaindicadorfonte',
    noun: { name: 'fonte', gender: 'f' },
    flag: SALA_FLAG,
    row: sourceRowSchema,
    create: sourceInputSchema,
    update: sourceUpdateSchema,
    paths: crud('/salaindicadorfonte'),
  }),
  units: registerEndpoints({
    tag: 'salaindicadoresunidade',
    noun: { name: 'unidade', gender: 'f' },
    flag: SALA_FLAG,
    row: unitRowSchema,
    create: unitInputSchema,
    update: unitUpdateSchema,
    paths: crud('/salaindicadoresunidade'),
  }),
  indicators: registerEndpoints({
    tag: 'salaindicadores',
    noun: { name: 'indicador', gender: 'm' },
    flag: SALA_FLAG,
    row: indicatorRowSchema,
    create: indicatorInputSchema,
    update: indicatorUpdateSchema,
    paths: crud('/salaindicadores'),
  }),
};

const roomTags = ['sala'];
const readingTags = ['salaindicadoresmunicipios'];

export const sala = {
  rooms: endpoint({
    method: 'GET',
    path: '/sala',
    summary: 'As salas (uma por município) que o usuário vê, com o selo de cada uma',
    tags: roomTags,
    access: 'session',
    response: { 200: z.array(roomSchema), ...readErrors },
  }),
  home: endpoint({
    method: 'GET',
    path: '/sala/:id',
    summary: 'A sala do município (id do município): a sala, o selo, os indicadores e níveis dos pilares do usuário',
    tags: roomTags,
    access: { municipality: 'params.id' },
    params: idParams,
    response: { 200: roomHomeSchema, ...readErrors },
  }),
  create: endpoint({
    method: 'POST',
    path: '/sala',
    summary: 'Cria a sala de um município (uma por município)',
    tags: roomTags,
    access: { manage: SALA_FLAG, municipality: 'body.municipioId' },
    body: roomInputSchema,
    response: { 201: roomSchema, ...recordErrors },
  }),
  update: endpoint({
    method: 'PUT',
    path: '/sala',
    summary: 'Altera a sala de um município',
    tags: roomTags,
    access: { manage: salaWriters, municipality: 'body.municipioId' },
    body: roomInputSchema,
    response: { 200: roomSchema, ...recordErrors },
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/sala/:id',
    summary: 'Exclui a sala do município (id do município) e suas leituras',
    tags: roomTags,
    access: { manage: SALA_FLAG, municipality: 'params.id' },
    params: idParams,
    response: { 204: z.null(), ...errorResponses(400, 401, 403, 404) },
  }),
  readings: endpoint({
    method: 'GET',
    path: '/salaindicadoresmunicipios',
    summary: 'As leituras do mapa de indicadores de um município, nos pilares do usuário, por período',
    tags: readingTags,
    access: { municipality: 'query.municipioId' },
    query: readingListQuerySchema,
    response: { 200: z.array(readingRowSchema), ...readErrors },
  }),
  reading: endpoint({
    method: 'GET',
    path: '/salaindicadoresmunicipios/:id',
    summary: 'Uma leitura',
    tags: readingTags,
    access: { record: { of: 'salaReading', id: 'params.id' } },
    params: idParams,
    response: { 200: readingRowSchema, ...readErrors },
  }),
  saveReading: endpoint({
    method: 'POST',
    path: '/salaindicadoresmunicipios',
    summary: 'Registra a leitura de um indicador num período (a do mesmo período é substituída)',
    tags: readingTags,
    access: { manage: salaWriters, municipality: 'body.municipioId' },
    body: readingInputSchema,
    response: { 200: readingRowSchema, ...recordErrors },
  }),
  updateReading: endpoint({
    method: 'PUT',
    path: '/salaindicadoresmunicipios',
    summary: 'Altera o valor, a meta ou a observação de uma leitura',
    tags: readingTags,
    access: { manage: salaWriters, record: { of: 'salaReading', id: 'body.indicadorMunicipioId' } },
    body: readingUpdateSchema,
    response: { 200: readingRowSchema, ...recordErrors },
  }),
  removeReading: endpoint({
    method: 'DELETE',
    path: '/salaindicadoresmunicipios/:id',
    summary: 'Exclui uma leitura',
    tags: readingTags,
    access: { manage: salaWriters, record: { of: 'salaReading', id: 'params.id' } },
    params: idParams,
    response: { 204: z.null(), ...errorResponses(400, 401, 403, 404) },
  }),
};
