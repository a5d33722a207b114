import { z } from 'zod';
import { call } from '../../api/call.ts';
import { territories as endpoints } from '../../contract/territories.ts';
import { command } from '../../data/command.ts';
import { query } from '../../data/query.ts';
import {
  TERRITORY_MESSAGES,
  territoryOptionsSchema,
  territorySchema,
  visitSchema,
  type TerritoryValues,
  type VisitFilter,
} from '../../domain/territories.ts';

/** Gestão de Territórios (issue 31): the territories, their form's choices and the visits' list, read online. */

const listKey = ['territorio'];

const useTerritories = query.online(() => ({
  key: listKey,
  fetch: (signal: AbortSignal) => call(endpoints.list, { signal }),
  schema: z.array(territorySchema),
  errorMessage: 'Erro ao obter os territórios',
}));

const useOptions = query.online(() => ({
  key: ['territorio', 'opcoes'],
  fetch: (signal: AbortSignal) => call(endpoints.options, { signal }),
  schema: territoryOptionsSchema,
  errorMessage: 'Erro ao obter as opções do território',
}));

const useVisits = query.online((filter: VisitFilter) => ({
  key: ['visita', 'gestao', JSON.stringify(filter)],
  fetch: (signal: AbortSignal) => call(endpoints.visits, { query: filter, signal }),
  schema: z.array(visitSchema),
  errorMessage: 'Erro ao obter as visitas',
}));

const save = command.online({
  send: ({ id, values }: { id: number | null; values: TerritoryValues }) =>
    id === null ? call(endpoints.create, { body: values }) : call(endpoints.update, { body: { ...values, territorioId: id } }),
  schema: territorySchema,
  invalidates: () => [listKey],
  failure: { message: TERRITORY_MESSAGES.saveTerritory },
});

const remove = command.online({
  send: (id: number) => call(endpoints.remove, { params: { id } }),
  invalidates: () => [listKey],
  failure: { message: 'Não foi possível excluir o território.' },
});

export const territoryManagement = { useTerritories, useOptions, useVisits, save, remove };
