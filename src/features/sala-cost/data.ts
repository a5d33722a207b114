import { call } from '../../api/call.ts';
import { salaCost as endpoints } from '../../contract/sala-cost.ts';
import { command } from '../../data/command.ts';
import { query } from '../../data/query.ts';
import { costRoomSchema, costRowSchema, SALA_COST_MESSAGES, type CostInput, type CostUpdate } from '../../domain/sala-cost.ts';

/**
 * The cost room's data object (issue 29 item 5), over src/contract/sala-cost.ts. Online: the totals
 * and the cost per service are the server's (it reads the time room's deliveries). Screens import this file only.
 */

export type { CommandResult } from '../../data/command.ts';

const roomKey = (municipioId: number) => ['sala-custo', municipioId];

/** GET obter-custo-por-municipio/{id}: the costs with their totals. */
const useRoom = query.online((municipioId: number) => ({
  key: roomKey(municipioId),
  fetch: (signal: AbortSignal) => call(endpoints.ofMunicipality, { params: { id: municipioId }, signal }),
  schema: costRoomSchema,
}));

const create = command.online({
  send: (body: CostInput) => call(endpoints.create, { body }),
  schema: costRowSchema,
  invalidates: (input) => [roomKey(input.municipioId)],
  failure: { message: 'Não foi possível salvar o custo.' },
});

const update = command.online({
  send: (body: CostUpdate) => call(endpoints.update, { body }),
  schema: costRowSchema,
  invalidates: (input) => [roomKey(input.municipioId)],
  failure: { message: 'Não foi possível salvar o custo.' },
});

const remove = command.online({
  send: async ({ salaCustoId }: { salaCustoId: number; municipioId: number }) => {
    await call(endpoints.remove, { params: { id: salaCustoId } });
  },
  invalidates: (input) => [roomKey(input.municipioId)],
  failure: { message: 'Não foi possível excluir o custo.' },
});

export const costs = { useRoom, create, update, remove, errorMessage: SALA_COST_MESSAGES.erroObter };
