import { z } from 'zod';
import { api } from '../../api/client.ts';
import { call, callRaw } from '../../api/call.ts';
import { saveResponse } from '../../api/download.ts';
import { pathOf } from '../../contract/endpoint.ts';
import { payments as endpoints } from '../../contract/payments.ts';
import { registers } from '../../contract/registers.ts';
import { command } from '../../data/command.ts';
import { partThenWhole, query } from '../../data/query.ts';
import { ERROR_MESSAGES } from '../../domain/messages.ts';
import {
  billableAdminReportSchema,
  billableReportSchema,
  paymentDetailSchema,
  paymentNumberSchema,
  paymentRowSchema,
  PAYMENT_LIST_FIRST_ROWS,
  type PaymentAnalysis,
  type PaymentFilter,
  type PaymentInput,
  type PaymentSignature,
  type PaymentUpdate,
} from '../../domain/payments.ts';
import { contractRowSchema } from '../../domain/register-territory.ts';

/**
 * Payment processes' data object (issue 28), built on the two primitives of src/data over the
 * declarations of src/contract/payments.ts. Everything is online: a process is opened and analysed
 * at the office, and the billable reports must be read from the server, which alone knows which
 * reports another process already took. Screens and components import this file only.
 */

export { httpStatusOf, apiErrorMessage } from '../../lib/api-errors.ts';
export { usersData } from '../../entities/users/data.ts';
export type { CommandResult } from '../../data/command.ts';
export type { Query } from '../../data/query.ts';

const PAYMENTS = ['processo-pagamento'] as const;
const rows = z.array(paymentRowSchema);

/** POST list-by-filtro: the whole list, or with `limite` its first rows; null until the screen has a filter. */
const searchRead = query.online((filter: PaymentFilter | null) =>
  filter === null
    ? null
    : {
        key: [...PAYMENTS, 'search', filter],
        fetch: (signal: AbortSignal) => call(endpoints.search, { body: filter, signal }),
        schema: rows,
      },
);

/**
 * The processes a filter finds: the first PAYMENT_LIST_FIRST_ROWS at once, then (when there may be more) the
 * whole list, which replaces them (src/data/online-query.ts, partThenWhole).
 */
function useSearch(filter: PaymentFilter | null) {
  const part = searchRead(filter === null ? null : { ...filter, limite: PAYMENT_LIST_FIRST_ROWS });
  const more = part.status === 'ready' && part.data.length >= PAYMENT_LIST_FIRST_ROWS;
  const whole = searchRead(more ? filter : null);
  return partThenWhole(part, more ? whole : null);
}

/** POST get-by-usuario: "Meus Processos de Pagamentos". */
const useOfUser = query.online((usuarioId: number | null) =>
  usuarioId === null
    ? null
    : {
        key: [...PAYMENTS, 'user', usuarioId],
        fetch: (signal: AbortSignal) => call(endpoints.byUser, { body: { usuarioId }, signal }),
        schema: rows,
      },
);

/** GET {id}: the detail with its reports, administrative reports and files. */
const useOne = query.online((id: number | null) =>
  id === null
    ? null
    : {
        key: [...PAYMENTS, 'one', id],
        fetch: (signal: AbortSignal) => call(endpoints.get, { params: { id }, signal }),
        schema: paymentDetailSchema,
      },
);

type UserContract = { usuarioId: number; contratoId: number } | null;

/** GET api/contratos/usuario/{id}: the contracts a process may be opened under. */
const useContracts = query.online((usuarioId: number | null) =>
  usuarioId === null
    ? null
    : {
        key: ['contratos', 'usuario', usuarioId],
        fetch: (signal: AbortSignal) => call(registers.contracts.ofUser, { params: { id: usuarioId }, signal }),
        schema: z.array(contractRowSchema),
        errorMessage: ERROR_MESSAGES.getContracts,
      },
);

/** GET obter-numero-relatorio/{usuarioId}/{contratoId}: prefills the number (spec §4). */
const useNumber = query.online((choice: UserContract) =>
  choice === null
    ? null
    : {
        key: [...PAYMENTS, 'numero', choice.usuarioId, choice.contratoId],
        fetch: (signal: AbortSignal) => call(endpoints.number, { params: choice, signal }),
        schema: paymentNumberSchema,
      },
);

const useBillableReports = query.online((choice: UserContract) =>
  choice === null
    ? null
    : {
        key: [...PAYMENTS, 'relatorios', choice.usuarioId, choice.contratoId],
        fetch: (signal: AbortSignal) => call(endpoints.billableReports, { params: choice, signal }),
        schema: z.array(billableReportSchema),
        errorMessage: ERROR_MESSAGES.getReports,
      },
);

const useBillableAdminReports = query.online((choice: UserContract) =>
  choice === null
    ? null
    : {
        key: [...PAYMENTS, 'relatorios-administrativos', choice.usuarioId, choice.contratoId],
        fetch: (signal: AbortSignal) => call(endpoints.billableAdminReports, { params: choice, signal }),
        schema: z.array(billableAdminReportSchema),
        errorMessage: ERROR_MESSAGES.getAdminReports,
      },
);

/** The multipart body of spec §7: the lists travel as JSON text, money as cents, the files as `arquivos`. */
function formOf(input: PaymentInput | PaymentUpdate, files: readonly File[]): FormData {
  const form = new FormData();
  const { relatorios, relatoriosAdministrativos, total, ...rest } = input;
  form.append('relatoriosString', JSON.stringify(relatorios));
  form.append('relatoriosAdministrativosString', JSON.stringify(relatoriosAdministrativos));
  form.append('total', String(total ?? ''));
  for (const [name, value] of Object.entries(rest)) form.append(name, typeof value === 'string' ? value : JSON.stringify(value));
  for (const file of files) form.append('arquivos', file, file.name);
  return form;
}

/** Every write refreshes every payment read: lists, the detail, the number and what is still billable. */
const refresh = () => [PAYMENTS];

const create = command.online({
  send: ({ input, files }: { input: PaymentInput; files: readonly File[] }) =>
    api.post(pathOf(endpoints.create), { body: formOf(input, files), timeout: 300_000 }).json(),
  schema: paymentDetailSchema,
  invalidates: refresh,
  failure: { message: ERROR_MESSAGES.createPaymentProcess },
});

const update = command.online({
  send: ({ input, files }: { input: PaymentUpdate; files: readonly File[] }) =>
    api.put(pathOf(endpoints.update), { body: formOf(input, files), timeout: 300_000 }).json(),
  schema: paymentDetailSchema,
  invalidates: refresh,
  failure: { message: 'Não foi possível salvar o processo de pagamento.' },
});

const remove = command.online({
  send: (id: number) => call(endpoints.remove, { params: { id } }),
  invalidates: refresh,
  failure: { message: 'Não foi possível excluir o processo de pagamento.' },
});

const analyse = command.online({
  send: (body: PaymentAnalysis) => call(endpoints.analyse, { body }),
  schema: paymentDetailSchema,
  invalidates: refresh,
  failure: { message: 'Não foi possível analisar o processo de pagamento.' },
});

const sendToSgf = command.online({
  send: (id: number) => call(endpoints.sendToSgf, { params: { id } }),
  schema: paymentDetailSchema,
  invalidates: refresh,
  failure: { message: 'Não foi possível enviar o processo ao SGF.' },
});

const askSignature = command.online({
  send: (processoPagamentoId: number) => call(endpoints.askSignature, { body: { processoPagamentoId } }),
  schema: paymentDetailSchema,
  invalidates: refresh,
  failure: { message: 'Não foi possível pedir a assinatura eletrônica.' },
});

/** POST assinar: the consultant signs with the code of the mailed link (the signature panel shows a refusal inline). */
const sign = command.online({
  send: (body: PaymentSignature) => call(endpoints.sign, { body }),
  schema: paymentDetailSchema,
  invalidates: refresh,
  failure: { message: 'Não foi possível assinar o relatório de prestação de serviço.' },
});

const downloadServiceReport = command.online({
  send: async ({ id, numero }: { id: number; numero: string }) =>
    saveResponse(await callRaw(endpoints.downloadServiceReport, { params: { id }, timeout: 300_000 }), `relatorio-prestacao-servico-${numero}.pdf`),
  failure: { message: 'Não foi possível baixar o relatório de prestação de serviço.' },
});

const downloadFiles = command.online({
  send: async ({ id, numero }: { id: number; numero: string }) =>
    saveResponse(await callRaw(endpoints.downloadAttachments, { params: { id }, timeout: 300_000 }), `processo-pagamento-${numero}.zip`),
  failure: { message: 'Não foi possível baixar os arquivos do processo.' },
});

export const payments = {
  useSearch,
  useOfUser,
  useOne,
  useContracts,
  useNumber,
  useBillableReports,
  useBillableAdminReports,
  create,
  update,
  remove,
  analyse,
  sendToSgf,
  askSignature,
  sign,
  downloadServiceReport,
  downloadFiles,
};
