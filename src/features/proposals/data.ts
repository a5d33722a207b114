import { z } from 'zod';
import { api } from '../../api/client.ts';
import { call, callRaw } from '../../api/call.ts';
import { downloadFile, saveResponse } from '../../api/download.ts';
import { ATTACHMENT_DOWNLOAD_FAILED, type AttachmentDownload } from '../../domain/uploads.ts';
import { pathOf } from '../../contract/endpoint.ts';
import { proposals as endpoints } from '../../contract/proposals.ts';
import { command } from '../../data/command.ts';
import { query } from '../../data/query.ts';
import {
  PROPOSAL_MESSAGES,
  proposalCombosSchema,
  proposalDetailSchema,
  proposalRowSchema,
  type ProposalAnalysis,
  type ProposalInput,
  type ProposalUpdate,
} from '../../domain/proposals.ts';

/**
 * Proposals' data object (issue 30), over the declarations of src/contract/proposals.ts. Online
 * only: a proposal is prepared and decided at the office, and the spec asks nothing of it offline.
 * Screens and components import this file only.
 */

export type { CommandResult } from '../../data/command.ts';

const PROPOSALS = ['proposta'] as const;

const useList = query.online((municipioId: number) => ({
  key: [...PROPOSALS, 'municipio', municipioId],
  fetch: (signal: AbortSignal) => call(endpoints.byMunicipality, { params: { id: municipioId }, signal }),
  schema: z.array(proposalRowSchema),
  errorMessage: PROPOSAL_MESSAGES.erroObter,
}));

const useOne = query.online((propostaId: number | null) =>
  propostaId === null
    ? null
    : {
        key: [...PROPOSALS, 'one', propostaId],
        fetch: (signal: AbortSignal) => call(endpoints.get, { params: { id: propostaId }, signal }),
        schema: proposalDetailSchema,
      },
);

/** The form's solutions, axes and the axes cap that applies to the user in this municipality. */
const useCombos = query.online((municipioId: number) => ({
  key: [...PROPOSALS, 'combos', municipioId],
  fetch: (signal: AbortSignal) => call(endpoints.combos, { params: { id: municipioId }, signal }),
  schema: proposalCombosSchema,
}));

/** The fields travel as JSON in `dados`, the annexes as `arquivos` (the server checks each by content). */
function formOf(input: ProposalInput | ProposalUpdate, files: readonly File[]): FormData {
  const form = new FormData();
  form.append('dados', JSON.stringify(input));
  for (const file of files) form.append('arquivos', file, file.name);
  return form;
}

const refresh = () => [PROPOSALS];

const create = command.online({
  send: ({ input, files }: { input: ProposalInput; files: readonly File[] }) =>
    api.post(pathOf(endpoints.create), { body: formOf(input, files), timeout: 300_000 }).json(),
  schema: proposalDetailSchema,
  invalidates: refresh,
  failure: { message: 'Não foi possível salvar a proposta.' },
});

const update = command.online({
  send: ({ input, files }: { input: ProposalUpdate; files: readonly File[] }) =>
    api.put(pathOf(endpoints.update), { body: formOf(input, files), timeout: 300_000 }).json(),
  schema: proposalDetailSchema,
  invalidates: refresh,
  failure: { message: 'Não foi possível salvar a proposta.' },
});

const send = command.online({
  send: (id: number) => call(endpoints.send, { params: { id } }),
  schema: proposalDetailSchema,
  invalidates: refresh,
  failure: { message: 'Não foi possível enviar a proposta para análise.' },
});

const analyse = command.online({
  send: (body: ProposalAnalysis) => call(endpoints.analyse, { body }),
  schema: proposalDetailSchema,
  invalidates: refresh,
  failure: { message: 'Não foi possível registrar a análise da proposta.' },
});

const remove = command.online({
  send: (id: number) => call(endpoints.remove, { params: { id } }),
  invalidates: refresh,
  failure: { message: 'Não foi possível excluir a proposta.' },
});

const downloadPdf = command.online({
  send: async ({ id, titulo }: { id: number; titulo: string }) => {
    const response = await callRaw(endpoints.downloadPdf, { params: { id }, timeout: 300_000 });
    await saveResponse(response, `Proposta ${titulo}.pdf`);
  },
  failure: { message: 'Não foi possível baixar a proposta em PDF.' },
});

const downloadAttachment = command.online({
  send: ({ arquivoId, nome, onProgress }: AttachmentDownload) =>
    downloadFile(pathOf(endpoints.downloadAttachment, { id: arquivoId }), nome, onProgress, { method: 'get' }),
  failure: { message: ATTACHMENT_DOWNLOAD_FAILED },
});

export const proposals = { useList, useOne, useCombos, create, update, send, analyse, remove, downloadPdf, downloadAttachment };
