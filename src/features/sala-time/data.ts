import { call } from '../../api/call.ts';
import { salaTime as endpoints } from '../../contract/sala-time.ts';
import { command } from '../../data/command.ts';
import { query } from '../../data/query.ts';
import {
  publicTimePanelSchema,
  SALA_TIME_MESSAGES,
  timePanelLinkSchema,
  timeRoomSchema,
  timeRowSchema,
  type TimeImport,
  type TimeInput,
  type TimeUpdate,
} from '../../domain/sala-time.ts';

/**
 * The time room's data object (issue 29 item 6), over src/contract/sala-time.ts: online, the
 * averages are the server's. The public panel reads by its link's secret. Screens import this file only.
 */

export { httpStatusOf } from '../../lib/api-errors.ts';

const roomKey = (municipioId: number) => ['sala-tempo', municipioId];

const useRoom = query.online((municipioId: number) => ({
  key: roomKey(municipioId),
  fetch: (signal: AbortSignal) => call(endpoints.ofMunicipality, { params: { id: municipioId }, signal }),
  schema: timeRoomSchema,
}));

/** The public panel (/sala-tempo?painel=…); null without a secret in the address. */
const usePanel = query.online((hash: string | null) =>
  hash === null
    ? null
    : {
        key: ['sala-tempo', 'painel', hash],
        fetch: (signal: AbortSignal) => call(endpoints.publicPanel, { params: { hash }, signal }),
        schema: publicTimePanelSchema,
      },
);

const saved = { message: 'Não foi possível salvar o tempo de atendimento.' };

const create = command.online({
  send: (body: TimeInput) => call(endpoints.create, { body }),
  schema: timeRowSchema,
  invalidates: (input) => [roomKey(input.municipioId)],
  failure: saved,
});

const update = command.online({
  send: (body: TimeUpdate) => call(endpoints.update, { body }),
  schema: timeRowSchema,
  invalidates: (input) => [roomKey(input.municipioId)],
  failure: saved,
});

const remove = command.online({
  send: async ({ salaTempoId }: { salaTempoId: number; municipioId: number }) => {
    await call(endpoints.remove, { params: { id: salaTempoId } });
  },
  invalidates: (input) => [roomKey(input.municipioId)],
  failure: { message: 'Não foi possível excluir o registro de tempo.' },
});

const importRows = command.online({
  send: (body: TimeImport) => call(endpoints.importRows, { body }),
  invalidates: (input) => [roomKey(input.municipioId)],
  failure: { title: 'Não foi possível importar a planilha.' },
});

const sharePanel = command.online({
  send: (municipioId: number) => call(endpoints.sharePanel, { params: { id: municipioId } }),
  schema: timePanelLinkSchema,
  invalidates: (municipioId) => [roomKey(municipioId)],
  failure: { message: 'Não foi possível publicar o painel.' },
});

const revokePanel = command.online({
  send: (municipioId: number) => call(endpoints.revokePanel, { params: { id: municipioId } }),
  schema: timePanelLinkSchema,
  invalidates: (municipioId) => [roomKey(municipioId)],
  failure: { message: 'Não foi possível revogar o painel.' },
});

export const times = {
  useRoom,
  usePanel,
  create,
  update,
  remove,
  importRows,
  sharePanel,
  revokePanel,
  errorMessage: SALA_TIME_MESSAGES.erroObter,
};
